import type { SearchBudgetBody, SearchLimitReportBody } from '@ems/contracts';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { keywordIn, orderFrom, paged } from '../../core/list';
import { document, expenseLine } from '../documents/document.table';
import { apportionment } from '../documents/parts/parts.table';
import { costCentre } from '../masterdata/costcentre.table';
import { expenseItem, expenseType, expenseTypeItem } from '../masterdata/expense.table';
import { product } from '../masterdata/reference.table';
import { employee, team } from '../org/org.table';
import type { Cells, Movement, Position } from './budget.ledger';
import { budget, budgetBalance, budgetBalanceMonth, budgetDetail, budgetLedger } from './budget.table';

export type BudgetRecord = typeof budget.$inferSelect;

/** The columns of a budget as the lists show it, with its balance and the names of what it is for. */
const rowColumns = () => ({
  b: budget,
  held: sql<string>`coalesce(${budgetBalance.held}, 0)`,
  reserved: sql<string>`coalesce(${budgetBalance.reserved}, 0)`,
  consumed: sql<string>`coalesce(${budgetBalance.consumed}, 0)`,
  ccCode: costCentre.code,
  ccZh: costCentre.nameZh,
  ccEn: costCentre.nameEn,
  teamZh: team.nameZh,
  teamEn: team.nameEn,
  itemCode: expenseItem.code,
  itemZh: expenseItem.nameZh,
  itemEn: expenseItem.nameEn,
  productCode: product.code,
  productZh: product.nameZh,
  productEn: product.nameEn,
});
export type BudgetListRecord = Awaited<ReturnType<typeof budgetRows>>[number];

function joined<T extends ReturnType<typeof rowColumns> | Record<string, unknown>>(db: Db, columns: T) {
  return db
    .select(columns as ReturnType<typeof rowColumns>)
    .from(budget)
    .innerJoin(costCentre, eq(costCentre.id, budget.costCentreId))
    .innerJoin(expenseItem, eq(expenseItem.id, budget.expenseItemId))
    .leftJoin(product, eq(product.id, budget.productId))
    .leftJoin(team, eq(team.id, costCentre.ownerTeamId))
    .leftJoin(budgetBalance, eq(budgetBalance.budgetId, budget.id));
}

const available = sql`${budget.amount} - coalesce(${budgetBalance.held}, 0) - coalesce(${budgetBalance.reserved}, 0) - coalesce(${budgetBalance.consumed}, 0)`;
const usedPercent = sql`case when ${budget.amount} = 0 then 0 else (coalesce(${budgetBalance.held}, 0) + coalesce(${budgetBalance.reserved}, 0) + coalesce(${budgetBalance.consumed}, 0)) / ${budget.amount} end`;

const SORTABLE: Record<string, SQL | typeof budget.year> = {
  Year: budget.year,
  CostCenterCode: sql`${costCentre.code}`,
  ExpenseItemCode: sql`${expenseItem.code}`,
  Amount: sql`${budget.amount}`,
  Available: available,
  UsedPercent: usedPercent,
};

function searchWhere(companyId: number, f: Omit<SearchBudgetBody, 'PageIndex' | 'PageSize'>) {
  return and(
    eq(budget.companyId, companyId),
    f.Year ? eq(budget.year, f.Year) : undefined,
    f.CostCenterID ? eq(budget.costCentreId, f.CostCenterID) : undefined,
    f.ExpenseItemID ? eq(budget.expenseItemId, f.ExpenseItemID) : undefined,
    f.ProductID ? eq(budget.productId, f.ProductID) : undefined,
    f.LimitStatus !== undefined ? eq(budget.limitStatus, f.LimitStatus) : undefined,
    f.ControlPeriod ? eq(budget.controlPeriod, f.ControlPeriod) : undefined,
    keywordIn(f.Keyword, [
      costCentre.code,
      costCentre.nameZh,
      costCentre.nameEn,
      expenseItem.code,
      expenseItem.nameZh,
      expenseItem.nameEn,
      product.code,
      product.nameZh,
      product.nameEn,
    ]),
  );
}

