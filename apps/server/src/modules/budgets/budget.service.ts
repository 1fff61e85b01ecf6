import type {
  AddBudgetBody,
  BudgetDetail,
  BudgetOptions,
  BudgetRow,
  Culture,
  DeleteBudgetBody,
  DeleteBudgetDetailBody,
  LimitReportPage,
  LimitReportRow,
  LimitSubGridBody,
  LimitSubGridRow,
  Page,
  SaveBudgetDetailBody,
  SearchBudgetBody,
  SearchLimitReportBody,
  SetBudgetControlPeriodBody,
  SetBudgetLimitStatusBody,
} from '@ems/contracts';
import Decimal from 'decimal.js';
import type { Actor } from '../../core/actor';
import { guarded, staleVersion } from '../../core/checks';
import type { Db } from '../../core/db';
import { AppError, notFound, refused } from '../../core/errors';
import { localName } from '../../core/i18n';
import { audit, auditEntry } from '../audit/audit.service';
import * as L from './budget.ledger';
import * as repo from './budget.repository';
import * as months from './budget-month.repository';

const fix = (v: string | Decimal) => new Decimal(v).toFixed(2);

export function toRow(r: repo.BudgetListRecord, c: Culture): BudgetRow {
  const balance = { held: r.held, reserved: r.reserved, consumed: r.consumed };
  return {
    ID: r.b.id,
    Year: r.b.year,
    CostCenterID: r.b.costCentreId,
    CostCenterCode: r.ccCode,
    CostCenterName: localName(c, r.ccZh, r.ccEn),
    TeamName: r.teamZh === null ? null : localName(c, r.teamZh, r.teamEn),
    ExpenseItemID: r.b.expenseItemId,
    ExpenseItemCode: r.itemCode,
    ExpenseItemName: localName(c, r.itemZh, r.itemEn),
    ProductID: r.b.productId,
    ProductCode: r.productCode,
    ProductName: r.productZh === null ? null : localName(c, r.productZh, r.productEn),
    Amount: fix(r.b.amount),
    LimitStatus: r.b.limitStatus,
    ControlPeriod: r.b.controlPeriod,
    Held: fix(r.held),
    Reserved: fix(r.reserved),
    Consumed: fix(r.consumed),
    Available: L.available(r.b.amount, balance),
    Version: r.b.version,
  };
}

export function percentOf(used: Decimal.Value, amount: Decimal.Value): string {
  const a = new Decimal(amount);
  return a.isZero() ? '0.00' : new Decimal(used).div(a).times(100).toFixed(2);
}

export function toReportRow(r: repo.BudgetListRecord, c: Culture): LimitReportRow {
  const row = toRow(r, c);
  return { ...row, UsedPercent: percentOf(new Decimal(row.Held).plus(row.Reserved).plus(row.Consumed), row.Amount) };
}

export async function search(db: Db, actor: Actor, f: SearchBudgetBody): Promise<Page<BudgetRow>> {
  const { total, rows } = await repo.searchBudgets(db, actor.companyId, f);
  return { Total: total, Rows: rows.map((r) => toRow(r, actor.culture)) };
}

async function rowOf(db: Db, actor: Actor, id: number): Promise<BudgetRow> {
  const [r] = await repo.budgetRows(db, actor.companyId, [id]);
  if (!r) throw notFound();
  return toRow(r, actor.culture);
}

export async function detail(db: Db, actor: Actor, budgetId: number): Promise<BudgetDetail> {
  const budget = await rowOf(db, actor, budgetId);
  const [details, months] = await Promise.all([repo.detailsOf(db, budgetId), repo.monthsOf(db, [budgetId])]);
  const { amounts, used } = months.get(budgetId)!;
  let toDate = new Decimal(0);
  const Figures = Array.from({ length: 12 }, (_, i) => {
    const month = i + 1;
    const amount = amounts.get(month) ?? '0';
    const usedHere = L.total(used.get(month) ?? L.ZERO);
    toDate = toDate.plus(amount).minus(usedHere);
    return {
      Month: month,
      Amount: fix(amount),
      Used: fix(usedHere),
      Available: fix(new Decimal(amount).minus(usedHere)),
      AvailableToDate: fix(toDate),
    };
  });
  return { Budget: budget, Details: details.map((d) => ({ Month: d.month, Amount: fix(d.amount) })), Figures };
}

function mastersError(found: { cc: boolean; item: boolean; product: boolean }) {
  const errors = [
    ...(found.cc ? [] : [{ field: 'CostCenterID', code: 'budget.cost_centre_unknown' }]),
    ...(found.item ? [] : [{ field: 'ExpenseItemID', code: 'budget.expense_item_unknown' }]),
    ...(found.product ? [] : [{ field: 'ProductID', code: 'budget.product_unknown' }]),
  ];
  return errors.length ? new AppError(400, 'validation.failed', undefined, errors) : null;
}

