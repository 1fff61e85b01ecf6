import { describe, expect, it } from 'vitest';
import { DeleteF110Body, maskBankAccount, SearchF110MainBody } from '../src';

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
