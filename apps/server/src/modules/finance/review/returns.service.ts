import type {
  Culture,
  ReReceiveBody,
  ReturnDetail,
  ReturnPage,
  ReturnRow,
  SaveReturnDetailBody,
  SaveReturnMainBody,
  SearchReturnsBody,
} from '@ems/contracts';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { conflict, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { renderPdf } from '../../../core/pdf';
import { audit } from '../../audit/audit.service';
import { transition } from '../../documents/lifecycle/transition';
import * as repo from './review.repository';
import { companyWide, requireReason } from './review.service';

const name = (culture: Culture, zh: string | null, en: string | null) =>
  zh === null ? null : localName(culture, zh, en ?? zh);

function toReturn(r: repo.ReturnRowData, culture: Culture): ReturnRow {
  const open = r.r.state === 'open';
  const resubmitted = open && r.docStatus !== 'returned';
  return {
    ReturnID: r.r.id,
    DocumentID: r.r.documentId,
    DocNo: r.docNo,
    DocType: r.docType,
    DocStatus: r.docStatus,
    ApplicantName: localName(culture, r.applicantZh, r.applicantEn),
    TeamName: name(culture, r.teamZh, r.teamEn),
    Currency: r.currency,
    TotalAmount: r.totalAmount,
    Source: r.r.source,
    ReasonID: r.r.reasonId,
    ReasonName: name(culture, r.reasonZh, r.reasonEn),
    Comment: r.r.comment,
    ReturnedAt: r.r.returnedAt.toISOString(),
    ReturnedByName: name(culture, r.byZh, r.byEn),
    State: resubmitted ? 'resubmitted' : r.r.state,
    PaperSentAt: r.r.paperSentAt,
    TrackingNo: r.r.trackingNo,
    Remark: r.r.remark,
    ReReceivable: Boolean(r.latest) && open && r.docStatus === 'returned' && r.docVersion === r.r.versionAfter,
    Version: r.r.version,
  };
}

/** Search: return slips, those still with their owners (open) or all, newest first. */
export async function search(db: Db, user: SessionUser, q: SearchReturnsBody, culture: Culture): Promise<ReturnPage> {
  const { total, rows } = await repo.searchReturns(db, user.companyId, {
    open: q.View === 'open',
    keyword: q.Keyword,
    docType: q.DocType,
    reasonId: q.ReasonID,
    assigneeId: q.AssigneeID,
    page: q,
  });
  return { Total: total, Rows: rows.map((r) => toReturn(r, culture)) };
}

/** How many slips the returns centre's open view lists: documents finance sent back, still with their owners. */
export function openReturnCount(db: Db, companyId: number): Promise<number> {
  return repo.countOpenReturns(db, companyId);
}

async function found(db: Db, user: SessionUser, returnId: number) {
  const r = await repo.returnById(db, user.companyId, returnId);
  if (!r) throw notFound();
  return r;
}

/** LoadMain: one return slip. */
export async function loadMain(db: Db, user: SessionUser, returnId: number, culture: Culture): Promise<ReturnRow> {
  return toReturn(await found(db, user, returnId), culture);
}

/** LoadDetail: one return slip with its itemised problems. */
export async function loadDetail(db: Db, user: SessionUser, returnId: number, culture: Culture): Promise<ReturnDetail> {
  const main = await found(db, user, returnId);
  const items = await repo.returnItems(db, returnId);
  return {
    Main: toReturn(main, culture),
    Items: items.map((i) => ({
      LineNo: i.i.lineNo,
      ReasonID: i.i.reasonId,
      ReasonName: localName(culture, i.reasonZh, i.reasonEn),
      Remark: i.i.remark,
    })),
  };
}

/** SaveMain: how the paper went back to its owner (date, courier number) and a remark, at the version seen. */
export async function saveMain(ctx: AppContext, user: SessionUser, body: SaveReturnMainBody, requestId: string) {
  await ctx.db.transaction(async (tx) => {
    const r = await repo.lockReturn(tx, user.companyId, body.ReturnID);
    if (!r) throw notFound();
    if (r.version !== body.Version) throw conflict('common.stale_version');
    const values = {
      paperSentAt: body.PaperSentAt ?? null,
      trackingNo: body.TrackingNo ?? null,
      remark: body.Remark ?? null,
    };
    if (!(await repo.updateReturn(tx, r.id, r.version, values))) throw conflict('common.stale_version');
    await audit(tx, {
      companyId: user.companyId,
      actorId: user.userId,
      action: 'update',
      entity: 'document_return',
      entityId: r.id,
      detail: values,
      requestId,
    });
  });
}

/** SaveDetail: the slip's itemised problems replaced, each a chargeback reason of the company with a remark. */
export async function saveDetail(ctx: AppContext, user: SessionUser, body: SaveReturnDetailBody, requestId: string) {
  for (const it of body.Items) await requireReason(ctx.db, user.companyId, 'chargeback', it.ReasonID);
  await ctx.db.transaction(async (tx) => {
    const r = await repo.lockReturn(tx, user.companyId, body.ReturnID);
    if (!r) throw notFound();
    if (r.version !== body.Version) throw conflict('common.stale_version');
    const items = body.Items.map((i) => ({ reasonId: i.ReasonID, remark: i.Remark ?? null }));
    await repo.replaceReturnItems(tx, r.id, items);
    if (!(await repo.updateReturn(tx, r.id, r.version, {}))) throw conflict('common.stale_version');
    await audit(tx, {
      companyId: user.companyId,
      actorId: user.userId,
      action: 'update_items',
      entity: 'document_return',
      entityId: r.id,
      detail: { items },
      requestId,
    });
  });
}

/**
 * ReReceive: the returned paper came back as it was: the document, untouched by its owner since the return (its
 * version is the one the return left), is received at SSC again without a new approval. A document its owner changed
 * must be resubmitted instead; only the newest return of a document can be received again.
 */
export async function reReceive(ctx: AppContext, user: SessionUser, body: ReReceiveBody, requestId: string) {
  await ctx.db.transaction(async (tx) => {
    const r = await repo.lockReturn(tx, user.companyId, body.ReturnID);
    if (!r) throw notFound();
    if (r.version !== body.Version) throw conflict('common.stale_version');
    const latest = await repo.lockLatestReturn(tx, r.documentId);
    if (latest?.id !== r.id || r.state !== 'open') throw refused('review.return_closed');
    await transition(
      { db: tx },
      user,
      { id: r.documentId, version: null, action: 're_receive', requestId, reach: companyWide },
      async (inner, d) => {
        if (d.version !== r.versionAfter) throw refused('review.document_changed', { docNo: d.docNo });
        await repo.updateReturn(inner, r.id, r.version, {
          state: 're_received',
          reReceivedAt: new Date(),
          reReceivedBy: user.userId,
        });
        return { to: 'received', comment: body.Comment ?? null, detail: { returnId: r.id } };
      },
    );
  });
}

/** Print: the return slip as a bilingual PDF with the document's barcode, its reason and itemised problems. */
export async function print(ctx: AppContext, user: SessionUser, returnId: number) {
  const r = await found(ctx.db, user, returnId);
  const items = await repo.returnItems(ctx.db, returnId);
  const label = (key: string) => ctx.messages.both(key);
  const both = (zh: string | null, en: string | null) => (zh === null ? '' : zh === en || !en ? zh : `${zh} ${en}`);
  const title = label('review.print.returnTitle');
  const pdf = await renderPdf({ title: `${title} ${r.docNo}` }, async (_doc, kit) => {
    await kit.barcode(r.docNo);
    kit.heading(title);
    kit.fields([
      [label('review.field.docNo'), r.docNo],
      [label('review.field.applicant'), both(r.applicantZh, r.applicantEn)],
      [label('review.field.team'), both(r.teamZh, r.teamEn)],
      [label('review.field.amount'), `${r.currency} ${r.totalAmount}`],
      [label('review.field.source'), label(`review.source.${r.r.source}`)],
      [label('review.field.reason'), both(r.reasonZh, r.reasonEn)],
      [label('review.field.comment'), r.r.comment ?? ''],
      [label('review.field.returnedAt'), r.r.returnedAt.toISOString().slice(0, 16).replace('T', ' ')],
      [label('review.field.returnedBy'), both(r.byZh, r.byEn)],
      [label('review.field.paperSentAt'), r.r.paperSentAt ?? ''],
      [label('review.field.trackingNo'), r.r.trackingNo ?? ''],
      [label('review.field.remark'), r.r.remark ?? ''],
    ]);
    if (items.length)
      kit.table(
        [
          { header: '#', width: 30, value: (i: (typeof items)[number]) => String(i.i.lineNo) },
          { header: label('review.field.reason'), width: 220, value: (i) => both(i.reasonZh, i.reasonEn) },
          { header: label('review.field.remark'), value: (i) => i.i.remark ?? '' },
        ],
        items,
      );
  });
  return { fileName: `return-${r.docNo}.pdf`, pdf };
}
