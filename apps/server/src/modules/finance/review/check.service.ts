import type {
  BackOrderBody,
  CancelWriteOffBody,
  CheckOrderListBody,
  CheckPassBody,
  Culture,
  DocState,
  ReviewPage,
} from '@ems/contracts';
import { not, type SQL } from 'drizzle-orm';
import type { BatchContext } from '../../../core/context';
import { refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { cappedTotal } from '../../../core/list';
import { transition } from '../../documents/lifecycle/transition';
import { writeDocumentVoucher } from '../entries/document-voucher.service';
import { cancelOpenVouchers, vouchersOfDocument } from '../entries/voucher.service';
import * as repo from './review.repository';
import { companyWide, requireReason, runBatch, sendBack, specialRule, toRow } from './review.service';

const AT_SSC: DocState[] = ['received', 'reviewing'];

/**
 * The write-off screen's lists: the normal or the special check of documents waiting for review (received, in
 * review, or approved with no paper to wait for), optionally with approved ones still awaiting their paper, or only
 * those needing no mailing;
 * or what was written off and may still be cancelled (passed, the voucher not yet sent).
 */
export async function orderList(
  ctx: BatchContext,
  user: SessionUser,
  q: CheckOrderListBody,
  culture: Culture,
): Promise<ReviewPage> {
  const special = await specialRule(ctx.db, user.companyId);
  let states: DocState[];
  const where: (SQL | undefined)[] = [];
  if (q.Check === 'written') {
    states = ['to_post'];
  } else {
    // Approved documents needing no mailing wait for review as much as received ones: every list of the normal and
    // special check holds them (with their no-mailing mark); those still waiting for paper only when asked.
    states = [...AT_SSC, 'approved'];
    where.push(q.Check === 'special' ? special : not(special));
  }
  const { counted, limit, rows } = await repo.reviewList(ctx.db, {
    companyId: user.companyId,
    states,
    keyword: q.Keyword,
    docType: q.DocType,
    assigneeId: q.AssigneeID,
    where,
    approved: q.Check === 'written' ? undefined : q.IncludeNotReceived ? 'all' : 'noMailing',
    noMailingOnly: q.NoMailingOnly ?? false,
    special,
    page: q,
  });
  return { ...cappedTotal(counted, limit), Rows: rows.map((r) => toRow(r, culture)) };
}

/**
 * Pass of the selected documents (write-off): the voucher is written through the entries' one function inside the
 * pass's transition, and the document moves to to_post. A document of the other check list is refused. An approved
 * document first moves to review in the same transaction: at once when it needs no mailing (every fapiao
 * electronic), otherwise only when the reviewer confirmed its paper was not received.
 */
export async function pass(
  ctx: BatchContext,
  user: SessionUser,
  check: 'normal' | 'special',
  body: CheckPassBody,
  culture: Culture,
  requestId: string,
) {
  const special = await specialRule(ctx.db, user.companyId);
  const versions = new Map(body.Items.map((i) => [i.ID, i.Version]));
  return runBatch(ctx, user.companyId, culture, [...versions.keys()], (id) =>
    ctx.db.transaction(async (tx) => {
      const facts = await repo.documentFacts(tx, id, special);
      if (!facts) throw refused('review.not_found');
      if (Boolean(facts.special) !== (check === 'special'))
        throw refused(check === 'special' ? 'review.not_special' : 'review.needs_special_check', {
          docNo: facts.docNo,
        });
      let version: number | null = versions.get(id) ?? null;
      if (facts.status === 'approved') {
        await transition(
          { db: tx },
          user,
          { id, version, action: 'skip_mailing', requestId, reach: companyWide, call: `writeoff:${check}` },
          async (inner, d) => {
            const paper = await repo.documentFacts(inner, d.id, special);
            if (paper?.needsMailing && !body.ConfirmNotReceived)
              throw refused('review.not_received_unconfirmed', { docNo: d.docNo });
            return {
              to: 'reviewing',
              comment: paper?.needsMailing ? 'not_received_confirmed' : 'no_mailing',
              detail: { notReceived: paper?.needsMailing ?? false },
            };
          },
        );
        version = null;
      }
      await transition(
        { db: tx },
        user,
        { id, version, action: 'pass', requestId, reach: companyWide, call: `writeoff:${check}` },
        async (inner, d) => {
          const v = await writeDocumentVoucher(inner, d);
          return { to: 'to_post', detail: { voucherId: v.id, check, amount: v.amount } };
        },
      );
    }),
  );
}

/** BackOrder (no-pass): the documents go back to their owners with the reason, each told; a return slip is kept. */
export async function backOrder(
  ctx: BatchContext,
  user: SessionUser,
  body: BackOrderBody,
  culture: Culture,
  requestId: string,
) {
  const reason = await requireReason(ctx.db, user.companyId, 'chargeback', body.ReasonID);
  const versions = new Map(body.Items.map((i) => [i.ID, i.Version]));
  return runBatch(ctx, user.companyId, culture, [...versions.keys()], (id) =>
    transition(
      ctx,
      user,
      { id, version: versions.get(id) ?? null, action: 'no_pass', requestId, reach: companyWide },
      (tx, d) => sendBack(tx, d, { source: 'no_pass', reason, comment: body.Comment, by: user.userId }),
    ),
  );
}

/**
 * Write-off cancel: a passed document goes back to review and its open voucher is withdrawn; refused once the voucher
 * was handed to the ERP (queued, posted or failed). The voucher row is changed only while open, so a posting that
 * queues it at the same moment either waits for this transaction or wins and this refusal follows.
 */
export async function cancelWriteOff(
  ctx: BatchContext,
  user: SessionUser,
  body: CancelWriteOffBody,
  culture: Culture,
  requestId: string,
) {
  const versions = new Map(body.Items.map((i) => [i.ID, i.Version]));
  return runBatch(ctx, user.companyId, culture, [...versions.keys()], (id) =>
    transition(
      ctx,
      user,
      { id, version: versions.get(id) ?? null, action: 'writeoff_cancel', requestId, reach: companyWide },
      async (tx, d) => {
        const cancelled = await withdrawVouchers(tx, d.id, d.docNo);
        return { to: 'reviewing', comment: body.Comment ?? null, detail: { cancelledVouchers: cancelled } };
      },
    ),
  );
}

/** Withdraws a document's open vouchers; refused when one already went to the ERP. Answers how many. */
export async function withdrawVouchers(
  tx: Parameters<typeof cancelOpenVouchers>[0],
  documentId: number,
  docNo: string,
) {
  const sent = (v: { state: string }) => v.state === 'queued' || v.state === 'posted' || v.state === 'failed';
  if ((await vouchersOfDocument(tx, documentId)).some(sent)) throw refused('review.voucher_sent', { docNo });
  const n = await cancelOpenVouchers(tx, documentId);
  // Read again after the update: a voucher queued concurrently was skipped by it and shows here.
  if ((await vouchersOfDocument(tx, documentId)).some(sent)) throw refused('review.voucher_sent', { docNo });
  return n;
}
