import { compareMoney } from '@ems/contracts';
import type { Db } from '../../../core/db';
import { AppError, refused } from '../../../core/errors';
import { shanghaiToday } from '../../../core/time';
import { assertChargeable } from '../../masterdata/funds/chargeable';
import { periodClosedOn } from '../../masterdata/periods/periods.service';
import { findEmployee } from '../../org/org.service';
import { blockedApplyOf } from '../applies/block.repository';
import { linesWithoutReasons } from '../customers/customer.service';
import { lectureFeeProblem } from '../customers/withholding.service';
import * as repo from '../document.repository';
import { invoiceSubmitProblem } from '../invoices/invoice.service';
import { invoiceLineProblem } from '../invoices/line-cover.service';
import { type LineFacts, lineFacts } from '../line-facts.repository';
import { partsProblem } from '../parts/parts.service';

type Doc = repo.DocumentRow;

/**
 * Why a document cannot go into approval, or the facts of its lines it was checked on: routing at submit reads them
 * too (in the same transaction, under the document's lock, with nothing written in between).
 */
export type SubmitCheck = { problem: AppError } | { problem?: undefined; lines: LineFacts[] };

/**
 * Why a document cannot go into approval, as one coded refusal (the first that applies), or its lines' facts.
 * Checked at submit and again when an applicant confirms what a proxy prepared.
 */
export async function submitCheck(db: Db, d: Doc): Promise<SubmitCheck> {
  const found = await submitProblem(db, d);
  return found instanceof AppError ? { problem: found } : { lines: found };
}

/** The first reason a document cannot go into approval, or its lines' facts when there is none. */
async function submitProblem(db: Db, d: Doc): Promise<AppError | LineFacts[]> {
  const applicant = await findEmployee(db, d.applicantId);
  if (!applicant) return refused('document.applicant_unknown');
  if (applicant.status === 'left') return refused('document.applicant_resigned');
  // A resignation freeze blocks every document; an overdue freeze blocks new loans and applies, while the
  // reimbursements that write the overdue loan off still go through (DESIGN §11).
  if (applicant.status === 'resignation_frozen') return refused('document.applicant_resignation_frozen');
  if (applicant.status === 'overdue_frozen' && d.docType !== 'deputy')
    return refused('document.applicant_overdue_frozen', { type: d.docType });
  if (d.docType === 'apply') {
    // While one of their applies is blocked for overdue evidence, an applicant starts no new ones (DESIGN §11).
    const blocked = await blockedApplyOf(db, d.companyId, d.applicantId);
    if (blocked && blocked.id !== d.id) return refused('document.applicant_apply_blocked', { no: blocked.docNo });
  }
  if (d.docType === 'deputy' && d.applyId !== null) {
    // The apply may have been stopped or blocked since the claim was saved against it.
    const apply = (await repo.findById(db, d.applyId))?.d;
    if (apply && (apply.status !== 'approved' || apply.applyStopped || apply.blocked))
      return refused('document.apply_not_usable', { no: apply.docNo });
  }
  if (d.costCentreId === null) return refused('document.cost_centre_missing');
  if (d.docType !== 'apply' && !applicant.bankAccount) return refused('document.bank_account_missing');

  try {
    await assertChargeable(
      db,
      { userId: d.applicantId, companyId: d.companyId, employee: applicant },
      { costCentreId: d.costCentreId, internalOrderId: d.internalOrderId },
    );
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }

  const lines = await lineFacts(db, d.id);
  if (lines.length === 0) return refused('document.lines_missing');
  const incomplete = lines
    .filter((l) => !l.expenseItemId || !l.expenseDate || !l.amount || !l.amountCny)
    .map((l) => l.lineNo);
  if (incomplete.length) return refused('document.lines_incomplete', { lines: incomplete.join(', ') });

  const stopped = await repo.stoppedLedgerExpenses(
    db,
    d.companyId,
    d.docType,
    lines.map((l) => l.expenseItemId!),
  );
  if (stopped.length) return refused('document.ledger_expense_stopped', { codes: stopped.join(', ') });

  const itemProblem = itemRuleProblem(lines);
  if (itemProblem) return itemProblem;

  const invoiceProblem = (await invoiceSubmitProblem(db, d)) ?? (await invoiceLineProblem(db, d, lines));
  if (invoiceProblem) return invoiceProblem;
  const unexplained = await linesWithoutReasons(db, d.id);
  if (unexplained.length) return refused('customer.reason_missing', { lines: unexplained.join(', ') });
  const feeProblem = await lectureFeeProblem(db, d);
  if (feeProblem) return feeProblem;
  const partProblem = await partsProblem(db, d);
  if (partProblem) return partProblem;

  // A month's books close at the following month's general cut-off day: older expenses can no longer be claimed.
  const today = shanghaiToday();
  const months = new Set(lines.map((l) => l.expenseDate!.slice(0, 7)));
  for (const ym of months) {
    const cutOff = await periodClosedOn(db, d.companyId, `${ym}-01`, today);
    if (cutOff) return refused('document.period_closed', { month: ym, day: cutOff });
  }
  return lines;
}

const itemName = (l: LineFacts) => `${l.itemCode ?? ''} ${l.itemZh ?? ''}`.trim();
const itemNameEn = (l: LineFacts) => `${l.itemCode ?? ''} ${l.itemEn ?? ''}`.trim();

/**
 * The limit an expense item sets for its lines: a line may not exceed the item's per-line limit (in CNY). What fapiao
 * a line needs is `invoiceLineProblem`'s (docs/decisions/058-fapiao-per-line.md).
 */
function itemRuleProblem(lines: readonly LineFacts[]): AppError | undefined {
  for (const l of lines) {
    if (l.maxAmount !== null && l.amountCny !== null && compareMoney(l.amountCny, l.maxAmount) > 0) {
      return refused('document.line_over_limit', {
        line: l.lineNo,
        item: itemName(l),
        itemEn: itemNameEn(l),
        limit: l.maxAmount,
        amount: l.amountCny,
      });
    }
  }
  return undefined;
}
