import { APPROVED_STATES, type SpendStage } from '@ems/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { EXPORT_PAGE } from '../../core/export';

/** Which report: the lines of applies or deputies, grouped by the document's cost centre or the line's product. */
export interface SpendKind {
  docType: 'apply' | 'deputy';
  by: 'costCentre' | 'product';
}

export interface SpendFilter {
  from: string;
  to: string;
  costCentreId?: number | undefined;
  costCentreText?: string | undefined;
  expenseTypeId?: number | undefined;
  expenseItemId?: number | undefined;
  productId?: number | undefined;
  stage: SpendStage;
  keyword?: string | undefined;
}

/** The states a document counts in, per stage: submitted and neither sent back nor cancelled. */
const STAGE_STATES: Record<SpendStage, readonly string[]> = {
  approving: ['confirming', 'approving'],
  approved: APPROVED_STATES,
  all: [],
};
STAGE_STATES.all = [...STAGE_STATES.approving, ...STAGE_STATES.approved];

const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE of a report over `expense_line l join document d`. */
function where(companyId: number, kind: SpendKind, f: SpendFilter): SQL {
  const parts: SQL[] = [
    sql`d.company_id = ${companyId}`,
    sql`d.doc_type = ${kind.docType}`,
    sql`d.status = any(${sql.param(STAGE_STATES[f.stage])}::text[])`,
    sql`l.expense_date between ${f.from}::date and ${f.to}::date`,
  ];
  if (f.costCentreId) parts.push(sql`d.cost_centre_id = ${f.costCentreId}`);
  if (f.costCentreText) {
    parts.push(sql`d.cost_centre_id in (select id from cost_centre where company_id = ${companyId}
      and (lower(code) like ${`${literal(f.costCentreText.toLowerCase())}%`} or name_zh ilike ${`%${literal(f.costCentreText)}%`}
        or name_en ilike ${`%${literal(f.costCentreText)}%`}))`);
  }
  if (f.expenseTypeId) parts.push(sql`d.expense_type_id = ${f.expenseTypeId}`);
  if (f.expenseItemId) parts.push(sql`l.expense_item_id = ${f.expenseItemId}`);
  if (f.productId) parts.push(sql`l.product_id = ${f.productId}`);
  if (f.keyword) parts.push(sql`d.doc_no like ${`${literal(f.keyword.toUpperCase())}%`}`);
  return sql.join(parts, sql` and `);
}

export interface SpendRow {
  line_id: number;
  document_id: number;
  doc_no: string;
  status: string;
  applicant_code: string;
  applicant_zh: string;
  applicant_en: string;
  team_zh: string | null;
  team_en: string | null;
  cc_code: string | null;
  cc_zh: string | null;
  cc_en: string | null;
  type_zh: string | null;
  type_en: string | null;
  item_zh: string | null;
  item_en: string | null;
  product_code: string | null;
  product_zh: string | null;
  product_en: string | null;
  expense_date: string | null;
  currency: string;
  amount: string;
  amount_cny: string;
}

const SELECT = sql`select l.id as line_id, d.id as document_id, d.doc_no, d.status,
    e.code as applicant_code, e.name_zh as applicant_zh, e.name_en as applicant_en,
    tm.name_zh as team_zh, tm.name_en as team_en,
    cc.code as cc_code, cc.name_zh as cc_zh, cc.name_en as cc_en,
    et.name_zh as type_zh, et.name_en as type_en, ei.name_zh as item_zh, ei.name_en as item_en,
    p.code as product_code, p.name_zh as product_zh, p.name_en as product_en,
    l.expense_date::text as expense_date, l.currency, coalesce(l.amount, 0)::text as amount,
    coalesce(l.amount_cny, 0)::text as amount_cny
  from expense_line l
  join document d on d.id = l.document_id
  join employee e on e.id = d.applicant_id
  left join team tm on tm.id = d.team_id
  left join cost_centre cc on cc.id = d.cost_centre_id
  left join expense_type et on et.id = d.expense_type_id
  left join expense_item ei on ei.id = l.expense_item_id
  left join product p on p.id = l.product_id`;

const SORTABLE: Record<string, SQL> = {
  DocNo: sql`d.doc_no`,
  ExpenseDate: sql`l.expense_date`,
  AmountCNY: sql`l.amount_cny`,
  CostCenterCode: sql`cc.code`,
  ProductCode: sql`p.code`,
};

