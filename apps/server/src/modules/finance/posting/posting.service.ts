import type {
  BeginBatchBody,
  Culture,
  ErpCallRow,
  GetBatchRecordBody,
  PostingBatchPage,
  PostingBatchResult,
  PostingCount,
  PostingOrderRow,
  PostingSettings,
  SearchOrderDataBody,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import type { Config } from '../../../core/config';
import type { Db } from '../../../core/db';
import { AppError, notFound } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { audit } from '../../audit/audit.service';
import { trueUpOnPosting } from '../../budgets/budget-ledger.service';
import { lockDocument } from '../../documents/lifecycle/document.lock';
import { systemUser, transition } from '../../documents/lifecycle/transition';
import type { OutboundHandler } from '../../outbound/outbound.service';
import { isTestSystem } from '../../system/system.service';
import { glAccountSettings } from '../entries/accounts';
import { writeOffLoansOnPosting } from '../loans/loans.service';
import {
  type ErpReply,
  type ErpVoucher,
  erpGateway,
  erpSimulator,
  httpErpGateway,
  parseSimulatedFailures,
  useErpGateway,
} from './erp.gateway';
import * as calls from './erp-call.repository';
import * as repo from './posting.repository';
import { queuePosting } from './queue.service';

/** The configured ERP adapter: the middleware over HTTP when `ERP_URL` is set, else the simulator (DESIGN §13). */
export function configureErpGateway(config: Pick<Config, 'erp'>): void {
  if (config.erp.url) useErpGateway(httpErpGateway(config.erp.url, config.erp.timeoutMs));
  else if (config.erp.simulateFailures)
    useErpGateway(erpSimulator(parseSimulatedFailures(config.erp.simulateFailures)));
}

/** The voucher as the ERP receives it: the company's SAP code, GL accounts and master codes, never ids. */
async function erpVoucherOf(db: Db, v: NonNullable<Awaited<ReturnType<typeof repo.findVoucher>>>) {
  const codes = await repo.erpCodes(db, v);
  const request: ErpVoucher = {
    postingRef: v.postingRef,
    companyCode: codes.companyCode,
    kind: v.kind,
    postingDate: v.postingDate,
    period: v.period,
    reference: codes.docNo,
    ...((await isTestSystem(db, v.companyId)) ? { test: true } : {}),
    entries: codes.entries.map(({ e, ...c }) => ({
      side: e.side,
      glAccount: e.glAccount,
      amount: e.amount,
      currency: e.currency,
      amountOriginal: e.amountOriginal,
      costCentre: c.costCentre,
      internalOrder: c.internalOrder,
      product: c.product,
      employee: c.employee,
      text: e.text,
    })),
  };
  return request;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000) || 'failed';

/** The answer recorded on the voucher was recorded before (a repeated job): nothing changes. */
class AlreadySettled extends Error {}

/** Records the outcome on the voucher, and for a document's voucher moves the document with it. */
async function settleOutcome(
  db: Db,
  v: NonNullable<Awaited<ReturnType<typeof repo.findVoucher>>>,
  reply: ErpReply,
  requestId: string,
) {
  const outcome = reply.ok
    ? ({ state: 'posted', erpDocNo: reply.erpDocNo } as const)
    : ({ state: 'failed', lastError: reply.error } as const);
  if (v.documentId && (repo.DOCUMENT_KINDS as readonly string[]).includes(v.kind)) {
    try {
      await transition(
        { db },
        systemUser(v.companyId),
        {
          id: v.documentId,
          version: null,
          action: reply.ok ? 'post_ok' : 'post_fail',
          requestId,
          reach: async () => true,
        },
        async (tx, d) => {
          if (!(await repo.settle(tx, v.id, outcome))) throw new AlreadySettled();
          // A posted loan books its advance; a posted reimbursement writes off the loans it names.
          if (reply.ok) await writeOffLoansOnPosting(tx, v.documentId!);
          // Its budget consumption becomes what was posted (DESIGN §11).
          if (reply.ok) await trueUpOnPosting(tx, d);
          return reply.ok
            ? { to: 'posted', detail: { voucherId: v.id, erpDocNo: reply.erpDocNo } }
            : { to: 'post_failed', comment: reply.error, detail: { voucherId: v.id } };
        },
      );
    } catch (err) {
      if (err instanceof AlreadySettled) return;
      // The document left to_post meanwhile (an unusual path): the voucher keeps the ERP's answer all the same.
      if (err instanceof AppError && err.status === 422) {
        await db.transaction((tx) => repo.settle(tx, v.id, outcome));
        return;
      }
      throw err;
    }
    return;
  }
  await db.transaction((tx) => repo.settle(tx, v.id, outcome));
}

/**
 * The ERP job: sends one queued voucher and records the ERP's answer. Every request and its response go to the RFC
 * log (`erp_call_log`): the request before it leaves, so a process that dies mid-call leaves a pending row. A
 * business refusal fails the voucher (and its document) at once; a call that could not reach the ERP throws, so
 * the queue tries again with back-off, and only the last attempt fails the voucher. The posting reference makes a
 * repeat harmless: the ERP answers the document number of the first booking.
 */
export function erpJob(db: Db): OutboundHandler {
  return async (payload, { requestId, last, outboundId }) => {
    const { voucherId } = payload as { voucherId: number };
    const v = await repo.findVoucher(db, voucherId);
    if (v?.state !== 'queued') return;
    const request = await erpVoucherOf(db, v);
    const gateway = erpGateway();
    const rid = requestId ?? 'erp';
    const callId = await calls.start(db, {
      companyId: v.companyId,
      voucherId: v.id,
      documentId: v.documentId,
      outboundJobId: outboundId ?? null,
      postingRef: v.postingRef,
      gateway: gateway.name,
      request,
    });
    const started = Date.now();
    let reply: ErpReply;
    try {
      reply = await gateway.post(request);
    } catch (err) {
      const error = messageOf(err);
      await calls.finish(db, callId, {
        outcome: 'unreachable',
        response: null,
        error,
        durationMs: Date.now() - started,
      });
      if (last) await settleOutcome(db, v, { ok: false, error }, rid);
      throw err;
    }
    await calls.finish(db, callId, {
      outcome: reply.ok ? 'ok' : 'refused',
      response: reply.raw ?? reply,
      erpDocNo: reply.ok ? reply.erpDocNo : null,
      error: reply.ok ? null : reply.error,
      durationMs: Date.now() - started,
    });
    await settleOutcome(db, v, reply, rid);
  };
}

function toOrderRow(r: repo.OrderRow, culture: Culture): PostingOrderRow {
  const d = r.d;
  return {
    ID: d.id,
    DocNo: d.docNo,
    DocType: d.docType,
    Status: d.status,
    ApplicantCode: r.applicantCode,
    ApplicantName: localName(culture, r.applicantZh, r.applicantEn),
    Currency: d.currency,
    TotalAmountCNY: d.totalAmountCny,
    VoucherID: r.v?.id ?? null,
    VoucherState: (r.v?.state as PostingOrderRow['VoucherState']) ?? null,
    PostingDate: r.v?.posting_date ?? null,
    Period: r.v?.period ?? null,
    ErpDocNo: r.v?.erp_doc_no ?? null,
    LastError: r.v?.last_error ?? null,
    Version: d.version,
  };
}

/** The claims of one view (waiting, failed, posted) with their vouchers' posting state. */
export async function searchOrders(db: Db, actor: Actor, q: SearchOrderDataBody) {
  const { total, rows } = await repo.orders(db, actor.companyId, q);
  return { Total: total, Rows: rows.map((r) => toOrderRow(r, actor.culture)) };
}

export async function exportOrders(db: Db, actor: Actor, q: SearchOrderDataBody) {
  const { rows } = await repo.orders(db, actor.companyId, { ...q, PageIndex: 1, PageSize: 10_000 });
  return rows.map((r) => toOrderRow(r, actor.culture));
}

export async function countOrders(db: Db, actor: Actor): Promise<PostingCount> {
  const c = await repo.counts(db, actor.companyId);
  return { ToPost: c.toPost, Queued: c.queued, Failed: c.failed, Posted: c.posted };
}

export async function batchRecord(db: Db, actor: Actor, q: GetBatchRecordBody): Promise<PostingBatchPage> {
  const { total, rows } = await repo.batches(db, actor.companyId, q);
  let items: PostingOrderRow[] = [];
  if (q.BatchID !== undefined) {
    if (!(await repo.batchOf(db, actor.companyId, q.BatchID))) throw notFound();
    const page = await repo.orders(db, actor.companyId, { View: 'to_post', PageIndex: 1, PageSize: 500 }, q.BatchID);
    items = page.rows.map((r) => toOrderRow(r, actor.culture));
  }
  return {
    Total: total,
    Rows: rows.map((r) => ({
      BatchID: r.b.id,
      CreatedAt: r.b.createdAt.toISOString(),
      CreatedByName: r.byZh === null ? null : localName(actor.culture, r.byZh, r.byEn ?? r.byZh),
      DocumentCount: r.b.documentCount,
      Queued: r.queued,
      Posted: r.posted,
      Failed: r.failed,
    })),
    Items: items,
  };
}

type Skipped = PostingBatchResult['Skipped'][number];

/**
 * Begin batch: the selected claims (or every claim waiting) are grouped into a posting batch and their vouchers
 * queued for the ERP, in one transaction, so the batch and its calls exist together or not at all. Each claim is
 * locked and checked against its locked state: one that moved on or has nothing to send is reported, not a failure
 * of the batch; a selected id that is no claim of the company answers 404. A failed claim in the selection is resent (post_failed →
 * to_post through the lifecycle) and queued again.
 */
export async function beginBatch(
  db: Db,
  user: SessionUser,
  actor: Actor,
  body: BeginBatchBody,
  opts: { onlyFailed?: boolean } = {},
): Promise<PostingBatchResult> {
  return db.transaction(async (tx) => {
    const ids = body.All ? await repo.toPostIds(tx, actor.companyId) : [...new Set(body.IDs)].sort((a, b) => a - b);
    const batch = await repo.createBatch(tx, actor.companyId, actor.userId);
    const skipped: Skipped[] = [];
    let documents = 0;
    let queued = 0;
    // A selected claim the company does not have is not there for this user: 404, nothing done.
    if (!body.All && (await repo.countClaims(tx, actor.companyId, ids)) !== ids.length) throw notFound();
    for (const id of ids) {
      const locked = await lockDocument(tx, id);
      const d = locked?.companyId === actor.companyId ? locked : undefined;
      if (!d) {
        skipped.push({ ID: id, DocNo: '', Code: 'common.not_found' });
        continue;
      }
      const skip = (code: string) => skipped.push({ ID: id, DocNo: d.docNo, Code: code });
      if (d.status === 'post_failed') {
        try {
          await transition(
            { db: tx },
            user,
            { id, version: null, action: 'resend', requestId: actor.requestId, reach: async () => true },
            async (inner) => {
              const vs = await repo.sendableVouchers(inner, id);
              const sent = await queuePosting(
                inner,
                actor.companyId,
                vs.map((v) => v.id),
              );
              if (sent.length === 0) throw new AppError(422, 'posting.nothing_to_send');
              await repo.linkBatch(inner, batch.id, id, sent);
              queued += sent.length;
              return { to: 'to_post', detail: { batchId: batch.id, voucherIds: sent } };
            },
          );
          documents++;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          skip(err.code);
        }
        continue;
      }
      if (opts.onlyFailed || d.status !== 'to_post') {
        skip(opts.onlyFailed ? 'posting.not_failed' : 'posting.not_to_post');
        continue;
      }
      const vs = await repo.sendableVouchers(tx, id);
      if (vs.some((v) => v.state === 'failed')) {
        // A to_post claim with a failed voucher is waiting for its resend through post_failed, not for a batch.
        skip('posting.not_to_post');
        continue;
      }
      const sent = await queuePosting(
        tx,
        actor.companyId,
        vs.map((v) => v.id),
      );
      if (sent.length === 0) {
        skip('posting.nothing_to_send');
        continue;
      }
      await repo.linkBatch(tx, batch.id, id, sent);
      await audit(tx, {
        companyId: actor.companyId,
        actorId: actor.userId,
        action: 'queue_posting',
        entity: 'document',
        entityId: String(id),
        detail: { batchId: batch.id, voucherIds: sent },
        requestId: actor.requestId,
      });
      documents++;
      queued += sent.length;
    }
    if (documents === 0) {
      await repo.removeBatch(tx, batch.id);
      return { BatchID: null, Queued: 0, Skipped: skipped };
    }
    await repo.setBatchCount(tx, batch.id, documents);
    await audit(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      action: 'begin_batch',
      entity: 'posting_batch',
      entityId: String(batch.id),
      detail: { documents, vouchers: queued, skipped: skipped.length },
      requestId: actor.requestId,
    });
    return { BatchID: batch.id, Queued: queued, Skipped: skipped };
  });
}

/** The GL accounts postings use, as the technical parameters set them (the system master data tab). */
export async function settings(db: Db, actor: Actor): Promise<PostingSettings> {
  const rows = await glAccountSettings(db, actor.companyId);
  return { Rows: rows.map((r) => ({ Key: r.key, Value: r.value })) };
}

/** The ERP requests and responses of outbound jobs (the RFC log shows them under each ERP call). */
export async function erpCallsOfJobs(db: Db, companyId: number, jobIds: number[]): Promise<Map<number, ErpCallRow[]>> {
  const rows = await calls.ofJobs(db, companyId, jobIds);
  const out = new Map<number, ErpCallRow[]>();
  for (const r of rows) {
    const list = out.get(r.outboundJobId ?? 0) ?? [];
    list.push(calls.toRow(r));
    out.set(r.outboundJobId ?? 0, list);
  }
  return out;
}
