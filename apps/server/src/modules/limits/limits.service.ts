import type { Db } from '../../core/db';
import { AppError, refused } from '../../core/errors';
import { budgetChecker } from '../budgets/budget-ledger.service';
import type { LockedDocument } from '../documents/lifecycle/document.lock';
import { quotaChecker } from '../quotas/usage.service';
import type { LimitChecker, LimitFinding, LimitStage } from './limit-checker';

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
