import type { SearchOrderDataBody } from '@ems/contracts';
import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db';
import { keywordIn, paged } from '../../../core/list';
import { document } from '../../documents/document.table';
import { costCentre, internalOrder } from '../../masterdata/costcentre.table';
import { product } from '../../masterdata/reference.table';
import { employee } from '../../org/org.table';
import { company } from '../../system/system.table';
import { accountingEntry, voucher } from '../entries/entries.table';
import { postingBatch, postingBatchVoucher } from './posting.table';

/** The voucher kinds that book a document (and move it to posted or post_failed). */
export const DOCUMENT_KINDS = ['expense', 'loan'] as const;

/** Marks vouchers sent (open or failed before); answers those that moved. */
export async function markQueued(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .update(voucher)
    .set({ state: 'queued', lastError: null, updatedAt: new Date() })
    .where(and(eq(voucher.companyId, companyId), inArray(voucher.id, ids), inArray(voucher.state, ['open', 'failed'])))
    .returning({ id: voucher.id, companyId: voucher.companyId });
}

export async function lockVoucher(db: Db, id: number) {
  const [row] = await db.select().from(voucher).where(eq(voucher.id, id)).for('update');
  return row;
}

export async function findVoucher(db: Db, id: number) {
  const [row] = await db.select().from(voucher).where(eq(voucher.id, id));
  return row;
}

/** Records the ERP's answer on a voucher still queued; answers whether it did (a repeat changes nothing). */
export async function settle(
  db: Db,
  id: number,
  v: { state: 'posted' | 'failed'; erpDocNo?: string; lastError?: string | null },
): Promise<boolean> {
  const rows = await db
    .update(voucher)
    .set({ ...v, version: sql`${voucher.version} + 1`, updatedAt: new Date() })
    .where(and(eq(voucher.id, id), eq(voucher.state, 'queued')))
    .returning({ id: voucher.id });
  return rows.length > 0;
}

/**
 * What the ERP needs in its own codes: the company's SAP code, the document's number and submission, the entries'
 * master codes (a cost centre's SAP code where it has one, and its profit centre; an internal order's cost centre's
 * profit centre when the line has no cost centre).
 */
export async function erpCodes(db: Db, v: { companyId: number; documentId: number | null; id: number }) {
  const [c] = await db
    .select({ code: company.code, sapCode: company.sapCode })
    .from(company)
    .where(eq(company.id, v.companyId));
  const [d] = v.documentId
    ? await db
        .select({ docNo: document.docNo, submittedAt: document.submittedAt })
        .from(document)
        .where(eq(document.id, v.documentId))
    : [];
  const orderCentre = alias(costCentre, 'order_centre');
  const entries = await db
    .select({
      e: accountingEntry,
      costCentre: sql<string | null>`coalesce(nullif(${costCentre.sapCode}, ''), ${costCentre.code})`,
      profitCentre: sql<string | null>`coalesce(${costCentre.profitCentre}, ${orderCentre.profitCentre})`,
      internalOrder: internalOrder.code,
      product: product.code,
      employee: employee.code,
    })
    .from(accountingEntry)
    .leftJoin(costCentre, eq(costCentre.id, accountingEntry.costCentreId))
    .leftJoin(internalOrder, eq(internalOrder.id, accountingEntry.internalOrderId))
    .leftJoin(orderCentre, eq(orderCentre.id, internalOrder.costCentreId))
    .leftJoin(product, eq(product.id, accountingEntry.productId))
    .leftJoin(employee, eq(employee.id, accountingEntry.employeeId))
    .where(eq(accountingEntry.voucherId, v.id))
    .orderBy(accountingEntry.lineNo);
  return {
    companyCode: c?.sapCode || c?.code || String(v.companyId),
    docNo: d?.docNo ?? null,
    submittedAt: d?.submittedAt ?? null,
    entries,
  };
}

/** A document's vouchers that book it and may be sent: open, or failed before. */
export async function sendableVouchers(db: Db, documentId: number) {
  return db
    .select({ id: voucher.id, state: voucher.state })
    .from(voucher)
    .where(
      and(
        eq(voucher.documentId, documentId),
        inArray(voucher.kind, [...DOCUMENT_KINDS]),
        inArray(voucher.state, ['open', 'failed']),
      ),
    )
    .orderBy(voucher.id);
}

/** How many of the ids are claims (deputy documents) of the company. */
export async function countClaims(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(document)
    .where(and(eq(document.companyId, companyId), eq(document.docType, 'deputy'), inArray(document.id, ids)));
  return row?.n ?? 0;
}

/** Every claim of the company waiting to be sent: to_post with an open voucher. */
export async function toPostIds(db: Db, companyId: number) {
  const rows = await db
    .selectDistinct({ id: document.id })
    .from(document)
    .innerJoin(voucher, and(eq(voucher.documentId, document.id), eq(voucher.state, 'open')))
    .where(and(eq(document.companyId, companyId), eq(document.status, 'to_post'), eq(document.docType, 'deputy')))
    .orderBy(document.id)
    .limit(5000);
  return rows.map((r) => r.id);
}

export async function createBatch(db: Db, companyId: number, createdBy: number) {
  const [row] = await db.insert(postingBatch).values({ companyId, createdBy }).returning();
  return row!;
}

