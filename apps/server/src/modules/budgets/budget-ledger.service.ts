import type { DocState } from '@ems/contracts';
import { allocateMoney, mulMoney, shanghaiToday } from '@ems/contracts';
import Decimal from 'decimal.js';
import type { Db } from '../../core/db';
import { type LockedDocument, lockDocument } from '../documents/lifecycle/document.lock';
import type { DocumentFollower } from '../documents/lifecycle/followers';
import type { LimitChecker, LimitFinding, LimitStage } from '../limits/limit-checker';
import * as L from './budget.ledger';
import * as repo from './budget.repository';

/** Documents whose spend counts against budgets: a loan is an advance, its spend is claimed by a deputy. */
const BUDGETED = new Set(['apply', 'deputy']);

interface Spend {
  year: number;
  month: number;
  costCentreId: number;
  expenseItemId: number;
  productId: number | null;
  amount: string;
}

/**
 * What a document spends, per month, cost centre, expense item and product, in CNY: each line goes to the cost centres
 * of its own apportionment, or else of the document's, by their percentages; what the shares leave uncovered stays on
 * the document's cost centre.
 */
export async function spendOf(db: Db, d: LockedDocument): Promise<Spend[]> {
  const { lines, shares } = await repo.spendOf(db, d.id);
  const docShares = shares.filter((s) => s.lineNo === null);
  const today = shanghaiToday();
  const out = new Map<string, Spend>();
  const add = (s: Omit<Spend, 'amount'>, amount: string) => {
    if (new Decimal(amount).isZero()) return;
    const key = `${s.year}/${s.month}/${s.costCentreId}/${s.expenseItemId}/${s.productId ?? ''}`;
    const before = out.get(key);
    out.set(key, { ...s, amount: new Decimal(before?.amount ?? 0).plus(amount).toFixed(2) });
  };
  for (const line of lines) {
    if (!line.expenseItemId || !line.amountCny) continue;
    const date = line.expenseDate ?? today;
    const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
    const own = shares.filter((s) => s.lineNo === line.lineNo);
    const used = own.length ? own : docShares;
    const amounts = used.length
      ? shareAmounts(
          line.amountCny,
          used.map((s) => s.percent),
        )
      : [];
    let left = new Decimal(line.amountCny);
    used.forEach((s, i) => {
      const a = amounts[i]!;
      left = left.minus(a);
      add(
        {
          year,
          month,
          costCentreId: s.costCentreId,
          expenseItemId: line.expenseItemId!,
          productId: s.productId ?? line.productId,
        },
        a,
      );
    });
    if (d.costCentreId)
      add(
        { year, month, costCentreId: d.costCentreId, expenseItemId: line.expenseItemId, productId: line.productId },
        left.toFixed(2),
      );
  }
  return [...out.values()];
}

/** The shares' amounts of a line, as the apportionment computes them (documents/parts/apportion.service). */
function shareAmounts(base: string, percents: string[]): string[] {
  const sum = percents.reduce((s, p) => s.plus(p), new Decimal(0));
  return allocateMoney(sum.eq(100) ? base : mulMoney(base, sum.div(100).toString()), percents);
}

type Locked = Awaited<ReturnType<typeof repo.lockBudgetsFor>>[number];
/** What the document spends on a budget, in all and per month. */
type Targets = Map<number, { budget: Locked; amount: string; months: Map<number, string> }>;

/**
 * The targets the final approval's budget check found, kept for the follower that consumes them right after it, in
 * the same transaction (`followBudgets`), so that the lines, shares and budgets are not read twice. They cannot go
 * stale in between: the check is the last step of the approval's work and the transition's followers run next, none
 * of which writes lines or shares (only a transition's work does, under the document's lock, which this transaction
 * holds), and the budgets stay locked by this transaction. Taken by the next follower, whatever it does with them;
 * without them it reads them.
 */
const approvalTargets = new WeakMap<Db, { documentId: number; targets: Targets }>();

function takeApprovalTargets(tx: Db, documentId: number): Targets | undefined {
  const kept = approvalTargets.get(tx);
  approvalTargets.delete(tx);
  return kept?.documentId === documentId ? kept.targets : undefined;
}

