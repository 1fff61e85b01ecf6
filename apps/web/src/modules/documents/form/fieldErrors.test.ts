import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../app/http/ApiError';
import { formNameOf, isFormValidation, keptRowsOf, placeFieldErrors } from './fieldErrors';

const problem = (errors: { field: string; code: string; message: string }[]) =>
  ApiError.fromProblem(400, { code: 'validation.failed', message: '输入有误', errors });

describe('server field errors on the document form', () => {
  it('finds the form line a body line came from, empty lines being left out of the body', () => {
    const kept = keptRowsOf({
      Currency: 'CNY',
      Lines: [{}, { Amount: '12x' }, {}, { ExpenseItemID: 4 }],
      Loans: [{ LoanID: 2 }, { LoanID: 3, Amount: '100' }],
    });
    expect(kept).toEqual({ lines: [1, 3], loans: [1] });
    expect(formNameOf('Lines.0.Amount', kept)).toEqual(['Lines', 1, 'Amount']);
    expect(formNameOf('Lines.1.ExpenseItemID', kept)).toEqual(['Lines', 3, 'ExpenseItemID']);
    expect(formNameOf('Loans.0.Amount', kept)).toEqual(['Loans', 1, 'Amount']);
    expect(formNameOf('StartDate', kept)).toEqual(['Dates']);
    expect(formNameOf('Reason', kept)).toEqual(['Reason']);
  });

  it('groups the messages by field and keeps those of fields the form lacks for a notice', () => {
    const kept = { lines: [0, 2], loans: [] };
    const onForm = [['Reason'], ['Lines', 0, 'Amount'], ['Lines', 2, 'Amount'], ['Dates']];
    const placed = placeFieldErrors(
      problem([
        { field: 'Lines.1.Amount', code: 'validation.money', message: '金额格式不正确' },
        { field: 'Lines.1.Amount', code: 'validation.max', message: '超过限额' },
        { field: 'Reason', code: 'validation.required', message: '必填' },
        { field: 'Version', code: 'validation.required', message: '版本号必填' },
      ]),
      kept,
      onForm,
    );
    expect(placed.fields).toEqual([
      { name: ['Lines', 2, 'Amount'], errors: ['金额格式不正确', '超过限额'] },
      { name: ['Reason'], errors: ['必填'] },
    ]);
    expect(placed.elsewhere).toEqual(['版本号必填']);
    expect(placeFieldErrors(new Error('network'), kept, onForm)).toEqual({ fields: [], elsewhere: [] });
  });

  it('knows a client-side check from any other failure, so it is never called a server error', () => {
    expect(isFormValidation({ errorFields: [{ name: ['Reason'], errors: ['必填'] }], values: {} })).toBe(true);
    expect(isFormValidation(problem([]))).toBe(false);
    expect(isFormValidation(null)).toBe(false);
  });
});
