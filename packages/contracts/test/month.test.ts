import { describe, expect, it } from 'vitest';
import { MonthSchema } from '../src/common';
import { LoadRecordDataBody } from '../src/finance-posting';
import { GetReportRecordBody } from '../src/reports';
import { AspImportRow, AspListBody } from '../src/spendreports';

describe('MonthSchema', () => {
  it('takes a yyyy-MM month of 01 to 12, trimmed', () => {
    for (const m of ['2026-01', '2026-12', '1900-06', '2999-09']) expect(MonthSchema.parse(m)).toBe(m);
    expect(MonthSchema.parse(' 2026-11 ')).toBe('2026-11');
  });

  it('refuses month 13, month 00 and other shapes', () => {
    for (const m of ['2026-13', '2026-00', '2026-1', '2026/11', '202611', '2026-11-01', '0099-01', '3000-01', ''])
      expect(MonthSchema.safeParse(m).success, m).toBe(false);
  });

  it('is the month of every body that takes one', () => {
    expect(LoadRecordDataBody.safeParse({ Period: '2026-13' }).success).toBe(false);
    expect(LoadRecordDataBody.parse({ Period: '2026-11' }).Period).toBe('2026-11');
    expect(GetReportRecordBody.safeParse({ Report: 'current', Period: '2026-13' }).success).toBe(false);
    expect(AspListBody.safeParse({ MonthFrom: '2026-13' }).success).toBe(false);
    expect(AspListBody.safeParse({ MonthTo: '2026-00' }).success).toBe(false);
    expect(AspImportRow.safeParse({ Month: '2026-13', ProductCode: 'P1', StandardASP: '1.5' }).success).toBe(false);
    // A typed month Excel turned into the first of that month still names the month.
    expect(AspImportRow.parse({ Month: '2026-04-01', ProductCode: 'P1', StandardASP: '1.5' }).Month).toBe('2026-04');
  });
});
