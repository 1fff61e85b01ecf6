import type { Culture, DocType } from '@ems/contracts';
import { allocateMoney, mulMoney, shanghaiToday } from '@ems/contracts';
import Decimal from 'decimal.js';
import type { Db } from '../../core/db';
import { localName } from '../../core/i18n';
import * as L from './budget.ledger';
import * as repo from './budget.repository';

/**
 * How a document's spend is measured against its budgets (DESIGN §11, decisions 034 and 056), once for both callers:
 * the check at submit and approval (`budget-ledger.service.ts`, under the budgets' row locks, then holding what is
 * needed) and the limit preview of a form being filled in (`budget-preview.service.ts`, reading without locks and
 * writing nothing). Whatever one computes, the other computes the same way.
 */

/** Documents whose spend counts against budgets: a loan is an advance, its spend is claimed by a deputy. */
export const BUDGETED = new Set<DocType>(['apply', 'deputy']);

/** What a document spends, as budgets read it: its lines in CNY and its apportionment (a line's own, or of no line). */
export interface SpendSource {
  lines: {
    lineNo: number;
    expenseItemId: number | null;
    productId: number | null;
    expenseDate: string | null;
    amountCny: string | null;
  }[];
  shares: { lineNo: number | null; costCentreId: number; productId: number | null; percent: string }[];
}

export interface Spend {
  year: number;
  month: number;
  costCentreId: number;
  expenseItemId: number;
  productId: number | null;
  amount: string;
}

/** Spend of one line on one cost centre, item, product and month. */
export interface LineSpend extends Spend {
  lineNo: number;
}

const spendKey = (s: Omit<Spend, 'amount'>) =>
  `${s.year}/${s.month}/${s.costCentreId}/${s.expenseItemId}/${s.productId ?? ''}`;

/**
 * What each line spends, per month, cost centre, expense item and product, in CNY: each line goes to the cost centres
 * of its own apportionment, or else of the document's, by their percentages; what the shares leave uncovered stays on
 * the document's cost centre (`costCentreId`). Nothing of zero.
 */
export function spendByLine(src: SpendSource, costCentreId: number | null): LineSpend[] {
  const docShares = src.shares.filter((s) => s.lineNo === null);
  const today = shanghaiToday();
  const out = new Map<string, LineSpend>();
  const add = (s: Omit<LineSpend, 'amount'>, amount: string) => {
    if (new Decimal(amount).isZero()) return;
    const key = `${s.lineNo}:${spendKey(s)}`;
    const before = out.get(key);
    out.set(key, { ...s, amount: new Decimal(before?.amount ?? 0).plus(amount).toFixed(2) });
  };
  for (const line of src.lines) {
    if (!line.expenseItemId || !line.amountCny) continue;
    const date = line.expenseDate ?? today;
    const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
    const own = src.shares.filter((s) => s.lineNo === line.lineNo);
    const used = own.length ? own : docShares;
    const amounts = used.length
      ? shareAmounts(
          line.amountCny,
          used.map((s) => s.percent),
        )
      : [];
    let left = new Decimal(line.amountCny);
    const at = { lineNo: line.lineNo, year, month, expenseItemId: line.expenseItemId };
    used.forEach((s, i) => {
      const a = amounts[i]!;
      left = left.minus(a);
      add({ ...at, costCentreId: s.costCentreId, productId: s.productId ?? line.productId }, a);
    });
    if (costCentreId) add({ ...at, costCentreId, productId: line.productId }, left.toFixed(2));
  }
  return [...out.values()];
}

/** The lines' spend summed per month, cost centre, item and product: what the document spends on each. */
export function sumSpend(spend: Spend[]): Spend[] {
  const out = new Map<string, Spend>();
  for (const s of spend) {
    const key = spendKey(s);
    const before = out.get(key);
    out.set(key, {
      year: s.year,
      month: s.month,
      costCentreId: s.costCentreId,
      expenseItemId: s.expenseItemId,
      productId: s.productId,
      amount: new Decimal(before?.amount ?? 0).plus(s.amount).toFixed(2),
    });
  }
  return [...out.values()];
}

/** The shares' amounts of a line, as the apportionment computes them (documents/parts/apportion.service). */
function shareAmounts(base: string, percents: string[]): string[] {
  const sum = percents.reduce((s, p) => s.plus(p), new Decimal(0));
  return allocateMoney(sum.eq(100) ? base : mulMoney(base, sum.div(100).toString()), percents);
}

export type BudgetRow = Awaited<ReturnType<typeof repo.budgetsFor>>[number];
/** What the document spends on a budget, in all and per month. */
export type Targets = Map<number, { budget: BudgetRow; amount: string; months: Map<number, string> }>;

