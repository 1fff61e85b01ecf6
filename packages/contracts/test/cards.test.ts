import { describe, expect, it } from 'vitest';
import { maskCardNo } from '../src/cards';

describe('maskCardNo', () => {
  it('shows the last four digits only, bank style', () => {
    expect(maskCardNo('6250941234567890')).toBe('**** **** **** 7890');
    expect(maskCardNo('6250 9412 3456 7890')).toBe('**** **** **** 7890');
  });
  it('hides a short or missing number whole', () => {
    expect(maskCardNo('1234')).toBe('****');
    expect(maskCardNo('')).toBe('****');
    expect(maskCardNo(null)).toBe('****');
  });
});
