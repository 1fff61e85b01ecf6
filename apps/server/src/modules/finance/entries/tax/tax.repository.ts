import type { SearchNoDeductBody } from '@ems/contracts';
import { and, asc, count, desc, eq, exists, gte, lte, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../../core/list';
import { updateVersioned } from '../../../../core/versioned';
import { document } from '../../../documents/document.table';
import { invoice } from '../../../documents/invoices/invoice.table';
import { employee } from '../../../org/org.table';
import { voucher } from '../entries.table';
import { vatAdjustment } from './vat-adjustment.table';

export type AdjustmentRow = typeof vatAdjustment.$inferSelect;

/** What the applied adjustments of each fapiao add to (deduct) or take from (transfer out) its deductible VAT. */
const applied = (db: Db) =>
  db
    .select({
      invoiceId: vatAdjustment.invoiceId,
      net: sql<string>`sum(case when ${vatAdjustment.state} = 'applied' then
          case when ${vatAdjustment.kind} = 'deduct' then ${vatAdjustment.amount} else -${vatAdjustment.amount} end
        else 0 end)`.as('net'),
      drafts: sql<number>`count(*) filter (where ${vatAdjustment.state} = 'draft')::int`.as('drafts'),
      total: sql<number>`count(*)::int`.as('total'),
    })
    .from(vatAdjustment)
    .groupBy(vatAdjustment.invoiceId)
    .as('adj');

/** Fapiao of reviewed claims: their document has a voucher that was not withdrawn. */
const reviewed = (db: Db) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(voucher)
      .where(
        and(eq(voucher.documentId, invoice.documentId), eq(voucher.kind, 'expense'), ne(voucher.state, 'cancelled')),
      ),
  );

function listQuery(db: Db, companyId: number, f: Partial<SearchNoDeductBody>, invoiceId?: number) {
  const adj = applied(db);
  const effective = sql<string>`(${invoice.deductibleVat} + coalesce(${adj.net}, 0))`;
  const scope: Record<string, SQL | undefined> = {
    no_deduct: sql`${effective} = 0`,
    deducted: sql`${effective} > 0`,
    adjusted: sql`coalesce(${adj.total}, 0) > 0`,
    all: undefined,
  };
  const where = and(
    eq(invoice.companyId, companyId),
    reviewed(db),
    invoiceId ? eq(invoice.id, invoiceId) : undefined,
    scope[f.Scope ?? 'all'],
    f.InvoiceType ? eq(invoice.invoiceType, f.InvoiceType) : undefined,
    f.DateFrom ? gte(invoice.invoiceDate, f.DateFrom) : undefined,
    f.DateTo ? lte(invoice.invoiceDate, f.DateTo) : undefined,
    keywordIn(f.Keyword, [document.docNo, invoice.number, invoice.sellerName]),
  );
  const columns = {
    invoiceId: invoice.id,
    documentId: document.id,
    docNo: document.docNo,
    applicantZh: employee.nameZh,
    applicantEn: employee.nameEn,
    invoiceType: invoice.invoiceType,
    code: invoice.code,
    number: invoice.number,
    invoiceDate: invoice.invoiceDate,
    sellerName: invoice.sellerName,
    amount: invoice.amount,
    taxAmount: invoice.taxAmount,
    fuelAmount: invoice.fuelAmount,
    deductibleVat: invoice.deductibleVat,
    effectiveVat: sql<string>`${effective}::numeric(18,2)::text`,
    drafts: sql<number>`coalesce(${adj.drafts}, 0)::int`,
  };
  return {
    count: db
      .select({ n: count() })
      .from(invoice)
      .innerJoin(document, eq(document.id, invoice.documentId))
      .leftJoin(adj, eq(adj.invoiceId, invoice.id))
      .where(where),
    rows: db
      .select(columns)
      .from(invoice)
      .innerJoin(document, eq(document.id, invoice.documentId))
      .innerJoin(employee, eq(employee.id, document.applicantId))
      .leftJoin(adj, eq(adj.invoiceId, invoice.id))
      .where(where),
  };
}

const SORTABLE = { InvoiceDate: invoice.invoiceDate, DocNo: document.docNo, Amount: invoice.amount };

export async function searchInvoices(db: Db, companyId: number, f: SearchNoDeductBody) {
  const q = listQuery(db, companyId, f);
  return paged(f, q.count, q.rows.orderBy(orderFrom(SORTABLE, f, invoice.invoiceDate), desc(invoice.id)));
}

export type InvoiceListRow = Awaited<ReturnType<typeof searchInvoices>>['rows'][number];

/** One fapiao of a reviewed claim of the company, as the list shows it; undefined otherwise. */
export async function invoiceRow(db: Db, companyId: number, invoiceId: number): Promise<InvoiceListRow | undefined> {
  const [row] = await listQuery(db, companyId, {}, invoiceId).rows;
  return row;
}

/** Locks the fapiao, so adjustments of one fapiao are decided one at a time. */
export async function lockInvoice(db: Db, companyId: number, invoiceId: number) {
  const [row] = await db
    .select({ id: invoice.id, documentId: invoice.documentId })
    .from(invoice)
    .where(and(eq(invoice.id, invoiceId), eq(invoice.companyId, companyId)))
    .for('update');
  return row;
}

const creator = alias(employee, 'creator');

export async function adjustmentsOf(db: Db, invoiceId: number) {
  return db
    .select({
      a: vatAdjustment,
      voucherState: voucher.state,
      period: voucher.period,
      erpDocNo: voucher.erpDocNo,
      creatorZh: creator.nameZh,
      creatorEn: creator.nameEn,
    })
    .from(vatAdjustment)
    .leftJoin(voucher, eq(voucher.id, vatAdjustment.voucherId))
    .leftJoin(creator, eq(creator.id, vatAdjustment.createdBy))
    .where(eq(vatAdjustment.invoiceId, invoiceId))
    .orderBy(asc(vatAdjustment.id));
}

export async function findAdjustment(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ id: vatAdjustment.id, invoiceId: vatAdjustment.invoiceId })
    .from(vatAdjustment)
    .where(and(eq(vatAdjustment.id, id), eq(vatAdjustment.companyId, companyId)));
  return row;
}

export async function lockAdjustment(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(vatAdjustment)
    .where(and(eq(vatAdjustment.id, id), eq(vatAdjustment.companyId, companyId)))
    .for('update');
  return row;
}

export async function insertAdjustment(db: Db, v: typeof vatAdjustment.$inferInsert) {
  const [row] = await db.insert(vatAdjustment).values(v).returning();
  return row!;
}

export async function updateAdjustment(
  db: Db,
  id: number,
  version: number,
  v: Partial<typeof vatAdjustment.$inferInsert>,
) {
  return updateVersioned(db, vatAdjustment, id, version, v);
}

export async function deleteAdjustment(db: Db, id: number, version: number): Promise<boolean> {
  const rows = await db
    .delete(vatAdjustment)
    .where(and(eq(vatAdjustment.id, id), eq(vatAdjustment.version, version), eq(vatAdjustment.state, 'draft')))
    .returning({ id: vatAdjustment.id });
  return rows.length > 0;
}
