import type { Db } from '../../core/db';
import { AppError, refused } from '../../core/errors';
import { budgetChecker } from '../budgets/budget-ledger.service';
import type { LockedDocument } from '../documents/lifecycle/transition';
import { quotaChecker } from '../quotas/usage.service';

/** When a document's spend is held against the budgets and caps it touches (DESIGN §11). */
export type LimitStage = 'submit' | 'approve';

/** One budget or cap a document would exceed: its limit status says whether that refuses or only warns. */
export interface LimitFinding {
  kind: 'budget' | 'quota';
  level: 'warn' | 'block';
  /** The error code naming what is exceeded, e.g. `limits.budget_exceeded`; its message takes `params`. */
  code: string;
  /** What the message names: the budget or the HCP/HCO, the amount available, asked for and missing. */
  params: Record<string, string | number>;
}

/**
 * A check of one kind of limit, run inside the transition's transaction after the document row is locked. It locks
 * the rows it reads (in a fixed order, so two documents never wait on each other) and, when the stage holds or
 * consumes spend, writes that in the same transaction, so concurrent submits never overspend a blocked limit.
 */
export type LimitChecker = (tx: Db, d: LockedDocument, stage: LimitStage) => Promise<LimitFinding[]>;

const CHECKERS: LimitChecker[] = [budgetChecker, quotaChecker];

/**
 * Runs every limit check for the document. A `block` finding refuses (422, its own code and params); `warn`
 * findings refuse with `limits.confirm_needed` (409) listing each one until the caller confirms them; at final
 * approval a warning never stops the approver. Answers the findings, for the audit row.
 */
export async function checkLimits(
  tx: Db,
  d: LockedDocument,
  stage: LimitStage,
  confirmedWarnings: boolean,
): Promise<LimitFinding[]> {
  const findings: LimitFinding[] = [];
  for (const check of CHECKERS) findings.push(...(await check(tx, d, stage)));
  const blocked = findings.find((f) => f.level === 'block');
  if (blocked) throw refused(blocked.code, blocked.params);
  if (findings.length && stage === 'submit' && !confirmedWarnings)
    throw new AppError(
      409,
      'limits.confirm_needed',
      undefined,
      findings.map((f) => ({ field: f.kind, code: f.code, params: f.params })),
    );
  return findings;
}
