import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../core/db';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface AspFilter {
  monthFrom: string;
  monthTo: string;
  productId?: number | undefined;
}

/** Per month and product: the imported standard ASP beside the month's units and sales (either may be missing). */
function aspQuery(companyId: number, f: AspFilter): SQL {
  const product = (col: SQL) => (f.productId ? sql`and ${col} = ${f.productId}` : sql``);
  return sql`with s as (
      select to_char(sales_date, 'YYYY-MM') as month, product_id, sum(quantity) as quantity, sum(amount) as amount
      from sales_daily
      where company_id = ${companyId} and sales_date >= to_date(${f.monthFrom}, 'YYYY-MM')
        and sales_date < to_date(${f.monthTo}, 'YYYY-MM') + interval '1 month' ${product(sql`product_id`)}
      group by 1, 2),
    a as (
      select month, product_id, standard_asp from sales_asp
      where company_id = ${companyId} and month between ${f.monthFrom} and ${f.monthTo} ${product(sql`product_id`)})
    select coalesce(s.month, a.month) as month, p.id as product_id, p.code as product_code,
      p.name_zh as product_zh, p.name_en as product_en, a.standard_asp::text as standard_asp,
      coalesce(s.quantity, 0)::text as quantity, coalesce(s.amount, 0)::text as amount,
      case when s.quantity > 0 then round(s.amount / s.quantity, 4)::text end as actual_asp,
      case when s.quantity > 0 and a.standard_asp > 0
        then round((s.amount / s.quantity - a.standard_asp) * 100 / a.standard_asp, 2)::text end as variance
    from s full join a on a.month = s.month and a.product_id = s.product_id
    join product p on p.id = coalesce(s.product_id, a.product_id)`;
}

export interface AspRow {
  month: string;
  product_id: number;
  product_code: string;
  product_zh: string;
  product_en: string;
  standard_asp: string | null;
  quantity: string;
  amount: string;
  actual_asp: string | null;
  variance: string | null;
}

export async function aspTotals(db: Db, companyId: number, f: AspFilter) {
  const result = await db.execute(sql`select count(*)::int as n, coalesce(sum(quantity::numeric), 0)::text as quantity,
      coalesce(sum(amount::numeric), 0)::text as amount from (${aspQuery(companyId, f)}) x`);
  return rowsOf<{ n: number; quantity: string; amount: string }>(result)[0]!;
}

export async function aspPage(db: Db, companyId: number, f: AspFilter, offset: number, limit: number) {
  const result = await db.execute(
    sql`${aspQuery(companyId, f)} order by 1 desc, p.code limit ${limit} offset ${offset}`,
  );
  return rowsOf<AspRow>(result);
}

export interface BudgetFilter {
  from: string;
  to: string;
  productId?: number | undefined;
}

/**
 * Daily sales with the month to date: the running sums start at the first of the month even when the filter starts
 * later, so the month-to-date figures do not depend on where the filter begins.
 */
function budgetQuery(companyId: number, f: BudgetFilter): SQL {
  return sql`select * from (
      select sd.id, sd.sales_date::text as sales_date, sd.product_id, p.code as product_code,
        p.name_zh as product_zh, p.name_en as product_en,
        sd.quantity::text as quantity, sd.amount::text as amount, sd.budget_amount::text as budget_amount,
        sum(sd.amount) over w as mtd_amount, sum(sd.budget_amount) over w as mtd_budget
      from sales_daily sd join product p on p.id = sd.product_id
      where sd.company_id = ${companyId}
        and sd.sales_date between date_trunc('month', ${f.from}::date)::date and ${f.to}::date
        ${f.productId ? sql`and sd.product_id = ${f.productId}` : sql``}
      window w as (partition by sd.product_id, date_trunc('month', sd.sales_date) order by sd.sales_date)) x
    where sales_date::date >= ${f.from}::date`;
}

export interface BudgetRow {
  id: number;
  sales_date: string;
  product_id: number;
  product_code: string;
  product_zh: string;
  product_en: string;
  quantity: string;
  amount: string;
  budget_amount: string;
  mtd_amount: string;
  mtd_budget: string;
}

export async function budgetDays(db: Db, companyId: number, f: BudgetFilter) {
  const result = await db.execute(sql`select sales_date, count(*)::int as n, sum(amount::numeric)::text as amount,
      sum(budget_amount::numeric)::text as budget
    from (${budgetQuery(companyId, f)}) y group by 1 order by 1`);
  return rowsOf<{ sales_date: string; n: number; amount: string; budget: string }>(result);
}

export async function budgetPage(db: Db, companyId: number, f: BudgetFilter, offset: number, limit: number) {
  const result = await db.execute(sql`select id, sales_date, product_id, product_code, product_zh, product_en,
      quantity, amount, budget_amount, mtd_amount::text as mtd_amount, mtd_budget::text as mtd_budget
    from (${budgetQuery(companyId, f)}) y order by sales_date desc, product_code, id limit ${limit} offset ${offset}`);
  return rowsOf<BudgetRow>(result);
}

/** The company's products by lower-cased code, for an import. */
export async function productsByCode(db: Db, companyId: number, codes: string[]) {
  const result = await db.execute(sql`select id, lower(code) as code from product
    where company_id = ${companyId} and lower(code) = any(${sql.param(codes.map((c) => c.toLowerCase()))}::text[])`);
  return new Map(rowsOf<{ id: number; code: string }>(result).map((r) => [r.code, r.id]));
}

export async function productOwned(db: Db, companyId: number, productId: number): Promise<boolean> {
  const result = await db.execute(sql`select 1 from product where id = ${productId} and company_id = ${companyId}`);
  return rowsOf(result).length > 0;
}

export interface DailyValue {
  salesDate: string;
  productId: number;
  quantity: string;
  amount: string;
  budgetAmount: string;
}

/** Writes the days, replacing a day and product already there; returns how many were new. */
export async function upsertDaily(db: Db, companyId: number, rows: DailyValue[]): Promise<number> {
  let created = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const values = sql.join(
      chunk.map(
        (r) =>
          sql`(${companyId}, ${r.salesDate}::date, ${r.productId}, ${r.quantity}::numeric, ${r.amount}::numeric, ${r.budgetAmount}::numeric)`,
      ),
      sql`, `,
    );
    const result =
      await db.execute(sql`insert into sales_daily (company_id, sales_date, product_id, quantity, amount, budget_amount)
      values ${values}
      on conflict (company_id, sales_date, product_id) do update set quantity = excluded.quantity,
        amount = excluded.amount, budget_amount = excluded.budget_amount,
        version = sales_daily.version + 1, updated_at = now()
      returning (xmax = 0) as created`);
    created += rowsOf<{ created: boolean }>(result).filter((r) => r.created).length;
  }
  return created;
}

export interface AspValue {
  month: string;
  productId: number;
  standardAsp: string;
}

export async function upsertAsp(db: Db, companyId: number, rows: AspValue[]): Promise<number> {
  let created = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const values = sql.join(
      chunk.map((r) => sql`(${companyId}, ${r.month}, ${r.productId}, ${r.standardAsp}::numeric)`),
      sql`, `,
    );
    const result = await db.execute(sql`insert into sales_asp (company_id, month, product_id, standard_asp)
      values ${values}
      on conflict (company_id, month, product_id) do update set standard_asp = excluded.standard_asp,
        version = sales_asp.version + 1, updated_at = now()
      returning (xmax = 0) as created`);
    created += rowsOf<{ created: boolean }>(result).filter((r) => r.created).length;
  }
  return created;
}
