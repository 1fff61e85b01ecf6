import type { QuotaKind, YearUsedDetailBody, YearUsedSearchBody } from '@ems/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { EXPORT_PAGE } from '../../core/export';
import { contains, countLimit, offsetOf } from '../../core/list';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The subjects of a kind: their table and what the report shows beside the name (an HCP's hospital, an HCO's city). */
function subjects(kind: QuotaKind): SQL {
  if (kind === 'hcp' || kind === 'lecture_fee')
    return sql`(select p.id, p.code, p.name_zh, p.name_en, h.name_zh as extra_zh, h.name_en as extra_en
      from customer_hcp p left join customer_hco h on h.id = p.hco_id)`;
  if (kind === 'hco' || kind === 'clinical_hco')
    return sql`(select id, code, name_zh, name_en, city as extra_zh, city as extra_en from customer_hco)`;
  if (kind === 'employee')
    return sql`(select id, code, name_zh, name_en, null::text as extra_zh, null::text as extra_en from employee)`;
  return sql`(select id, code, name_zh, name_en, null::text as extra_zh, null::text as extra_en from expense_item)`;
}

type Filters = Omit<YearUsedSearchBody, 'PageIndex' | 'PageSize' | 'SortField' | 'SortOrder'>;

/**
 * The subjects' use in a year, from the usage rows (a few per subject, never the expense lines), beside their cap:
 * the quota on the item asked for, or the quota over every item. Subjects with a cap and no use yet are listed too.
 */
function usageCte(companyId: number, kind: QuotaKind, f: Filters): SQL {
  const item = f.ExpenseItemID ?? null;
  const keyword = f.Keyword?.trim();
  return sql`with u as (
      select subject_id, sum(held) as held, sum(consumed) as consumed from quota_usage
      where company_id = ${companyId} and kind = ${kind} and year = ${f.Year}
        ${item === null ? sql`` : sql`and expense_item_id = ${item}`}
      group by subject_id),
    c as (
      select subject_id, amount as cap, limit_status from quota
      where company_id = ${companyId} and kind = ${kind} and year = ${f.Year} and archived_at is null
        and expense_item_id is not distinct from ${item}::int),
    r as (
      select coalesce(u.subject_id, c.subject_id) as subject_id, coalesce(u.held, 0) as held,
        coalesce(u.consumed, 0) as consumed, coalesce(u.held, 0) + coalesce(u.consumed, 0) as used,
        c.cap, c.limit_status
      from u full join c on c.subject_id = u.subject_id),
    s as (
      select r.*, x.code, x.name_zh, x.name_en, x.extra_zh, x.extra_en,
        case when r.cap > 0 then round(r.used * 100 / r.cap, 2) end as used_percent
      from r join ${subjects(kind)} x on x.id = r.subject_id
      where true
        ${keyword ? sql`and (x.code ilike ${contains(keyword)} or x.name_zh ilike ${contains(keyword)} or x.name_en ilike ${contains(keyword)})` : sql``}
        ${f.MinUsedPercent !== undefined ? sql`and r.cap > 0 and r.used * 100 >= r.cap * ${f.MinUsedPercent}` : sql``})`;
}

const SORTS: Record<string, string> = {
  SubjectCode: 'code',
  Used: 'used',
  Cap: 'cap',
  UsedPercent: 'used_percent',
  Held: 'held',
  Consumed: 'consumed',
};

export interface UsageRow {
  subject_id: number;
  code: string;
  name_zh: string;
  name_en: string;
  extra_zh: string | null;
  extra_en: string | null;
  held: string;
  consumed: string;
  used: string;
  cap: string | null;
  limit_status: number | null;
  used_percent: string | null;
}

export async function usageTotals(db: Db, companyId: number, kind: QuotaKind, f: Filters) {
  const result = await db.execute(sql`${usageCte(companyId, kind, f)}
    select count(*)::int as n, coalesce(sum(held), 0)::text as held, coalesce(sum(consumed), 0)::text as consumed,
      coalesce(sum(used), 0)::text as used from s`);
  return rowsOf<{ n: number; held: string; consumed: string; used: string }>(result)[0]!;
}

/** One page of the subjects' use, or (`limit` null) every one, in the order asked for (most used first). */
export async function usagePage(
  db: Db,
  companyId: number,
  kind: QuotaKind,
  f: YearUsedSearchBody | (Filters & { SortField?: string; SortOrder?: string }),
  page: { limit: number; offset: number } | null,
): Promise<UsageRow[]> {
  const column = SORTS[f.SortField ?? ''] ?? 'used';
  const dir = f.SortOrder === 'ascend' ? sql`asc` : sql`desc`;
  const result = await db.execute(sql`${usageCte(companyId, kind, f)}
    select subject_id, code, name_zh, name_en, extra_zh, extra_en, held::text, consumed::text, used::text,
      cap::text, limit_status, used_percent::text from s
    -- Qualified: the output columns of the same names are text, which would sort "943" above "4366".
    order by s.${sql.raw(column)} ${dir} nulls last, s.subject_id
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`);
  return rowsOf<UsageRow>(result).map((r) => ({ ...r, subject_id: Number(r.subject_id) }));
}