export async function searchBudgets(db: Db, companyId: number, f: SearchBudgetBody) {
  const where = searchWhere(companyId, f);
  return paged(
    f,
    db
      .select({ n: count() })
      .from(budget)
      .innerJoin(costCentre, eq(costCentre.id, budget.costCentreId))
      .innerJoin(expenseItem, eq(expenseItem.id, budget.expenseItemId))
      .leftJoin(product, eq(product.id, budget.productId))
      .where(where),
    joined(db, rowColumns())
      .where(where)
      .orderBy(orderFrom(SORTABLE, f, budget.year), asc(costCentre.code), asc(expenseItem.code), asc(budget.id)),
  );
}

export function budgetRows(db: Db, companyId: number, ids: number[]) {
  return joined(db, rowColumns()).where(and(eq(budget.companyId, companyId), inArray(budget.id, ids)));
}

/** The limit-status report: budgets of a year by team, cost centre and deputy expense item. */
function reportWhere(companyId: number, f: Omit<SearchLimitReportBody, 'PageIndex' | 'PageSize'>) {
  return and(
    eq(budget.companyId, companyId),
    eq(budget.year, f.Year),
    f.TeamID ? eq(costCentre.ownerTeamId, f.TeamID) : undefined,
    f.CostCenterID ? eq(budget.costCentreId, f.CostCenterID) : undefined,
    f.ExpenseItemID ? eq(budget.expenseItemId, f.ExpenseItemID) : undefined,
    f.LimitStatus !== undefined ? eq(budget.limitStatus, f.LimitStatus) : undefined,
  );
}

export async function limitReport(db: Db, companyId: number, f: SearchLimitReportBody) {
  const where = reportWhere(companyId, f);
  const [totals] = await db
    .select({
      n: count(),
      amount: sql<string>`coalesce(sum(${budget.amount}), 0)`,
      held: sql<string>`coalesce(sum(${budgetBalance.held}), 0)`,
      reserved: sql<string>`coalesce(sum(${budgetBalance.reserved}), 0)`,
      consumed: sql<string>`coalesce(sum(${budgetBalance.consumed}), 0)`,
    })
    .from(budget)
    .innerJoin(costCentre, eq(costCentre.id, budget.costCentreId))
    .leftJoin(budgetBalance, eq(budgetBalance.budgetId, budget.id))
    .where(where);
  const rows = await joined(db, rowColumns())
    .where(where)
    .orderBy(orderFrom(SORTABLE, f, sql`${costCentre.code}`), asc(expenseItem.code), asc(budget.id))
    .limit(f.PageSize)
    .offset((f.PageIndex - 1) * f.PageSize);
  return { totals: totals!, rows };
}

/** Every budget the report's filters select, in pages of a thousand, for the export. */
export async function* limitReportAll(
  db: Db,
  companyId: number,
  f: Omit<SearchLimitReportBody, 'PageIndex' | 'PageSize'>,
) {
  const where = reportWhere(companyId, f);
  let after = 0;
  for (;;) {
    const rows = await joined(db, rowColumns())
      .where(and(where, sql`${budget.id} > ${after}`))
      .orderBy(asc(budget.id))
      .limit(1000);
    yield* rows;
    if (rows.length < 1000) return;
    after = rows[rows.length - 1]!.b.id;
  }
}

/** One document's position on a budget, with the document's number, state and applicant. */
function subGridQuery(db: Db, budgetId: number) {
  return db
    .select({
      documentId: budgetLedger.documentId,
      docNo: document.docNo,
      docType: document.docType,
      status: document.status,
      applicantZh: employee.nameZh,
      applicantEn: employee.nameEn,
      held: sql<string>`sum(${budgetLedger.held})`,
      reserved: sql<string>`sum(${budgetLedger.reserved})`,
      consumed: sql<string>`sum(${budgetLedger.consumed})`,
      lastMovedAt: sql<string>`max(${budgetLedger.createdAt})`,
    })
    .from(budgetLedger)
    .innerJoin(document, eq(document.id, budgetLedger.documentId))
    .innerJoin(employee, eq(employee.id, document.applicantId))
    .where(eq(budgetLedger.budgetId, budgetId))
    .groupBy(
      budgetLedger.documentId,
      document.docNo,
      document.docType,
      document.status,
      employee.nameZh,
      employee.nameEn,
    );
}