export async function add(db: Db, actor: Actor, body: AddBudgetBody): Promise<BudgetRow> {
  const productId = body.ProductID ?? null;
  const problem = mastersError(
    await repo.mastersExist(db, actor.companyId, body.CostCenterID, body.ExpenseItemID, productId),
  );
  if (problem) throw problem;
  const id = await db.transaction(async (tx) => {
    const b = await guarded(
      () =>
        repo.insertBudget(tx, {
          companyId: actor.companyId,
          year: body.Year,
          costCentreId: body.CostCenterID,
          expenseItemId: body.ExpenseItemID,
          productId,
          limitStatus: body.LimitStatus,
          controlPeriod: body.ControlPeriod,
        }),
      { duplicate: 'budget.duplicate' },
    );
    await repo.upsertDetails(
      tx,
      b.id,
      body.Details.map((m) => ({ month: m.Month, amount: fix(m.Amount) })),
    );
    const saved = await repo.resum(tx, b.id, b.version);
    await audit(
      tx,
      auditEntry(actor, {
        action: 'create',
        entity: 'budget',
        entityId: b.id,
        detail: {
          year: body.Year,
          amount: saved!.amount,
          limitStatus: body.LimitStatus,
          controlPeriod: body.ControlPeriod,
        },
      }),
    );
    return b.id;
  });
  return rowOf(db, actor, id);
}

/** A blocked budget may not be cut below what documents already hold, reserve and consume. */
async function checkNotBelowUsed(tx: Db, b: repo.BudgetRecord, amount: string, limitStatus: number) {
  if (limitStatus !== 2) return;
  const used = L.total(await repo.balanceOf(tx, b.id));
  if (used.gt(amount)) throw refused('budget.below_used', { amount: fix(amount), used: fix(used) });
}

async function changeDetails(
  db: Db,
  actor: Actor,
  v: { BudgetID: number; Version: number },
  action: string,
  change: (tx: Db) => Promise<Record<string, unknown>>,
): Promise<BudgetDetail> {
  await db.transaction(async (tx) => {
    const b = await repo.lockBudget(tx, actor.companyId, v.BudgetID);
    if (!b) throw notFound();
    if (b.version !== v.Version) throw staleVersion();
    const detail = await change(tx);
    const saved = await repo.resum(tx, b.id, b.version);
    if (!saved) throw staleVersion();
    await checkNotBelowUsed(tx, b, saved.amount, b.limitStatus);
    await audit(
      tx,
      auditEntry(actor, {
        action,
        entity: 'budget',
        entityId: b.id,
        detail: { ...detail, amountBefore: b.amount, amount: saved.amount },
      }),
    );
  });
  return detail(db, actor, v.BudgetID);
}

export async function saveDetail(db: Db, actor: Actor, body: SaveBudgetDetailBody): Promise<BudgetDetail> {
  return changeDetails(db, actor, body, 'update', async (tx) => {
    const months = body.Details.map((m) => ({ month: m.Month, amount: fix(m.Amount) }));
    await repo.upsertDetails(tx, body.BudgetID, months);
    return { months };
  });
}

export async function deleteDetail(db: Db, actor: Actor, body: DeleteBudgetDetailBody): Promise<BudgetDetail> {
  return changeDetails(db, actor, body, 'delete_detail', async (tx) => {
    const gone = await repo.deleteDetails(tx, body.BudgetID, body.Months);
    if (!gone) throw refused('budget.detail_none');
    return { months: body.Months };
  });
}

/** Deletes budgets no document has moved: a budget with ledger rows stays, for its history. */
export async function remove(db: Db, actor: Actor, body: DeleteBudgetBody): Promise<void> {
  await db.transaction(async (tx) => {
    for (const item of [...body.Items].sort((a, b) => a.ID - b.ID)) {
      const b = await repo.lockBudget(tx, actor.companyId, item.ID);
      if (!b) throw notFound();
      if (b.version !== item.Version) throw staleVersion();
      if (await repo.hasLedger(tx, b.id)) throw refused('budget.in_use', { id: b.id });
      if (!(await repo.deleteBudget(tx, b.id, b.version))) throw staleVersion();
      await audit(
        tx,
        auditEntry(actor, {
          action: 'delete',
          entity: 'budget',
          entityId: b.id,
          detail: { year: b.year, costCentreId: b.costCentreId, expenseItemId: b.expenseItemId, amount: b.amount },
        }),
      );
    }
  });
}

export async function setLimitStatus(db: Db, actor: Actor, body: SetBudgetLimitStatusBody): Promise<BudgetRow[]> {
  const ids = await db.transaction(async (tx) => {
    const done: number[] = [];
    for (const item of [...body.Items].sort((a, b) => a.ID - b.ID)) {
      const b = await repo.lockBudget(tx, actor.companyId, item.ID);
      if (!b) throw notFound();
      if (b.version !== item.Version) throw staleVersion();
      await checkNotBelowUsed(tx, b, b.amount, body.LimitStatus);
      if (!(await repo.setLimitStatus(tx, b.id, b.version, body.LimitStatus))) throw staleVersion();
      await audit(
        tx,
        auditEntry(actor, {
          action: 'set_limit_status',
          entity: 'budget',
          entityId: b.id,
          detail: { from: b.limitStatus, to: body.LimitStatus },
        }),
      );
      done.push(b.id);
    }
    return done;
  });
  const rows = await repo.budgetRows(db, actor.companyId, ids);
  return rows.map((r) => toRow(r, actor.culture));
}