/** How many documents use each of the subjects in the year. */
export async function documentCounts(db: Db, companyId: number, kind: QuotaKind, year: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const result = await db.execute(sql`select subject_id, count(distinct document_id)::int as n from quota_ledger
    where company_id = ${companyId} and kind = ${kind} and year = ${year} and state <> 'released'
      and subject_id = any(${sql.param(ids)}::int[])
    group by subject_id`);
  return new Map(rowsOf<{ subject_id: number; n: number }>(result).map((r) => [Number(r.subject_id), Number(r.n)]));
}

export interface DetailRow {
  id: number;
  document_id: number;
  doc_no: string;
  doc_type: string;
  status: string;
  applicant_zh: string;
  applicant_en: string;
  subject_id: number;
  code: string;
  name_zh: string;
  name_en: string;
  item_zh: string | null;
  item_en: string | null;
  month: number;
  amount: string;
  state: 'held' | 'consumed';
}

function detailWhere(companyId: number, kind: QuotaKind, f: Omit<YearUsedDetailBody, 'PageIndex' | 'PageSize'>) {
  const keyword = f.Keyword?.trim();
  return sql`l.company_id = ${companyId} and l.kind = ${kind} and l.year = ${f.Year} and l.state <> 'released'
    ${f.SubjectID ? sql`and l.subject_id = ${f.SubjectID}` : sql``}
    ${f.ExpenseItemID ? sql`and l.expense_item_id = ${f.ExpenseItemID}` : sql``}
    ${keyword ? sql`and (d.doc_no ilike ${contains(keyword)} or x.code ilike ${contains(keyword)} or x.name_zh ilike ${contains(keyword)} or x.name_en ilike ${contains(keyword)})` : sql``}`;
}

function detailFrom(kind: QuotaKind) {
  return sql`from quota_ledger l join document d on d.id = l.document_id
    join ${subjects(kind)} x on x.id = l.subject_id`;
}

/** The documents behind the use, newest first; counted only ten pages ahead (a year can hold millions). */
export async function detailPage(
  db: Db,
  companyId: number,
  kind: QuotaKind,
  f: YearUsedDetailBody,
): Promise<{ counted: number; limit: number; rows: DetailRow[] }> {
  const limit = countLimit(f);
  const w = detailWhere(companyId, kind, f);
  const count = await db.execute(sql`select count(*)::int as n from (select 1 ${detailFrom(kind)} where ${w}
    limit ${limit + 1}) t`);
  const rows = await detailRows(db, kind, w, { limit: f.PageSize, offset: offsetOf(f) });
  return { counted: Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0), limit, rows };
}

async function detailRows(db: Db, kind: QuotaKind, w: SQL, page: { limit: number; offset: number; after?: number }) {
  const result = await db.execute(sql`select l.id, l.document_id, d.doc_no, d.doc_type, d.status,
      a.name_zh as applicant_zh, a.name_en as applicant_en, l.subject_id, x.code, x.name_zh, x.name_en,
      i.name_zh as item_zh, i.name_en as item_en, l.month, l.amount::text, l.state
    ${detailFrom(kind)} join employee a on a.id = d.applicant_id
    left join expense_item i on i.id = nullif(l.expense_item_id, 0)
    where ${w} ${page.after ? sql`and l.id < ${page.after}` : sql``}
    order by l.id desc limit ${page.limit} offset ${page.offset}`);
  return rowsOf<DetailRow>(result).map((r) => ({ ...r, id: Number(r.id), document_id: Number(r.document_id) }));
}

/** Every document row the filters select, newest first, read in keyset batches for a streamed export. */
export async function* allDetails(
  db: Db,
  companyId: number,
  kind: QuotaKind,
  f: Omit<YearUsedDetailBody, 'PageIndex' | 'PageSize'>,
) {
  const w = detailWhere(companyId, kind, f);
  let after: number | undefined;
  for (;;) {
    const rows = await detailRows(db, kind, w, { limit: EXPORT_PAGE, offset: 0, ...(after ? { after } : {}) });
    yield* rows;
    if (rows.length < EXPORT_PAGE) return;
    after = rows[rows.length - 1]!.id;
  }
}
