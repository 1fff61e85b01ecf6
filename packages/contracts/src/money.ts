import Decimal from 'decimal.js';

/** The shared `Money` of common.ts, named here so the helpers need not import it back. */
type Money = string;

const MONEY_RE = /^-?\d{1,16}(\.\d{1,2})?$/;

export function isMoney(value: string): boolean {
  return MONEY_RE.test(value);
}

export function money(value: string | number | Decimal): Money {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

export function addMoney(...values: Money[]): Money {
  return money(values.reduce((sum, v) => sum.plus(v), new Decimal(0)));
}

export function subMoney(a: Money, b: Money): Money {
  return money(new Decimal(a).minus(b));
}

export function mulMoney(a: Money, factor: string | number): Money {
  return money(new Decimal(a).times(factor));
}

export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  return new Decimal(a).comparedTo(b) as -1 | 0 | 1;
}

/** Thousands separators, two decimals, absolute value (specification §9). */
export function formatAmount(value: Money | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = new Decimal(value).abs().toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const [int, frac] = d.toFixed(2).split('.');
  return `${(int ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/**
 * Splits `whole` into parts in proportion to `weights` (percentages, or any non-negative decimals with a positive
 * sum), to the cent, by the largest-remainder method: every part is first rounded down, then the cents left over go
 * one each to the parts that lost most, earlier parts first on a tie. The parts always add up to `whole` exactly.
 */
export function allocateMoney(whole: Money, weights: readonly string[]): Money[] {
  if (weights.length === 0) return [];
  const w = weights.map((x) => new Decimal(x));
  const sum = w.reduce((s, x) => s.plus(x), new Decimal(0));
  if (!sum.gt(0) || w.some((x) => x.isNeg())) throw new RangeError('weights must be non-negative with a positive sum');
  const cents = new Decimal(whole).times(100);
  if (!cents.isInteger()) throw new RangeError('whole must have at most two decimals');
  const sign = cents.isNeg() ? -1 : 1;
  const total = cents.abs();
  const exact = w.map((x) => total.times(x).div(sum));
  const floors = exact.map((x) => x.floor());
  let left = total.minus(floors.reduce((s, x) => s.plus(x), new Decimal(0))).toNumber();
  const order = exact
    .map((x, i) => ({ i, rest: x.minus(floors[i]!) }))
    .sort((a, b) => b.rest.comparedTo(a.rest) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = floors[i]!.plus(1);
    left -= 1;
  }
  return floors.map((c) => money(c.times(sign).div(100)));
}
