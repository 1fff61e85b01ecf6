import type {
  Culture,
  DocumentDetail,
  ExportLoanPostingBody,
  LoanBatchResult,
  LoanPostingRow,
  SearchLoanPostingBody,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import type { BatchContext, DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { AppError, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { audit, auditEntry } from '../../audit/audit.service';
import { toDetail, visible } from '../../documents/document.service';
import { lockDocument } from '../../documents/lifecycle/document.lock';
import { entitled } from '../../documents/lifecycle/document.policy';
import { type LockedDocument, transition } from '../../documents/lifecycle/transition';
import { vouchersOfDocument } from '../entries/voucher.service';
import { queuePosting } from '../posting/queue.service';
import * as repo from './loan-posting.repository';
import * as loans from './loans.repository';

/** Loans to post, being posted, refused, posted and paid: one tab each, with their voucher's state. */
export async function search(db: Db, actor: Actor, body: SearchLoanPostingBody) {
  const { total, rows } = await repo.searchPosting(db, actor.companyId, body);
  return {
    Total: total,
    Rows: rows.map(
      (r): LoanPostingRow => ({
        LoanID: r.id,
        DocNo: r.docNo,
        EmployeeCode: r.code,
        EmployeeName: localName(actor.culture, r.nameZh, r.nameEn),
        Amount: r.amount,
        Status: r.status,
        ApprovedOn: r.approvedOn,
        VoucherID: r.voucherId,
        VoucherState: r.voucherState,
        PostingDate: r.postingDate,
        ErpDocNo: r.erpDocNo,
        LastError: r.lastError,
        Version: r.version,
      }),
    ),
  };
}

export async function exportRows(db: Db, actor: Actor, body: ExportLoanPostingBody) {
  return (await search(db, actor, { ...body, PageIndex: 1, PageSize: 100_000 })).Rows;
}

/**
 * Runs one use case per loan picked, each in its own transaction: a loan that moved on meanwhile (or is not a
 * loan of the company) is reported with the refusal's message, and the others go ahead.
 */
async function eachLoan(
  ctx: BatchContext,
  actor: Actor,
  ids: number[],
  run: (id: number) => Promise<string>,
): Promise<LoanBatchResult> {
  const result: LoanBatchResult = { Done: [], Skipped: [] };
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    try {
      result.Done.push({ ID: id, DocNo: await run(id) });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      result.Skipped.push({
        ID: id,
        DocNo: await loans.docNoOf(ctx.db, actor.companyId, id),
        Message: ctx.messages.t(`error.${err.code}`, actor.culture, err.params),
      });
    }
  }
  return result;
}

/** A loan of the caller's company: 404 for anything else, a document of another company included. */
function loanOnly<D extends { companyId: number; docType: string }>(actor: { companyId: number }, d: D | undefined): D {
  if (!d || d.companyId !== actor.companyId || d.docType !== 'loan') throw notFound();
  return d;
}

/**
 * StartPosting: each picked loan waiting to post has its open voucher queued to the ERP (the outbox, in the same
 * transaction); the ERP job moves the loan to posted or post_failed and books the advance.
 */
export async function startPosting(ctx: BatchContext, actor: Actor, ids: number[]): Promise<LoanBatchResult> {
  return eachLoan(ctx, actor, ids, (id) =>
    ctx.db.transaction(async (tx) => {
      const d = loanOnly(actor, await lockDocument(tx, id));
      if (d.status !== 'to_post') throw refused('loans.not_to_post', { no: d.docNo });
      const open = (await vouchersOfDocument(tx, d.id)).filter((v) => v.kind === 'loan' && v.state === 'open');
      if (open.length === 0) throw refused('loans.nothing_to_send', { no: d.docNo });
      const queued = await queuePosting(
        tx,
        d.companyId,
        open.map((v) => v.id),
      );
      await audit(
        tx,
        auditEntry(actor, { action: 'start_posting', entity: 'document', entityId: d.id, detail: { queued } }),
      );
      return d.docNo;
    }),
  );
}

/** ResendPosting: a loan the ERP refused goes back to to_post and its failed voucher is queued again. */
export async function resendPosting(
  ctx: BatchContext,
  user: SessionUser,
  actor: Actor,
  ids: number[],
): Promise<LoanBatchResult> {
  return eachLoan(ctx, actor, ids, async (id) => {
    let docNo = '';
    await transition(
      ctx,
      user,
      { id, docType: 'loan', version: null, action: 'resend', requestId: actor.requestId, lostRaceIsConflict: false },
      async (tx, d) => {
        docNo = d.docNo;
        const failed = (await vouchersOfDocument(tx, d.id)).filter((v) => v.kind === 'loan' && v.state === 'failed');
        if (failed.length === 0) throw refused('loans.nothing_to_send', { no: d.docNo });
        const queued = await queuePosting(
          tx,
          d.companyId,
          failed.map((v) => v.id),
        );
        return { to: 'to_post', detail: { queued } };
      },
    );
    return docNo;
  });
}

/** Marks a document paid (mark_paid); the caller's version is checked when given. Answers its number. */
async function markPaid(
  ctx: DbContext,
  user: SessionUser,
  requestId: string,
  d: { id: number; version: number | null; docType: 'loan' | 'deputy' },
): Promise<string> {
  let docNo = '';
  await transition(
    ctx,
    user,
    { id: d.id, docType: d.docType, version: d.version, action: 'mark_paid', requestId },
    async (_tx, doc) => {
      if (!entitled(user, doc, 'mark_paid')) throw notFound();
      docNo = doc.docNo;
      return { to: 'paid', detail: { from: doc.status } };
    },
  );
  return docNo;
}

/** LoanPosting/Payed: the picked posted loans are marked paid. */
export async function payed(
  ctx: BatchContext,
  user: SessionUser,
  actor: Actor,
  ids: number[],
): Promise<LoanBatchResult> {
  return eachLoan(ctx, actor, ids, (id) =>
    markPaid(ctx, user, actor.requestId, { id, version: null, docType: 'loan' }),
  );
}

async function detail(ctx: DbContext, user: SessionUser, id: number, culture: Culture): Promise<DocumentDetail> {
  return toDetail(ctx.db, user, await visible(ctx.db, user, id), culture);
}

/** PayedForLoan / PayedForDeputy: one document marked paid from its screen, at the version it showed. */
export async function payedFor(
  ctx: DbContext,
  user: SessionUser,
  v: { id: number; version: number; docType: 'loan' | 'deputy'; requestId: string; culture: Culture },
): Promise<DocumentDetail> {
  await markPaid(ctx, user, v.requestId, { id: v.id, version: v.version, docType: v.docType });
  return detail(ctx, user, v.id, v.culture);
}

/**
 * OnlyAirTicketCompleted: a posted deputy with nothing to pay its applicant is closed without a payment: its lines are
 * all air tickets (the company paid the travel agency), or the loans it writes off take all of it.
 */
export async function completeUnpaid(
  ctx: DbContext,
  user: SessionUser,
  v: { id: number; version: number; requestId: string; culture: Culture },
): Promise<DocumentDetail> {
  await transition(
    ctx,
    user,
    { id: v.id, docType: 'deputy', version: v.version, action: 'complete_unpaid', requestId: v.requestId },
    async (tx, d: LockedDocument) => {
      if (!entitled(user, d, 'complete_unpaid')) throw notFound();
      const facts = await loans.payableFacts(tx, d.id);
      if (!facts.onlyAirTickets && !facts.fullyOffset) throw refused('loans.something_to_pay', { no: d.docNo });
      return { to: 'closed', detail: { onlyAirTickets: facts.onlyAirTickets, fullyOffset: facts.fullyOffset } };
    },
  );
  return detail(ctx, user, v.id, v.culture);
}
