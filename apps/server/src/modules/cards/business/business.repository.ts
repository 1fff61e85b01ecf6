import type { CardTxnState, SearchBusinessCardBody } from '@ems/contracts';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../core/list';
import { company } from '../../system/system.table';
import { claimDocNo, claimInForce } from '../claim.repository';
import { businessCard, cardTransaction } from './business.table';

const t = cardTransaction;
export type CardTxnRowDb = typeof cardTransaction.$inferSelect;

const inForce = claimInForce('C', t.claimDocumentId, t.id);

/** The state the holder sees: settled, private, claimed (claim in force) or open. */
export const effectiveStatus = sql<CardTxnState>`(case when ${t.settledAt} is not null then 'settled'
  when ${t.status} = 'private' then 'private' when ${inForce} then 'claimed' else 'open' end)`;

const fields = {
  t: cardTransaction,
  cardNo: businessCard.cardNo,
  state: effectiveStatus,
  docNo: claimDocNo('C', t.claimDocumentId, t.id),
};
export type CardTxnView = { t: CardTxnRowDb; cardNo: string; state: CardTxnState; docNo: string | null };

type Filter = Omit<SearchBusinessCardBody, 'PageIndex' | 'PageSize' | 'SortField' | 'SortOrder'>;

function where(companyId: number, employeeId: number, q: Filter): SQL | undefined {
  return and(
    eq(t.companyId, companyId),
    eq(t.employeeId, employeeId),
    q.DateFrom ? gte(t.transDate, q.DateFrom) : undefined,
    q.DateTo ? lte(t.transDate, q.DateTo) : undefined,
    keywordIn(q.Keyword, [t.merchant]),
    q.Status ? sql`${effectiveStatus} = ${q.Status}` : undefined,
  );
}

const SORT = { TransDate: t.transDate, Amount: t.amount, Merchant: t.merchant };

/** One page of an employee's card transactions, newest first unless sorted otherwise. */
export function search(db: Db, companyId: number, employeeId: number, q: SearchBusinessCardBody) {
  const w = where(companyId, employeeId, q);
  return paged(
    q,
    db.select({ n: count() }).from(t).where(w),
    db
      .select(fields)
      .from(t)
      .innerJoin(businessCard, eq(businessCard.id, t.cardId))
      .where(w)
      .orderBy(q.SortField ? orderFrom(SORT, q, t.transDate) : desc(t.transDate), desc(t.id)),
  );
}

/** Every transaction the filters select, a thousand at a time (keyset on the id), newest first. */
export async function* exportAll(db: Db, companyId: number, employeeId: number, q: Filter, limit: number) {
  let after: number | undefined;
  let left = limit;
  while (left > 0) {
    const rows: CardTxnView[] = await db
      .select(fields)
      .from(t)
      .innerJoin(businessCard, eq(businessCard.id, t.cardId))
      .where(and(where(companyId, employeeId, q), after === undefined ? undefined : sql`${t.id} < ${after}`))
      .orderBy(desc(t.id))
      .limit(Math.min(1000, left));
    if (rows.length === 0) return;
    yield* rows;
    left -= rows.length;
    after = rows[rows.length - 1]!.t.id;
  }
}

/** Locks the transactions (FOR UPDATE, in id order) with their state as locked. */
export async function lockItems(db: Db, companyId: number, ids: number[]): Promise<CardTxnView[]> {
  return db
    .select(fields)
    .from(t)
    .innerJoin(businessCard, eq(businessCard.id, t.cardId))
    .where(and(eq(t.companyId, companyId), inArray(t.id, ids)))
    .orderBy(asc(t.id))
    .for('update', { of: t });
}

/** The transactions as they stand (no lock): to build the claim's lines. */
export async function itemsByIds(db: Db, companyId: number, ids: number[]): Promise<CardTxnView[]> {
  return db
    .select(fields)
    .from(t)
    .innerJoin(businessCard, eq(businessCard.id, t.cardId))
    .where(and(eq(t.companyId, companyId), inArray(t.id, ids)))
    .orderBy(asc(t.id));
}

