import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  COLUMN_EXTRA_WIDTH,
  columnWidth,
  displayDateTime,
  estimateTextWidth,
  formatAmount,
  formatDate,
  PARAM_EXCEPTION,
} from './format';

describe('formatters', () => {
  it('formats amounts with thousands separators, two decimals, as absolute values', () => {
    expect(formatAmount('1234567.5')).toBe('1,234,567.50');
    expect(formatAmount('-98765.432')).toBe('98,765.43');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount('999.995')).toBe('1,000.00');
    expect(formatAmount(null)).toBe('');
  });

  it('formats dates as yyyy-MM-dd', () => {
    expect(formatDate('2024-03-05T10:20:30+08:00'.slice(0, 10))).toBe('2024-03-05');
    expect(formatDate(new Date(2024, 0, 9, 23, 0))).toBe('2024-01-09');
    expect(formatDate(dayjs('2023-12-31'))).toBe('2023-12-31');
  });

  it.each([undefined, null, '', 'not a date', Number.NaN, {}, []])('throws the parameter exception for %p', (bad) => {
    expect(() => formatDate(bad)).toThrow(PARAM_EXCEPTION);
  });

  it('the parameter exception is the language key error.paramException', () => {
    expect(PARAM_EXCEPTION).toBe('error.paramException');
  });

  it('column width is the header text width plus 72 px', () => {
    expect(COLUMN_EXTRA_WIDTH).toBe(72);
    expect(columnWidth('Item ID', () => 50)).toBe(122);
    expect(columnWidth('页面标识')).toBe(estimateTextWidth('页面标识') + 72);
    expect(estimateTextWidth('页面标识')).toBe(56);
    expect(estimateTextWidth('ab')).toBe(16);
  });
});

describe('table date-time cells', () => {
  it('show instants, nothing for empty and raw text for non-dates', () => {
    expect(displayDateTime('2024-05-01T08:09:10')).toBe('2024-05-01 08:09:10');
    expect(displayDateTime(null)).toBe('');
    expect(displayDateTime('n/a')).toBe('n/a');
  });
});
