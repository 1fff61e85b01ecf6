import type { QuotaKind, SearchQuotaBody } from '@ems/contracts';
import { aliasedTable, and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../core/db';
import { keywordIn, orderFrom, paged } from '../../core/list';
import { customerHco, customerHcp } from '../masterdata/customers/customer.table';
import { expenseItem } from '../masterdata/expense.table';
import { employee, team } from '../org/org.table';
import { quota, quotaDetail, quotaUsage } from './quota.table';

const hcp = aliasedTable(customerHcp, 'q_hcp');
const hco = aliasedTable(customerHco, 'q_hco');
const person = aliasedTable(employee, 'q_employee');
const subjectItem = aliasedTable(expenseItem, 'q_subject_item');

/** The subject's code and names, whatever its kind. */
export const subjectCode = sql<string>`coalesce(${hcp.code}, ${hco.code}, ${person.code}, ${subjectItem.code}, '')`;
export const subjectZh = sql<string>`coalesce(${hcp.nameZh}, ${hco.nameZh}, ${person.nameZh}, ${subjectItem.nameZh}, '')`;
export const subjectEn = sql<string>`coalesce(${hcp.nameEn}, ${hco.nameEn}, ${person.nameEn}, ${subjectItem.nameEn}, '')`;

/** What the quota's subject has used in its year, over its item or every item. */
const used = sql<string>`coalesce((select sum(u.held + u.consumed) from ${quotaUsage} u
  where u.company_id = ${quota.companyId} and u.kind = ${quota.kind} and u.year = ${quota.year}
    and u.subject_id = ${quota.subjectId}
    and (${quota.expenseItemId} is null or u.expense_item_id = ${quota.expenseItemId})), 0)::text`;

const detailCount = sql<number>`(select count(*) from ${quotaDetail} qd where qd.quota_id = ${quota.id})::int`;

function where(companyId: number, f: Omit<SearchQuotaBody, 'PageIndex' | 'PageSize'>): SQL | undefined {
  return and(
    eq(quota.companyId, companyId),
    f.Year ? eq(quota.year, f.Year) : undefined,
    f.Kind ? eq(quota.kind, f.Kind) : undefined,
    f.LimitStatus !== undefined ? eq(quota.limitStatus, f.LimitStatus) : undefined,
    f.Archived ? isNotNull(quota.archivedAt) : isNull(quota.archivedAt),
    keywordIn(f.Keyword, [subjectCode, subjectZh, subjectEn, quota.remark]),
  );
}

const SORTABLE = { Year: quota.year, Kind: quota.kind, Amount: quota.amount, LimitStatus: quota.limitStatus };

const selection = {
  q: quota,
  code: subjectCode,
  zh: subjectZh,
  en: subjectEn,
  itemZh: expenseItem.nameZh,
  itemEn: expenseItem.nameEn,
  used,
  details: detailCount,
};

function joins<T extends PgSelect>(q: T) {
  return q
    .leftJoin(hcp, and(sql`${quota.kind} in ('hcp', 'lecture_fee')`, eq(hcp.id, quota.subjectId)))
    .leftJoin(hco, and(sql`${quota.kind} in ('hco', 'clinical_hco')`, eq(hco.id, quota.subjectId)))
    .leftJoin(person, and(eq(quota.kind, 'employee'), eq(person.id, quota.subjectId)))
    .leftJoin(subjectItem, and(eq(quota.kind, 'overseas'), eq(subjectItem.id, quota.subjectId)))
    .leftJoin(expenseItem, eq(expenseItem.id, quota.expenseItemId));
}

const base = (db: Db) => joins(db.select(selection).from(quota).$dynamic());

export async function searchQuotas(db: Db, companyId: number, f: SearchQuotaBody) {
  const w = where(companyId, f);
  return paged(
    f,
    joins(db.select({ n: count() }).from(quota).$dynamic()).where(w),
    base(db)
      .where(w)
      .orderBy(orderFrom(SORTABLE, f, quota.year), asc(quota.kind), desc(quota.id)),
  );
}

export async function quotaById(db: Db, companyId: number, id: number) {
  const [row] = await base(db).where(and(eq(quota.companyId, companyId), eq(quota.id, id)));
  return row;
}

export type QuotaListRow = NonNullable<Awaited<ReturnType<typeof quotaById>>>;

export async function lockQuota(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(quota)
    .where(and(eq(quota.companyId, companyId), eq(quota.id, id)))
    .for('update');
  return row;
}

export async function lockQuotas(db: Db, companyId: number, ids: number[]) {
  return db
    .select()
    .from(quota)
    .where(and(eq(quota.companyId, companyId), inArray(quota.id, ids)))
    .orderBy(asc(quota.id))
    .for('update');
}

export async function findQuota(
  db: Db,
  companyId: number,
  k: { year: number; kind: QuotaKind; subjectId: number; expenseItemId: number | null },
) {
  const [row] = await db
    .select()
    .from(quota)
    .where(
      and(
        eq(quota.companyId, companyId),
        eq(quota.year, k.year),
        eq(quota.kind, k.kind),
        eq(quota.subjectId, k.subjectId),
        k.expenseItemId === null ? isNull(quota.expenseItemId) : eq(quota.expenseItemId, k.expenseItemId),
      ),
    );
  return row;
}

export async function insertQuota(db: Db, v: typeof quota.$inferInsert) {
  const [row] = await db.insert(quota).values(v).returning();
  return row!;
}

export async function updateQuota(db: Db, id: number, version: number, v: Partial<typeof quota.$inferInsert>) {
  const [row] = await db
    .update(quota)
    .set({ ...v, version: sql`${quota.version} + 1`, updatedAt: new Date() })
    .where(and(eq(quota.id, id), eq(quota.version, version)))
    .returning();
  return row;
}

export async function deleteQuotas(db: Db, ids: number[]) {
  return db.delete(quota).where(inArray(quota.id, ids)).returning({ id: quota.id });
}

export async function archiveYear(db: Db, companyId: number, year: number) {
  return db
    .update(quota)
    .set({ archivedAt: new Date(), version: sql`${quota.version} + 1`, updatedAt: new Date() })
    .where(and(eq(quota.companyId, companyId), eq(quota.year, year), isNull(quota.archivedAt)))
    .returning({ id: quota.id });
}

export async function detailRows(db: Db, q: typeof quota.$inferSelect) {
  return db
    .select({
      d: quotaDetail,
      used: sql<string>`coalesce((select sum(u.held + u.consumed) from ${quotaUsage} u
        where u.company_id = ${q.companyId} and u.kind = ${q.kind} and u.year = ${q.year}
          and u.subject_id = ${q.subjectId} and u.month = ${quotaDetail.month}
          and (${q.expenseItemId}::int is null or u.expense_item_id = ${q.expenseItemId}::int)), 0)::text`,
    })
    .from(quotaDetail)
    .where(eq(quotaDetail.quotaId, q.id))
    .orderBy(asc(quotaDetail.month));
}

export async function replaceDetails(
  db: Db,
  quotaId: number,
  rows: { month: number; amount: string; remark: string | null }[],
) {
  await db.delete(quotaDetail).where(eq(quotaDetail.quotaId, quotaId));
  if (rows.length) await db.insert(quotaDetail).values(rows.map((r) => ({ ...r, quotaId })));
}

export async function deleteDetails(db: Db, quotaId: number, ids: number[]) {
  return db
    .delete(quotaDetail)
    .where(and(eq(quotaDetail.quotaId, quotaId), inArray(quotaDetail.id, ids)))
    .returning({ id: quotaDetail.id });
}

/** Whether the subject of a kind exists in the company (and, for overseas, is an overseas item). */
export async function subjectExists(db: Db, companyId: number, kind: QuotaKind, id: number): Promise<boolean> {
  const t = kind === 'hcp' || kind === 'lecture_fee' ? customerHcp : kind === 'employee' ? null : customerHco;
  if (kind === 'overseas') {
    const [row] = await db
      .select({ id: expenseItem.id })
      .from(expenseItem)
      .where(and(eq(expenseItem.id, id), eq(expenseItem.companyId, companyId), eq(expenseItem.overseas, true)));
    return !!row;
  }
  if (t === null) {
    const [row] = await db
      .select({ id: employee.id })
      .from(employee)
      .where(and(eq(employee.id, id), eq(employee.companyId, companyId)));
    return !!row;
  }
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.id, id), eq(t.companyId, companyId)));
  return !!row;
}

