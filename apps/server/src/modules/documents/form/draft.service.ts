import type { LimitPreviewBody } from '@ems/contracts';
import type { Db } from '../../../core/db';
import { notFound } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import type { DraftDocument } from '../../limits/limit-checker';
import { assertChargeable } from '../../masterdata/funds/chargeable';
import * as repo from '../document.repository';
import { visible } from '../document.service';
import { entitled } from '../lifecycle/document.policy';
import { lineAmount } from './line-amount';

/**
 * A form's content as the save would store it, for the limit preview (decision 065): the lines the form keeps, each
 * in CNY as the save converts it, and what the form does not hold but the saved document carries over to the lines
 * of the same numbers: its apportionment, and the attendees of each line whose item involves HCP (unless the body
 * names them). A document named must be one the user may edit (else "not found"); an apply a reimbursement names
 * counts only when the save would accept it (the applicant's, approved, not stopped or blocked), and a cost centre
 * only when the applicant may charge it (refused as the save refuses it).
 */
export async function draftOf(db: Db, user: SessionUser, body: LimitPreviewBody): Promise<DraftDocument> {
  const existing = body.ID ? await visible(db, user, body.ID) : undefined;
  if (existing && (existing.d.docType !== body.DocType || !entitled(user, existing.d, 'edit'))) throw notFound();
  const applicantId =
    existing?.d.applicantId ?? (user.actingFor?.kinds.includes('fill_in') ? user.actingFor.principalId : user.userId);
  const itemIds = [...new Set(body.Lines.map((l) => l.ExpenseItemID).filter((x): x is number => !!x))];
  // Budgets are the company's own figures: only a cost centre the save would let this applicant charge is measured.
  if (body.CostCenterID)
    await assertChargeable(db, { userId: applicantId, companyId: user.companyId }, { costCentreId: body.CostCenterID });
  const [parts, items, applyId] = await Promise.all([
    existing ? repo.linePartsOf(db, existing.d.id) : { shares: [], attendees: [] },
    repo.itemsById(db, itemIds),
    usableApply(db, user.companyId, applicantId, body),
  ]);
  const own = items.filter((i) => i.companyId === user.companyId);
  const involvesHcp = new Set(own.filter((i) => i.involvesHcp).map((i) => i.id));
  const overseas = new Set(own.filter((i) => i.overseas).map((i) => i.id));
  const lines = await Promise.all(
    body.Lines.map(async (l, i) => {
      const lineNo = i + 1;
      const attendees =
        l.Attendees?.map((a) => ({
          kind: a.Kind === 'HCP' ? ('hcp' as const) : ('hco' as const),
          subjectId: a.CustomerID,
        })) ?? parts.attendees.filter((a) => a.lineNo === lineNo).map(({ kind, subjectId }) => ({ kind, subjectId }));
      return {
        lineNo,
        expenseItemId: l.ExpenseItemID ?? null,
        overseas: !!l.ExpenseItemID && overseas.has(l.ExpenseItemID),
        productId: l.ProductID ?? null,
        expenseDate: l.ExpenseDate ?? null,
        ...(await lineAmount(db, user.companyId, { ...l, Currency: body.Currency })),
        // The save drops the attendees of a line whose item does not involve HCP.
        attendees: l.ExpenseItemID && involvesHcp.has(l.ExpenseItemID) ? attendees : [],
      };
    }),
  );
  return {
    companyId: user.companyId,
    documentId: existing?.d.id ?? null,
    docType: body.DocType,
    applicantId,
    costCentreId: body.CostCenterID ?? null,
    applyId,
    lines,
    // The save drops the shares of lines it no longer has.
    shares: parts.shares.filter((s) => s.lineNo === null || s.lineNo <= lines.length),
  };
}

/** The apply a reimbursement claims against, when the save would take it. */
async function usableApply(db: Db, companyId: number, applicantId: number, body: LimitPreviewBody) {
  if (body.DocType !== 'deputy' || !body.ApplyID) return null;
  const a = (await repo.findById(db, body.ApplyID))?.d;
  const usable =
    a?.docType === 'apply' &&
    a.companyId === companyId &&
    a.applicantId === applicantId &&
    a.status === 'approved' &&
    !a.applyStopped &&
    !a.blocked;
  return usable ? a.id : null;
}
