import { addMoney, type SearchPayVendorBody } from '@ems/contracts';
import { and, asc, count, countDistinct, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { keywordIn, paged } from '../../../core/list';
import { shanghaiToday } from '../../../core/time';
import { costCentre } from '../../masterdata/costcentre.table';
import { poWhiteList, product, provider } from '../../masterdata/reference.table';
import { employee } from '../../org/org.table';
import { document as doc, expenseLine } from '../document.table';
import { airTicketShare, apportionment, payDetail, purchaseOrder, trip } from './parts.table';

export type ApportionInsert = Omit<typeof apportionment.$inferInsert, 'documentId' | 'id'>;
export type TripValues = Omit<typeof trip.$inferInsert, 'documentId' | 'id' | 'createdAt' | 'updatedAt'>;
export type PayValues = Omit<typeof payDetail.$inferInsert, 'documentId' | 'id' | 'createdAt' | 'updatedAt'>;
export type PoValues = Omit<typeof purchaseOrder.$inferInsert, 'documentId' | 'id' | 'createdAt' | 'updatedAt'>;

const target = (documentId: number, lineNo: number | null) =>
  and(
    eq(apportionment.documentId, documentId),
    lineNo === null ? isNull(apportionment.lineNo) : eq(apportionment.lineNo, lineNo),
  );

// Apportionment -------------------------------------------------------------------------------------------------

export function apportionmentsOf(db: Db, documentId: number) {
  return db
    .select({
      a: apportionment,
      ccCode: costCentre.code,
      ccZh: costCentre.nameZh,
      ccEn: costCentre.nameEn,
      productCode: product.code,
      productZh: product.nameZh,
      productEn: product.nameEn,
    })
    .from(apportionment)
    .innerJoin(costCentre, eq(costCentre.id, apportionment.costCentreId))
    .leftJoin(product, eq(product.id, apportionment.productId))
    .where(eq(apportionment.documentId, documentId))
    .orderBy(sql`${apportionment.lineNo} nulls first`, asc(apportionment.seq));
}

export async function replaceApportionment(db: Db, documentId: number, lineNo: number | null, rows: ApportionInsert[]) {
  await db.delete(apportionment).where(target(documentId, lineNo));
  if (rows.length) await db.insert(apportionment).values(rows.map((r) => ({ ...r, documentId })));
}

export async function deleteApportionment(db: Db, documentId: number, lineNo: number | null): Promise<number> {
  const gone = await db.delete(apportionment).where(target(documentId, lineNo)).returning({ id: apportionment.id });
  return gone.length;
}

/** Line shares whose line the draft no longer has. */
export async function dropLineApportionmentsBeyond(db: Db, documentId: number, lines: number) {
  await db
    .delete(apportionment)
    .where(and(eq(apportionment.documentId, documentId), sql`${apportionment.lineNo} > ${lines}`));
}

export async function setApportionmentAmount(db: Db, id: number, amount: string) {
  await db.update(apportionment).set({ amount }).where(eq(apportionment.id, id));
}

/** The amount of each line (by number) and of the document: what the shares split. */
export async function amountsToSplit(db: Db, documentId: number) {
  const lines = await db
    .select({ lineNo: expenseLine.lineNo, amount: expenseLine.amount })
    .from(expenseLine)
    .where(eq(expenseLine.documentId, documentId));
  // The lines' sum, not the document's stored total: a draft being saved writes its total after its lines.
  return {
    total: addMoney('0', ...lines.map((l) => l.amount ?? '0')),
    lines: new Map(lines.map((l) => [l.lineNo, l.amount ?? '0'])),
  };
}

/** Each apportioned target's percent sum, for the submit check. */
export function apportionmentSums(db: Db, documentId: number) {
  return db
    .select({ lineNo: apportionment.lineNo, percent: sql<string>`sum(${apportionment.percent})::text` })
    .from(apportionment)
    .where(eq(apportionment.documentId, documentId))
    .groupBy(apportionment.lineNo)
    .orderBy(sql`${apportionment.lineNo} nulls first`);
}

export function activeProducts(db: Db, companyId: number, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: product.id })
    .from(product)
    .where(and(eq(product.companyId, companyId), eq(product.active, true), inArray(product.id, ids)));
}