export async function itemExists(db: Db, companyId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: expenseItem.id })
    .from(expenseItem)
    .where(and(eq(expenseItem.id, id), eq(expenseItem.companyId, companyId)));
  return !!row;
}

/** A picker's search: words typed, or the ids of values already chosen (to label them whatever their state). */
interface OptionSearch {
  keyword?: string | undefined;
  ids?: number[] | undefined;
}
type Coded = typeof customerHcp | typeof customerHco | typeof employee | typeof expenseItem;
const noHint = sql<string | null>`null`;

/**
 * The company's rows of a coded table for a picker: by keyword over code and names among the live ones (`live`), or
 * by id; with a hint in both languages (an HCP's hospital, an employee's team). At most 50, by code.
 */
function codedOptions(
  db: Db,
  t: Coded,
  companyId: number,
  f: OptionSearch,
  o: { live?: SQL | undefined; hintZh?: SQL<string | null>; hintEn?: SQL<string | null> },
) {
  return db
    .select({
      id: t.id,
      code: t.code,
      zh: t.nameZh,
      en: t.nameEn,
      extraZh: o.hintZh ?? noHint,
      extraEn: o.hintEn ?? noHint,
    })
    .from(t)
    .where(
      and(
        eq(t.companyId, companyId),
        f.ids ? inArray(t.id, f.ids) : and(o.live, keywordIn(f.keyword, [t.code, t.nameZh, t.nameEn])),
      ),
    )
    .orderBy(asc(t.code))
    .limit(50);
}