export async function subGrid(db: Db, budgetId: number, q: { PageIndex: number; PageSize: number }) {
  const [n] = await db
    .select({ n: sql<number>`count(distinct ${budgetLedger.documentId})::int` })
    .from(budgetLedger)
    .where(eq(budgetLedger.budgetId, budgetId));
  const rows = await subGridQuery(db, budgetId)
    .orderBy(desc(sql`max(${budgetLedger.createdAt})`), desc(budgetLedger.documentId))
    .limit(q.PageSize)
    .offset((q.PageIndex - 1) * q.PageSize);
  return { total: n?.n ?? 0, rows };
}

export function subGridAll(db: Db, budgetId: number, limit: number) {
  return subGridQuery(db, budgetId).orderBy(desc(budgetLedger.documentId)).limit(limit);
}

export async function findBudget(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(budget)
    .where(and(eq(budget.id, id), eq(budget.companyId, companyId)));
  return row;
}

/** Locks one budget of the company for a change of its amount, status or existence. */
export async function lockBudget(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(budget)
    .where(and(eq(budget.id, id), eq(budget.companyId, companyId)))
    .for('update');
  return row;
}

export async function findByKey(
  db: Db,
  companyId: number,
  k: { year: number; costCentreId: number; expenseItemId: number; productId: number | null },
) {
  const [row] = await db
    .select()
    .from(budget)
    .where(
      and(
        eq(budget.companyId, companyId),
        eq(budget.year, k.year),
        eq(budget.costCentreId, k.costCentreId),
        eq(budget.expenseItemId, k.expenseItemId),
        k.productId === null ? isNull(budget.productId) : eq(budget.productId, k.productId),
      ),
    );
  return row;
}

export async function insertBudget(db: Db, v: typeof budget.$inferInsert) {
  const [row] = await db.insert(budget).values(v).returning();
  await db.insert(budgetBalance).values({ budgetId: row!.id });
  return row!;
}

export async function detailsOf(db: Db, budgetId: number) {
  return db.select().from(budgetDetail).where(eq(budgetDetail.budgetId, budgetId)).orderBy(asc(budgetDetail.month));
}

export async function upsertDetails(db: Db, budgetId: number, months: { month: number; amount: string }[]) {
  if (!months.length) return;
  await db
    .insert(budgetDetail)
    .values(months.map((m) => ({ budgetId, ...m })))
    .onConflictDoUpdate({
      target: [budgetDetail.budgetId, budgetDetail.month],
      set: { amount: sql`excluded.amount` },
    });
}

export async function deleteDetails(db: Db, budgetId: number, months: number[]) {
  return (
    await db
      .delete(budgetDetail)
      .where(and(eq(budgetDetail.budgetId, budgetId), inArray(budgetDetail.month, months)))
      .returning({ month: budgetDetail.month })
  ).length;
}

