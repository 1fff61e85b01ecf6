import type { Culture, DocState, DocType, DocumentDetail, SearchDocumentBody } from '@ems/contracts';
import type { AppContext } from '../../core/context';
import type { Db } from '../../core/db';
import { notFound, refused } from '../../core/errors';
import type { SessionUser } from '../../core/http';
import { localName } from '../../core/i18n';
import { audit } from '../audit/audit.service';
import { authorityTeams } from '../org/teams/team.service';
import { keysOf } from './attachments/attachment.repository';
import { AttachmentStore } from './attachments/attachment.storage';
import * as repo from './document.repository';
import { actingPeople, allowedActions, approversFor, isOwner } from './lifecycle/document.policy';
import { AT_FINANCE, check } from './lifecycle/document.state';

type Found = NonNullable<Awaited<ReturnType<typeof repo.findById>>>;
function viewerMay(user: SessionUser, status: DocState): boolean {
  if (user.functions.has('documentViewAudit') || user.functions.has('documentViewCompliance'))
    return status !== 'draft';
  // Finance sees the company's documents once approved; audit and compliance viewers once submitted (DESIGN §7).
  return user.functions.has('documentViewCenterAll') && AT_FINANCE.includes(status);
}

/** A document of the user's company that the user may see; anything else is "not found". */
export async function visible(db: Db, user: SessionUser, id: number): Promise<Found> {
  const row = await repo.findById(db, id);
  if (!row || row.d.companyId !== user.companyId) throw notFound();
  if (isOwner(user, row.d) || user.isAdmin) return row;
  if (await repo.isApproverOf(db, id, user.userId)) return row;
  const principal = user.actingFor?.kinds.includes('approve') ? user.actingFor.principalId : null;
  if (principal !== null && (await repo.isApproverOf(db, id, principal))) return row;
  if (viewerMay(user, row.d.status)) return row;
  if (row.d.status !== 'draft' && row.d.teamId !== null) {
    // A manager with team authority sees the documents of the teams it covers; company-wide sight comes from the
    // view functions above, not from a role without a team.
    const { whole, teams } = await authorityTeams(db, user);
    if (!whole && teams.has(row.d.teamId)) return row;
  }
  throw notFound();
}

export async function toDetail(db: Db, user: SessionUser, row: Found, culture: Culture): Promise<DocumentDetail> {
  const d = row.d;
  const pendingApprover = d.status === 'approving' ? await repo.pendingApproverOf(db, d.id, d.round) : undefined;
  const currentApprover = pendingApprover !== undefined && approversFor(user).includes(pendingApprover);
  const lines = await repo.linesOf(db, d.id);
  const loans = d.docType === 'deputy' ? await repo.loanLinksOf(db, d.id) : [];
  return {
    ID: d.id,
    DocNo: d.docNo,
    DocType: d.docType,
    Status: d.status,
    CompanyID: d.companyId,
    ExpenseTypeID: d.expenseTypeId,
    ExpenseTypeName: row.typeZh === null ? null : localName(culture, row.typeZh, row.typeEn),
    ApplicantID: d.applicantId,
    ApplicantCode: row.applicant.code,
    ApplicantName: localName(culture, row.applicant.nameZh, row.applicant.nameEn),
    PreparerID: d.preparerId,
    PreparerName: localName(culture, row.preparerZh, row.preparerEn),
    TeamID: d.teamId,
    TeamName: row.teamZh === null ? null : localName(culture, row.teamZh, row.teamEn),
    CostCenterID: d.costCentreId,
    CostCenterCode: row.ccCode,
    CostCenterName: row.ccZh === null ? null : localName(culture, row.ccZh, row.ccEn),
    InternalOrderID: d.internalOrderId,
    InternalOrderCode: row.ioCode,
    Currency: d.currency,
    TotalAmount: d.totalAmount,
    TotalAmountCNY: d.totalAmountCny,
    Reason: d.reason,
    StartDate: d.startDate,
    EndDate: d.endDate,
    ApplyID: d.applyId,
    ApplyNo: row.applyNo,
    LongTerm: d.longTerm,
    ApplyStopped: d.applyStopped,
    Blocked: d.blocked,
    SubmittedAt: d.submittedAt?.toISOString() ?? null,
    ApprovedAt: d.approvedAt?.toISOString() ?? null,
    CreatedAt: d.createdAt.toISOString(),
    UpdatedAt: d.updatedAt.toISOString(),
    Version: d.version,
    Lines: lines.map(({ l, itemZh, itemEn, subZh, subEn }) => ({
      ID: l.id,
      LineNo: l.lineNo,
      ExpenseItemID: l.expenseItemId,
      ExpenseItemName: itemZh === null ? null : localName(culture, itemZh, itemEn),
      ExpenseSubItemID: l.expenseSubItemId,
      ExpenseSubItemName: subZh === null ? null : localName(culture, subZh, subEn),
      ExpenseDate: l.expenseDate,
      Amount: l.amount,
      Currency: l.currency,
      FxRate: l.fxRate,
      AmountCNY: l.amountCny,
      ProductID: l.productId,
      Description: l.description,
    })),
    Loans: loans.map((l) => ({ LoanID: l.loanId, LoanNo: l.loanNo, LoanTotal: l.total, Amount: l.amount })),
    AllowedActions: allowedActions(user, d, currentApprover),
  };
}

