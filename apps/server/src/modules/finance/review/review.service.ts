import type { Culture, ReviewItemResult, ReviewOrder, ReviewRow, SMENameList } from '@ems/contracts';
import type { SQL } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import type { AppContext, BatchContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { AppError, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { audit } from '../../audit/audit.service';
import { historyComment } from '../../documents/lifecycle/document.state';
import { documentHistory, type LockedDocument, type Outcome } from '../../documents/lifecycle/transition';
import { baseInfoItems } from '../../masterdata/baseinfo/baseinfo.service';
import { parameter } from '../../system/system.service';
import { entriesOf, vouchersOfDocument } from '../entries/voucher.service';
import * as repo from './review.repository';

/** The base-info lists the reasons come from (seeded with the company's master data). */
export const REASON_LISTS = { chargeback: 'CHARGEBACK_REASON', st: 'ST_REASON' } as const;
export type ReasonKind = keyof typeof REASON_LISTS;

/** The SSC reaches every document of its company (the transition checks the company; other companies are 404). */
export const companyWide = async () => true;

const SPECIAL_DEFAULT = '10000';
/** The special check: documents at or above the technical parameter SpecialCheckAmount (CNY) or in a foreign currency. */
export async function specialRule(db: Db, companyId: number): Promise<SQL<boolean>> {
  const v = (await parameter(db, companyId, 'SpecialCheckAmount'))?.value?.trim();
  return repo.isSpecial(v && /^\d+(\.\d+)?$/.test(v) ? v : SPECIAL_DEFAULT);
}

export function toRow(r: repo.ReviewRowData, culture: Culture): ReviewRow {
  const d = r.d;
  // Paper that must be mailed is received once the document is past approved; none is needed for all-electronic fapiao.
  const paper = !r.needsMailing ? 'no_mailing' : d.status === 'approved' ? 'not_received' : 'received';
  return {
    ID: d.id,
    DocNo: d.docNo,
    DocType: d.docType,
    Status: d.status,
    ApplicantCode: r.applicantCode,
    ApplicantName: localName(culture, r.applicantZh, r.applicantEn),
    TeamName: r.teamZh === null ? null : localName(culture, r.teamZh, r.teamEn ?? r.teamZh),
    CostCenterName: r.ccZh === null ? null : localName(culture, r.ccZh, r.ccEn ?? r.ccZh),
    Currency: d.currency,
    TotalAmount: d.totalAmount,
    TotalAmountCNY: d.totalAmountCny,
    Reason: d.reason,
    ApprovedAt: d.approvedAt?.toISOString() ?? null,
    Paper: paper,
    Special: Boolean(r.special),
    AssigneeID: r.assigneeId,
    AssigneeName: r.assigneeZh === null ? null : localName(culture, r.assigneeZh, r.assigneeEn ?? r.assigneeZh),
    HoldReason: r.holdZh === null ? null : localName(culture, r.holdZh, r.holdEn ?? r.holdZh),
    HeldAt: r.heldAt?.toISOString() ?? null,
    Version: d.version,
  };
}

/**
 * Runs one action per document of a batch, each in its own transition: a document that moved on, or that the action
 * refuses, is reported with its coded message in the caller's language, and the others go ahead.
 */
export async function runBatch(
  ctx: BatchContext,
  companyId: number,
  culture: Culture,
  ids: number[],
  each: (id: number) => Promise<unknown>,
): Promise<{ Rows: ReviewItemResult[] }> {
  const known = new Map((await repo.documentsOf(ctx.db, companyId, ids)).map((r) => [r.id, r.docNo]));
  const results: ReviewItemResult[] = [];
  for (const id of new Set(ids)) {
    try {
      if (!known.has(id)) throw notFound();
      await each(id);
      results.push({ ID: id, DocNo: known.get(id) ?? null, Ok: true, ErrorCode: null, Message: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({
        ID: id,
        DocNo: known.get(id) ?? null,
        Ok: false,
        ErrorCode: err.code,
        Message: ctx.messages.t(`error.${err.code}`, culture, err.params),
      });
    }
  }
  return { Rows: results };
}

/** The active reasons of a list, in the user's language. */
export async function reasons(db: Db, actor: Actor, kind: ReasonKind) {
  const rows = await baseInfoItems(db, actor, REASON_LISTS[kind]);
  return { Rows: rows.map((r) => ({ ID: r.BaseInfoID, Code: r.Code, Name: r.Name })) };
}

/** A reason the caller picked: an active item of the company's list, else refused. */
export async function requireReason(db: Db, companyId: number, kind: ReasonKind, id: number) {
  const r = await repo.activeReason(db, companyId, REASON_LISTS[kind], id);
  if (!r) throw refused('review.reason_unknown', { id });
  return r;
}

/** GetSMEName: the SSC people (holding the accounting review) documents can be assigned to and filtered by. */
export async function sscPeople(db: Db, actor: Actor): Promise<SMENameList> {
  const rows = await repo.peopleWithFunction(db, actor.companyId, 'expensewriteoff');
  return { Rows: rows.map((p) => ({ ID: p.id, Code: p.code, Name: localName(actor.culture, p.nameZh, p.nameEn) })) };
}

/** Assigns documents to an SSC person (or clears it): each case row locked, audited. */
export async function assign(ctx: BatchContext, actor: Actor, ids: number[], smeId: number | null) {
  if (smeId !== null) {
    const people = await repo.peopleWithFunction(ctx.db, actor.companyId, 'expensewriteoff');
    if (!people.some((p) => p.id === smeId)) throw refused('review.not_ssc_person');
  }
  return runBatch(ctx, actor.companyId, actor.culture, ids, (id) =>
    ctx.db.transaction(async (tx) => {
      const c = await repo.lockCase(tx, actor.companyId, id);
      await repo.updateCase(tx, c.id, { assigneeId: smeId });
      await audit(tx, {
        companyId: actor.companyId,
        actorId: actor.userId,
        action: 'assign',
        entity: 'document',
        entityId: id,
        detail: { assigneeId: smeId, before: c.assigneeId },
        requestId: actor.requestId,
      });
    }),
  );
}

/** Order: one document as the reviewer opens it, with its lines, vouchers and history. */
export async function order(
  { db, messages }: Pick<AppContext, 'db' | 'messages'>,
  user: SessionUser,
  id: number,
  culture: Culture,
): Promise<ReviewOrder> {
  const r = await repo.reviewRow(db, user.companyId, id, await specialRule(db, user.companyId));
  if (!r || r.d.docType === 'apply') throw notFound();
  const lines = await repo.reviewLines(db, id);
  const vouchers = await vouchersOfDocument(db, id);
  const entries = await entriesOf(
    db,
    vouchers.map((v) => v.id),
  );
  const history = await documentHistory(db, id);
  return {
    Row: toRow(r, culture),
    Lines: lines.map((l) => ({
      LineNo: l.l.lineNo,
      ExpenseItemName: l.itemZh === null ? null : localName(culture, l.itemZh, l.itemEn ?? l.itemZh),
      ExpenseDate: l.l.expenseDate,
      Currency: l.l.currency,
      Amount: l.l.amount,
      AmountCNY: l.l.amountCny,
    })),
    Vouchers: vouchers.map((v) => ({
      ID: v.id,
      Kind: v.kind,
      State: v.state,
      Period: v.period,
      PostingDate: v.postingDate,
      Amount: v.amount,
      ERPDocNo: v.erpDocNo,
      Entries: entries
        .filter((e) => e.voucherId === v.id)
        .map((e) => ({ LineNo: e.lineNo, Side: e.side, GLAccount: e.glAccount, Amount: e.amount, Text: e.text })),
    })),
    History: history.map((h) => ({
      At: h.h.at.toISOString(),
      Action: h.h.action,
      FromStatus: h.h.fromStatus,
      ToStatus: h.h.toStatus,
      ActorName: h.actorZh === null ? null : localName(culture, h.actorZh, h.actorEn ?? h.actorZh),
      Comment: historyComment(h.h, (key) => messages.t(key, culture)),
    })),
  };
}

/**
 * Sends a document back to its owner (no-pass or chargeback), inside the return's transition: the hold is cleared, a
 * return slip is kept, and the outcome says `returned` with the reason in the history and a notice to the owner. The
 * transition raises the version by one, so the slip knows the version an untouched document will have.
 */
export async function sendBack(
  tx: Db,
  d: LockedDocument,
  v: {
    source: 'no_pass' | 'chargeback';
    reason: { id: number; nameZh: string; nameEn: string };
    comment: string | undefined;
    by: number;
    detail?: Record<string, unknown>;
  },
): Promise<Outcome> {
  await repo.clearHold(tx, d.id);
  const returnId = await repo.insertReturn(tx, {
    companyId: d.companyId,
    documentId: d.id,
    source: v.source,
    reasonId: v.reason.id,
    comment: v.comment ?? null,
    returnedBy: v.by,
    versionAfter: d.version + 1,
  });
  return {
    to: 'returned',
    comment: reasonText(v.reason, v.comment),
    notify: { to: d.applicantId, template: `review.mail.${v.source}` },
    detail: { reasonId: v.reason.id, returnId, ...v.detail },
  };
}

/** Both languages' names of a reason, for the history comment every reader sees. */
export const reasonText = (r: { nameZh: string; nameEn: string }, comment?: string | null) =>
  [r.nameZh === r.nameEn ? r.nameZh : `${r.nameZh} / ${r.nameEn}`, comment].filter(Boolean).join(': ');