/** The budget's amount as the sum of its months, at the version seen; undefined when changed meanwhile. */
export async function resum(db: Db, id: number, version: number, extra: Partial<typeof budget.$inferInsert> = {}) {
  const [row] = await db
    .update(budget)
    .set({
      ...extra,
      amount: sql`(select coalesce(sum(${budgetDetail.amount}), 0) from ${budgetDetail} where ${budgetDetail.budgetId} = ${id})`,
      version: sql`${budget.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(budget.id, id), eq(budget.version, version)))
    .returning();
  return row;
}

export async function setLimitStatus(db: Db, id: number, version: number, limitStatus: number) {
  const [row] = await db
    .update(budget)
    .set({ limitStatus, version: sql`${budget.version} + 1`, updatedAt: new Date() })
    .where(and(eq(budget.id, id), eq(budget.version, version)))
    .returning();
  return row;
}

export async function balanceOf(db: Db, budgetId: number): Promise<Position> {
  const [row] = await db.select().from(budgetBalance).where(eq(budgetBalance.budgetId, budgetId));
  return row ?? { held: '0', reserved: '0', consumed: '0' };
}

export async function hasLedger(db: Db, budgetId: number) {
  const [row] = await db
    .select({ id: budgetLedger.id })
    .from(budgetLedger)
    .where(eq(budgetLedger.budgetId, budgetId))
    .limit(1);
  return !!row;
}

export async function deleteBudget(db: Db, id: number, version: number) {
  const rows = await db
    .delete(budget)
    .where(and(eq(budget.id, id), eq(budget.version, version)))
    .returning({ id: budget.id });
  return rows.length === 1;
}

// ---- The ledger ----

/**
 * The document's lines as a budget sees them: amount in CNY, item, product, date; and its apportionment shares. One
 * statement, lines by number, shares by line (the document's own, of no line, last) and sequence.
 */
export async function spendOf(db: Db, documentId: number) {
  const result = await db.execute(sql`
    select 0 as part, ${expenseLine.lineNo} as line_no, 0 as seq, ${expenseLine.expenseItemId} as expense_item_id,
        ${expenseLine.productId} as product_id, ${expenseLine.expenseDate}::text as expense_date,
        ${expenseLine.amountCny}::text as amount_cny, null::int as cost_centre_id, null::text as percent
      from ${expenseLine} where ${expenseLine.documentId} = ${documentId}
    union all
    select 1, ${apportionment.lineNo}, ${apportionment.seq}, null, ${apportionment.productId}, null, null,
        ${apportionment.costCentreId}, ${apportionment.percent}::text
      from ${apportionment} where ${apportionment.documentId} = ${documentId}
    order by part, line_no, seq`);
  const rows = (
    result as unknown as {
      rows: {
        part: number;
        line_no: number | null;
        expense_item_id: number | null;
        product_id: number | null;
        expense_date: string | null;
        amount_cny: string | null;
        cost_centre_id: number | null;
        percent: string | null;
      }[];
    }
  ).rows;
  return {
    lines: rows
      .filter((r) => Number(r.part) === 0)
      .map((r) => ({
        lineNo: Number(r.line_no),
        expenseItemId: r.expense_item_id,
        productId: r.product_id,
        expenseDate: r.expense_date,
        amountCny: r.amount_cny,
      })),
    shares: rows
      .filter((r) => Number(r.part) === 1)
      .map((r) => ({
        lineNo: r.line_no,
        costCentreId: r.cost_centre_id!,
        productId: r.product_id,
        percent: r.percent!,
      })),
  };
}

type BudgetKey = { year: number; costCentreId: number; expenseItemId: number };

/**
 * Locks, in id order, every budget of the company for the given years, cost centres and items (any product), so two
 * documents touching the same budgets wait on each other instead of both spending what only one may.
 */
export function lockBudgetsFor(db: Db, companyId: number, keys: BudgetKey[]) {
  return budgetsFor(db, companyId, keys, { forUpdate: true });
}

/**
 * Every budget of the company for the given years, cost centres and items (any product), in id order; locked with
 * `forUpdate` (the check), read as they stand without (the limit preview, which writes nothing).
 */
export async function budgetsFor(db: Db, companyId: number, keys: BudgetKey[], opts: { forUpdate: boolean }) {
  if (!keys.length) return [];
  const tuples = sql.join(
    keys.map((k) => sql`(${k.year}::int, ${k.costCentreId}::int, ${k.expenseItemId}::int)`),
    sql`, `,
  );
  const read = db
    .select({
      id: budget.id,
      year: budget.year,
      costCentreId: budget.costCentreId,
      expenseItemId: budget.expenseItemId,
      productId: budget.productId,
      amount: budget.amount,
      limitStatus: budget.limitStatus,
      controlPeriod: budget.controlPeriod,
    })
    .from(budget)
    .where(
      and(
        eq(budget.companyId, companyId),
        sql`(${budget.year}, ${budget.costCentreId}, ${budget.expenseItemId}) in (${tuples})`,
      ),
    )
    .orderBy(asc(budget.id));
  return opts.forUpdate ? read.for('update') : read;
}

/** Locks budgets by id, in id order (a release or true-up of what a document already holds). */
export async function lockBudgetIds(db: Db, ids: number[]) {
  if (!ids.length) return;
  await db.select({ id: budget.id }).from(budget).where(inArray(budget.id, ids)).orderBy(asc(budget.id)).for('update');
}

/** The codes and names of budgets, to name them in a refusal, a warning or the limit preview. */
export async function budgetNames(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: budget.id,
      year: budget.year,
      ccCode: costCentre.code,
      ccZh: costCentre.nameZh,
      ccEn: costCentre.nameEn,
      itemCode: expenseItem.code,
      itemZh: expenseItem.nameZh,
      itemEn: expenseItem.nameEn,
      productCode: product.code,
      productZh: product.nameZh,
      productEn: product.nameEn,
    })
    .from(budget)
    .innerJoin(costCentre, eq(costCentre.id, budget.costCentreId))
    .innerJoin(expenseItem, eq(expenseItem.id, budget.expenseItemId))
    .leftJoin(product, eq(product.id, budget.productId))
    .where(inArray(budget.id, ids));
}

/** A document's ledger rows summed per budget and month, marked `own` where they are united with the balances. */
function ledgerSums(db: Db, documentId: number) {
  return db
    .select({
      own: sql<boolean>`true`,
      budgetId: budgetLedger.budgetId,
      month: budgetLedger.month,
      held: sql<string>`sum(${budgetLedger.held})`,
      reserved: sql<string>`sum(${budgetLedger.reserved})`,
      consumed: sql<string>`sum(${budgetLedger.consumed})`,
    })
    .from(budgetLedger)
    .where(eq(budgetLedger.documentId, documentId))
    .groupBy(budgetLedger.budgetId, budgetLedger.month);
}

/** Rows of budget and month into cells per budget. */
function toCells(rows: { budgetId: number; month: number; held: string; reserved: string; consumed: string }[]) {
  const out = new Map<number, Cells>();
  for (const r of rows) {
    const cells = out.get(r.budgetId) ?? new Map();
    cells.set(Number(r.month), { held: r.held, reserved: r.reserved, consumed: r.consumed });
    out.set(r.budgetId, cells);
  }
  return out;
}

/**
 * The balances of the budgets `ids` and what the document holds, reserves and consumes per budget and month (the sum
 * of its ledger rows, `positionsOf`), in one statement; a form not saved yet (`documentId` null) has no position.
 */
export async function balancesAndPositions(
  db: Db,
  ids: number[],
  documentId: number | null,
): Promise<{ balances: Map<number, Position>; own: Map<number, Cells> }> {
  const balances = db
    .select({
      own: sql<boolean>`false`,
      budgetId: budgetBalance.budgetId,
      month: sql<number>`0`,
      held: sql<string>`${budgetBalance.held}`,
      reserved: sql<string>`${budgetBalance.reserved}`,
      consumed: sql<string>`${budgetBalance.consumed}`,
    })
    .from(budgetBalance)
    .where(inArray(budgetBalance.budgetId, ids));
  const rows = documentId === null ? await balances : await balances.unionAll(ledgerSums(db, documentId));
  const balanceOf = new Map<number, Position>();
  for (const r of rows)
    if (!r.own) balanceOf.set(r.budgetId, { held: r.held, reserved: r.reserved, consumed: r.consumed });
  return { balances: balanceOf, own: toCells(rows.filter((r) => r.own)) };
}

/** What a document holds, reserves and consumes, per budget and month: the sum of its ledger rows. */
export async function positionsOf(db: Db, documentId: number): Promise<Map<number, Cells>> {
  return toCells(await ledgerSums(db, documentId));
}

/**
 * The months of the budgets `ids`: each month's amount and what the documents use in it (the month balances), for the
 * month and month-to-date controls and the budget screen.
 */
export async function monthsOf(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { amounts: Map<number, string>; used: Cells }>();
  const [details, used] = await Promise.all([
    db.select().from(budgetDetail).where(inArray(budgetDetail.budgetId, ids)),
    db.select().from(budgetBalanceMonth).where(inArray(budgetBalanceMonth.budgetId, ids)),
  ]);
  const out = new Map(ids.map((id) => [id, { amounts: new Map<number, string>(), used: new Map() as Cells }]));
  for (const d of details) out.get(d.budgetId)!.amounts.set(d.month, d.amount);
  for (const u of used) out.get(u.budgetId)!.used.set(u.month, u);
  return out;
}

/**
 * How the deputy has moved its apply's reservation, per budget and month of the apply: the sum of the apply's ledger
 * rows the deputy is the source of (its approvals' take-overs, negative, and what its returns gave back).
 */
export async function takenFromApply(db: Db, applyId: number, deputyId: number): Promise<Map<number, Cells>> {
  const rows = await db
    .select({
      budgetId: budgetLedger.budgetId,
      month: budgetLedger.month,
      held: sql<string>`0`,
      reserved: sql<string>`sum(${budgetLedger.reserved})`,
      consumed: sql<string>`0`,
    })
    .from(budgetLedger)
    .where(and(eq(budgetLedger.documentId, applyId), eq(budgetLedger.sourceDocumentId, deputyId)))
    .groupBy(budgetLedger.budgetId, budgetLedger.month);
  return toCells(rows);
}

/** Writes one ledger row and moves the budget's balance and its month's by the same amounts, in the caller's transaction. */
export async function move(
  db: Db,
  v: {
    companyId: number;
    budgetId: number;
    month: number;
    documentId: number;
    kind: typeof budgetLedger.$inferInsert.kind;
    m: Movement;
    sourceDocumentId?: number;
  },
) {
  await db.insert(budgetLedger).values({
    companyId: v.companyId,
    budgetId: v.budgetId,
    month: v.month,
    documentId: v.documentId,
    kind: v.kind,
    held: v.m.held,
    reserved: v.m.reserved,
    consumed: v.m.consumed,
    sourceDocumentId: v.sourceDocumentId ?? null,
  });
  await db
    .insert(budgetBalance)
    .values({ budgetId: v.budgetId, held: v.m.held, reserved: v.m.reserved, consumed: v.m.consumed })
    .onConflictDoUpdate({
      target: budgetBalance.budgetId,
      set: {
        held: sql`${budgetBalance.held} + ${v.m.held}::numeric`,
        reserved: sql`${budgetBalance.reserved} + ${v.m.reserved}::numeric`,
        consumed: sql`${budgetBalance.consumed} + ${v.m.consumed}::numeric`,
        updatedAt: new Date(),
      },
    });
  await db
    .insert(budgetBalanceMonth)
    .values({ budgetId: v.budgetId, month: v.month, held: v.m.held, reserved: v.m.reserved, consumed: v.m.consumed })
    .onConflictDoUpdate({
      target: [budgetBalanceMonth.budgetId, budgetBalanceMonth.month],
      set: {
        held: sql`${budgetBalanceMonth.held} + ${v.m.held}::numeric`,
        reserved: sql`${budgetBalanceMonth.reserved} + ${v.m.reserved}::numeric`,
        consumed: sql`${budgetBalanceMonth.consumed} + ${v.m.consumed}::numeric`,
      },
    });
}

// ---- Options for the screens ----

/** A master table with a company, a code and names in both languages. */
type CodedTable = typeof costCentre | typeof product | typeof team;

/** The company's rows of a coded master table by keyword over code and names, code first, at most 500. */
function codedOptions(db: Db, t: CodedTable, companyId: number, keyword?: string, only?: SQL) {
  return db
    .select({ id: t.id, code: t.code, zh: t.nameZh, en: t.nameEn })
    .from(t)
    .where(and(eq(t.companyId, companyId), only, keywordIn(keyword, [t.code, t.nameZh, t.nameEn])))
    .orderBy(asc(t.code))
    .limit(500);
}

export function costCentreOptions(db: Db, companyId: number, keyword?: string) {
  return codedOptions(db, costCentre, companyId, keyword);
}

export function expenseItemOptions(db: Db, companyId: number, keyword?: string, deputyOnly = false) {
  const base = db
    .selectDistinct({ id: expenseItem.id, code: expenseItem.code, zh: expenseItem.nameZh, en: expenseItem.nameEn })
    .from(expenseItem);
  const where = and(
    eq(expenseItem.companyId, companyId),
    keywordIn(keyword, [expenseItem.code, expenseItem.nameZh, expenseItem.nameEn]),
  );
  if (!deputyOnly)
    return base
      .where(and(where, eq(expenseItem.active, true)))
      .orderBy(asc(expenseItem.code))
      .limit(500);
  return base
    .innerJoin(expenseTypeItem, eq(expenseTypeItem.expenseItemId, expenseItem.id))
    .innerJoin(expenseType, and(eq(expenseType.id, expenseTypeItem.expenseTypeId), eq(expenseType.docType, 'deputy')))
    .where(where)
    .orderBy(asc(expenseItem.code))
    .limit(500);
}

/** Active products of the company a budget can be for. */
export function productOptions(db: Db, companyId: number, keyword?: string) {
  return codedOptions(db, product, companyId, keyword, eq(product.active, true));
}

export function teamOptions(db: Db, companyId: number, keyword?: string) {
  return codedOptions(db, team, companyId, keyword);
}

/** Ids of the company's cost centres, items and products by code, for the import. */
export async function codesOf(db: Db, companyId: number) {
  const [ccs, items, products] = await Promise.all([
    db.select({ id: costCentre.id, code: costCentre.code }).from(costCentre).where(eq(costCentre.companyId, companyId)),
    db
      .select({ id: expenseItem.id, code: expenseItem.code })
      .from(expenseItem)
      .where(eq(expenseItem.companyId, companyId)),
    db.select({ id: product.id, code: product.code }).from(product).where(eq(product.companyId, companyId)),
  ]);
  const map = (rows: { id: number; code: string }[]) => new Map(rows.map((r) => [r.code.toLowerCase(), r.id]));
  return { ccs: map(ccs), items: map(items), products: map(products) };
}

/** Whether the cost centre, item and product (when given) are the company's. */
export async function mastersExist(db: Db, companyId: number, ccId: number, itemId: number, productId: number | null) {
  const [cc] = await db
    .select({ id: costCentre.id })
    .from(costCentre)
    .where(and(eq(costCentre.id, ccId), eq(costCentre.companyId, companyId)));
  const [item] = await db
    .select({ id: expenseItem.id })
    .from(expenseItem)
    .where(and(eq(expenseItem.id, itemId), eq(expenseItem.companyId, companyId)));
  const [prod] = productId
    ? await db
        .select({ id: product.id })
        .from(product)
        .where(and(eq(product.id, productId), eq(product.companyId, companyId)))
    : [{ id: 0 }];
  return { cc: !!cc, item: !!item, product: !!prod };
}

/** States in which a document holds (in approval), reserves (approved apply) or consumes (approved deputy onwards). */
const HOLDING = ['approving'];
const CONSUMING = [
  'approved',
  'received',
  'reviewing',
  'held',
  'to_post',
  'posted',
  'post_failed',
  'remitting',
  'paid',
  'closed',
];

/**
 * Writes the ledger again from the documents, set-based, for budgets loaded after the documents they cover (the demo,
 * the scale generator): every apply and deputy's lines go to the cost centres of their shares (the line's own, else
 * the document's, else the document's cost centre), to the product's budget or else the item's; a document in
 * approval holds, an approved apply reserves, a deputy from approval on consumes. The company's ledger rows and
 * balances are replaced, in the caller's transaction.
 */
export async function rebuildLedger(db: Db, companyId: number): Promise<number> {
  await db.execute(sql`delete from budget_ledger where company_id = ${companyId}`);
  const inserted = await db.execute(sql`
    with doc as (
      select d.id, d.doc_type, d.status, d.company_id, d.cost_centre_id, d.submitted_at
      from document d
      where d.company_id = ${companyId}
        and d.doc_type in ('apply', 'deputy')
        and (d.status in (${sql.join(
          HOLDING.map((s) => sql`${s}`),
          sql`, `,
        )})
             or (d.doc_type = 'apply' and d.status = 'approved')
             or (d.doc_type = 'deputy' and d.status in (${sql.join(
               CONSUMING.map((s) => sql`${s}`),
               sql`, `,
             )})))
    ), line as (
      select d.id as document_id, d.doc_type, d.status, d.company_id, d.cost_centre_id, l.line_no, l.product_id,
             extract(year from coalesce(l.expense_date, d.submitted_at::date, current_date))::int as year,
             extract(month from coalesce(l.expense_date, d.submitted_at::date, current_date))::int as month,
             l.expense_item_id, l.amount_cny,
             exists (select 1 from apportionment a where a.document_id = d.id) as shared
      from doc d join expense_line l on l.document_id = d.id
      where l.amount_cny is not null and l.expense_item_id is not null
    ), line_share as (
      -- Most documents have no apportionment: the whole line on the document's cost centre.
      select document_id, doc_type, status, company_id, year, month, expense_item_id, cost_centre_id, product_id,
             amount_cny as amount
      from line where not shared
      union all
      -- The others: the line's own shares, else the document's.
      select l.document_id, l.doc_type, l.status, l.company_id, l.year, l.month, l.expense_item_id,
             a.cost_centre_id, coalesce(a.product_id, l.product_id), round(l.amount_cny * a.percent / 100, 2)
      from line l
      join lateral (
        select s.cost_centre_id, s.product_id, s.percent from apportionment s
        where s.document_id = l.document_id
          and (s.line_no = l.line_no
               or (s.line_no is null and not exists (
                     select 1 from apportionment o where o.document_id = l.document_id and o.line_no = l.line_no)))
      ) a on true
      where l.shared
    ), matched as (
      select s.*, coalesce(bp.id, b0.id) as budget_id
      from line_share s
      left join budget bp on bp.company_id = s.company_id and bp.year = s.year and bp.cost_centre_id = s.cost_centre_id
        and bp.expense_item_id = s.expense_item_id and s.product_id is not null and bp.product_id = s.product_id
      left join budget b0 on b0.company_id = s.company_id and b0.year = s.year and b0.cost_centre_id = s.cost_centre_id
        and b0.expense_item_id = s.expense_item_id and b0.product_id is null
    )
    insert into budget_ledger (company_id, budget_id, month, document_id, kind, held, reserved, consumed)
    select company_id, budget_id, month, document_id,
           case when status = 'approving' then 'hold' when doc_type = 'apply' then 'reserve' else 'consume' end,
           case when status = 'approving' then sum(amount) else 0 end,
           case when status <> 'approving' and doc_type = 'apply' then sum(amount) else 0 end,
           case when status <> 'approving' and doc_type = 'deputy' then sum(amount) else 0 end
    from matched where budget_id is not null
    group by company_id, budget_id, month, document_id, doc_type, status
  `);
  await db.execute(sql`
    insert into budget_balance (budget_id, held, reserved, consumed, updated_at)
    select b.id, coalesce(sum(g.held), 0), coalesce(sum(g.reserved), 0), coalesce(sum(g.consumed), 0), now()
    from budget b left join budget_ledger g on g.budget_id = b.id
    where b.company_id = ${companyId}
    group by b.id
    on conflict (budget_id) do update
      set held = excluded.held, reserved = excluded.reserved, consumed = excluded.consumed, updated_at = now()
  `);
  await db.execute(sql`
    delete from budget_balance_month m using budget b where b.id = m.budget_id and b.company_id = ${companyId}`);
  await db.execute(sql`
    insert into budget_balance_month (budget_id, month, held, reserved, consumed)
    select g.budget_id, g.month, sum(g.held), sum(g.reserved), sum(g.consumed)
    from budget_ledger g where g.company_id = ${companyId}
    group by g.budget_id, g.month
  `);
  const r = inserted as unknown as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}
