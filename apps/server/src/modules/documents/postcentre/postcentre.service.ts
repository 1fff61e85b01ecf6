import type {
  Culture,
  PostBatch,
  PostCenterBatchResult,
  PostCenterPage,
  PostCenterReceived,
  PostCenterRow,
  SearchPostCenterBody,
} from '@ems/contracts';
import type { AppContext, DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { AppError, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { cappedTotal } from '../../../core/list';
import { audit } from '../../audit/audit.service';
import { transition } from '../lifecycle/transition';
import * as repo from './postcentre.repository';

/** The post centre's clerk reaches every document of the company (transition checks the company). */
const companyWide = async () => true;

function toRow(r: repo.PostRow, culture: Culture): PostCenterRow {
  const d = r.d;
  return {
    ID: d.id,
    DocNo: d.docNo,
    DocType: d.docType,
    Status: d.status,
    ApplicantCode: r.applicantCode,
    ApplicantName: localName(culture, r.applicantZh, r.applicantEn),
    TeamName: r.teamZh === null ? null : localName(culture, r.teamZh, r.teamEn ?? r.teamZh),
    Currency: d.currency,
    TotalAmount: d.totalAmount,
    TotalAmountCNY: d.totalAmountCny,
    Reason: d.reason,
    ApprovedAt: d.approvedAt?.toISOString() ?? null,
    ReceivedAt: r.receivedAt?.toISOString() ?? null,
    Version: d.version,
  };
}

async function batchOf(db: Db, user: SessionUser): Promise<PostBatch> {
  const open = await repo.openBatch(db, user.companyId, user.userId);
  return open
    ? { BatchID: open.b.id, OpenedAt: open.b.openedAt.toISOString(), Count: open.n }
    : { BatchID: null, OpenedAt: null, Count: 0 };
}

/** Documents awaiting their paper, or the clerk's open batch, with the batch's summary. */
export async function search(
  db: Db,
  user: SessionUser,
  q: SearchPostCenterBody,
  culture: Culture,
): Promise<PostCenterPage> {
  const batch = await batchOf(db, user);
  if (q.View === 'batch') {
    if (batch.BatchID === null) return { Total: 0, Rows: [], Batch: batch };
    const { total, rows } = await repo.batchRows(db, batch.BatchID, q);
    return { Total: total, Rows: rows.map((r) => toRow(r, culture)), Batch: batch };
  }
  const { counted, limit, rows } = await repo.awaiting(db, user.companyId, q);
  return { ...cappedTotal(counted, limit), Rows: rows.map((r) => toRow(r, culture)), Batch: batch };
}

/**
 * The paper of one document arrived: its number (scanned from the barcode or typed) moves it from approved to
 * received, into the clerk's open batch (opened by this scan when none is). A scanner knows no version: the row
 * lock and the lifecycle check against the locked state make a second scan of the same paper a coded refusal.
 */
export async function receive(
  ctx: DbContext,
  user: SessionUser,
  docNo: string,
  culture: Culture,
  requestId: string,
): Promise<PostCenterReceived> {
  const found = await repo.byNumber(ctx.db, user.companyId, docNo.trim());
  if (!found) throw notFound('postcentre.unknown_number');
  await transition(
    ctx,
    user,
    {
      id: found.id,
      version: null,
      action: 'receive',
      requestId,
      reach: companyWide,
      lostRaceIsConflict: 'postcentre.not_awaiting',
    },
    async (tx, d) => {
      if (!(await repo.mailingNeeded(tx, d.id))) throw refused('postcentre.no_mailing_needed', { docNo: d.docNo });
      const batchId = await repo.ensureOpenBatch(tx, user.companyId, user.userId);
      // A document comes back to the post centre after a return: its earlier receipt gives way to this one.
      await repo.removeReceipt(tx, d.id);
      await repo.addReceipt(tx, { batchId, documentId: d.id, receivedBy: user.userId });
      return { to: 'received', detail: { batchId } };
    },
  );
  const row = await repo.rowById(ctx.db, found.id);
  if (!row) throw notFound();
  return { Row: toRow(row, culture), Batch: await batchOf(ctx.db, user) };
}

type BatchAction = { action: 'return_mail'; reason: string } | { action: 'unreceive' };

/**
 * Return all (the paper goes back to its owners, who are told why) or delete all (the scans were a mistake; the
 * documents await their paper again) of the clerk's open batch, then the batch closes. One transition per
 * document; a document already taken on from the batch (into review) stays where it is and is not counted.
 */
export async function settleBatch(
  ctx: AppContext,
  user: SessionUser,
  batchId: number,
  what: BatchAction,
  requestId: string,
): Promise<PostCenterBatchResult> {
  const count = await ctx.db.transaction(async (tx) => {
    const batch = await repo.lockOwnBatch(tx, batchId, user.companyId, user.userId);
    if (!batch) throw notFound('postcentre.batch_not_found');
    let moved = 0;
    for (const id of await repo.receiptDocuments(tx, batchId)) {
      try {
        await transition(
          { db: tx },
          user,
          {
            id,
            version: null,
            action: what.action,
            call: `postcentre:${batchId}`,
            requestId,
            reach: companyWide,
            lostRaceIsConflict: true,
          },
          async (inner, d) => {
            await repo.removeReceipt(inner, d.id);
            return what.action === 'return_mail'
              ? {
                  to: 'returned',
                  comment: what.reason,
                  notify: { to: d.applicantId, template: 'workflow.mail.returned' },
                  detail: { batchId },
                }
              : { to: 'approved', detail: { batchId } };
          },
        );
        moved++;
      } catch (err) {
        if (!(err instanceof AppError && err.status === 409)) throw err;
      }
    }
    await repo.closeBatch(tx, batchId);
    await audit(tx, {
      companyId: user.companyId,
      actorId: user.userId,
      action: what.action === 'return_mail' ? 'return_all' : 'delete_all',
      entity: 'post_batch',
      entityId: batchId,
      detail: { count: moved },
      requestId,
    });
    return moved;
  });
  return { Count: count, Batch: await batchOf(ctx.db, user) };
}

/** The clerk hands the batch on: it closes with its documents received, and the next scan opens a new one. */
export async function closeBatch(
  ctx: DbContext,
  user: SessionUser,
  batchId: number,
  requestId: string,
): Promise<PostBatch> {
  await ctx.db.transaction(async (tx) => {
    const batch = await repo.lockOwnBatch(tx, batchId, user.companyId, user.userId);
    if (!batch) throw notFound('postcentre.batch_not_found');
    await repo.closeBatch(tx, batchId);
    await audit(tx, {
      companyId: user.companyId,
      actorId: user.userId,
      action: 'close',
      entity: 'post_batch',
      entityId: batchId,
      requestId,
    });
  });
  return batchOf(ctx.db, user);
}
