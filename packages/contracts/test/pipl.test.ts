import { describe, expect, it } from 'vitest';
import { DeleteF110Body, isMaskedAccount, maskBankAccount, SaveEmployeeBody, SearchF110MainBody } from '../src';

describe('bank account mask', () => {
  it('shows the last four digits only', () => {
    expect(maskBankAccount('6225880012341234')).toBe('**** **** 1234');
    expect(maskBankAccount('6225 8800 1234 5678')).toBe('**** **** 5678');
    expect(maskBankAccount('12345')).toBe('**** **** 2345');
  });

  it('hides a short account whole and keeps none as none', () => {
    expect(maskBankAccount('1234')).toBe('****');
    expect(maskBankAccount('12')).toBe('****');
    expect(maskBankAccount('')).toBe('');
    expect(maskBankAccount(null)).toBeNull();
    expect(maskBankAccount(undefined)).toBeNull();
  });
});

describe('a mask sent back', () => {
  it('is told from a number, and accepted where an account is', () => {
    expect(isMaskedAccount(maskBankAccount('6222021234567890123'))).toBe(true);
    expect(isMaskedAccount('****')).toBe(true);
    expect(isMaskedAccount('6222021234567890123')).toBe(false);
    expect(isMaskedAccount('**** 1234')).toBe(false);
    const body = { Code: 'E1', NameZH: '甲', NameEN: 'A', TeamID: 1, Language: 'zh-CN' };
    expect(SaveEmployeeBody.parse({ ...body, BankAccount: '**** **** 0123' }).BankAccount).toBe('**** **** 0123');
    expect(SaveEmployeeBody.parse({ ...body, BankAccount: '6222 0212 3456' }).BankAccount).toBe('622202123456');
    expect(SaveEmployeeBody.safeParse({ ...body, BankAccount: '**** 12' }).success).toBe(false);
  });
});

describe('PIPL bodies', () => {
  it('takes the deleted filter as a boolean or its text from the address', () => {
    expect(SearchF110MainBody.parse({ Deleted: 'true' }).Deleted).toBe(true);
    expect(SearchF110MainBody.parse({ Deleted: false }).Deleted).toBe(false);
    expect(SearchF110MainBody.safeParse({ Deleted: 'maybe' }).success).toBe(false);
  });

  it('deletes at least one run, each with its version', () => {
    expect(DeleteF110Body.safeParse({ Runs: [] }).success).toBe(false);
    expect(DeleteF110Body.safeParse({ Runs: [{ RunID: 1 }] }).success).toBe(false);
    expect(DeleteF110Body.parse({ Runs: [{ RunID: '3', Version: 2 }] }).Runs[0]!.RunID).toBe(3);
  });
});