/** Changes a locked transaction at the version it was locked at; false when it moved on. */
export async function update(
  db: Db,
  id: number,
  version: number,
  set: Partial<Pick<CardTxnRowDb, 'status' | 'claimDocumentId'>>,
): Promise<boolean> {
  const rows = await db
    .update(t)
    .set({ ...set, version: sql`${t.version} + 1`, updatedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.version, version)))
    .returning({ id: t.id });
  return rows.length === 1;
}

// The card registry and the statement --------------------------------------------------------------------------------

/** The company's active cards by number. */
export async function cardsByNumber(db: Db, companyId: number) {
  const rows = await db
    .select({ id: businessCard.id, cardNo: businessCard.cardNo, employeeId: businessCard.employeeId })
    .from(businessCard)
    .where(and(eq(businessCard.companyId, companyId), eq(businessCard.active, true)));
  return new Map(rows.map((r) => [r.cardNo, r]));
}

export async function insertCard(db: Db, v: typeof businessCard.$inferInsert) {
  const [row] = await db.insert(businessCard).values(v).onConflictDoNothing().returning();
  return row;
}

/** The issuer references already held by the company, of those given. */
export async function knownRefs(db: Db, companyId: number, refs: string[]): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const rows = await db
    .select({ ref: t.issuerRef })
    .from(t)
    .where(and(eq(t.companyId, companyId), inArray(t.issuerRef, refs)));
  return new Set(rows.map((r) => r.ref));
}

/** Adds transactions; one already held (same issuer reference) is left as it is. Returns how many were added. */
export async function insertTransactions(db: Db, rows: (typeof cardTransaction.$inferInsert)[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const done = await db
      .insert(t)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing()
      .returning({ id: t.id });
    added += done.length;
  }
  return added;
}

// The remittance's deduction ---------------------------------------------------------------------------------------

/** Locks the private, unsettled transactions of the employees not taken by another run, oldest first. */
export async function lockOpenPrivate(db: Db, companyId: number, employeeIds: number[], runId: number) {
  if (employeeIds.length === 0) return [];
  return db
    .select({
      id: t.id,
      employeeId: t.employeeId,
      amount: t.amount,
      transDate: t.transDate,
      merchant: t.merchant,
      cardNo: businessCard.cardNo,
    })
    .from(t)
    .innerJoin(businessCard, eq(businessCard.id, t.cardId))
    .where(
      and(
        eq(t.companyId, companyId),
        inArray(t.employeeId, employeeIds),
        eq(t.status, 'private'),
        isNull(t.settledAt),
        sql`(${t.deductionRunId} is null or ${t.deductionRunId} = ${runId})`,
      ),
    )
    .orderBy(asc(t.transDate), asc(t.id))
    .for('update', { of: t });
}

/** Frees what a run had taken (its list is built again). */
export async function releaseRun(db: Db, runId: number) {
  await db
    .update(t)
    .set({ deductionRunId: null, updatedAt: new Date() })
    .where(and(eq(t.deductionRunId, runId), isNull(t.settledAt)));
}

/** Takes the locked private transactions into the run; answers how many were still private, unsettled and free. */
export async function reserve(db: Db, ids: number[], runId: number): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(t)
    .set({ deductionRunId: runId, version: sql`${t.version} + 1`, updatedAt: new Date() })
    .where(and(inArray(t.id, ids), eq(t.status, 'private'), isNull(t.settledAt), isNull(t.deductionRunId)))
    .returning({ id: t.id });
  return rows.length;
}

/** The run paid: what it deducted is settled. */
export async function settleRun(db: Db, runId: number, at: Date): Promise<number> {
  const rows = await db
    .update(t)
    .set({ settledAt: at, version: sql`${t.version} + 1`, updatedAt: at })
    .where(and(eq(t.deductionRunId, runId), isNull(t.settledAt)))
    .returning({ id: t.id });
  return rows.length;
}

/** Undoes the settlement of transactions a failed payment kept back: they wait for the next run's deduction. */
export async function reopenSettled(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(t)
    .set({ settledAt: null, deductionRunId: null, version: sql`${t.version} + 1`, updatedAt: new Date() })
    .where(and(inArray(t.id, ids), isNotNull(t.settledAt)))
    .returning({ id: t.id });
  return rows.length;
}

/** Every company (the issuer's feed is polled per company). */
export function companies(db: Db) {
  return db.select({ id: company.id, code: company.code }).from(company).orderBy(asc(company.id));
}