/**
 * The document's spend per budget (the product's own budget, else the item's budget without a product); spend no
 * budget covers is not controlled. Locks the budgets in id order first.
 */
async function targetsOf(db: Db, d: LockedDocument): Promise<Targets> {
  const spend = await spendOf(db, d);
  const keys = new Map(spend.map((s) => [`${s.year}/${s.costCentreId}/${s.expenseItemId}`, s]));
  const locked = await repo.lockBudgetsFor(db, d.companyId, [...keys.values()]);
  const byKey = new Map<string, Locked>();
  for (const b of locked) byKey.set(`${b.year}/${b.costCentreId}/${b.expenseItemId}/${b.productId ?? ''}`, b);
  const targets: Targets = new Map();
  for (const s of spend) {
    const base = `${s.year}/${s.costCentreId}/${s.expenseItemId}`;
    const b = (s.productId ? byKey.get(`${base}/${s.productId}`) : undefined) ?? byKey.get(`${base}/`);
    if (!b) continue;
    const t = targets.get(b.id) ?? { budget: b, amount: '0.00', months: new Map<number, string>() };
    t.amount = new Decimal(t.amount).plus(s.amount).toFixed(2);
    t.months.set(s.month, new Decimal(t.months.get(s.month) ?? 0).plus(s.amount).toFixed(2));
    targets.set(b.id, t);
  }
  return targets;
}

/** What the apply a deputy claims against still has reserved, per budget and month. */
async function applyReserved(db: Db, d: LockedDocument): Promise<Map<number, Map<number, string>>> {
  if (d.docType !== 'deputy' || !d.applyId) return new Map();
  const positions = await repo.positionsOf(db, d.applyId);
  return new Map([...positions].map(([id, cells]) => [id, reservedOf(cells)]));
}

const reservedOf = (cells: L.Cells) => new Map([...cells].map(([month, p]) => [month, p.reserved]));
const ZERO_MONTHS = new Map<number, string>();

/** The months a movement per month touches, in calendar order. */
const monthsIn = (...maps: Map<number, unknown>[]) =>
  [...new Set(maps.flatMap((m) => [...m.keys()]))].sort((a, b) => a - b);

/**
 * The apply's side of what a deputy takes over: `cover` released from the apply's reservation on the budget, its
 * earliest reserved months first, with the deputy as the source.
 */
async function releaseFromApply(
  tx: Db,
  d: LockedDocument,
  budgetId: number,
  reserved: Map<number, string>,
  cover: string,
) {
  if (!d.applyId || !new Decimal(cover).gt(0)) return;
  for (const [month, x] of L.spread(reserved, cover))
    await repo.move(tx, {
      companyId: d.companyId,
      budgetId,
      month,
      documentId: d.applyId,
      kind: 'release',
      m: L.coverReleaseOf(x),
      sourceDocumentId: d.id,
    });
}

type MonthsOf = Awaited<ReturnType<typeof repo.monthsOf>>;

/**
 * Whether holding `need` (per month) more leaves the budget short on its control period (decision 056): the whole
 * year's amount against the year's use; each month's amount against that month's use; or, month to date, for every
 * month from the first asked for to December, the months up to it against their use (an expense in March lowers what
 * is left to date in every month after it too). The worst month is named.
 */
function shortfallOn(
  t: { budget: Locked },
  balance: L.Position | undefined,
  months: MonthsOf,
  need: Map<number, string>,
): { s: L.Shortfall; month?: number } | null {
  const period = t.budget.controlPeriod;
  if (period === 'year') {
    const s = L.shortfallOf(t.budget.amount, balance ?? L.ZERO, L.sumOf(need));
    return s ? { s } : null;
  }
  const figures = months.get(t.budget.id) ?? { amounts: new Map<number, string>(), used: new Map() as L.Cells };
  const asked = monthsIn(need);
  if (!asked.length) return null;
  const checked = period === 'month' ? asked : Array.from({ length: 13 - asked[0]! }, (_, i) => asked[0]! + i);
  let worst: { s: L.Shortfall; month: number } | null = null;
  for (const month of checked) {
    const s =
      period === 'month'
        ? L.shortfallOf(figures.amounts.get(month) ?? '0', figures.used.get(month) ?? L.ZERO, need.get(month)!)
        : L.shortfallOf(
            L.toDate(figures.amounts, month).toFixed(2),
            L.sumCells(new Map([...figures.used].filter(([m]) => m <= month))),
            L.toDate(need, month).toFixed(2),
          );
    if (s && (!worst || new Decimal(s.shortfall).gt(worst.s.shortfall))) worst = { s, month };
  }
  return worst;
}