function orderOf(sortField?: string, sortOrder?: 'ascend' | 'descend'): SQL {
  const col = sortField ? SORTABLE[sortField] : undefined;
  if (!col) return sql`l.expense_date desc, l.id desc`;
  return sortOrder === 'descend' ? sql`${col} desc nulls last, l.id desc` : sql`${col} asc nulls last, l.id`;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The lines per month of the expense date and per cost centre or product (as the report groups), over the whole
 * filter, in one pass: the total, the trend chart and the largest groups come from it.
 */
export async function spendByMonth(db: Db, companyId: number, kind: SpendKind, f: SpendFilter) {
  const group = kind.by === 'costCentre' ? sql`d.cost_centre_id` : sql`l.product_id`;
  const result = await db.execute(sql`select to_char(l.expense_date, 'YYYY-MM') as month, ${group} as group_id,
      count(*)::int as lines, coalesce(sum(l.amount_cny), 0)::text as amount
    from expense_line l join document d on d.id = l.document_id
    where ${where(companyId, kind, f)}
    group by 1, 2 order by 1`);
  return rowsOf<{ month: string; group_id: number | null; lines: number; amount: string }>(result);
}

/** The summaries' stages a report's stage takes. */
const SUMMARY_STAGES: Record<SpendStage, readonly string[]> = {
  approving: ['approving'],
  approved: ['approved'],
  all: ['approving', 'approved'],
};

/** The cost-centre and product conditions of a filter, on a summary's columns. */
function filterParts(companyId: number, f: Omit<SpendFilter, 'keyword'>): SQL[] {
  const parts: SQL[] = [];
  if (f.costCentreId) parts.push(sql`cost_centre_id = ${f.costCentreId}`);
  if (f.costCentreText) {
    parts.push(sql`cost_centre_id in (select id from cost_centre where company_id = ${companyId}
      and (lower(code) like ${`${literal(f.costCentreText.toLowerCase())}%`} or name_zh ilike ${`%${literal(f.costCentreText)}%`}
        or name_en ilike ${`%${literal(f.costCentreText)}%`}))`);
  }
  if (f.productId) parts.push(sql`product_id = ${f.productId}`);
  return parts;
}

type Cell = { month: string; group_id: number | null; lines: number; amount: string };

/**
 * As `spendByMonth`, from the spend summary by expense type and item (decision 039) instead of the lines, for the
 * whole months `from`…`to` (first days of months).
 */
export async function spendByMonthSummed(
  db: Db,
  companyId: number,
  kind: SpendKind,
  f: Omit<SpendFilter, 'keyword'>,
  months: { from: string; to: string },
) {
  const group = kind.by === 'costCentre' ? sql`cost_centre_id` : sql`product_id`;
  const parts: SQL[] = [
    sql`company_id = ${companyId}`,
    sql`doc_type = ${kind.docType}`,
    sql`month between ${months.from}::date and ${months.to}::date`,
    sql`stage = any(${sql.param(SUMMARY_STAGES[f.stage])}::text[])`,
    ...filterParts(companyId, f),
  ];
  if (f.expenseTypeId) parts.push(sql`expense_type_id = ${f.expenseTypeId}`);
  if (f.expenseItemId) parts.push(sql`expense_item_id = ${f.expenseItemId}`);
  const result = await db.execute(sql`select to_char(month, 'YYYY-MM') as month, ${group} as group_id,
      sum(lines)::int as lines, coalesce(sum(amount_cny), 0)::text as amount
    from spend_summary where ${sql.join(parts, sql` and `)}
    group by 1, 2 having sum(lines) <> 0 or sum(amount_cny) <> 0`);
  return rowsOf<Cell>(result);
}

/**
 * As `spendByMonth`, from the coarse spend summary (decision 039), for a filter without expense type or item: the
 * whole months from its month rows, the odd days at either end from its day rows.
 */
export async function spendByPeriodSummed(
  db: Db,
  companyId: number,
  kind: SpendKind,
  f: Omit<SpendFilter, 'keyword'>,
  ranges: { months?: { from: string; to: string } | undefined; days: { from: string; to: string }[] },
) {
  const group = kind.by === 'costCentre' ? sql`cost_centre_id` : sql`product_id`;
  const periods: SQL[] = [];
  if (ranges.months)
    periods.push(sql`grain = 'month' and period between ${ranges.months.from}::date and ${ranges.months.to}::date`);
  for (const d of ranges.days) periods.push(sql`grain = 'day' and period between ${d.from}::date and ${d.to}::date`);
  if (periods.length === 0) return [];
  const parts: SQL[] = [
    sql`company_id = ${companyId}`,
    sql`doc_type = ${kind.docType}`,
    sql`stage = any(${sql.param(SUMMARY_STAGES[f.stage])}::text[])`,
    ...filterParts(companyId, f),
  ];
  // One range of the key per period (an OR of them would read every row of the type and filter).
  const reads = periods.map(
    (period) => sql`select period, ${group} as group_id, lines, amount_cny from spend_period_summary
      where ${sql.join(parts, sql` and `)} and ${period}`,
  );
  const result = await db.execute(sql`select to_char(period, 'YYYY-MM') as month, group_id,
      sum(lines)::int as lines, coalesce(sum(amount_cny), 0)::text as amount
    from (${sql.join(reads, sql` union all `)}) x
    group by 1, 2 having sum(lines) <> 0 or sum(amount_cny) <> 0`);
  return rowsOf<Cell>(result);
}

/** Codes and names of cost centres or products by id. */
export async function groupNames(db: Db, kind: SpendKind, ids: number[]) {
  if (ids.length === 0) return [];
  const table = kind.by === 'costCentre' ? sql`cost_centre` : sql`product`;
  const result = await db.execute(sql`select id, code, name_zh, name_en from ${table}
    where id = any(${sql.param(ids)}::int[])`);
  return rowsOf<OptionRow>(result);
}

export async function spendPage(
  db: Db,
  companyId: number,
  kind: SpendKind,
  f: SpendFilter,
  page: { offset: number; limit: number; sortField?: string | undefined; sortOrder?: 'ascend' | 'descend' | undefined },
) {
  const result = await db.execute(sql`${SELECT} where ${where(companyId, kind, f)}
    order by ${orderOf(page.sortField, page.sortOrder)} limit ${page.limit} offset ${page.offset}`);
  return rowsOf<SpendRow>(result);
}

/**
 * Every line of the filter, newest expense date first as on screen, a page at a time: each page starts after the
 * last row of the one before (keyset on the date index), so a deep page costs what the first does. The next page is
 * asked for before this one is handed on.
 */
export async function* spendAll(db: Db, companyId: number, kind: SpendKind, f: SpendFilter, limit: number) {
  const size = EXPORT_PAGE;
  const page = (after: SpendRow | undefined, n: number) => {
    const past = after ? sql` and (l.expense_date, l.id) < (${after.expense_date}::date, ${after.line_id})` : sql``;
    const rows = db
      .execute(sql`${SELECT} where ${where(companyId, kind, f)}${past}
        order by l.expense_date desc, l.id desc limit ${n}`)
      .then((r) => rowsOf<SpendRow>(r));
    rows.catch(() => undefined);
    return rows;
  };
  let next = page(undefined, Math.min(size, limit));
  for (let read = 0; read < limit; ) {
    const rows = await next;
    read += rows.length;
    const last = rows.at(-1);
    const more = rows.length === size && last !== undefined && read < limit;
    if (more) next = page(last, Math.min(size, limit - read));
    yield* rows;
    if (!more) return;
  }
}

/** How many of the ids named belong to the company, per kind of master record (a filter naming another's is 404). */
export async function foreignFilters(
  db: Db,
  companyId: number,
  ids: {
    costCentre?: number | undefined;
    expenseType?: number | undefined;
    expenseItem?: number | undefined;
    product?: number | undefined;
  },
): Promise<boolean> {
  const checks: SQL[] = [];
  if (ids.costCentre)
    checks.push(sql`exists (select 1 from cost_centre where id = ${ids.costCentre} and company_id = ${companyId})`);
  if (ids.expenseType)
    checks.push(sql`exists (select 1 from expense_type where id = ${ids.expenseType} and company_id = ${companyId})`);
  if (ids.expenseItem)
    checks.push(sql`exists (select 1 from expense_item where id = ${ids.expenseItem} and company_id = ${companyId})`);
  if (ids.product)
    checks.push(sql`exists (select 1 from product where id = ${ids.product} and company_id = ${companyId})`);
  if (checks.length === 0) return false;
  const result = await db.execute(sql`select (${sql.join(checks, sql` and `)}) as ok`);
  return rowsOf<{ ok: boolean }>(result)[0]?.ok !== true;
}

export interface OptionRow {
  id: number;
  code: string;
  name_zh: string;
  name_en: string;
}

export async function expenseTypes(db: Db, companyId: number, docType?: string) {
  const result = await db.execute(sql`select id, code, name_zh, name_en from expense_type
    where company_id = ${companyId} ${docType ? sql`and doc_type = ${docType}` : sql``} order by code`);
  return rowsOf<OptionRow>(result);
}

export async function products(db: Db, companyId: number) {
  const result = await db.execute(sql`select id, code, name_zh, name_en from product
    where company_id = ${companyId} order by code`);
  return rowsOf<OptionRow>(result);
}

export async function expenseItems(
  db: Db,
  companyId: number,
  f: { docType?: string | undefined; expenseTypeId?: number | undefined },
) {
  const byType = f.expenseTypeId
    ? sql`and id in (select expense_item_id from expense_type_item where expense_type_id = ${f.expenseTypeId})`
    : f.docType
      ? sql`and id in (select ti.expense_item_id from expense_type_item ti join expense_type t on t.id = ti.expense_type_id
          where t.company_id = ${companyId} and t.doc_type = ${f.docType})`
      : sql``;
  const result = await db.execute(sql`select id, code, name_zh, name_en from expense_item
    where company_id = ${companyId} ${byType} order by code`);
  return rowsOf<OptionRow>(result);
}
