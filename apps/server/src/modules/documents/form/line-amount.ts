import { money, mulMoney } from '@ems/contracts';
import type { Db } from '../../../core/db';
import { fxRateFor } from '../../masterdata/periods/periods.service';

/**
 * A line's amount as a document stores it: the amount, the rate into CNY of the expense date's month (or the latest
 * before it; 1 for CNY) and the CNY amount, when both are known. The save and the limit preview both read a line so.
 */
export async function lineAmount(
  db: Db,
  companyId: number,
  l: { Currency: string; ExpenseDate?: string | null | undefined; Amount?: string | null | undefined },
) {
  let rate: string | null = l.Currency === 'CNY' ? '1' : null;
  if (rate === null && l.ExpenseDate) rate = (await fxRateFor(db, companyId, l.Currency, l.ExpenseDate))?.rate ?? null;
  const amount = l.Amount ? money(l.Amount) : null;
  return { amount, fxRate: rate, amountCny: amount !== null && rate !== null ? mulMoney(amount, rate) : null };
}