/** The period a finding names: the year, a month (2026-04) or the months to date (2026-01…04). */
function periodLabel(year: number, period: string, month: number | undefined) {
  if (month === undefined) return String(year);
  const mm = String(month).padStart(2, '0');
  return period === 'cumulative' && month > 1 ? `${year}-01…${mm}` : `${year}-${mm}`;
}

const LEVEL = { 1: 'warn', 2: 'block' } as const;
const BEFORE_APPROVAL = new Set<DocState>(['draft', 'returned', 'confirming', 'approving']);

/**
 * The budget check (DESIGN §11), run at submit and at final approval under the document's lock: locks every budget
 * the document touches, measures what it still needs on each against what is available, and holds it there in the
 * same transaction. A budget at warn or block that falls short is a finding naming the budget and the shortfall; a
 * block refuses the whole action, so its holds roll back with it.
 */
export const budgetChecker: LimitChecker = async (tx, d, stage: LimitStage) => {
  if (!BUDGETED.has(d.docType)) return [];
  const targets = await targetsOf(tx, d);
  if (stage === 'approve') approvalTargets.set(tx, { documentId: d.id, targets });
  if (!targets.size) return [];
  const ids = [...targets.keys()];
  // The month figures only for the budgets controlled by month or month to date that can refuse or warn.
  const periodic = [...targets.values()]
    .filter((t) => t.budget.controlPeriod !== 'year' && LEVEL[t.budget.limitStatus as 1 | 2])
    .map((t) => t.budget.id);
  const [{ balances, own }, reserved, months] = await Promise.all([
    repo.balancesAndPositions(tx, ids, d.id),
    applyReserved(tx, d),
    repo.monthsOf(tx, periodic),
  ]);
  const findings: LimitFinding[] = [];
  const short: { id: number; level: 'warn' | 'block'; s: L.Shortfall; period: string }[] = [];
  for (const [id, t] of targets) {
    const { need } = L.planOf(t.months, own.get(id), L.sumOf(reserved.get(id) ?? ZERO_MONTHS));
    const level = LEVEL[t.budget.limitStatus as 1 | 2];
    if (level) {
      const found = shortfallOn(t, balances.get(id), months, need);
      if (found)
        short.push({ id, level, s: found.s, period: periodLabel(t.budget.year, t.budget.controlPeriod, found.month) });
    }
    for (const [month, n] of need)
      await repo.move(tx, {
        companyId: d.companyId,
        budgetId: id,
        month,
        documentId: d.id,
        kind: 'hold',
        m: L.holdOf(n),
      });
  }
  if (short.length) {
    const names = new Map(
      (
        await repo.budgetNames(
          tx,
          short.map((x) => x.id),
        )
      ).map((n) => [n.id, n]),
    );
    for (const x of short) {
      const n = names.get(x.id)!;
      findings.push({
        kind: 'budget',
        level: x.level,
        code: x.level === 'block' ? 'budget.exceeded_block' : 'budget.exceeded_warn',
        params: {
          // The expense item by its name in the reader's language; the codes alone where no language is asked for.
          budget: [x.period, n.ccCode, n.itemCode, n.productCode].filter(Boolean).join(' / '),
          'budget:zh-CN': [x.period, n.ccCode, n.itemZh, n.productCode].filter(Boolean).join(' / '),
          'budget:en-GB': [x.period, n.ccCode, n.itemEn || n.itemZh, n.productCode].filter(Boolean).join(' / '),
          available: x.s.available,
          requested: x.s.requested,
          shortfall: x.s.shortfall,
        },
      });
    }
  }
  return findings;
};

/**
 * Moves the document's budget positions with its state (the budgets' follower of the one transition, after the action's work):
 * returned, cancelled or deleted release everything; final approval turns an apply's holds into a reservation and a
 * deputy's into consumption (taking over what its apply had reserved); a closed apply releases what is left.
 */
