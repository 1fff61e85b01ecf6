import {
  type AspExportBody,
  AspImportRow,
  type AspListBody,
  type AspPage,
  type AspRow,
  DailySalesImportRow,
  type ImportResult,
  type SalesBudgetBody,
  type SalesBudgetExportBody,
  type SalesBudgetPage,
  type SalesBudgetRow,
} from '@ems/contracts';
import Decimal from 'decimal.js';
import type { Actor, AuditActor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import type { Db } from '../../core/db';
import { fieldError, notFound } from '../../core/errors';
import { localName } from '../../core/i18n';
import { type ImportColumn, parseRows, RowErrors, readSheet } from '../../core/import';
import { shanghaiToday } from '../../core/time';
import { audit, auditEntry } from '../audit/audit.service';
import * as repo from './sales.repository';
import { dateRange } from './spend.service';

/** The daily sales chart shows at most this many days; a longer range is refused. */
export const MAX_DAYS = 400;

/** `part ÷ whole` in per cent with two places; null when the whole is zero. */
export function percentOf(part: string, whole: string): string | null {
  const w = new Decimal(whole);
  if (w.isZero()) return null;
  return new Decimal(part).times(100).div(w).toFixed(2);
}

async function ownProduct(db: Db, actor: Actor, productId: number | undefined) {
  if (productId && !(await repo.productOwned(db, actor.companyId, productId))) throw notFound();
}

function monthRange(q: { MonthFrom?: string | undefined; MonthTo?: string | undefined }) {
  const year = shanghaiToday().slice(0, 4);
  const monthFrom = q.MonthFrom ?? `${(q.MonthTo ?? year).slice(0, 4)}-01`;
  const monthTo = q.MonthTo ?? `${(q.MonthFrom ?? year).slice(0, 4)}-12`;
  if (monthFrom > monthTo) throw fieldError('MonthTo', 'spendreports.range_reversed');
  return { monthFrom, monthTo };
}

function aspRow(r: repo.AspRow, actor: Pick<Actor, 'culture'>): AspRow {
  return {
    Key: `${r.month}|${r.product_id}`,
    Month: r.month,
    ProductID: r.product_id,
    ProductCode: r.product_code,
    ProductName: localName(actor.culture, r.product_zh, r.product_en),
    StandardASP: r.standard_asp,
    Quantity: r.quantity,
    Amount: r.amount,
    ActualASP: r.actual_asp,
    VariancePercent: r.variance,
  };
}

/** The ASP report: per month and product, standard against actual average selling price. */
export async function aspList(db: Db, actor: Actor, q: AspListBody): Promise<AspPage> {
  await ownProduct(db, actor, q.ProductID);
  const f = { ...monthRange(q), productId: q.ProductID };
  const totals = await repo.aspTotals(db, actor.companyId, f);
  const rows =
    totals.n === 0 ? [] : await repo.aspPage(db, actor.companyId, f, (q.PageIndex - 1) * q.PageSize, q.PageSize);
  return {
    Total: totals.n,
    Rows: rows.map((r) => aspRow(r, actor)),
    Quantity: totals.quantity,
    Amount: totals.amount,
  };
}

export async function aspExport(db: Db, actor: Actor, q: AspExportBody): Promise<AspRow[]> {
  await ownProduct(db, actor, q.ProductID);
  const f = { ...monthRange(q), productId: q.ProductID };
  return (await repo.aspPage(db, actor.companyId, f, 0, 100_000)).map((r) => aspRow(r, actor));
}

function budgetFilter(q: SalesBudgetExportBody): repo.BudgetFilter {
  const { from, to } = dateRange(q);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > MAX_DAYS) throw fieldError('DateTo', 'spendreports.range_too_long', { days: MAX_DAYS });
  return { from, to, productId: q.ProductID };
}

function budgetRow(r: repo.BudgetRow, actor: Pick<Actor, 'culture'>): SalesBudgetRow {
  return {
    ID: r.id,
    SalesDate: r.sales_date,
    ProductID: r.product_id,
    ProductCode: r.product_code,
    ProductName: localName(actor.culture, r.product_zh, r.product_en),
    Quantity: r.quantity,
    Amount: r.amount,
    BudgetAmount: r.budget_amount,
    AchievementPercent: percentOf(r.amount, r.budget_amount),
    MonthToDateAmount: r.mtd_amount,
    MonthToDateBudget: r.mtd_budget,
    MonthToDatePercent: percentOf(r.mtd_amount, r.mtd_budget),
  };
}

function cumulative(days: { sales_date: string; amount: string; budget: string }[]) {
  let amount = new Decimal(0);
  let budget = new Decimal(0);
  return days.map((d) => {
    amount = amount.plus(d.amount);
    budget = budget.plus(d.budget);
    return {
      SalesDate: d.sales_date,
      Amount: d.amount,
      BudgetAmount: d.budget,
      CumulativeAmount: amount.toFixed(2),
      CumulativeBudget: budget.toFixed(2),
    };
  });
}

/** The budget report: each day's sales against its budget, the month to date, and the totals per day (the chart). */
export async function budgetList(db: Db, actor: Actor, q: SalesBudgetBody): Promise<SalesBudgetPage> {
  await ownProduct(db, actor, q.ProductID);
  const f = budgetFilter(q);
  const [days, rows] = await Promise.all([
    repo.budgetDays(db, actor.companyId, f),
    repo.budgetPage(db, actor.companyId, f, (q.PageIndex - 1) * q.PageSize, q.PageSize),
  ]);
  const total = days.reduce((n, d) => n + d.n, 0);
  const amount = days.reduce((s, d) => s.plus(d.amount), new Decimal(0)).toFixed(2);
  const budget = days.reduce((s, d) => s.plus(d.budget), new Decimal(0)).toFixed(2);
  return {
    Total: total,
    Rows: rows.map((r) => budgetRow(r, actor)),
    Amount: amount,
    BudgetAmount: budget,
    AchievementPercent: percentOf(amount, budget),
    DateFrom: f.from,
    DateTo: f.to,
    Days: cumulative(days),
  };
}

