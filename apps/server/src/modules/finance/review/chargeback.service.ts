import type {
  ChargebackNewOrderBody,
  ChargebackOrderDataBody,
  Culture,
  DocState,
  ReviewPage,
  SaveSTOrderBody,
} from '@ems/contracts';
import type { BatchContext } from '../../../core/context';
import { notFound } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { cappedTotal } from '../../../core/list';
import { renderPdf } from '../../../core/pdf';
import { transition } from '../../documents/lifecycle/transition';
import { withdrawVouchers } from './check.service';
import * as repo from './review.repository';
import { companyWide, reasonText, requireReason, runBatch, sendBack, specialRule, toRow } from './review.service';

/** Where a chargeback may come from: at SSC, held, or passed with the voucher not yet sent. */
const OPEN: DocState[] = ['received', 'reviewing', 'to_post'];

/** OrderData: the chargeback screen's documents, at SSC (open) or held (S.T.). */
export async function orderData(
  ctx: BatchContext,
  user: SessionUser,
  q: ChargebackOrderDataBody,
  culture: Culture,
): Promise<ReviewPage> {
  const special = await specialRule(ctx.db, user.companyId);
  const { counted, limit, rows } = await repo.reviewList(ctx.db, {
    companyId: user.companyId,
    states: q.View === 'held' ? ['held'] : OPEN,
    keyword: q.Keyword,
    docType: q.DocType,
    assigneeId: q.AssigneeID,
    where: q.View === 'held' ? [] : [repo.noVoucherSent()],
    special,
    page: q,
  });
  return { ...cappedTotal(counted, limit), Rows: rows.map((r) => toRow(r, culture)) };
}

/**
 * ChargebackNewOrder: batch chargeback, every document with its own reason (the body requires one per document).
 * Each goes back to its owner, who is told; its open voucher is withdrawn (refused once sent); a return slip is kept.
 */
export async function chargeback(
  ctx: BatchContext,
  user: SessionUser,
  body: ChargebackNewOrderBody,
  culture: Culture,
  requestId: string,
) {
  const items = new Map(body.Items.map((i) => [i.ID, i]));
  return runBatch(ctx, user.companyId, culture, [...items.keys()], async (id) => {
    const item = items.get(id);
    if (!item) throw notFound();
    const reason = await requireReason(ctx.db, user.companyId, 'chargeback', item.ReasonID);
    return transition(
      ctx,
      user,
      { id, version: item.Version, action: 'chargeback', requestId, reach: companyWide },
      async (tx, d) => {
        const cancelledVouchers = d.status === 'to_post' ? await withdrawVouchers(tx, d.id, d.docNo) : 0;
        return sendBack(tx, d, {
          source: 'chargeback',
          reason,
          comment: item.Comment,
          by: user.userId,
          detail: { cancelledVouchers },
        });
      },
    );
  });
}

/** SaveSTOrder: batch S.T. hold with an S.T. reason (kept on the review case), or release back to review. */
export async function saveST(
  ctx: BatchContext,
  user: SessionUser,
  body: SaveSTOrderBody,
  culture: Culture,
  requestId: string,
) {
  const reason = body.Action === 'hold' ? await requireReason(ctx.db, user.companyId, 'st', body.ReasonID) : null;
  const versions = new Map(body.Items.map((i) => [i.ID, i.Version]));
  return runBatch(ctx, user.companyId, culture, [...versions.keys()], (id) =>
    transition(
      ctx,
      user,
      { id, version: versions.get(id) ?? null, action: body.Action, requestId, reach: companyWide },
      async (tx, d) => {
        if (!reason) {
          await repo.clearHold(tx, d.id);
          return { to: 'reviewing', comment: body.Comment ?? null };
        }
        const c = await repo.lockCase(tx, d.companyId, d.id);
        await repo.updateCase(tx, c.id, {
          holdReasonId: reason.id,
          holdComment: body.Comment ?? null,
          heldAt: new Date(),
        });
        return { to: 'held', comment: reasonText(reason, body.Comment), detail: { reasonId: reason.id } };
      },
    ),
  );
}

/** PrintOrder: the selected documents as a bilingual chargeback / S.T. list, with each one's reason. */
export async function printOrder(ctx: BatchContext, user: SessionUser, ids: number[]) {
  const rows = await repo.printRows(ctx.db, user.companyId, ids, await specialRule(ctx.db, user.companyId));
  if (rows.length === 0) throw notFound();
  const label = (key: string) => ctx.messages.both(key);
  const both = (zh: string | null, en: string | null) => (zh === null ? '' : zh === en || !en ? zh : `${zh} ${en}`);
  const title = label('review.print.chargebackTitle');
  const pdf = await renderPdf({ title, layout: 'landscape' }, (_doc, kit) => {
    kit.heading(title);
    kit.fields([
      [label('review.print.printedAt'), new Date().toISOString().slice(0, 16).replace('T', ' ')],
      [label('review.print.count'), String(rows.length)],
    ]);
    kit.table(
      [
        { header: label('review.field.docNo'), width: 110, value: (r: (typeof rows)[number]) => r.d.docNo },
        { header: label('review.field.applicant'), width: 110, value: (r) => both(r.applicantZh, r.applicantEn) },
        { header: label('review.field.status'), width: 90, value: (r) => label(`doc.status.${r.d.status}`) },
        { header: label('review.field.amountCny'), width: 80, align: 'right', value: (r) => r.d.totalAmountCny },
        { header: label('review.field.reason'), value: (r) => both(r.holdZh ?? r.returnZh, r.holdEn ?? r.returnEn) },
      ],
      rows,
    );
  });
  return { fileName: `chargeback-${new Date().toISOString().slice(0, 10)}.pdf`, pdf };
}