export async function followBudgets(tx: Db, d: LockedDocument, to: DocState | 'deleted'): Promise<void> {
  // Taken whatever the move: kept from the check before this follower only.
  const checked = takeApprovalTargets(tx, d.id);
  if (!BUDGETED.has(d.docType) || to === d.status) return;
  if (to === 'returned' || to === 'cancelled' || to === 'deleted') {
    // The apply first (document before budgets, as every transition locks them), then the deputy's own budgets.
    // What it took over from its apply is written only under this deputy's lock, so it can be read before the budgets'.
    const taken = (await openApply(tx, d)) ? await repo.takenFromApply(tx, d.applyId!, d.id) : new Map();
    const back: [number, number, string][] = [];
    for (const [id, cells] of taken)
      for (const [month, p] of cells) if (new Decimal(p.reserved).lt(0)) back.push([id, month, p.reserved]);
    await releaseAll(tx, d, 'release', [...new Set(back.map(([id]) => id))]);
    await giveBackToApply(tx, d, back);
    return;
  }
  if (to === 'closed' && d.docType === 'apply') return releaseAll(tx, d, 'release');
  // Paper received again unchanged by the returns centre: the deputy spends again what it spent before its return.
  if (to === 'received' && d.status === 'returned') return consumeAgain(tx, d);
  // Into approval's end from before it (a route with no approver left approves at submit): never from finance's
  // states (the post centre undoing a scan moves a document back to approved).
  if (to !== 'approved' || !BEFORE_APPROVAL.has(d.status)) return;
  const own = await repo.positionsOf(tx, d.id);
  if (d.docType === 'apply') {
    await repo.lockBudgetIds(tx, [...own.keys()]);
    for (const [id, cells] of own)
      for (const [month, p] of cells) {
        if (new Decimal(p.held).isZero()) continue;
        await repo.move(tx, {
          companyId: d.companyId,
          budgetId: id,
          month,
          documentId: d.id,
          kind: 'reserve',
          m: L.reserveOf(p),
        });
      }
    return;
  }
  const targets = checked ?? (await targetsOf(tx, d));
  const reserved = await applyReserved(tx, d);
  // Every budget it spends on, held or not: spend its apply's reservation covers in full was never held.
  for (const id of new Set([...own.keys(), ...targets.keys()])) {
    const cells = own.get(id) ?? new Map();
    const fromApply = reserved.get(id) ?? ZERO_MONTHS;
    const { cover } = L.planOf(targets.get(id)?.months ?? ZERO_MONTHS, cells, L.sumOf(fromApply));
    await releaseFromApply(tx, d, id, fromApply, L.sumOf(cover));
    for (const month of monthsIn(cells, cover)) {
      const m = L.consumeOf(cells.get(month) ?? L.ZERO, cover.get(month) ?? '0');
      if (!L.isZero(m))
        await repo.move(tx, { companyId: d.companyId, budgetId: id, month, documentId: d.id, kind: 'consume', m });
    }
  }
}

/** The budgets' follower of the lifecycle (`modules/followers.ts`): each document's positions move with its state. */
export const budgetFollower: DocumentFollower = {
  name: 'budgets',
  after: 'work',
  async follow(tx, change) {
    for (const d of change.docs) await followBudgets(tx, d, change.to);
  },
};

/**
 * Paper received again unchanged: the deputy consumes again what it spends, and takes over again from its apply (if
 * still open) the reservation its return gave back, as its approval did.
 */
async function consumeAgain(tx: Db, d: LockedDocument) {
  if (d.docType !== 'deputy') return;
  const open = await openApply(tx, d);
  const targets = await targetsOf(tx, d);
  const own = await repo.positionsOf(tx, d.id);
  const reserved = open ? await applyReserved(tx, d) : new Map<number, Map<number, string>>();
  for (const [id, t] of targets) {
    const cells = own.get(id) ?? new Map();
    const moves = monthsIn(t.months, cells).map(
      (month) =>
        [month, L.trueUpOf({ ...(cells.get(month) ?? L.ZERO), held: '0' }, t.months.get(month) ?? '0')] as const,
    );
    const more = moves.reduce((sum, [, m]) => sum.plus(m.consumed), new Decimal(0));
    const fromApply = reserved.get(id) ?? ZERO_MONTHS;
    const cover = Decimal.min(Decimal.max(0, more), Decimal.max(0, L.sumOf(fromApply)));
    await releaseFromApply(tx, d, id, fromApply, cover.toFixed(2));
    for (const [month, m] of moves)
      if (!L.isZero(m))
        await repo.move(tx, { companyId: d.companyId, budgetId: id, month, documentId: d.id, kind: 'consume', m });
  }
}

