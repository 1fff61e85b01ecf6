import Decimal from 'decimal.js';

/**
 * The arithmetic of the budget ledger (DESIGN §11), without the database: what a document holds on a budget, how a
 * submit's need is measured against what is available, and what approval, posting and release move. Amounts are
 * decimal strings; nothing here goes through a JavaScript float.
 */

/** What a budget, or one document on it, has spoken for. */
export interface Position {
  held: string;
  reserved: string;
  consumed: string;
}

/** One ledger movement: how much each bucket changes (signed). */
export type Movement = Position;

export const ZERO: Position = { held: '0.00', reserved: '0.00', consumed: '0.00' };

/** Positions per month (1–12) of one budget. */
export type Cells = Map<number, Position>;

const d = (v: string | Decimal) => new Decimal(v);
const fix = (v: Decimal) => v.toFixed(2);

export function total(p: Position): Decimal {
  return d(p.held).plus(p.reserved).plus(p.consumed);
}

/** amount − held − reserved − consumed. */
export function available(amount: string, balance: Position): string {
  return fix(d(amount).minus(total(balance)));
}

export function apply(p: Position, m: Movement): Position {
  return {
    held: fix(d(p.held).plus(m.held)),
    reserved: fix(d(p.reserved).plus(m.reserved)),
    consumed: fix(d(p.consumed).plus(m.consumed)),
  };
}

export const isZero = (m: Movement) => d(m.held).isZero() && d(m.reserved).isZero() && d(m.consumed).isZero();

/** Undoes a position: the movement that brings it back to nothing. */
export function releaseOf(p: Position): Movement {
  return { held: fix(d(p.held).neg()), reserved: fix(d(p.reserved).neg()), consumed: fix(d(p.consumed).neg()) };
}

/**
 * What a document must still hold on a budget, month by month, to cover `target` (its spend per month): each month's
 * spend less what it already holds there, less what the apply it claims against has reserved on the budget (that
 * reservation becomes this document's consumption at approval, so it is not asked for twice; it covers the earliest
 * months first). Never negative.
 */
export function planOf(
  target: Map<number, string>,
  own: Cells | undefined,
  applyReserved = '0',
): { need: Map<number, string>; cover: Map<number, string> } {
  const open = new Map<number, string>();
  for (const [month, amount] of target) {
    const gap = d(amount).minus(total(own?.get(month) ?? ZERO));
    if (gap.gt(0)) open.set(month, fix(gap));
  }
  const openSum = [...open.values()].reduce((s, v) => s.plus(v), new Decimal(0));
  const cover = spread(open, fix(Decimal.min(openSum, Decimal.max(0, d(applyReserved)))));
  const need = new Map<number, string>();
  for (const [month, gap] of open) {
    const left = d(gap).minus(cover.get(month) ?? 0);
    if (left.gt(0)) need.set(month, fix(left));
  }
  return { need, cover };
}

/** The sum of amounts per month. */
export const sumOf = (byMonth: Map<number, string>): string =>
  fix([...byMonth.values()].reduce((s, v) => s.plus(v), new Decimal(0)));

export interface Shortfall {
  available: string;
  requested: string;
  shortfall: string;
}

/** Whether holding `need` more leaves the budget short: the amount missing, or null when it fits. */
export function shortfallOf(amount: string, balance: Position, need: string): Shortfall | null {
  const left = d(available(amount, balance));
  if (d(need).lte(0) || d(need).lte(left)) return null;
  return {
    available: fix(Decimal.max(0, left)),
    requested: fix(d(need)),
    shortfall: fix(d(need).minus(Decimal.max(0, left))),
  };
}

/** Submit: hold what is needed. */
export const holdOf = (need: string): Movement => ({ held: fix(d(need)), reserved: '0.00', consumed: '0.00' });

/** Final approval of an apply: its holds become a reservation. */
export const reserveOf = (own: Position): Movement => ({
  held: fix(d(own.held).neg()),
  reserved: fix(d(own.held)),
  consumed: '0.00',
});

/**
 * Final approval of a deputy: its holds, and what it takes over from its apply's reservation (`cover`), become
 * consumption; the apply's side of the cover is a release on the apply.
 */
export const consumeOf = (own: Position, cover: string): Movement => ({
  held: fix(d(own.held).neg()),
  reserved: '0.00',
  consumed: fix(d(own.held).plus(cover)),
});

/** Posting: consumption becomes what was posted (finance may have changed the amounts in review). */
export function trueUpOf(own: Position, posted: string): Movement {
  return { held: '0.00', reserved: '0.00', consumed: fix(d(posted).minus(own.consumed)) };
}

/** The part of an apply's reservation a deputy takes over, as a release on the apply. */
export const coverReleaseOf = (cover: string): Movement => ({
  held: '0.00',
  reserved: fix(d(cover).neg()),
  consumed: '0.00',
});

/** A returned deputy gives back to its apply the reservation it took over: the inverse of `coverReleaseOf`. */
export const giveBackOf = (taken: string): Movement => ({
  held: '0.00',
  reserved: fix(d(taken)),
  consumed: '0.00',
});

/** The sum of a budget's months. */
export function sumCells(cells: Cells | undefined): Position {
  let p = ZERO;
  for (const c of cells?.values() ?? []) p = apply(p, c);
  return p;
}

/**
 * `amount` laid over the months in calendar order, each taking at most what `room` gives it: the part of an apply's
 * reservation a deputy takes over goes to the deputy's earliest open months, and is taken from the apply's earliest
 * reserved months.
 */
export function spread(room: Map<number, string>, amount: string): Map<number, string> {
  const out = new Map<number, string>();
  let left = d(amount);
  for (const month of [...room.keys()].sort((a, b) => a - b)) {
    if (left.lte(0)) break;
    const take = Decimal.min(left, Decimal.max(0, d(room.get(month)!)));
    if (take.gt(0)) out.set(month, fix(take));
    left = left.minus(take);
  }
  return out;
}

/** What the months up to `month` add up to. */
export function toDate(byMonth: Map<number, string>, month: number): Decimal {
  let sum = new Decimal(0);
  for (const [m, v] of byMonth) if (m <= month) sum = sum.plus(v);
  return sum;
}