/**
 * Sets the period several budgets are controlled on (decision 056): from the next check on, stop and warn measure the
 * year, the expense's month or the months up to it. Under each budget's lock, so no check runs half on the old period.
 */
export async function setControlPeriod(db: Db, actor: Actor, body: SetBudgetControlPeriodBody): Promise<BudgetRow[]> {
  const ids = await db.transaction(async (tx) => {
    const done: number[] = [];
    for (const item of [...body.Items].sort((a, b) => a.ID - b.ID)) {
      const b = await repo.lockBudget(tx, actor.companyId, item.ID);
      if (!b) throw notFound();
      if (b.version !== item.Version) throw staleVersion();
      if (!(await repo.resum(tx, b.id, b.version, { controlPeriod: body.ControlPeriod }))) throw staleVersion();
      await audit(
        tx,
        auditEntry(actor, {
          action: 'set_control_period',
          entity: 'budget',
          entityId: b.id,
          detail: { from: b.controlPeriod, to: body.ControlPeriod },
        }),
      );
      done.push(b.id);
    }
    return done;
  });
  const rows = await repo.budgetRows(db, actor.companyId, ids);
  return rows.map((r) => toRow(r, actor.culture));
}

const options = (rows: { id: number; code: string; zh: string; en: string }[], c: Culture): BudgetOptions => ({
  Rows: rows.map((r) => ({ ID: r.id, Code: r.code, Name: localName(c, r.zh, r.en) })),
});

export async function costCentres(db: Db, actor: Actor, keyword?: string) {
  return options(await repo.costCentreOptions(db, actor.companyId, keyword), actor.culture);
}
export async function expenseItems(db: Db, actor: Actor, keyword?: string) {
  return options(await repo.expenseItemOptions(db, actor.companyId, keyword), actor.culture);
}
export async function products(db: Db, actor: Actor, keyword?: string) {
  return options(await repo.productOptions(db, actor.companyId, keyword), actor.culture);
}
export async function deputyExpenseItems(db: Db, actor: Actor, keyword?: string) {
  return options(await repo.expenseItemOptions(db, actor.companyId, keyword, true), actor.culture);
}
export async function teams(db: Db, actor: Actor, keyword?: string) {
  return options(await repo.teamOptions(db, actor.companyId, keyword), actor.culture);
}

export async function limitReport(db: Db, actor: Actor, f: SearchLimitReportBody): Promise<LimitReportPage> {
  const { totals, rows } = await repo.limitReport(db, actor.companyId, f);
  const used = new Decimal(totals.held).plus(totals.reserved).plus(totals.consumed);
  return {
    Total: totals.n,
    Rows: rows.map((r) => toReportRow(r, actor.culture)),
    Totals: {
      Amount: fix(totals.amount),
      Held: fix(totals.held),
      Reserved: fix(totals.reserved),
      Consumed: fix(totals.consumed),
      Available: fix(new Decimal(totals.amount).minus(used)),
      UsedPercent: percentOf(used, totals.amount),
    },
  };
}

export function toSubRow(r: Awaited<ReturnType<typeof repo.subGrid>>['rows'][number], c: Culture): LimitSubGridRow {
  return {
    DocumentID: r.documentId,
    DocNo: r.docNo,
    DocType: r.docType,
    Status: r.status,
    ApplicantName: localName(c, r.applicantZh, r.applicantEn),
    Held: fix(r.held),
    Reserved: fix(r.reserved),
    Consumed: fix(r.consumed),
    LastMovedAt: new Date(r.lastMovedAt).toISOString(),
  };
}

export async function subGrid(db: Db, actor: Actor, body: LimitSubGridBody): Promise<Page<LimitSubGridRow>> {
  if (!(await repo.findBudget(db, actor.companyId, body.BudgetID))) throw notFound();
  const { total, rows } = await repo.subGrid(db, body.BudgetID, body);
  return { Total: total, Rows: rows.map((r) => toSubRow(r, actor.culture)) };
}

/**
 * The year's budgets of the cost centres the teams own, month by month (all twelve, nothing budgeted or used being
 * 0.00): budgeted, held or reserved, consumed. No team: every month zero.
 */
export async function teamMonths(db: Db, companyId: number, year: number, teamIds: number[]) {
  const { planned, used } = teamIds.length
    ? await months.monthsOfTeams(db, companyId, year, teamIds)
    : { planned: [], used: [] };
  return Array.from({ length: 12 }, (_, i) => {
    const p = planned.find((r) => r.month === i + 1);
    const u = used.find((r) => r.month === i + 1);
    return {
      Month: i + 1,
      Budget: p?.amount ?? '0.00',
      Committed: u?.committed ?? '0.00',
      Consumed: u?.consumed ?? '0.00',
    };
  });
}
