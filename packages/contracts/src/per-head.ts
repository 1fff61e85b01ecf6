import Decimal from 'decimal.js';
import { money } from './money';

/** The shared `Money` of common.ts (a decimal string with two places). */
type Money = string;

/**
 * Splits an amount into `heads` shares that sum exactly to it (largest remainder, in integer cents): every head gets
 * the amount divided evenly, rounded down to the cent, and the cents left over go one each to the first heads.
 * The attendees of a line are listed in a stable order, so the same people always carry the extra cents.
 */
export function splitPerHead(amount: Money, heads: number): Money[] {
  if (!Number.isInteger(heads) || heads < 0) throw new RangeError('heads must be a whole number');
  if (heads === 0) return [];
  const cents = BigInt(new Decimal(money(amount)).times(100).toFixed(0));
  const negative = cents < 0n;
  const total = negative ? -cents : cents;
  const n = BigInt(heads);
  const base = total / n;
  const left = total - base * n;
  return Array.from({ length: heads }, (_, i) => {
    const share = base + (BigInt(i) < left ? 1n : 0n);
    return centsToMoney(negative ? -share : share);
  });
}

function centsToMoney(c: bigint): Money {
  const negative = c < 0n;
  const a = negative ? -c : c;
  return `${negative ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}
