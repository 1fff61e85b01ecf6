import type { Db } from '../../../core/db';
import { systemUser, transition } from '../../documents/lifecycle/transition';
import { enqueue, type OutboundHandler } from '../../outbound/outbound.service';
import { entriesOf } from '../entries/voucher.service';
import { writeOffLoansOnPosting } from '../loans/loans.service';
import { erpGateway } from './erp.gateway';
import * as repo from './posting.repository';

/**
 * Sends vouchers to the ERP: each open (or failed) voucher is marked queued and its call recorded in the caller's
 * transaction (the outbox, DESIGN §13), so it is sent exactly when the caller commits. Answers the ids queued.
 */
export async function queuePosting(tx: Db, companyId: number, voucherIds: number[]): Promise<number[]> {
  const moved = await repo.markQueued(tx, companyId, voucherIds);
  for (const v of moved) await enqueue(tx, 'erp', { voucherId: v.id }, v.companyId);
  return moved.map((v) => v.id);
}

/**
 * The ERP job: sends one queued voucher and records the ERP's answer. A document's voucher moves the document to
 * posted or post_failed with it. A call that could not reach the ERP throws, so the queue tries again; the posting
 * reference makes the repeat harmless.
 */
export function erpJob(db: Db): OutboundHandler {
  return async (payload, { requestId }) => {
    const { voucherId } = payload as { voucherId: number };
    const [v] = await db.transaction(async (tx) => [await repo.lockVoucher(tx, voucherId)]);
    if (!v || v.state !== 'queued') return;
    const entries = await entriesOf(db, [v.id]);
    const reply = await erpGateway().post({
      postingRef: v.postingRef,
      companyCode: String(v.companyId),
      kind: v.kind,
      postingDate: v.postingDate,
      period: v.period,
      reference: v.documentId ? String(v.documentId) : null,
      entries: entries.map((e) => ({
        side: e.side,
        glAccount: e.glAccount,
        amount: e.amount,
        currency: e.currency,
        amountOriginal: e.amountOriginal,
        costCentre: e.costCentreId ? String(e.costCentreId) : null,
        internalOrder: e.internalOrderId ? String(e.internalOrderId) : null,
        product: e.productId ? String(e.productId) : null,
        employee: e.employeeId ? String(e.employeeId) : null,
        text: e.text,
      })),
    });
    const rid = requestId ?? 'erp';
    if (v.documentId && (v.kind === 'expense' || v.kind === 'loan')) {
      await transition(
        { db },
        systemUser(v.companyId),
        {
          id: v.documentId,
          version: null,
          action: reply.ok ? 'post_ok' : 'post_fail',
          requestId: rid,
          reach: async () => true,
        },
        async (tx) => {
          await repo.settle(
            tx,
            v.id,
            reply.ok ? { state: 'posted', erpDocNo: reply.erpDocNo } : { state: 'failed', lastError: reply.error },
          );
          if (reply.ok) await writeOffLoansOnPosting(tx, v.documentId!);
          return reply.ok
            ? { to: 'posted', detail: { voucherId: v.id, erpDocNo: reply.erpDocNo } }
            : { to: 'post_failed', comment: reply.error, detail: { voucherId: v.id } };
        },
      );
      return;
    }
    await db.transaction((tx) =>
      repo.settle(
        tx,
        v.id,
        reply.ok ? { state: 'posted', erpDocNo: reply.erpDocNo } : { state: 'failed', lastError: reply.error },
      ),
    );
  };
}
