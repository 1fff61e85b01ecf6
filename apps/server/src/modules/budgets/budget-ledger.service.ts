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
  costCentreId: number;
  expenseItemId: number;
  productId: number | null;
  amount: string;
}

/**
 * What a document spends, per year, cost centre, expense item and product, in CNY: each line goes to the cost centres
 * of its own apportionment, or else of the document's, by their percentages; what the shares leave uncovered stays on
 * the document's cost centre.
 */
export async function spendOf(db: Db, d: LockedDocument): Promise<Spend[]> {
  const { lines, shares } = await repo.spendOf(db, d.id);
  const docShares = shares.filter((s) => s.lineNo === null);
  const thisYear = Number(shanghaiToday().slice(0, 4));
  const out = new Map<string, Spend>();
  const add = (s: Omit<Spend, 'amount'>, amount: string) => {
    if (new Decimal(amount).isZero()) return;
    const key = `${s.year}/${s.costCentreId}/${s.expenseItemId}/${s.productId ?? ''}`;
    const before = out.get(key);
    out.set(key, { ...s, amount: new Decimal(before?.amount ?? 0).plus(amount).toFixed(2) });
  };
  for (const line of lines) {
    if (!line.expenseItemId || !line.amountCny) continue;
    const year = line.expenseDate ? Number(line.expenseDate.slice(0, 4)) : thisYear;
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
          costCentreId: s.costCentreId,
          expenseItemId: line.expenseItemId!,
          productId: s.productId ?? line.productId,
        },
        a,
      );
    });
    if (d.costCentreId)
      add(
        { year, costCentreId: d.costCentreId, expenseItemId: line.expenseItemId, productId: line.productId },
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
type Targets = Map<number, { budget: Locked; amount: string }>;

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
    const before = targets.get(b.id);
    targets.set(b.id, { budget: b, amount: new Decimal(before?.amount ?? 0).plus(s.amount).toFixed(2) });
  }
  return targets;
}

/** What the apply a deputy claims against still has reserved, per budget. */
async function applyReserved(db: Db, d: LockedDocument): Promise<Map<number, string>> {
  if (d.docType !== 'deputy' || !d.applyId) return new Map();
  const positions = await repo.positionsOf(db, d.applyId);
  return new Map([...positions].map(([id, p]) => [id, p.reserved]));
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
  const [{ balances, own }, reserved] = await Promise.all([
    repo.balancesAndPositions(tx, ids, d.id),
    applyReserved(tx, d),
  ]);
  const findings: LimitFinding[] = [];
  const short: { id: number; level: 'warn' | 'block'; s: L.Shortfall }[] = [];
  for (const [id, t] of targets) {
    const { need } = L.needOf(t.amount, own.get(id) ?? L.ZERO, reserved.get(id));
    const level = LEVEL[t.budget.limitStatus as 1 | 2];
    if (level) {
      const s = L.shortfallOf(t.budget.amount, balances.get(id) ?? L.ZERO, need);
      if (s) short.push({ id, level, s });
    }
    if (new Decimal(need).gt(0))
      await repo.move(tx, { companyId: d.companyId, budgetId: id, documentId: d.id, kind: 'hold', m: L.holdOf(need) });
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
          budget: [n.year, n.ccCode, n.itemCode, n.productCode].filter(Boolean).join(' / '),
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
    const taken = (await openApply(tx, d))
      ? await repo.takenFromApply(tx, d.applyId!, d.id)
      : new Map<number, string>();
    const back = [...taken].filter(([, sum]) => new Decimal(sum).lt(0));
    await releaseAll(
      tx,
      d,
      'release',
      back.map(([id]) => id),
    );
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
    for (const [id, p] of own) {
      if (new Decimal(p.held).isZero()) continue;
      await repo.move(tx, {
        companyId: d.companyId,
        budgetId: id,
        documentId: d.id,
        kind: 'reserve',
        m: L.reserveOf(p),
      });
    }
    return;
  }
  const targets = checked ?? (await targetsOf(tx, d));
  const reserved = await applyReserved(tx, d);
  for (const [id, p] of own) {
    const target = targets.get(id)?.amount ?? '0';
    const { cover } = L.needOf(target, p, reserved.get(id));
    if (new Decimal(cover).gt(0) && d.applyId)
      await repo.move(tx, {
        companyId: d.companyId,
        budgetId: id,
        documentId: d.applyId,
        kind: 'release',
        m: L.coverReleaseOf(cover),
        sourceDocumentId: d.id,
      });
    await repo.move(tx, {
      companyId: d.companyId,
      budgetId: id,
      documentId: d.id,
      kind: 'consume',
      m: L.consumeOf(p, cover),
    });
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
  const reserved = open ? await applyReserved(tx, d) : new Map<number, string>();
  for (const [id, t] of targets) {
    const p = own.get(id) ?? L.ZERO;
    const m = L.trueUpOf({ ...p, held: '0' }, t.amount);
    if (L.isZero(m)) continue;
    const cover = Decimal.min(Decimal.max(0, m.consumed), Decimal.max(0, reserved.get(id) ?? 0));
    if (cover.gt(0) && d.applyId)
      await repo.move(tx, {
        companyId: d.companyId,
        budgetId: id,
        documentId: d.applyId,
        kind: 'release',
        m: L.coverReleaseOf(cover.toFixed(2)),
        sourceDocumentId: d.id,
      });
    await repo.move(tx, { companyId: d.companyId, budgetId: id, documentId: d.id, kind: 'consume', m });
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
async function giveBackToApply(tx: Db, d: LockedDocument, back: [number, string][]) {
  for (const [id, sum] of back)
    await repo.move(tx, {
      companyId: d.companyId,
      budgetId: id,
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
  for (const [id, p] of own) {
    const m = L.releaseOf(p);
    if (!L.isZero(m)) await repo.move(tx, { companyId: d.companyId, budgetId: id, documentId: d.id, kind, m });
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
    const p = own.get(id) ?? L.ZERO;
    const m = L.trueUpOf({ ...p, held: '0' }, targets.get(id)?.amount ?? '0');
    const held = new Decimal(p.held);
    // Anything still held (not expected after approval) is folded into the consumption.
    const moved = {
      held: held.neg().toFixed(2),
      reserved: new Decimal(p.reserved).neg().toFixed(2),
      consumed: m.consumed,
    };
    if (!L.isZero(moved))
      await repo.move(tx, { companyId: d.companyId, budgetId: id, documentId: d.id, kind: 'trueup', m: moved });
  }
}

/**
 * The ledger written again from the company's documents (set-based), for budgets loaded after the documents they
 * cover: the demo and the scale generator. Not for a live system, where every movement is written as it happens.
 */
export function rebuildLedger(tx: Db, companyId: number) {
  return repo.rebuildLedger(tx, companyId);
}
