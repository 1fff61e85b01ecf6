import type {
  LoadDocumentDataBody,
  LoadRecordDataBody,
  LoadRemitDataBody,
  SearchAuditTrailLogBody,
} from '@ems/contracts';
import { POSTING_DOC_STATES } from '@ems/contracts';
import { and, count, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { EXPORT_PAGE } from '../../../core/export';
import { cappedTotal, countLimit, keywordIn, offsetOf } from '../../../core/list';
import { auditLog } from '../../audit/audit.table';
import { document } from '../../documents/document.table';
import { costCentre, internalOrder } from '../../masterdata/costcentre.table';
import { product } from '../../masterdata/reference.table';
import { employee } from '../../org/org.table';
import { accountingEntry, voucher } from '../entries/entries.table';

/**
 * The entry-management lists of the posting centre: documents, vouchers and entries, payables, audit trail. The
 * report screens (documentList, financialVouchers, paymentVoucher, auditLogs) read the same lists: their counts stop
 * ten pages ahead and their exports read keyset pages, so a year of a company's records stays quick.
 */

/** One page and its count stopped at `countLimit` (the pager then says "n+"). */
async function cappedPage<R>(
  q: { PageIndex: number; PageSize: number },
  db: Db,
  hits: { limit(n: number): { as(alias: string): unknown } },
  rows: { limit(n: number): { offset(n: number): PromiseLike<R[]> } },
) {
  const limit = countLimit(q);
  const sub = hits.limit(limit + 1).as('hits') as Parameters<ReturnType<Db['select']>['from']>[0];
  const [counted] = await db.select({ n: count() }).from(sub);
  return { ...cappedTotal(counted?.n ?? 0, limit), rows: await rows.limit(q.PageSize).offset(offsetOf(q)) };
}

const from = (day: string) => new Date(`${day}T00:00:00+08:00`);
const before = (day: string) => sql`(${day}::date + 1)::timestamp at time zone 'Asia/Shanghai'`;

const latestErpDocNo = sql<
  string | null
>`(select ${voucher.erpDocNo} from ${voucher} where ${voucher.documentId} = ${document.id} and ${voucher.state} = 'posted' order by ${voucher.id} desc limit 1)`;

function documentsWhere(companyId: number, q: LoadDocumentDataBody) {
  return and(
    eq(document.companyId, companyId),
    inArray(document.docType, q.DocType ? [q.DocType] : ['loan', 'deputy']),
    inArray(document.status, q.Status ? [q.Status] : [...POSTING_DOC_STATES]),
    keywordIn(q.Keyword, [document.docNo, employee.code, employee.nameZh, employee.nameEn]),
    q.DateFrom ? gte(document.approvedAt, from(q.DateFrom)) : undefined,
    q.DateTo ? lt(document.approvedAt, before(q.DateTo)) : undefined,
  );
}

function documentRows(db: Db) {
  return db
    .select({
      d: document,
      applicantCode: employee.code,
      applicantZh: employee.nameZh,
      applicantEn: employee.nameEn,
      erpDocNo: latestErpDocNo,
    })
    .from(document)
    .innerJoin(employee, eq(employee.id, document.applicantId));
}

/** A page of the documents and their count, stopped ten pages ahead (a report over a year of documents). */
export async function documents(db: Db, companyId: number, q: LoadDocumentDataBody) {
  const where = documentsWhere(companyId, q);
  return cappedPage(
    q,
    db,
    db.select({ one: sql`1` }).from(document).innerJoin(employee, eq(employee.id, document.applicantId)).where(where),
    documentRows(db).where(where).orderBy(desc(document.id)),
  );
}
export type DocumentRow = Awaited<ReturnType<typeof documents>>['rows'][number];

/** The export's next page: the documents after the last id read (keyset, newest first). */
export function documentsAfter(db: Db, companyId: number, q: LoadDocumentDataBody, afterId: number | undefined) {
  return documentRows(db)
    .where(and(documentsWhere(companyId, q), afterId ? lt(document.id, afterId) : undefined))
    .orderBy(desc(document.id))
    .limit(EXPORT_PAGE);
}

function vouchersWhere(companyId: number, q: LoadRecordDataBody) {
  return and(
    eq(voucher.companyId, companyId),
    q.Kind ? eq(voucher.kind, q.Kind) : undefined,
    q.State ? eq(voucher.state, q.State) : undefined,
    q.Period ? eq(voucher.period, q.Period) : undefined,
    keywordIn(q.Keyword, [document.docNo, voucher.erpDocNo]),
  );
}

const voucherRows = (db: Db) =>
  db
    .select({ v: voucher, docNo: document.docNo })
    .from(voucher)
    .leftJoin(document, eq(document.id, voucher.documentId));

export async function vouchers(db: Db, companyId: number, q: LoadRecordDataBody) {
  const where = vouchersWhere(companyId, q);
  return cappedPage(
    q,
    db,
    db.select({ one: sql`1` }).from(voucher).leftJoin(document, eq(document.id, voucher.documentId)).where(where),
    voucherRows(db).where(where).orderBy(desc(voucher.id)),
  );
}

export function vouchersAfter(db: Db, companyId: number, q: LoadRecordDataBody, afterId: number | undefined) {
  return voucherRows(db)
    .where(and(vouchersWhere(companyId, q), afterId ? lt(voucher.id, afterId) : undefined))
    .orderBy(desc(voucher.id))
    .limit(EXPORT_PAGE);
}

/** The entries of the vouchers with the master codes the ERP knows. */
export async function entries(db: Db, voucherIds: number[]) {
  if (voucherIds.length === 0) return [];
  return db
    .select({
      e: accountingEntry,
      costCentre: costCentre.code,
      internalOrder: internalOrder.code,
      product: product.code,
      employee: employee.code,
    })
    .from(accountingEntry)
    .leftJoin(costCentre, eq(costCentre.id, accountingEntry.costCentreId))
    .leftJoin(internalOrder, eq(internalOrder.id, accountingEntry.internalOrderId))
    .leftJoin(product, eq(product.id, accountingEntry.productId))
    .leftJoin(employee, eq(employee.id, accountingEntry.employeeId))
    .where(inArray(accountingEntry.voucherId, voucherIds))
    .orderBy(accountingEntry.voucherId, accountingEntry.lineNo);
}

/**
 * What posted vouchers owe each payee: the credits of the employee payable account, per document and employee.
 * (Remittance runs pay from the same payable; this list is what is due, whatever run pays it.)
 */
function payableWhere(companyId: number, payableGl: string, q: LoadRemitDataBody) {
  return and(
    eq(voucher.companyId, companyId),
    eq(voucher.state, 'posted'),
    eq(accountingEntry.side, 'C'),
    eq(accountingEntry.glAccount, payableGl),
    q.Status ? eq(document.status, q.Status) : undefined,
    keywordIn(q.Keyword, [document.docNo, employee.code, employee.nameZh, employee.nameEn]),
  );
}

/**
 * The documents with a payable of the filter, newest first (after a document, for the export's next page): read
 * from the posted vouchers' document index, so a page stops at its documents instead of grouping every payable.
 */
function payableDocuments(
  db: Db,
  companyId: number,
  payableGl: string,
  q: LoadRemitDataBody,
  afterId?: number | undefined,
) {
  const entryMatch = and(
    sql`${accountingEntry.voucherId} = ${voucher.id}`,
    eq(accountingEntry.side, 'C'),
    eq(accountingEntry.glAccount, payableGl),
    keywordIn(q.Keyword, [document.docNo, employee.code, employee.nameZh, employee.nameEn]),
  );
  return db
    .selectDistinct({ id: voucher.documentId })
    .from(voucher)
    .innerJoin(document, eq(document.id, voucher.documentId))
    .where(
      and(
        eq(voucher.companyId, companyId),
        eq(voucher.state, 'posted'),
        q.Status ? eq(document.status, q.Status) : undefined,
        afterId ? lt(voucher.documentId, afterId) : undefined,
        sql`exists (select 1 from ${accountingEntry} inner join ${employee} on ${employee.id} = ${accountingEntry.employeeId} where ${entryMatch})`,
      ),
    );
}

/** The payables of some documents: one row per document and payee. */
function payablesOf(db: Db, companyId: number, payableGl: string, q: LoadRemitDataBody, ids: number[]) {
  return db
    .select({
      documentId: document.id,
      docNo: document.docNo,
      status: document.status,
      payeeCode: employee.code,
      payeeZh: employee.nameZh,
      payeeEn: employee.nameEn,
      bankName: employee.bankName,
      bankAccount: employee.bankAccount,
      amount: sql<string>`sum(${accountingEntry.amount})::numeric(18,2)::text`,
      erpDocNo: sql<string | null>`max(${voucher.erpDocNo})`,
    })
    .from(accountingEntry)
    .innerJoin(voucher, eq(voucher.id, accountingEntry.voucherId))
    .innerJoin(document, eq(document.id, voucher.documentId))
    .innerJoin(employee, eq(employee.id, accountingEntry.employeeId))
    .where(and(payableWhere(companyId, payableGl, q), inArray(document.id, ids)))
    .groupBy(
      document.id,
      document.docNo,
      document.status,
      employee.id,
      employee.code,
      employee.nameZh,
      employee.nameEn,
      employee.bankName,
      employee.bankAccount,
    )
    .orderBy(desc(document.id), employee.code);
}

/** A page of documents with their payables, and the count of such documents (stopped ten pages ahead). */
export async function payables(db: Db, companyId: number, payableGl: string, q: LoadRemitDataBody) {
  const docs = payableDocuments(db, companyId, payableGl, q);
  const limit = countLimit(q);
  const [counted] = await db.select({ n: count() }).from(docs.limit(limit + 1).as('hits'));
  const page = await payableDocuments(db, companyId, payableGl, q)
    .orderBy(desc(voucher.documentId))
    .limit(q.PageSize)
    .offset(offsetOf(q));
  const ids = page.map((p) => p.id).filter((id): id is number => id !== null);
  return {
    ...cappedTotal(counted?.n ?? 0, limit),
    rows: ids.length ? await payablesOf(db, companyId, payableGl, q, ids) : [],
  };
}

/** The export's next page: the payables of the documents after the last one read (keyset, newest first). */
export async function payablesAfter(
  db: Db,
  companyId: number,
  payableGl: string,
  q: LoadRemitDataBody,
  afterId: number | undefined,
) {
  const page = await payableDocuments(db, companyId, payableGl, q, afterId)
    .orderBy(desc(voucher.documentId))
    .limit(EXPORT_PAGE);
  const ids = page.map((p) => p.id).filter((id): id is number => id !== null);
  return {
    lastId: ids.at(-1),
    full: page.length === EXPORT_PAGE,
    rows: ids.length ? await payablesOf(db, companyId, payableGl, q, ids) : [],
  };
}
export type PayableRow = Awaited<ReturnType<typeof payables>>['rows'][number];
export type VoucherRow = typeof voucher.$inferSelect;

/** Finance's records in the audit table: its own entities, and the documents' finance actions. */
export const FINANCE_ENTITIES = [
  'voucher',
  'posting_batch',
  'remittance_run',
  'remittance_item',
  'payment',
  'loan_balance_movement',
  'vat_adjustment',
  'fixed_asset',
] as const;
export const FINANCE_ACTIONS = [
  'receive',
  'skip_mailing',
  'unreceive',
  'return_mail',
  'start_review',
  'pass',
  'no_pass',
  'chargeback',
  'hold',
  'release',
  'queue_posting',
  'post_ok',
  'post_fail',
  'resend',
  'add_to_remittance',
  'remove_from_remittance',
  'mark_paid',
  'close',
] as const;

// The document an audit row is about, by its primary key (a text comparison would read every document).
const docJoin = eq(
  document.id,
  sql`(case when ${auditLog.entity} = 'document' and ${auditLog.entityId} ~ '^[0-9]{1,9}$' then ${auditLog.entityId}::int end)`,
);

/** Finance's part of the audit log, or with `All` (the audit-log report) every record of the company. */
function auditWhere(companyId: number, q: SearchAuditTrailLogBody) {
  return and(
    eq(auditLog.companyId, companyId),
    q.All
      ? undefined
      : or(
          inArray(auditLog.entity, [...FINANCE_ENTITIES]),
          and(eq(auditLog.entity, 'document'), inArray(auditLog.action, [...FINANCE_ACTIONS])),
        ),
    q.Entity ? eq(auditLog.entity, q.Entity) : undefined,
    q.Action ? eq(auditLog.action, q.Action) : undefined,
    q.Keyword ? or(eq(auditLog.entityId, q.Keyword), eq(document.docNo, q.Keyword.toUpperCase())) : undefined,
    q.DateFrom ? gte(auditLog.at, from(q.DateFrom)) : undefined,
    q.DateTo ? lt(auditLog.at, before(q.DateTo)) : undefined,
  );
}

const auditRows = (db: Db) =>
  db
    .select({ a: auditLog, docNo: document.docNo, actorZh: employee.nameZh, actorEn: employee.nameEn })
    .from(auditLog)
    .leftJoin(document, docJoin)
    .leftJoin(employee, eq(employee.id, auditLog.actorId));

export async function auditTrail(db: Db, companyId: number, q: SearchAuditTrailLogBody) {
  const where = auditWhere(companyId, q);
  return cappedPage(
    q,
    db,
    q.Keyword
      ? db.select({ one: sql`1` }).from(auditLog).leftJoin(document, docJoin).where(where)
      : db.select({ one: sql`1` }).from(auditLog).where(where),
    auditRows(db).where(where).orderBy(desc(auditLog.id)),
  );
}

export function auditAfter(db: Db, companyId: number, q: SearchAuditTrailLogBody, afterId: number | undefined) {
  return auditRows(db)
    .where(and(auditWhere(companyId, q), afterId ? lt(auditLog.id, afterId) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(EXPORT_PAGE);
}
export type AuditRow = Awaited<ReturnType<typeof auditTrail>>['rows'][number];