/**
 * Whether the deputy claims against an apply whose reservation is still live (approved, not closed): locks the apply
 * first, so its close and this deputy's give-back or take-over cannot interleave.
 */
async function openApply(tx: Db, d: LockedDocument): Promise<boolean> {
  if (d.docType !== 'deputy' || !d.applyId) return false;
  const apply = await lockDocument(tx, d.applyId);
  return apply?.docType === 'apply' && apply.status === 'approved';
}

/**
 * A deputy returned, cancelled or deleted after its approval took over part of its apply's reservation gives that
 * part back to the apply (DESIGN §11, decision 034): the apply is still open and may be claimed again, so what it
 * reserved is reserved again, and available = amount − held − reserved − consumed stays the sum of the ledger.
 * Called after the deputy's own release, under the apply's lock and the budgets' (locked with the deputy's own).
 */
async function giveBackToApply(tx: Db, d: LockedDocument, back: [number, number, string][]) {
  for (const [id, month, sum] of back)
    await repo.move(tx, {
      companyId: d.companyId,
      budgetId: id,
      month,
      documentId: d.applyId!,
      kind: 'reserve',
      m: L.giveBackOf(new Decimal(sum).neg().toFixed(2)),
      sourceDocumentId: d.id,
    });
}

/** Releases everything the document holds, reserves and consumes; `alsoLock`: more budgets to lock in the same id order. */
async function releaseAll(tx: Db, d: LockedDocument, kind: 'release', alsoLock: number[] = []) {
  const before = await repo.positionsOf(tx, d.id);
  await repo.lockBudgetIds(tx, [...new Set([...before.keys(), ...alsoLock])]);
  // Read again under the budgets' locks: a deputy's approval may have just taken over part of an apply's reservation.
  const own = await repo.positionsOf(tx, d.id);
  for (const [id, cells] of own)
    for (const [month, p] of cells) {
      const m = L.releaseOf(p);
      if (!L.isZero(m)) await repo.move(tx, { companyId: d.companyId, budgetId: id, month, documentId: d.id, kind, m });
    }
}

/**
 * Posting's true-up, in the transaction that records the ERP's acceptance: the deputy's consumption becomes what it
 * spends as posted (the review may have changed amounts or shares since approval).
 */
export async function trueUpOnPosting(tx: Db, d: LockedDocument): Promise<void> {
  if (d.docType !== 'deputy') return;
  const targets = await targetsOf(tx, d);
  const own = await repo.positionsOf(tx, d.id);
  const ids = new Set([...targets.keys(), ...own.keys()]);
  await repo.lockBudgetIds(tx, [...ids]);
  for (const id of ids) {
    const cells = own.get(id) ?? new Map();
    const spent = targets.get(id)?.months ?? ZERO_MONTHS;
    for (const month of monthsIn(cells, spent)) {
      const p = cells.get(month) ?? L.ZERO;
      const m = L.trueUpOf({ ...p, held: '0' }, spent.get(month) ?? '0');
      // Anything still held (not expected after approval) is folded into the consumption.
      const moved = {
        held: new Decimal(p.held).neg().toFixed(2),
        reserved: new Decimal(p.reserved).neg().toFixed(2),
        consumed: m.consumed,
      };
      if (!L.isZero(moved))
        await repo.move(tx, {
          companyId: d.companyId,
          budgetId: id,
          month,
          documentId: d.id,
          kind: 'trueup',
          m: moved,
        });
    }
  }
}

/**
 * The ledger written again from the company's documents (set-based), for budgets loaded after the documents they
 * cover: the demo and the scale generator. Not for a live system, where every movement is written as it happens.
 */
export function rebuildLedger(tx: Db, companyId: number) {
  return repo.rebuildLedger(tx, companyId);
}
