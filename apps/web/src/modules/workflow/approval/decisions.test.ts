import type { BatchApproveItemResult } from '@ems/contracts';
import { describe, expect, it } from 'vitest';
import { isPhone, newDecisionKey, summariseBatch } from './decisions';

const ok = (ID: number): BatchApproveItemResult => ({ ID, DocNo: `D${ID}`, Ok: true, ErrorCode: null, Message: null });
const refused = (ID: number, docNo: string | null = `D${ID}`): BatchApproveItemResult => ({
  ID,
  DocNo: docNo,
  Ok: false,
  ErrorCode: 'common.stale_version',
  Message: '单据已被他人修改',
});

describe('approve-all summary', () => {
  it('reports all approved as a success', () => {
    expect(summariseBatch([ok(1), ok(2)])).toEqual({
      ok: 2,
      failed: 0,
      key: 'approval.batch.summaryAllOk',
      type: 'success',
      failures: [],
    });
  });

  it('reports a mix as a warning listing the refused documents in order', () => {
    const s = summariseBatch([refused(3), ok(1), refused(4, null)]);
    expect(s).toMatchObject({ ok: 1, failed: 2, key: 'approval.batch.summaryMixed', type: 'warning' });
    expect(s.failures.map((f) => f.ID)).toEqual([3, 4]);
  });

  it('reports nothing approved as an error', () => {
    expect(summariseBatch([refused(5)])).toMatchObject({
      ok: 0,
      failed: 1,
      key: 'approval.batch.summaryAllFailed',
      type: 'error',
    });
  });
});

describe('phone layout', () => {
  it('is the card list below md only once the breakpoints are known', () => {
    expect(isPhone({ xs: true, sm: true, md: false, lg: false })).toBe(true);
    expect(isPhone({ xs: false, sm: true, md: true, lg: true })).toBe(false);
    // Before the first measurement antd reports nothing: the desktop table.
    expect(isPhone({})).toBe(false);
  });
});

it('makes a new Idempotency-Key each time', () => {
  const a = newDecisionKey();
  expect(a).toMatch(/^[\w-]{8,100}$/);
  expect(newDecisionKey()).not.toBe(a);
});