/**
 * The budget a piece of spend falls in: the product's own budget when there is one, else the item's budget without
 * a product; none when no budget covers it (then it is not controlled).
 */
export function budgetMatcher(budgets: BudgetRow[]) {
  const byKey = new Map<string, BudgetRow>();
  for (const b of budgets) byKey.set(`${b.year}/${b.costCentreId}/${b.expenseItemId}/${b.productId ?? ''}`, b);
  return (s: Omit<Spend, 'amount' | 'month'>): BudgetRow | undefined => {
    const base = `${s.year}/${s.costCentreId}/${s.expenseItemId}`;
    return (s.productId ? byKey.get(`${base}/${s.productId}`) : undefined) ?? byKey.get(`${base}/`);
  };
}

/** The document's spend per budget it falls in (`budgetOf`), in all and per month. */
export function targetsFrom(spend: Spend[], budgetOf: ReturnType<typeof budgetMatcher>): Targets {
  const targets: Targets = new Map();
  for (const s of spend) {
    const b = budgetOf(s);
    if (!b) continue;
    const t = targets.get(b.id) ?? { budget: b, amount: '0.00', months: new Map<number, string>() };
    t.amount = new Decimal(t.amount).plus(s.amount).toFixed(2);
    t.months.set(s.month, new Decimal(t.months.get(s.month) ?? 0).plus(s.amount).toFixed(2));
    targets.set(b.id, t);
  }
  return targets;
}

/** The year, month and cost centre keys the budgets of some spend are looked up by. */
export const budgetKeys = (spend: Spend[]) => [
  ...new Map(spend.map((s) => [`${s.year}/${s.costCentreId}/${s.expenseItemId}`, s])).values(),
];

const LEVEL = { 1: 'warn', 2: 'block' } as const;
/** What a budget's limit status does when it falls short: warn, block, or nothing (status 0, not controlled). */
export const levelOf = (b: { limitStatus: number }): 'warn' | 'block' | undefined => LEVEL[b.limitStatus as 1 | 2];

export const ZERO_MONTHS = new Map<number, string>();
const reservedOf = (cells: L.Cells) => new Map([...cells].map(([month, p]) => [month, p.reserved]));

/** The months a movement per month touches, in calendar order. */
export const monthsIn = (...maps: Map<number, unknown>[]) =>
  [...new Set(maps.flatMap((m) => [...m.keys()]))].sort((a, b) => a - b);

/** Which document is measured: its holds (none before its first save) and the apply a deputy claims against. */
export interface Measured {
  id: number | null;
  docType: DocType;
  applyId: number | null;
}

/** What the apply a deputy claims against still has reserved, per budget and month. */
export async function applyReserved(db: Db, d: Pick<Measured, 'docType' | 'applyId'>) {
  if (d.docType !== 'deputy' || !d.applyId) return new Map<number, Map<number, string>>();
  const positions = await repo.positionsOf(db, d.applyId);
  return new Map([...positions].map(([id, cells]) => [id, reservedOf(cells)]));
}

type MonthsOf = Awaited<ReturnType<typeof repo.monthsOf>>;

/** One period a budget is measured on: its amount, what documents use of it, and what this document still needs. */
interface Period {
  /** The month (1–12) of a month or month-to-date control; none for the year. */
  month?: number;
  amount: string;
  used: L.Position;
  need: string;
}

/**
 * The periods a budget is measured on (decision 056): the year's amount against the year's use; each month's amount
 * against that month's use; or, month to date, every month from the first asked for to December, the months up to
 * it against their use (an expense in March lowers what is left to date in every month after it too). With nothing
 * left to hold (the document holds it already, or its apply covers it), the months it spends in, to say where it stands.
 */
function periodsOf(
  t: Targets extends Map<number, infer T> ? T : never,
  balance: L.Position | undefined,
  months: MonthsOf,
  need: Map<number, string>,
): Period[] {
  const period = t.budget.controlPeriod;
  if (period === 'year') return [{ amount: t.budget.amount, used: balance ?? L.ZERO, need: L.sumOf(need) }];
  const figures = months.get(t.budget.id) ?? { amounts: new Map<number, string>(), used: new Map() as L.Cells };
  const asked = monthsIn(need.size ? need : t.months);
  if (!asked.length) return [];
  const checked = period === 'month' ? asked : Array.from({ length: 13 - asked[0]! }, (_, i) => asked[0]! + i);
  return checked.map((month) =>
    period === 'month'
      ? {
          month,
          amount: figures.amounts.get(month) ?? '0',
          used: figures.used.get(month) ?? L.ZERO,
          need: need.get(month) ?? '0',
        }
      : {
          month,
          amount: L.toDate(figures.amounts, month).toFixed(2),
          used: L.sumCells(new Map([...figures.used].filter(([m]) => m <= month))),
          need: L.toDate(need, month).toFixed(2),
        },
  );
}

