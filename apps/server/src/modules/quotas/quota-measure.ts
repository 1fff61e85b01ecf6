import { Decimal } from 'decimal.js';
import type { Db } from '../../core/db';
import * as repo from './usage.repository';

/**
 * How a document's use is measured against the caps of its subjects (DESIGN §11, decision 035), once for both
 * callers: the check at submit and approval (`usage.service.ts`, under the quotas' row locks, then holding the use)
 * and the limit preview of a form being filled in (`quota-preview.service.ts`, reading without locks and writing
 * nothing).
 */

const keyOf = (u: Omit<repo.Use, 'amount'>) => `${u.kind}:${u.subjectId}:${u.expenseItemId}:${u.year}:${u.month}`;

/** Uses summed per subject, item, year and month; nothing of zero. */
export function sumUses(uses: repo.Use[]): repo.Use[] {
  const sums = new Map<string, repo.Use>();
  for (const u of uses) {
    const k = keyOf(u);
    const before = sums.get(k);
    sums.set(k, { ...u, amount: new Decimal(before?.amount ?? 0).plus(u.amount).toFixed(2) });
  }
  return [...sums.values()].filter((u) => new Decimal(u.amount).gt(0));
}

/** Whether a use (or a ledger row) counts against a quota: its kind, subject and year, and its item if it names one. */
export const matches = (q: repo.QuotaLock, u: Omit<repo.Use, 'amount' | 'month'>) =>
  q.kind === u.kind &&
  q.subjectId === u.subjectId &&
  q.year === u.year &&
  (q.expenseItemId === null || q.expenseItemId === u.expenseItemId);

/** One period a quota is measured on: its year, or a month whose cap the document's use falls in. */
export interface QuotaPeriod {
  /** The year (2026) or the month (2026-04). */
  period: string;
  cap: Decimal;
  /** What the subject has used of it on other documents. */
  used: Decimal;
  /** What this document uses of it. */
  need: Decimal;
  /** What is left for this document: the cap less the others' use, never below nothing. */
  available: Decimal;
}

/** How a document's use stands against one quota: every period measured, and the first it overruns. */
export interface QuotaMeasure {
  quota: repo.QuotaLock;
  periods: QuotaPeriod[];
  over: QuotaPeriod | null;
}

const sum = (rows: { amount: string }[]) => rows.reduce((s, r) => s.plus(r.amount), new Decimal(0));

/**
 * Measures the document's `uses` against each of `quotas` its use falls under: the subject's use on other documents
 * plus the document's against the yearly amount, then against each monthly cap its use falls in. `own`: the
 * document's live ledger rows (held or consumed), which the usage rows still count and which its use now replaces.
 * Reads the quotas' monthly caps and their subjects' use, two statements.
 */
export async function measureQuotas(
  db: Db,
  quotas: repo.QuotaLock[],
  uses: repo.Use[],
  own: repo.Use[],
): Promise<QuotaMeasure[]> {
  const wanted = quotas.filter((q) => uses.some((u) => matches(q, u)));
  const [details, usedBy] = await Promise.all([
    repo.detailsOf(
      db,
      wanted.map((q) => q.id),
    ),
    repo.usedBy(db, wanted),
  ]);
  return wanted.map((q) => {
    const mine = uses.filter((u) => matches(q, u));
    const ours = own.filter((r) => matches(q, r));
    const months = usedBy.get(q.id) ?? new Map<number, string>();
    const usedIn = (month?: number) =>
      [...months]
        .filter(([m]) => month === undefined || m === month)
        .reduce((s, [, v]) => s.plus(v), new Decimal(0))
        .minus(sum(ours.filter((r) => month === undefined || r.month === month)));
    const period = (label: string, cap: Decimal, used: Decimal, need: Decimal): QuotaPeriod => ({
      period: label,
      cap,
      used,
      need,
      available: Decimal.max(cap.minus(used), 0),
    });
    const periods = [period(String(q.year), new Decimal(q.amount), usedIn(), sum(mine))];
    for (const det of details.filter((x) => x.quotaId === q.id).sort((a, b) => a.month - b.month)) {
      const inMonth = mine.filter((u) => u.month === det.month);
      if (inMonth.length === 0) continue;
      periods.push(
        period(
          `${q.year}-${String(det.month).padStart(2, '0')}`,
          new Decimal(det.amount),
          usedIn(det.month),
          sum(inMonth),
        ),
      );
    }
    return { quota: q, periods, over: periods.find((p) => p.need.gt(p.available)) ?? null };
  });
}
