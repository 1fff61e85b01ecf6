import type { Culture, LimitBudgetFigure } from '@ems/contracts';
import Decimal from 'decimal.js';
import type { Db } from '../../core/db';
import type { DraftDocument } from '../limits/limit-checker';
import * as repo from './budget.repository';
import {
  BUDGETED,
  budgetKeys,
  budgetLabel,
  budgetMatcher,
  levelOf,
  measureTargets,
  spendByLine,
  sumSpend,
  targetsFrom,
} from './budget-measure';

/**
 * The budgets' side of the limit preview (decision 065): for each line of a form not yet submitted, the budgets at
 * warn or block its spend falls in and where each stands after all the form's lines, measured as the check at
 * submit measures them (`measureTargets`) but read without locks and holding nothing. Answered per line number.
 */
export async function previewBudgets(
  db: Db,
  draft: DraftDocument,
  culture: Culture,
): Promise<Map<number, LimitBudgetFigure[]>> {
  const out = new Map<number, LimitBudgetFigure[]>();
  if (!BUDGETED.has(draft.docType)) return out;
  const byLine = spendByLine(draft, draft.costCentreId);
  const spend = sumSpend(byLine);
  const budgetOf = budgetMatcher(
    await repo.budgetsFor(db, draft.companyId, budgetKeys(spend), {
      forUpdate: false,
    }),
  );
  const targets = targetsFrom(spend, budgetOf);
  // A budget at limit status 0 controls nothing: the preview has nothing to say of it.
  for (const [id, t] of targets) if (!levelOf(t.budget)) targets.delete(id);
  if (!targets.size) return out;
  const [measured, names] = await Promise.all([
    measureTargets(db, { id: draft.documentId, docType: draft.docType, applyId: draft.applyId }, targets),
    repo.budgetNames(db, [...targets.keys()]),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n]));
  const figures = new Map<number, LimitBudgetFigure>();
  for (const [id, m] of measured) {
    const s = m.standing;
    if (!s) continue;
    figures.set(id, {
      BudgetID: id,
      Name: budgetLabel(null, nameOf.get(id)!, culture),
      Period: s.label,
      Amount: s.amount,
      Used: s.used,
      Requested: s.need,
      Left: new Decimal(s.amount).minus(s.used).minus(s.need).toFixed(2),
      Status: s.short ? m.level! : 'ok',
    });
  }
  for (const s of byLine) {
    const f = figures.get(budgetOf(s)?.id ?? 0);
    if (!f) continue;
    const list = out.get(s.lineNo) ?? [];
    if (!list.some((x) => x.BudgetID === f.BudgetID)) list.push(f);
    out.set(s.lineNo, list);
  }
  return out;
}
