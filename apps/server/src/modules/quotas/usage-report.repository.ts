import type { QuotaKind, YearUsedDetailBody, YearUsedSearchBody } from '@ems/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, executeNamed } from '../../core/db';
import { EXPORT_PAGE } from '../../core/export';
import { contains, countLimit, offsetOf } from '../../core/list';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The subjects of a kind: their table and what the report shows beside the name (an HCP's hospital, an HCO's city). */
function subjects(kind: QuotaKind): SQL {
  if (kind === 'hcp' || kind === 'lecture_fee')
    return sql`(select p.id, p.code, p.name_zh, p.name_en, h.name_zh as extra_zh, h.name_en as extra_en
      from customer_hcp p left join customer_hco h on h.id = p.hco_id)`;
  if (kind === 'hco' || kind === 'clinical_hco')
    return sql`(select id, code, name_zh, name_en, city_zh as extra_zh, coalesce(city_en, city_zh) as extra_en from customer_hco)`;
  if (kind === 'employee')
    return sql`(select id, code, name_zh, name_en, null::text as extra_zh, null::text as extra_en from employee)`;
  return sql`(select id, code, name_zh, name_en, null::text as extra_zh, null::text as extra_en from expense_item)`;
}

type Filters = Omit<YearUsedSearchBody, 'PageIndex' | 'PageSize' | 'SortField' | 'SortOrder'>;

/**
 * The subjects of a year with a use or a cap, one year row each (decision 055): the use on the item asked for, or
 * over every item, beside the live quota on the same key. Joined to the subjects only when a keyword needs their
 * code or names; the page joins them for its own rows.
 */
function yearWhere(companyId: number, kind: QuotaKind, f: Filters): SQL {
  const item = f.ExpenseItemID ?? null;
  return sql`y.company_id = ${companyId} and y.kind = ${kind} and y.year = ${f.Year}
    and ${item === null ? sql`y.expense_item_id is null` : sql`y.expense_item_id = ${item}`}
    and (y.cap is not null or y.documents > 0 or y.used <> 0)
    ${f.MinUsedPercent !== undefined ? sql`and y.cap > 0 and y.used * 100 >= y.cap * ${f.MinUsedPercent}` : sql``}`;
}

function keywordOn(f: Filters): SQL {
  const keyword = f.Keyword?.trim();
  return keyword
    ? sql`and (x.code ilike ${contains(keyword)} or x.name_zh ilike ${contains(keyword)} or x.name_en ilike ${contains(keyword)})`
    : sql``;
}

const SORTS: Record<string, string> = {
  SubjectCode: 'x.code',
  Used: 'y.used',
  Cap: 'y.cap',
  UsedPercent: 'y.used_percent',
  Held: 'y.held',
  Consumed: 'y.consumed',
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
  documents: number;
}

export async function usageTotals(db: Db, companyId: number, kind: QuotaKind, f: Filters) {
  const join = f.Keyword?.trim() ? sql`join ${subjects(kind)} x on x.id = y.subject_id` : sql``;
  const result = await executeNamed(
    db,
    sql`select count(*)::int as n, coalesce(sum(y.held), 0)::text as held,
      coalesce(sum(y.consumed), 0)::text as consumed, coalesce(sum(y.used), 0)::text as used
    from quota_year_usage y ${join}
    where ${yearWhere(companyId, kind, f)} ${keywordOn(f)}`,
  );
  return rowsOf<{ n: number; held: string; consumed: string; used: string }>(result)[0]!;
}

/**
 * One page of the subjects' use, or (`limit` null) every one, in the order asked for (most used first). Unless the
 * keyword or the order needs the subjects' codes and names, the page is cut from the year rows alone (through their
 * index for the default order) and only its rows are joined to their subjects.
 */
export async function usagePage(
  db: Db,
  companyId: number,
  kind: QuotaKind,
  f: YearUsedSearchBody | (Filters & { SortField?: string; SortOrder?: string }),
  page: { limit: number; offset: number } | null,
): Promise<UsageRow[]> {
  const column = SORTS[f.SortField ?? ''] ?? 'y.used';
  const dir = f.SortOrder === 'ascend' ? sql`asc` : sql`desc`;
  const order = sql`order by ${sql.raw(column)} ${dir} nulls last, y.subject_id`;
  const cut = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const fields = sql`y.subject_id, x.code, x.name_zh, x.name_en, x.extra_zh, x.extra_en, y.held::text,
    y.consumed::text, y.used::text, y.cap::text, y.limit_status, y.used_percent::text, y.documents`;
  const byName = Boolean(f.Keyword?.trim()) || column.startsWith('x.');
  const result = byName
    ? await executeNamed(
        db,
        sql`select ${fields} from quota_year_usage y join ${subjects(kind)} x on x.id = y.subject_id
        where ${yearWhere(companyId, kind, f)} ${keywordOn(f)} ${order} ${cut}`,
      )
    : await executeNamed(
        db,
        sql`select ${fields}
        from (select * from quota_year_usage y where ${yearWhere(companyId, kind, f)} ${order} ${cut}) y
        join ${subjects(kind)} x on x.id = y.subject_id ${order}`,
      );
  return rowsOf<UsageRow>(result).map((r) => ({
    ...r,
    subject_id: Number(r.subject_id),
    documents: Number(r.documents),
  }));
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
  // Without a keyword the ledger alone answers: every row has its document and subject.
  const from = f.Keyword?.trim() ? detailFrom(kind) : sql`from quota_ledger l`;
  const count = await executeNamed(
    db,
    sql`select count(*)::int as n from (select 1 ${from} where ${w} limit ${limit + 1}) t`,
  );
  const rows = await detailRows(db, kind, w, { limit: f.PageSize, offset: offsetOf(f) });
  return { counted: Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0), limit, rows };
}

async function detailRows(db: Db, kind: QuotaKind, w: SQL, page: { limit: number; offset: number; after?: number }) {
  const result = await executeNamed(
    db,
    sql`select l.id, l.document_id, d.doc_no, d.doc_type, d.status,
      a.name_zh as applicant_zh, a.name_en as applicant_en, l.subject_id, x.code, x.name_zh, x.name_en,
      i.name_zh as item_zh, i.name_en as item_en, l.month, l.amount::text, l.state
    ${detailFrom(kind)} join employee a on a.id = d.applicant_id
    left join expense_item i on i.id = nullif(l.expense_item_id, 0)
    where ${w} ${page.after ? sql`and l.id < ${page.after}` : sql``}
    order by l.id desc limit ${page.limit} offset ${page.offset}`,
  );
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
