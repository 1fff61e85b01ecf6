import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { attendeeLinesOf, bodyOf, linesTotal } from './formValues';

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

  it('numbers a new document’s attendee lines as the save will, and only the lines whose item involves HCP', () => {
    const items = [
      { ID: 1, Code: 'HCP_MEAL', Name: '医生餐费', InvolvesHcp: true },
      { ID: 2, Code: 'TAXI', Name: '出租车费', InvolvesHcp: false },
    ] as Parameters<typeof attendeeLinesOf>[1];
    const lines = attendeeLinesOf(
      {
        Currency: 'CNY',
        Lines: [
          { ExpenseItemID: 2, Amount: '30' },
          // Left empty, the save drops it: the meal after it is the save's second line.
          { ExpenseDate: dayjs() },
          { ExpenseItemID: 1, Amount: ' 300 ' },
          { ExpenseItemID: 1, Amount: '12.' },
        ],
      },
      items,
    );
    expect(lines).toEqual([
      { LineNo: 2, ExpenseItemName: '医生餐费', Amount: '300.00', Currency: 'CNY', Heads: 0 },
      { LineNo: 3, ExpenseItemName: '医生餐费', Amount: null, Currency: 'CNY', Heads: 0 },
    ]);
  });
});
