import Decimal from 'decimal.js';
import { money } from './money';

/** The shared `Money` of common.ts (a decimal string with two places). */
type Money = string;

/**
 * Individual income tax withheld on a lecture fee, China's rule for labour remuneration (劳务报酬) paid per
 * occasion (docs/decisions: lecturer fee withholding): the taxable income is the fee less 800 when the fee is at
 * most 4,000, else the fee less 20 %; the tax is 20 % of it up to 20,000, 30 % less 2,000 up to 50,000 and 40 % less
 * 7,000 above, rounded half up to the cent.
 */
export function labourTax(gross: Money): Money {
  const g = new Decimal(money(gross));
  if (g.lte(0)) return '0.00';
  const taxable = g.lte(4000) ? Decimal.max(g.minus(800), 0) : g.times('0.8');
  let tax: Decimal;
  if (taxable.lte(20000)) tax = taxable.times('0.2');
  else if (taxable.lte(50000)) tax = taxable.times('0.3').minus(2000);
  else tax = taxable.times('0.4').minus(7000);
  return money(tax);
}

/** The fee after the tax withheld. */
export function afterLabourTax(gross: Money): Money {
  return money(new Decimal(money(gross)).minus(labourTax(gross)));
}

/**
 * The fee before tax that leaves exactly `net` after the withholding (gross-up), the smallest such fee. Each band
 * inverted: net ≤ 800 is untaxed; up to a 4,000 fee net = 0.8·fee + 160; above it, with taxable = 0.8·fee,
 * net = 0.84·fee, 0.76·fee + 2,000 or 0.68·fee + 7,000. The band's answer is then settled to the cent, since the
 * tax is rounded: one cent more of fee adds at most one cent of net, so every net amount has a fee.
 */
export function grossUpLabourTax(net: Money): Money {
  const n = new Decimal(money(net));
  if (n.lte(800)) return money(Decimal.max(n, 0));
  let g: Decimal;
  if (n.lte(3360)) g = n.minus(160).div('0.8');
  else if (n.lte(21000)) g = n.div('0.84');
  else if (n.lte(49500)) g = n.minus(2000).div('0.76');
  else g = n.minus(7000).div('0.68');
  let cents = BigInt(g.times(100).toDecimalPlaces(0, Decimal.ROUND_DOWN).toFixed(0));
  const netOf = (c: bigint) => new Decimal(afterLabourTax(new Decimal(c.toString()).div(100).toFixed(2)));
  // The band's value rounded down is at most a few cents off: step to the smallest fee whose net reaches `net`.
  while (netOf(cents).gt(n)) cents -= 1n;
  while (netOf(cents).lt(n)) cents += 1n;
  return money(new Decimal(cents.toString()).div(100));
}

/** What a payer has paid one lecturer in one calendar month so far: the fees before tax and the tax withheld. */
export interface MonthWithholding {
  gross: Money;
  tax: Money;
}

/**
 * The tax withheld on one more fee to a lecturer in a month (docs/decisions/050): income from one payer in one
 * calendar month is one occasion, so the tax is worked out on the month's total with this fee and only what was not
 * withheld yet is withheld now, never less than nothing (a fee that left the month may have left more withheld than
 * the tax on what is left; the next fee makes that up). Answers the fee's tax and the month after it.
 */
export function withholdInMonth(month: MonthWithholding, fee: Money): { tax: Money; month: MonthWithholding } {
  const gross = money(new Decimal(money(month.gross)).plus(money(fee)));
  const owed = new Decimal(labourTax(gross)).minus(money(month.tax));
  const tax = money(Decimal.max(owed, 0));
  return { tax, month: { gross, tax: money(new Decimal(money(month.tax)).plus(tax)) } };
}