export async function budgetExport(db: Db, actor: Actor, q: SalesBudgetExportBody): Promise<SalesBudgetRow[]> {
  await ownProduct(db, actor, q.ProductID);
  return (await repo.budgetPage(db, actor.companyId, budgetFilter(q), 0, 100_000)).map((r) => budgetRow(r, actor));
}

export const DAILY_COLUMNS: ImportColumn[] = [
  { key: 'SalesDate', headerKey: 'salesReport.col.salesDate', required: true },
  { key: 'ProductCode', headerKey: 'salesReport.col.productCode', required: true },
  { key: 'Quantity', headerKey: 'salesReport.col.quantity', required: true },
  { key: 'Amount', headerKey: 'salesReport.col.amount', required: true },
  { key: 'BudgetAmount', headerKey: 'salesReport.col.budgetAmount', required: true },
];

export const ASP_COLUMNS: ImportColumn[] = [
  { key: 'Month', headerKey: 'salesReport.col.month', required: true },
  { key: 'ProductCode', headerKey: 'salesReport.col.productCode', required: true },
  { key: 'StandardASP', headerKey: 'salesReport.col.standardAsp', required: true },
];

/** Rows naming a key (day or month, and product) an earlier row of the file already named. */
function repeated(rows: { row: number; key: string }[], errors: RowErrors, column: string): void {
  const first = new Map<string, number>();
  for (const r of rows) {
    const seen = first.get(r.key);
    if (seen !== undefined) errors.add(r.row, column, 'spendreports.row_repeated', { row: seen });
    else first.set(r.key, r.row);
  }
}

async function productIds(
  db: Db,
  actor: Actor,
  rows: { row: number; value: { ProductCode: string } }[],
  errors: RowErrors,
) {
  const byCode = await repo.productsByCode(db, actor.companyId, [...new Set(rows.map((r) => r.value.ProductCode))]);
  return rows.map((r) => {
    const id = byCode.get(r.value.ProductCode.toLowerCase());
    if (id === undefined)
      errors.add(r.row, 'ProductCode', 'spendreports.product_unknown', { code: r.value.ProductCode });
    return id ?? 0;
  });
}

/**
 * The daily sales file: every row checked first (a bad cell anywhere refuses the whole file with each one named),
 * then all rows written in one transaction with the audit row; a day and product already there is replaced.
 */
export async function importDaily(ctx: AppContext, actor: Actor, data: Buffer): Promise<ImportResult> {
  const sheet = await readSheet(data, DAILY_COLUMNS, ctx.messages);
  const errors = new RowErrors(DAILY_COLUMNS, ctx.messages, actor.culture);
  const good = parseRows(sheet, DailySalesImportRow, errors);
  const ids = await productIds(ctx.db, actor, good, errors);
  repeated(
    good.map((g) => ({ row: g.row, key: `${g.value.SalesDate}|${g.value.ProductCode.toLowerCase()}` })),
    errors,
    'ProductCode',
  );
  errors.throwIfAny();
  const values = good.map((g, i) => ({
    salesDate: g.value.SalesDate,
    productId: ids[i]!,
    quantity: g.value.Quantity,
    amount: g.value.Amount,
    budgetAmount: g.value.BudgetAmount,
  }));
  return recordDaily(ctx.db, actor, values);
}

/** Writes daily sales in one transaction with the audit row; a day and product already there is replaced. */
export async function recordDaily(db: Db, actor: AuditActor, values: repo.DailyValue[]): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    const created = await repo.upsertDaily(tx, actor.companyId, values);
    const dates = values.map((v) => v.salesDate).sort();
    await audit(
      tx,
      auditEntry(actor, {
        action: 'import',
        entity: 'sales_daily',
        detail: { rows: values.length, created, from: dates[0], to: dates.at(-1) },
      }),
    );
    return { Imported: values.length, Created: created, Updated: values.length - created };
  });
}

/** The standard ASP file: checked whole first, then written in one transaction; a month and product is replaced. */
export async function importAsp(ctx: AppContext, actor: Actor, data: Buffer): Promise<ImportResult> {
  const sheet = await readSheet(data, ASP_COLUMNS, ctx.messages);
  const errors = new RowErrors(ASP_COLUMNS, ctx.messages, actor.culture);
  const good = parseRows(sheet, AspImportRow, errors);
  const ids = await productIds(ctx.db, actor, good, errors);
  repeated(
    good.map((g) => ({ row: g.row, key: `${g.value.Month}|${g.value.ProductCode.toLowerCase()}` })),
    errors,
    'ProductCode',
  );
  errors.throwIfAny();
  const values = good.map((g, i) => ({ month: g.value.Month, productId: ids[i]!, standardAsp: g.value.StandardASP }));
  return recordAsp(ctx.db, actor, values);
}

/** Writes standard ASPs in one transaction with the audit row; a month and product already there is replaced. */
export async function recordAsp(db: Db, actor: AuditActor, values: repo.AspValue[]): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    const created = await repo.upsertAsp(tx, actor.companyId, values);
    await audit(
      tx,
      auditEntry(actor, { action: 'import', entity: 'sales_asp', detail: { rows: values.length, created } }),
    );
    return { Imported: values.length, Created: created, Updated: values.length - created };
  });
}