export async function load(db: Db, user: SessionUser, id: number, docType: DocType | undefined, culture: Culture) {
  const row = await visible(db, user, id);
  if (docType && row.d.docType !== docType) throw notFound();
  return toDetail(db, user, row, culture);
}

/** Deletes a draft outright (with its lines and files). */
export async function remove(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  docType: DocType | undefined,
  requestId: string,
) {
  const files = await ctx.db.transaction(async (tx) => {
    const row = await visible(tx, user, id);
    if ((docType && row.d.docType !== docType) || !isOwner(user, row.d)) throw notFound();
    const ok = check(row.d.docType, row.d.status, 'delete');
    if (!ok.ok) throw refused(ok.code, ok.params);
    const keys = await keysOf(tx, id);
    await repo.remove(tx, id);
    await audit(tx, {
      companyId: user.companyId,
      actorId: user.userId,
      principalId: row.d.applicantId,
      action: 'delete',
      entity: 'document',
      entityId: id,
      detail: { docNo: row.d.docNo },
      requestId,
    });
    return keys;
  });
  // The files' rows went with the document; their bytes go once that is committed.
  const store = new AttachmentStore(ctx.config.dataDir);
  for (const key of files) await store.remove(key);
}

/** The personal expense centre: documents the user (or whom they prepare for) applied for or prepared. */
export async function search(db: Db, user: SessionUser, q: SearchDocumentBody, culture: Culture) {
  const { total, rows } = await repo.searchOwned(db, user.companyId, actingPeople(user), q);
  return {
    Total: total,
    Rows: rows.map((r) => ({
      ID: r.d.id,
      DocNo: r.d.docNo,
      DocType: r.d.docType,
      Status: r.d.status,
      ApplicantName: localName(culture, r.applicantZh, r.applicantEn),
      PreparerName: localName(culture, r.preparerZh, r.preparerEn),
      ExpenseTypeName: r.typeZh === null ? null : localName(culture, r.typeZh, r.typeEn),
      CostCenterCode: r.ccCode,
      Currency: r.d.currency,
      TotalAmount: r.d.totalAmount,
      TotalAmountCNY: r.d.totalAmountCny,
      Reason: r.d.reason,
      CreatedAt: r.d.createdAt.toISOString(),
      SubmittedAt: r.d.submittedAt?.toISOString() ?? null,
      Version: r.d.version,
    })),
  };
}

export async function counts(db: Db, user: SessionUser) {
  const rows = await repo.countsOwned(db, user.companyId, actingPeople(user));
  return { Rows: rows.map((r) => ({ DocType: r.docType, Status: r.status, Count: r.n })) };
}