// Trips ---------------------------------------------------------------------------------------------------------

export function tripsOf(db: Db, documentId: number) {
  return db.select().from(trip).where(eq(trip.documentId, documentId)).orderBy(asc(trip.departDate), asc(trip.id));
}

export async function insertTrip(db: Db, documentId: number, v: TripValues) {
  const [row] = await db
    .insert(trip)
    .values({ ...v, documentId })
    .returning({ id: trip.id });
  return row!.id;
}

export async function updateTrip(db: Db, documentId: number, id: number, v: TripValues): Promise<boolean> {
  const rows = await db
    .update(trip)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(trip.id, id), eq(trip.documentId, documentId)))
    .returning({ id: trip.id });
  return rows.length === 1;
}

export async function deleteTrip(db: Db, documentId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(trip)
    .where(and(eq(trip.id, id), eq(trip.documentId, documentId)))
    .returning({ id: trip.id });
  return rows.length === 1;
}

// Pay details ---------------------------------------------------------------------------------------------------

export async function payDetailOf(db: Db, documentId: number) {
  const [row] = await db.select().from(payDetail).where(eq(payDetail.documentId, documentId));
  return row;
}

export async function upsertPayDetail(db: Db, documentId: number, v: PayValues) {
  await db
    .insert(payDetail)
    .values({ ...v, documentId })
    .onConflictDoUpdate({ target: payDetail.documentId, set: { ...v, updatedAt: new Date() } });
}

export async function deletePayDetail(db: Db, documentId: number): Promise<boolean> {
  const rows = await db.delete(payDetail).where(eq(payDetail.documentId, documentId)).returning({ id: payDetail.id });
  return rows.length === 1;
}

/** Vendors the company's documents pay, the most used first. */
export function payVendors(db: Db, companyId: number, q: SearchPayVendorBody) {
  const where = and(
    eq(doc.companyId, companyId),
    eq(payDetail.payeeKind, 'vendor'),
    keywordIn(q.Keyword, [payDetail.vendorCode, payDetail.vendorName]),
  );
  const from = () => db.select({ n: countDistinct(payDetail.vendorCode) }).from(payDetail);
  return paged(
    q,
    from().innerJoin(doc, eq(doc.id, payDetail.documentId)).where(where),
    db
      .select({
        code: payDetail.vendorCode,
        // The latest name and bank chosen for the vendor.
        name: sql<string>`(array_agg(${payDetail.vendorName} order by ${payDetail.updatedAt} desc))[1]`,
        bankName: sql<string | null>`(array_agg(${payDetail.bankName} order by ${payDetail.updatedAt} desc))[1]`,
        bankAccount: sql<string | null>`(array_agg(${payDetail.bankAccount} order by ${payDetail.updatedAt} desc))[1]`,
        documents: count(),
        lastUsedAt: max(payDetail.updatedAt),
      })
      .from(payDetail)
      .innerJoin(doc, eq(doc.id, payDetail.documentId))
      .where(where)
      .groupBy(payDetail.vendorCode)
      .orderBy(desc(count()), asc(payDetail.vendorCode)),
  );
}

/** The company's active vendors (the vendor master the SAP search simulator answers from). */
export function vendorMaster(
  db: Db,
  companyId: number,
  q: { keyword?: string | undefined; code?: string | undefined; limit: number },
) {
  return db
    .select()
    .from(provider)
    .where(
      and(
        eq(provider.companyId, companyId),
        eq(provider.active, true),
        q.code ? eq(provider.code, q.code) : undefined,
        keywordIn(q.keyword, [provider.code, provider.nameZh, provider.nameEn, provider.taxNo]),
      ),
    )
    .orderBy(asc(provider.code))
    .limit(q.limit);
}

