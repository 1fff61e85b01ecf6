import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { bodyOf, linesTotal } from './formValues';

describe('the document form values', () => {
  it('adds the lines as decimals, ignoring amounts not yet valid', () => {
    expect(linesTotal([{ Amount: '0.10' }, { Amount: '0.20' }, { Amount: '12,5' }, { Amount: '' }, {}])).toBe('0.30');
    expect(linesTotal(undefined)).toBe('0.00');
  });

  it('sends dates as yyyy-MM-dd, drops wholly empty lines and keeps loans only on a deputy', () => {
    const values = {
      Currency: 'CNY',
      Reason: '  拜访客户 ',
      Dates: [dayjs('2026-11-02'), null] as [dayjs.Dayjs, null],
      Lines: [{ ExpenseItemID: 3, ExpenseDate: dayjs('2026-11-03'), Amount: ' 45.50 ' }, { ExpenseDate: dayjs() }],
      Loans: [{ LoanID: 9, Amount: '100' }, { LoanID: 10 }],
    };
    const deputy = bodyOf('deputy', values, { ID: 5, Version: 2 });
    expect(deputy).toMatchObject({ ID: 5, Version: 2, Reason: '拜访客户', StartDate: '2026-11-02', EndDate: null });
    expect(deputy.Lines).toEqual([
      {
        ExpenseItemID: 3,
        ExpenseSubItemID: null,
        ExpenseDate: '2026-11-03',
        Amount: '45.50',
        Currency: 'CNY',
        Description: null,
      },
    ]);
    expect(deputy.Loans).toEqual([{ LoanID: 9, Amount: '100' }]);
    expect(bodyOf('apply', values).Loans).toEqual([]);
    expect(bodyOf('apply', values)).toMatchObject({ LongTerm: false, ApplyID: null });
  });

  it('sends a loan’s repayment date, and none on other documents', () => {
    const values = { Currency: 'CNY', RepayBy: dayjs('2027-01-31'), Lines: [], Loans: [] };
    expect(bodyOf('loan', values).RepayBy).toBe('2027-01-31');
    expect(bodyOf('loan', { ...values, RepayBy: null }).RepayBy).toBeNull();
    expect(bodyOf('deputy', values)).not.toHaveProperty('RepayBy');
  });
});
