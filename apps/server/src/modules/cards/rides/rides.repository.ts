import type { RideOrderState, SearchDidiOrderBody } from '@ems/contracts';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../core/list';
import { expenseItem } from '../../masterdata/expense.table';
import { employee } from '../../org/org.table';
import { claimDocNo, claimInForce } from '../claim.repository';
import { rideOrder } from './rides.table';

const o = rideOrder;
export type RideOrderDb = typeof rideOrder.$inferSelect;

/** The state the employee sees: private, claimed (claim in force), business or open. */
export const effectiveStatus = sql<RideOrderState>`(case when ${o.status} = 'private' then 'private'
  when ${claimInForce('R', o.claimDocumentId, o.id)} then 'claimed' else ${o.status} end)`;

const fields = { o: rideOrder, state: effectiveStatus, docNo: claimDocNo('R', o.claimDocumentId, o.id) };
export type RideOrderView = { o: RideOrderDb; state: RideOrderState; docNo: string | null };

type Filter = Omit<SearchDidiOrderBody, 'PageIndex' | 'PageSize' | 'SortField' | 'SortOrder'>;

function where(companyId: number, employeeId: number, q: Filter): SQL | undefined {
  return and(
    eq(o.companyId, companyId),
    eq(o.employeeId, employeeId),
    q.DateFrom ? gte(o.orderDate, q.DateFrom) : undefined,
    q.DateTo ? lte(o.orderDate, q.DateTo) : undefined,
    keywordIn(q.Keyword, [o.orderNo, o.fromPlace, o.toPlace]),
    q.Status ? sql`${effectiveStatus} = ${q.Status}` : undefined,
  );
}

const SORT = { OrderDate: o.orderDate, Amount: o.amount, OrderNo: o.orderNo };

/** One page of an employee's orders, newest first unless sorted otherwise. */
export function search(db: Db, companyId: number, employeeId: number, q: SearchDidiOrderBody) {
  const w = where(companyId, employeeId, q);
  return paged(
    q,
    db.select({ n: count() }).from(o).where(w),
    db
      .select(fields)
      .from(o)
      .where(w)
      .orderBy(q.SortField ? orderFrom(SORT, q, o.orderDate) : desc(o.orderDate), desc(o.id)),
  );
}

/** Every order the filters select, a thousand at a time (keyset on the id), newest first. */
export async function* exportAll(db: Db, companyId: number, employeeId: number, q: Filter, limit: number) {
  let after: number | undefined;
  let left = limit;
  while (left > 0) {
    const rows: RideOrderView[] = await db
      .select(fields)
      .from(o)
      .where(and(where(companyId, employeeId, q), after === undefined ? undefined : sql`${o.id} < ${after}`))
      .orderBy(desc(o.id))
      .limit(Math.min(1000, left));
    if (rows.length === 0) return;
    yield* rows;
    left -= rows.length;
    after = rows[rows.length - 1]!.o.id;
  }
}

/** Locks the orders (FOR UPDATE, in id order) with their state as locked. */
export function lockItems(db: Db, companyId: number, ids: number[]): Promise<RideOrderView[]> {
  return db
    .select(fields)
    .from(o)
    .where(and(eq(o.companyId, companyId), inArray(o.id, ids)))
    .orderBy(asc(o.id))
    .for('update', { of: o });
}

/** The orders as they stand (no lock): to build the claim's lines. */
export function itemsByIds(db: Db, companyId: number, ids: number[]): Promise<RideOrderView[]> {
  return db
    .select(fields)
    .from(o)
    .where(and(eq(o.companyId, companyId), inArray(o.id, ids)))
    .orderBy(asc(o.id));
}

/** Changes a locked order at the version it was locked at; false when it moved on. */
export async function update(
  db: Db,
  id: number,
  version: number,
  set: Partial<Pick<RideOrderDb, 'status' | 'claimDocumentId'>>,
): Promise<boolean> {
  const rows = await db
    .update(o)
    .set({ ...set, version: sql`${o.version} + 1`, updatedAt: new Date() })
    .where(and(eq(o.id, id), eq(o.version, version)))
    .returning({ id: o.id });
  return rows.length === 1;
}

/** The company's employees by code (lower case), to match the provider's statement. */
export async function employeesByCode(db: Db, companyId: number) {
  const rows = await db
    .select({ id: employee.id, code: employee.code })
    .from(employee)
    .where(eq(employee.companyId, companyId));
  return new Map(rows.map((r) => [r.code.toLowerCase(), r.id]));
}

/** Adds orders; one already held (same provider and number) is left as it is. Returns how many were added. */
export async function insertOrders(db: Db, rows: (typeof rideOrder.$inferInsert)[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const done = await db
      .insert(o)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing()
      .returning({ id: o.id });
    added += done.length;
  }
  return added;
}

/** An active expense item of the company by its code. */
export async function itemIdByCode(db: Db, companyId: number, code: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: expenseItem.id })
    .from(expenseItem)
    .where(and(eq(expenseItem.companyId, companyId), eq(expenseItem.code, code), eq(expenseItem.active, true)));
  return row?.id;
}