export async function linkBatch(db: Db, batchId: number, documentId: number, voucherIds: number[]) {
  if (voucherIds.length === 0) return;
  await db
    .insert(postingBatchVoucher)
    .values(voucherIds.map((voucherId) => ({ batchId, voucherId, documentId })))
    .onConflictDoNothing();
}

export async function setBatchCount(db: Db, batchId: number, documentCount: number) {
  await db.update(postingBatch).set({ documentCount, updatedAt: new Date() }).where(eq(postingBatch.id, batchId));
}

export async function removeBatch(db: Db, batchId: number) {
  await db.delete(postingBatch).where(eq(postingBatch.id, batchId));
}

/** The claims of one view, newest first, with their latest booking voucher. */
export async function orders(db: Db, companyId: number, q: SearchOrderDataBody, batchId?: number) {
  const where = and(
    eq(document.companyId, companyId),
    eq(document.docType, 'deputy'),
    batchId === undefined ? eq(document.status, q.View) : undefined,
    batchId === undefined
      ? undefined
      : sql`${document.id} in (select ${postingBatchVoucher.documentId} from ${postingBatchVoucher} where ${postingBatchVoucher.batchId} = ${batchId})`,
    keywordIn(q.Keyword, [document.docNo, employee.code, employee.nameZh, employee.nameEn]),
    q.DateFrom ? gte(document.approvedAt, new Date(`${q.DateFrom}T00:00:00+08:00`)) : undefined,
    q.DateTo
      ? lt(document.approvedAt, sql`(${q.DateTo}::date + 1)::timestamp at time zone 'Asia/Shanghai'`)
      : undefined,
  );
  const base = () =>
    db.select({ n: count() }).from(document).innerJoin(employee, eq(employee.id, document.applicantId));
  return paged(
    q,
    base().where(where),
    db
      .select({
        d: document,
        applicantCode: employee.code,
        applicantZh: employee.nameZh,
        applicantEn: employee.nameEn,
        v: sql<{
          id: number;
          state: string;
          posting_date: string;
          period: string;
          erp_doc_no: string | null;
          last_error: string | null;
        } | null>`(select row_to_json(x) from (select ${voucher.id} as id, ${voucher.state} as state, ${voucher.postingDate} as posting_date, ${voucher.period} as period, ${voucher.erpDocNo} as erp_doc_no, ${voucher.lastError} as last_error from ${voucher} where ${voucher.documentId} = ${document.id} and ${voucher.kind} in ('expense', 'loan') and ${voucher.state} <> 'cancelled' order by ${voucher.id} desc limit 1) x)`,
      })
      .from(document)
      .innerJoin(employee, eq(employee.id, document.applicantId))
      .where(where)
      .orderBy(desc(document.id)),
  );
}
export type OrderRow = Awaited<ReturnType<typeof orders>>['rows'][number];

/** How many claims wait, are on their way, failed and were posted. */
export async function counts(db: Db, companyId: number) {
  const [row] = await db
    .select({
      toPost: sql<number>`count(distinct ${document.id}) filter (where ${document.status} = 'to_post' and ${voucher.state} = 'open')::int`,
      queued: sql<number>`count(distinct ${document.id}) filter (where ${document.status} = 'to_post' and ${voucher.state} = 'queued')::int`,
      failed: sql<number>`count(distinct ${document.id}) filter (where ${document.status} = 'post_failed')::int`,
      posted: sql<number>`count(distinct ${document.id}) filter (where ${document.status} = 'posted')::int`,
    })
    .from(document)
    .innerJoin(voucher, and(eq(voucher.documentId, document.id), inArray(voucher.kind, [...DOCUMENT_KINDS])))
    .where(
      and(
        eq(document.companyId, companyId),
        eq(document.docType, 'deputy'),
        inArray(document.status, ['to_post', 'post_failed', 'posted']),
      ),
    );
  return row ?? { toPost: 0, queued: 0, failed: 0, posted: 0 };
}

/** Batches newest first, with how their vouchers stand now. */
export async function batches(db: Db, companyId: number, q: { PageIndex: number; PageSize: number }) {
  const where = eq(postingBatch.companyId, companyId);
  const stateCount = (state: string) =>
    sql<number>`(select count(*) from ${postingBatchVoucher} bv join ${voucher} on ${voucher.id} = bv.voucher_id where bv.batch_id = ${postingBatch.id} and ${voucher.state} = ${state})::int`;
  return paged(
    q,
    db.select({ n: count() }).from(postingBatch).where(where),
    db
      .select({
        b: postingBatch,
        byZh: employee.nameZh,
        byEn: employee.nameEn,
        queued: stateCount('queued'),
        posted: stateCount('posted'),
        failed: stateCount('failed'),
      })
      .from(postingBatch)
      .leftJoin(employee, eq(employee.id, postingBatch.createdBy))
      .where(where)
      .orderBy(desc(postingBatch.id)),
  );
}

export async function batchOf(db: Db, companyId: number, batchId: number) {
  const [row] = await db
    .select({ id: postingBatch.id })
    .from(postingBatch)
    .where(and(eq(postingBatch.id, batchId), eq(postingBatch.companyId, companyId)));
  return row;
}