/** Where a document stands on a budget: the period that decides, its figures, and the shortfall if it falls short. */
export interface Standing {
  /** The period's name: the year, a month (2026-04) or the months to date (2026-01…04). */
  label: string;
  amount: string;
  used: string;
  need: string;
  short: L.Shortfall | null;
}

/**
 * The period that decides: the one short by most (which the check names), else the one with least left after the
 * document's need.
 */
function decide(year: number, controlPeriod: string, periods: Period[]): Standing | null {
  let worst: { p: Period; s: L.Shortfall } | null = null;
  let tightest: { p: Period; left: Decimal } | null = null;
  for (const p of periods) {
    const s = L.shortfallOf(p.amount, p.used, p.need);
    if (s && (!worst || new Decimal(s.shortfall).gt(worst.s.shortfall))) worst = { p, s };
    const left = new Decimal(L.available(p.amount, p.used)).minus(p.need);
    if (!tightest || left.lt(tightest.left)) tightest = { p, left };
  }
  const p = worst?.p ?? tightest?.p;
  if (!p) return null;
  return {
    label: periodLabel(year, controlPeriod, p.month),
    amount: new Decimal(p.amount).toFixed(2),
    used: L.total(p.used).toFixed(2),
    need: new Decimal(p.need).toFixed(2),
    short: worst?.s ?? null,
  };
}

/** The period a finding names: the year, a month (2026-04) or the months to date (2026-01…04). */
function periodLabel(year: number, period: string, month: number | undefined) {
  if (month === undefined) return String(year);
  const mm = String(month).padStart(2, '0');
  return period === 'cumulative' && month > 1 ? `${year}-01…${mm}` : `${year}-${mm}`;
}

/** A budget's measure: what the document still needs on it per month, and, controlled, where it stands. */
export interface Measure {
  need: Map<number, string>;
  level: 'warn' | 'block' | undefined;
  standing: Standing | null;
}

/**
 * Measures the document's spend on each budget of `targets` against what is available: per month what it still needs
 * (its spend less what it already holds there, less what its apply has reserved on the budget), and, for a budget at
 * warn or block, where that leaves the budget on its control period. Reads the balances, the document's own
 * positions, its apply's reservation and, for budgets controlled by month or month to date, their months.
 */
export async function measureTargets(db: Db, d: Measured, targets: Targets): Promise<Map<number, Measure>> {
  const ids = [...targets.keys()];
  // The month figures only for the budgets controlled by month or month to date that can refuse or warn.
  const periodic = [...targets.values()]
    .filter((t) => t.budget.controlPeriod !== 'year' && levelOf(t.budget))
    .map((t) => t.budget.id);
  const [{ balances, own }, reserved, months] = await Promise.all([
    repo.balancesAndPositions(db, ids, d.id),
    applyReserved(db, d),
    repo.monthsOf(db, periodic),
  ]);
  const out = new Map<number, Measure>();
  for (const [id, t] of targets) {
    const { need } = L.planOf(t.months, own.get(id), L.sumOf(reserved.get(id) ?? ZERO_MONTHS));
    const level = levelOf(t.budget);
    const standing = level
      ? decide(t.budget.year, t.budget.controlPeriod, periodsOf(t, balances.get(id), months, need))
      : null;
    out.set(id, { need, level, standing });
  }
  return out;
}

type Names = Awaited<ReturnType<typeof repo.budgetNames>>[number];

/**
 * A budget as a message names it: the period (when given), the cost centre, the item and any product. In a language,
 * each by its name with its code after it in brackets (full-width in Chinese); without one, the codes alone.
 */
export function budgetLabel(period: string | null, n: Names, culture?: Culture): string {
  const named = (zh: string | null, en: string | null, code: string | null) => {
    if (code === null || !culture) return code;
    const name = localName(culture, zh || code, en || zh || code);
    return culture === 'zh-CN' ? `${name}（${code}）` : `${name} (${code})`;
  };
  return [
    period,
    named(n.ccZh, n.ccEn, n.ccCode),
    named(n.itemZh, n.itemEn, n.itemCode),
    named(n.productZh, n.productEn, n.productCode),
  ]
    .filter(Boolean)
    .join(' / ');
}
