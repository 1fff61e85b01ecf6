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