/** Subjects a quota of this kind can name, of the company (active ones when searched by keyword). */
export function subjectOptions(db: Db, companyId: number, kind: QuotaKind, f: OptionSearch) {
  if (kind === 'hcp' || kind === 'lecture_fee') {
    const at = (name: typeof customerHco.nameZh | typeof customerHco.nameEn) =>
      sql<string | null>`(select ${name} from ${customerHco} where ${customerHco.id} = ${customerHcp.hcoId})`;
    return codedOptions(db, customerHcp, companyId, f, {
      live: eq(customerHcp.active, true),
      hintZh: at(customerHco.nameZh),
      hintEn: at(customerHco.nameEn),
    });
  }
  if (kind === 'hco' || kind === 'clinical_hco')
    return codedOptions(db, customerHco, companyId, f, {
      live: and(
        eq(customerHco.active, true),
        kind === 'clinical_hco' ? eq(customerHco.clinicalTrial, true) : undefined,
      ),
      hintZh: sql<string | null>`${customerHco.cityZh}`,
      hintEn: sql<string | null>`coalesce(${customerHco.cityEn}, ${customerHco.cityZh})`,
    });
  if (kind === 'employee') {
    const teamName = (name: typeof team.nameZh | typeof team.nameEn) =>
      sql<string | null>`(select ${name} from ${team} where ${team.id} = ${employee.teamId})`;
    return codedOptions(db, employee, companyId, f, {
      live: ne(employee.status, 'left'),
      hintZh: teamName(team.nameZh),
      hintEn: teamName(team.nameEn),
    });
  }
  return itemOptions(db, companyId, f, true);
}

/** Expense items of the company (overseas ones only for an overseas quota), by keyword (active ones) or by id. */
export function itemOptions(db: Db, companyId: number, f: OptionSearch, overseas = false) {
  return codedOptions(db, expenseItem, companyId, f, {
    live: and(eq(expenseItem.active, true), overseas ? eq(expenseItem.overseas, true) : undefined),
  });
}

/** Subjects by code, per kind, for the import. */
export async function subjectsByCode(db: Db, companyId: number, kind: QuotaKind, codes: string[]) {
  if (codes.length === 0) return new Map<string, number>();
  const t =
    kind === 'hcp' || kind === 'lecture_fee'
      ? customerHcp
      : kind === 'hco' || kind === 'clinical_hco'
        ? customerHco
        : kind === 'employee'
          ? employee
          : expenseItem;
  const rows = await db
    .select({ id: t.id, code: t.code })
    .from(t)
    .where(
      and(
        eq(t.companyId, companyId),
        inArray(t.code, codes),
        kind === 'overseas' ? eq(expenseItem.overseas, true) : undefined,
      ),
    );
  return new Map(rows.map((r) => [r.code, r.id]));
}

export async function itemsByCode(db: Db, companyId: number, codes: string[]) {
  if (codes.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: expenseItem.id, code: expenseItem.code })
    .from(expenseItem)
    .where(and(eq(expenseItem.companyId, companyId), inArray(expenseItem.code, codes)));
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** Every quota the filters select, for the export, in batches. */
export async function* allQuotas(db: Db, companyId: number, f: Omit<SearchQuotaBody, 'PageIndex' | 'PageSize'>) {
  const w = where(companyId, f);
  let after = 0;
  for (;;) {
    const rows = await base(db)
      .where(and(w, sql`${quota.id} > ${after}`))
      .orderBy(asc(quota.id))
      .limit(2000);
    yield* rows;
    if (rows.length < 2000) return;
    after = rows[rows.length - 1]!.q.id;
  }
}
