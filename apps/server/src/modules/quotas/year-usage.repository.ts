import type { QuotaKind } from '@ems/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../core/db';

/** The key of a year row: a subject's use of one item, or (`expenseItemId` null) of every item, in a year. */
export interface YearKey {
  kind: QuotaKind;
  year: number;
  subjectId: number;
  expenseItemId: number | null;
}

/** What a change adds to a year row (amounts may be negative: a release). */
export interface YearDelta extends YearKey {
  held: string;
  consumed: string;
  documents: number;
}

const compareKeys = (a: YearKey, b: YearKey) =>
  a.kind.localeCompare(b.kind) ||
  a.year - b.year ||
  (a.expenseItemId ?? -1) - (b.expenseItemId ?? -1) ||
  a.subjectId - b.subjectId;

/** The keys as parallel arrays for `unnest`, in key order so that two writers lock shared rows in the same order. */
function columns<T extends YearKey>(rows: T[]) {
  const sorted = [...rows].sort(compareKeys);
  return {
    sorted,
    kinds: sql.param(sorted.map((r) => r.kind)),
    years: sql.param(sorted.map((r) => r.year)),
    items: sql.param(sorted.map((r) => r.expenseItemId)),
    subjects: sql.param(sorted.map((r) => r.subjectId)),
  };
}

/** The live quota on a key (`k`), for a row's cap and limit status. */
const liveQuota = (companyId: number) => sql`left join quota q on q.company_id = ${companyId} and q.kind = k.kind
  and q.year = k.year and q.subject_id = k.subject_id and q.expense_item_id is not distinct from k.item
  and q.archived_at is null`;

/**
 * Adds the deltas to their year rows in one statement, creating a row (with the live quota's cap) at a key's first
 * use. An addition, never a read-then-write: PostgreSQL locks the conflicting row and adds to its latest version,
 * so concurrent documents on one subject all count.
 */
export async function addYearUse(db: Db, companyId: number, deltas: YearDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const c = columns(deltas);
  await db.execute(sql`insert into quota_year_usage
      (company_id, kind, year, expense_item_id, subject_id, held, consumed, documents, cap, limit_status)
    select ${companyId}, k.kind, k.year, k.item, k.subject_id, k.held, k.consumed, k.documents, q.amount, q.limit_status
    from unnest(${c.kinds}::text[], ${c.years}::int[], ${c.items}::int[], ${c.subjects}::int[],
      ${sql.param(c.sorted.map((d) => d.held))}::numeric[], ${sql.param(c.sorted.map((d) => d.consumed))}::numeric[],
      ${sql.param(c.sorted.map((d) => d.documents))}::int[])
      with ordinality as k(kind, year, item, subject_id, held, consumed, documents, n)
    ${liveQuota(companyId)}
    order by k.n
    on conflict on constraint quota_year_usage_key do update
      set held = quota_year_usage.held + excluded.held, consumed = quota_year_usage.consumed + excluded.consumed,
        documents = quota_year_usage.documents + excluded.documents`);
}

/**
 * Sets each key's cap and limit status again from its live quota (none: null), creating the row of a quota whose
 * subject has no use yet, so that it is listed with its cap. Called in the transaction that changes the quota.
 */
export async function syncCaps(db: Db, companyId: number, keys: YearKey[]): Promise<void> {
  if (keys.length === 0) return;
  const unique = [...new Map(keys.map((k) => [`${k.kind}:${k.year}:${k.expenseItemId}:${k.subjectId}`, k])).values()];
  const c = columns(unique);
  await db.execute(sql`insert into quota_year_usage (company_id, kind, year, expense_item_id, subject_id, cap, limit_status)
    select ${companyId}, k.kind, k.year, k.item, k.subject_id, q.amount, q.limit_status
    from unnest(${c.kinds}::text[], ${c.years}::int[], ${c.items}::int[], ${c.subjects}::int[])
      with ordinality as k(kind, year, item, subject_id, n)
    ${liveQuota(companyId)}
    order by k.n
    on conflict on constraint quota_year_usage_key do update
      set cap = excluded.cap, limit_status = excluded.limit_status`);
}

/** A year's caps taken off every row of the company's year (`Archive` closes it: its quotas no longer limit). */
export async function clearCaps(db: Db, companyId: number, year: number): Promise<void> {
  await db.execute(sql`update quota_year_usage set cap = null, limit_status = null
    where company_id = ${companyId} and year = ${year} and cap is not null`);
}

/**
 * The year rows as the bare GROUP BY over the usage rows, the live ledger and the live quotas computes them: the
 * rebuild after a bulk load, the tests' oracle, and (copied) the migration's backfill. Usage by item 0 (a line
 * without an item, a fee, a clinical trial) only counts in the row over every item: no report filters on item 0.
 */
export const YEAR_USAGE_SOURCE: SQL = sql`with
  u as (
    select company_id, kind, year, expense_item_id as item, subject_id, sum(held) as held, sum(consumed) as consumed
    from quota_usage where expense_item_id <> 0 group by 1, 2, 3, 4, 5
    union all
    select company_id, kind, year, null, subject_id, sum(held), sum(consumed) from quota_usage group by 1, 2, 3, 5),
  l as (
    select company_id, kind, year, expense_item_id as item, subject_id, count(distinct document_id)::int as n
    from quota_ledger where state <> 'released' and expense_item_id <> 0 group by 1, 2, 3, 4, 5
    union all
    select company_id, kind, year, null, subject_id, count(distinct document_id)::int
    from quota_ledger where state <> 'released' group by 1, 2, 3, 5),
  q as (
    select company_id, kind, year, expense_item_id as item, subject_id, amount, limit_status
    from quota where archived_at is null),
  k as (
    select company_id, kind, year, item, subject_id from u
    union select company_id, kind, year, item, subject_id from l
    union select company_id, kind, year, item, subject_id from q)
  select k.company_id, k.kind, k.year, k.item as expense_item_id, k.subject_id, coalesce(u.held, 0) as held,
    coalesce(u.consumed, 0) as consumed, coalesce(l.n, 0) as documents, q.amount as cap, q.limit_status
  from k
  left join u on (u.company_id, u.kind, u.year, coalesce(u.item, -1), u.subject_id)
    = (k.company_id, k.kind, k.year, coalesce(k.item, -1), k.subject_id)
  left join l on (l.company_id, l.kind, l.year, coalesce(l.item, -1), l.subject_id)
    = (k.company_id, k.kind, k.year, coalesce(k.item, -1), k.subject_id)
  left join q on (q.company_id, q.kind, q.year, coalesce(q.item, -1), q.subject_id)
    = (k.company_id, k.kind, k.year, coalesce(k.item, -1), k.subject_id)`;

/** Empties the year rows and fills them again from their sources, under an exclusive lock (the scale generator). */
export async function rebuildYearUsage(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table quota_year_usage in exclusive mode`);
    await tx.execute(sql`delete from quota_year_usage`);
    await tx.execute(sql`insert into quota_year_usage
      (company_id, kind, year, expense_item_id, subject_id, held, consumed, documents, cap, limit_status)
      ${YEAR_USAGE_SOURCE}`);
  });
}