// Purchase orders -----------------------------------------------------------------------------------------------

/** Written with the table's own name: in a one-table select an interpolated column would lose it to the inner alias. */
function whiteListed() {
  const today = shanghaiToday();
  return sql<boolean>`exists (select 1 from ${poWhiteList} w where w.provider_id = provider.id
    and (w.valid_to is null or w.valid_to >= ${today}))`;
}

export function purchaseOrdersOf(db: Db, documentId: number) {
  return db
    .select({
      po: purchaseOrder,
      providerCode: provider.code,
      providerZh: provider.nameZh,
      providerEn: provider.nameEn,
      whiteListed: whiteListed(),
    })
    .from(purchaseOrder)
    .innerJoin(provider, eq(provider.id, purchaseOrder.providerId))
    .where(eq(purchaseOrder.documentId, documentId))
    .orderBy(asc(purchaseOrder.poNo));
}

/** Whether the company's vendor of this code is on the PO white list today (its invoices need no purchase order). */
export async function vendorWhiteListed(db: Db, companyId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ listed: whiteListed() })
    .from(provider)
    .where(and(eq(provider.companyId, companyId), eq(provider.code, code)));
  return row?.listed ?? false;
}

export async function purchaseOrderCount(db: Db, documentId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(purchaseOrder).where(eq(purchaseOrder.documentId, documentId));
  return row?.n ?? 0;
}

export async function activeProvider(db: Db, companyId: number, code: string) {
  const [row] = await db
    .select({ id: provider.id, code: provider.code })
    .from(provider)
    .where(and(eq(provider.code, code), eq(provider.companyId, companyId), eq(provider.active, true)));
  return row;
}

export async function insertPurchaseOrder(db: Db, documentId: number, v: PoValues) {
  const [row] = await db
    .insert(purchaseOrder)
    .values({ ...v, documentId })
    .returning({ id: purchaseOrder.id });
  return row!.id;
}

export async function updatePurchaseOrder(db: Db, documentId: number, id: number, v: PoValues): Promise<boolean> {
  const rows = await db
    .update(purchaseOrder)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(purchaseOrder.id, id), eq(purchaseOrder.documentId, documentId)))
    .returning({ id: purchaseOrder.id });
  return rows.length === 1;
}

export async function deletePurchaseOrder(db: Db, documentId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(purchaseOrder)
    .where(and(eq(purchaseOrder.id, id), eq(purchaseOrder.documentId, documentId)))
    .returning({ id: purchaseOrder.id });
  return rows.length === 1;
}

// Air-ticket shares ---------------------------------------------------------------------------------------------

export function airTicketSharesOf(db: Db, documentId: number) {
  return db
    .select({ s: airTicketShare, code: employee.code, nameZh: employee.nameZh, nameEn: employee.nameEn })
    .from(airTicketShare)
    .innerJoin(employee, eq(employee.id, airTicketShare.employeeId))
    .where(eq(airTicketShare.documentId, documentId))
    .orderBy(asc(airTicketShare.ticketNo), asc(airTicketShare.id));
}

export async function replaceAirTicketShares(
  db: Db,
  documentId: number,
  ticketNo: string,
  rows: { ticketAmount: string; employeeId: number; amount: string }[],
) {
  await db
    .delete(airTicketShare)
    .where(and(eq(airTicketShare.documentId, documentId), eq(airTicketShare.ticketNo, ticketNo)));
  if (rows.length) await db.insert(airTicketShare).values(rows.map((r) => ({ ...r, ticketNo, documentId })));
}

/** Employees of the company among `ids` (the people a ticket may be shared with). */
export function employeesIn(db: Db, companyId: number, ids: number[]) {
  return db
    .select({ id: employee.id })
    .from(employee)
    .where(and(eq(employee.companyId, companyId), inArray(employee.id, ids)));
}
