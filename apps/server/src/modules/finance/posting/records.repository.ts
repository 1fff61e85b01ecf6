import type {
  LoadDocumentDataBody,
  LoadRecordDataBody,
  LoadRemitDataBody,
  SearchAuditTrailLogBody,
} from '@ems/contracts';
import { POSTING_DOC_STATES } from '@ems/contracts';
import { and, count, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { keywordIn, paged } from '../../../core/list';
import { auditLog } from '../../audit/audit.table';
import { document } from '../../documents/document.table';
import { costCentre, internalOrder } from '../../masterdata/costcentre.table';
import { product } from '../../masterdata/reference.table';
import { employee } from '../../org/org.table';
import { accountingEntry, voucher } from '../entries/entries.table';

/** The entry-management lists of the posting centre: documents, vouchers and entries, payables, audit trail. */

const from = (day: string) => new Date(`${day}T00:00:00+08:00`);
const before = (day: string) => sql`(${day}::date + 1)::timestamp at time zone 'Asia/Shanghai'`;

const latestErpDocNo = sql<
  string | null
>`(select ${voucher.erpDocNo} from ${voucher} where ${voucher.documentId} = ${document.id} and ${voucher.state} = 'posted' order by ${voucher.id} desc limit 1)`;

export async function documents(db: Db, companyId: number, q: LoadDocumentDataBody) {
  const where = and(
    eq(document.companyId, companyId),
    inArray(document.docType, q.DocType ? [q.DocType] : ['loan', 'deputy']),
    inArray(document.status, q.Status ? [q.Status] : [...POSTING_DOC_STATES]),
    keywordIn(q.Keyword, [document.docNo, employee.code, employee.nameZh, employee.nameEn]),
    q.DateFrom ? gte(document.approvedAt, from(q.DateFrom)) : undefined,
    q.DateTo ? lt(document.approvedAt, before(q.DateTo)) : undefined,
  );
  return paged(
    q,
    db.select({ n: count() }).from(document).innerJoin(employee, eq(employee.id, document.applicantId)).where(where),
    db
      .select({
        d: document,
        applicantCode: employee.code,
        applicantZh: employee.nameZh,
        applicantEn: employee.nameEn,
        erpDocNo: latestErpDocNo,
      })
      .from(document)
      .innerJoin(employee, eq(employee.id, document.applicantId))
      .where(where)
      .orderBy(desc(document.id)),
  );
}
export type DocumentRow = Awaited<ReturnType<typeof documents>>['rows'][number];

export async function vouchers(db: Db, companyId: number, q: LoadRecordDataBody) {
  const where = and(
    eq(voucher.companyId, companyId),
    q.Kind ? eq(voucher.kind, q.Kind) : undefined,
    q.State ? eq(voucher.state, q.State) : undefined,
    q.Period ? eq(voucher.period, q.Period) : undefined,
    keywordIn(q.Keyword, [document.docNo, voucher.erpDocNo]),
  );
  return paged(
    q,
    db.select({ n: count() }).from(voucher).leftJoin(document, eq(document.id, voucher.documentId)).where(where),
    db
      .select({ v: voucher, docNo: document.docNo })
      .from(voucher)
      .leftJoin(document, eq(document.id, voucher.documentId))
      .where(where)
      .orderBy(desc(voucher.id)),
  );
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
export async function payables(db: Db, companyId: number, payableGl: string, q: LoadRemitDataBody) {
  const where = and(
    eq(voucher.companyId, companyId),
    eq(voucher.state, 'posted'),
    eq(accountingEntry.side, 'C'),
    eq(accountingEntry.glAccount, payableGl),
    q.Status ? eq(document.status, q.Status) : undefined,
    keywordIn(q.Keyword, [document.docNo, employee.code, employee.nameZh, employee.nameEn]),
  );
  const grouped = db
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
    .where(where)
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
    );
  const counted = db
    .select({ n: sql<number>`count(distinct (${document.id}, ${employee.id}))::int` })
    .from(accountingEntry)
    .innerJoin(voucher, eq(voucher.id, accountingEntry.voucherId))
    .innerJoin(document, eq(document.id, voucher.documentId))
    .innerJoin(employee, eq(employee.id, accountingEntry.employeeId))
    .where(where);
  return paged(q, counted, grouped.orderBy(desc(document.id), employee.code));
}
export type PayableRow = Awaited<ReturnType<typeof payables>>['rows'][number];

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

export async function auditTrail(db: Db, companyId: number, q: SearchAuditTrailLogBody) {
  const where = and(
    eq(auditLog.companyId, companyId),
    or(
      inArray(auditLog.entity, [...FINANCE_ENTITIES]),
      and(eq(auditLog.entity, 'document'), inArray(auditLog.action, [...FINANCE_ACTIONS])),
    ),
    q.Action ? eq(auditLog.action, q.Action) : undefined,
    q.Keyword ? or(eq(auditLog.entityId, q.Keyword), eq(document.docNo, q.Keyword.toUpperCase())) : undefined,
    q.DateFrom ? gte(auditLog.at, from(q.DateFrom)) : undefined,
    q.DateTo ? lt(auditLog.at, before(q.DateTo)) : undefined,
  );
  const docJoin = and(eq(auditLog.entity, 'document'), sql`${document.id}::text = ${auditLog.entityId}`);
  return paged(
    q,
    db.select({ n: count() }).from(auditLog).leftJoin(document, docJoin).where(where),
    db
      .select({ a: auditLog, docNo: document.docNo, actorZh: employee.nameZh, actorEn: employee.nameEn })
      .from(auditLog)
      .leftJoin(document, docJoin)
      .leftJoin(employee, eq(employee.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.id)),
  );
}
export type AuditRow = Awaited<ReturnType<typeof auditTrail>>['rows'][number];
