import type { BatchApproveItemResult } from '@ems/contracts';
import { newIdempotencyKey } from '../../../app/http/idempotency';

export interface BatchSummary {
  ok: number;
  failed: number;
  /** Language key of the summary line. */
  key: 'approval.batch.summaryAllOk' | 'approval.batch.summaryMixed' | 'approval.batch.summaryAllFailed';
  /** How the summary is shown: all approved, some refused, none approved. */
  type: 'success' | 'warning' | 'error';
  /** The refused documents, in the order they were sent. */
  failures: BatchApproveItemResult[];
}

/** What an approve-all achieved: how many documents were approved, how many refused, and which. */
export function summariseBatch(rows: readonly BatchApproveItemResult[]): BatchSummary {
  const failures = rows.filter((r) => !r.Ok);
  const ok = rows.length - failures.length;
  const failed = failures.length;
  if (failed === 0) return { ok, failed, key: 'approval.batch.summaryAllOk', type: 'success', failures };
  if (ok === 0) return { ok, failed, key: 'approval.batch.summaryAllFailed', type: 'error', failures };
  return { ok, failed, key: 'approval.batch.summaryMixed', type: 'warning', failures };
}

/** Below antd's `md` breakpoint (768 px) the approve centre shows cards with big buttons instead of a table. */
export function isPhone(screens: Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl', boolean>>): boolean {
  return screens.md === false;
}

/** A fresh Idempotency-Key for one decision. */
export function newDecisionKey(): string {
  return newIdempotencyKey();
}
