import type { DocState } from '@ems/contracts';
import Decimal from 'decimal.js';
import type { Db } from '../../core/db';
import { type LockedDocument, lockDocument } from '../documents/lifecycle/document.lock';
import type { DocumentFollower } from '../documents/lifecycle/followers';
import type { LimitChecker, LimitFinding, LimitStage } from '../limits/limit-checker';
import * as L from './budget.ledger';
import * as repo from './budget.repository';
import {
  applyReserved,
  BUDGETED,
  budgetKeys,
  budgetLabel,
  budgetMatcher,
  measureTargets,
  monthsIn,
  type Spend,
  spendByLine,
  sumSpend,
  type Targets,
  targetsFrom,
  ZERO_MONTHS,
} from './budget-measure';

/** What a document spends, per month, cost centre, expense item and product, in CNY (`spendByLine`, summed). */
export async function spendOf(db: Db, d: LockedDocument): Promise<Spend[]> {
  return sumSpend(spendByLine(await repo.spendOf(db, d.id), d.costCentreId));
}

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
  const locked = await repo.lockBudgetsFor(db, d.companyId, budgetKeys(spend));
  return targetsFrom(spend, budgetMatcher(locked));
}

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

const BEFORE_APPROVAL = new Set<DocState>(['draft', 'returned', 'confirming', 'approving']);

/**
 * The budget check (DESIGN §11), run at submit and at final approval under the document's lock: locks every budget
 * the document touches, measures what it still needs on each against what is available (`measureTargets`, which the
 * limit preview shares), and holds it there in the same transaction. A budget at warn or block that falls short is a
 * finding naming the budget and the shortfall; a block refuses the whole action, so its holds roll back with it.
 */
export const budgetChecker: LimitChecker = async (tx, d, stage: LimitStage) => {
  if (!BUDGETED.has(d.docType)) return [];
  const targets = await targetsOf(tx, d);
  if (stage === 'approve') approvalTargets.set(tx, { documentId: d.id, targets });
  if (!targets.size) return [];
  const measured = await measureTargets(tx, d, targets);
  const findings: LimitFinding[] = [];
  const short: { id: number; level: 'warn' | 'block'; s: L.Shortfall; period: string }[] = [];
  for (const [id, m] of measured) {
    if (m.level && m.standing?.short) short.push({ id, level: m.level, s: m.standing.short, period: m.standing.label });
    for (const [month, n] of m.need)
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
          // The cost centre, item and product by their names in the reader's language, each with its code; the codes
          // alone where no language is asked for.
          budget: budgetLabel(x.period, n),
          'budget:zh-CN': budgetLabel(x.period, n, 'zh-CN'),
          'budget:en-GB': budgetLabel(x.period, n, 'en-GB'),
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
