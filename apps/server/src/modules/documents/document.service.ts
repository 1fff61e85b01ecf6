import type { Culture, DocState, DocType, DocumentDetail, SearchDocumentBody } from '@ems/contracts';
import type { Db } from '../../core/db';
import { notFound } from '../../core/errors';
import type { SessionUser } from '../../core/http';
import { localName } from '../../core/i18n';
import { blockInfo, hcpActivity } from './applies/block.info';
import * as repo from './document.repository';
import { actingPeople, allowedActions, approversFor } from './lifecycle/document.policy';
import { documentHistory } from './lifecycle/transition';
import * as lines from './line-facts.repository';
import { isReadable, ownsDocument } from './scope/scope.service';

type Found = NonNullable<Awaited<ReturnType<typeof repo.findById>>>;

/** The latest change of state that returned the document: who, when and why. */
async function returnedBecause(db: Db, id: number, culture: Culture): Promise<DocumentDetail['ReturnedBecause']> {
  const last = (await documentHistory(db, id)).filter((r) => r.h.toStatus === 'returned').at(-1);
  if (!last) return null;
  return {
    At: last.h.at.toISOString(),
    ByName: last.actorZh === null ? null : localName(culture, last.actorZh, last.actorEn ?? last.actorZh),
    Comment: last.h.comment,
  };
}
/**
 * A document the user may open, the same as on one of their lists; anything else is "not found". One they own is
 * on their personal list whatever else it is (`ownsDocument`), so the row read here answers without the scopes.
 * `decided`: the caller decided a step of it in a transaction that committed, so it is on their personal list too
 * (that step names them as who acted, which no later change undoes: a decided step is never changed again, and
 * goes only with its document).
 */
export async function visible(db: Db, user: SessionUser, id: number, decided = false): Promise<Found> {
  const row = await repo.findById(db, id);
  if (!row || row.d.companyId !== user.companyId) throw notFound();
  if (!decided && !ownsDocument(user, row.d) && !(await isReadable(db, user, id))) throw notFound();
  return row;
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
    RepayBy: d.repayBy,
    ApplyStopped: d.applyStopped,
    Blocked: d.blocked,
    ApplyBlock: await blockInfo(db, user, d),
    NeedsEvidence: d.docType === 'apply' && (await hcpActivity(db, d.id)),
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
      TMCTicketID: l.tmcTicketId,
    })),
    Loans: loans.map((l) => ({ LoanID: l.loanId, LoanNo: l.loanNo, LoanTotal: l.total, Amount: l.amount })),
    PartsWithRows: await repo.partsWithRows(db, d.id),
    AllowedActions: allowedActions(user, d, currentApprover),
    ReturnedBecause: d.status === 'returned' ? await returnedBecause(db, d.id, culture) : null,
  };
}

export async function load(db: Db, user: SessionUser, id: number, docType: DocType | undefined, culture: Culture) {
  const row = await visible(db, user, id);
  if (docType && row.d.docType !== docType) throw notFound();
  return toDetail(db, user, row, culture);
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

export type { LineFacts } from './line-facts.repository';

/** What routing needs to know of each line of a document. */
export function lineFacts(db: Db, documentId: number) {
  return lines.lineFacts(db, documentId);
}

/** How many of the company's documents are in each of these states; a state without one counts 0. */
export async function companyStateCounts(db: Db, companyId: number, states: readonly DocState[]) {
  const rows = await repo.companyStateCounts(db, companyId, states);
  return new Map(states.map((st) => [st, rows.find((r) => r.status === st)?.n ?? 0]));
}

/** An applicant's reimbursements approved in a year, per month of approval (1–12; a month without one is absent). */
export function approvedSpendByMonth(db: Db, companyId: number, applicantId: number, year: number) {
  return repo.approvedSpendByMonth(db, companyId, applicantId, year);
}
