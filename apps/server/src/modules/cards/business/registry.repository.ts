import type { SearchBusinessCardRegistryBody } from '@ems/contracts';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../core/list';
import { employee } from '../../org/org.table';
import { businessCard, cardTransaction } from './business.table';

const c = businessCard;
export type BusinessCardDb = typeof businessCard.$inferSelect;

/** Transactions imported for the card: one is enough to keep the card from being removed. */
const used = sql<number>`(select count(*)::int from ${cardTransaction} where ${cardTransaction.cardId} = ${c.id})`;

const fields = {
  c: businessCard,
  employeeCode: employee.code,
  nameZh: employee.nameZh,
  nameEn: employee.nameEn,
  transactions: used,
};
export type BusinessCardView = {
  c: BusinessCardDb;
  employeeCode: string;
  nameZh: string;
  nameEn: string;
  transactions: number;
};

type Filter = Omit<SearchBusinessCardRegistryBody, 'PageIndex' | 'PageSize' | 'SortField' | 'SortOrder'>;

/** The keyword matches the holder, the name on the card, or the card's last four digits (never more of it). */
function where(companyId: number, q: Filter): SQL | undefined {
  return and(
    eq(c.companyId, companyId),
    q.EmployeeID ? eq(c.employeeId, q.EmployeeID) : undefined,
    q.Active === undefined ? undefined : eq(c.active, q.Active),
    keywordIn(q.Keyword, [employee.code, employee.nameZh, employee.nameEn, c.holderName, sql`right(${c.cardNo}, 4)`]),
  );
}

const SORT = { EmployeeCode: employee.code, HolderName: c.holderName, ValidUntil: c.validUntil, Active: c.active };

/** One page of the company's card registry, by holder's code unless sorted otherwise. */
export function search(db: Db, companyId: number, q: SearchBusinessCardRegistryBody) {
  const w = where(companyId, q);
  return paged(
    q,
    db.select({ n: count() }).from(c).innerJoin(employee, eq(employee.id, c.employeeId)).where(w),
    db
      .select(fields)
      .from(c)
      .innerJoin(employee, eq(employee.id, c.employeeId))
      .where(w)
      .orderBy(orderFrom(SORT, q, employee.code), asc(c.id)),
  );
}

/** Every card the filters select, a thousand at a time (keyset on the id). */
export async function* exportAll(db: Db, companyId: number, q: Filter, limit: number) {
  let after = 0;
  let left = limit;
  while (left > 0) {
    const rows: BusinessCardView[] = await db
      .select(fields)
      .from(c)
      .innerJoin(employee, eq(employee.id, c.employeeId))
      .where(and(where(companyId, q), sql`${c.id} > ${after}`))
      .orderBy(asc(c.id))
      .limit(Math.min(1000, left));
    if (rows.length === 0) return;
    yield* rows;
    left -= rows.length;
    after = rows[rows.length - 1]!.c.id;
  }
}

/** One card of the company with its holder, as it stands. */
export async function view(db: Db, companyId: number, id: number): Promise<BusinessCardView | undefined> {
  const [row] = await db
    .select(fields)
    .from(c)
    .innerJoin(employee, eq(employee.id, c.employeeId))
    .where(and(eq(c.companyId, companyId), eq(c.id, id)));
  return row;
}

/** Locks a card of the company (FOR UPDATE) for a change. */
export async function lock(db: Db, companyId: number, id: number): Promise<BusinessCardDb | undefined> {
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.companyId, companyId), eq(c.id, id)))
    .for('update');
  return row;
}

/** Whether any transaction names the card. */
export async function hasTransactions(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cardTransaction.id })
    .from(cardTransaction)
    .where(eq(cardTransaction.cardId, id))
    .limit(1);
  return row !== undefined;
}

/** The company's employee (any status: a leaver's card can still be cancelled), or undefined. */
export async function employeeOf(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ id: employee.id, code: employee.code, status: employee.status })
    .from(employee)
    .where(and(eq(employee.companyId, companyId), eq(employee.id, id)));
  return row;
}

/** The company's employees by code (for the registry import). */
export async function employeesByCode(db: Db, companyId: number) {
  const rows = await db
    .select({ id: employee.id, code: employee.code, status: employee.status })
    .from(employee)
    .where(eq(employee.companyId, companyId));
  return new Map(rows.map((r) => [r.code, r]));
}

export async function insert(db: Db, v: typeof businessCard.$inferInsert): Promise<BusinessCardDb> {
  const [row] = await db.insert(c).values(v).returning();
  return row!;
}

/** Changes a locked card at the version it was locked at; false when it moved on. */
export async function update(
  db: Db,
  id: number,
  version: number,
  set: Partial<Pick<BusinessCardDb, 'employeeId' | 'holderName' | 'validUntil' | 'active'>>,
): Promise<boolean> {
  const rows = await db
    .update(c)
    .set({ ...set, version: sql`${c.version} + 1`, updatedAt: new Date() })
    .where(and(eq(c.id, id), eq(c.version, version)))
    .returning({ id: c.id });
  return rows.length === 1;
}

export async function remove(db: Db, id: number, version: number): Promise<boolean> {
  const rows = await db
    .delete(c)
    .where(and(eq(c.id, id), eq(c.version, version)))
    .returning({ id: c.id });
  return rows.length === 1;
}

/** Locks the company's active cards holding these numbers (FOR UPDATE, id order), by number. */
export async function lockActiveByNumbers(db: Db, companyId: number, cardNos: string[]) {
  if (cardNos.length === 0) return new Map<string, BusinessCardDb>();
  const rows = await db
    .select()
    .from(c)
    .where(and(eq(c.companyId, companyId), eq(c.active, true), inArray(c.cardNo, cardNos)))
    .orderBy(asc(c.id))
    .for('update');
  return new Map(rows.map((r) => [r.cardNo, r]));
}
