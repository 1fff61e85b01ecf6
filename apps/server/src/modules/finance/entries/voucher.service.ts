import { randomUUID } from 'node:crypto';
import { addMoney, compareMoney, money } from '@ems/contracts';
import type { Db } from '../../../core/db';
import { postingPeriod } from '../../masterdata/periods/periods.service';
import type { ENTRY_SIDES, VOUCHER_KINDS } from './entries.table';
import * as repo from './voucher.repository';

export type { EntryRow, VoucherRow } from './voucher.repository';

export interface EntryInput {
  side: (typeof ENTRY_SIDES)[number];
  glAccount: string;
  /** CNY. */
  amount: string;
  currency?: string;
  amountOriginal?: string | null;
  fxRate?: string | null;
  costCentreId?: number | null;
  internalOrderId?: number | null;
  productId?: number | null;
  employeeId?: number | null;
  text?: string | null;
  /** The SAP tax code of a VAT line or of a line its VAT was deducted from (docs/decisions/049). */
  taxCode?: string | null;
  /** A VAT line's base: the net amount its tax was charged on, CNY. */
  taxBase?: string | null;
}

export interface VoucherInput {
  companyId: number;
  documentId?: number | null;
  kind: (typeof VOUCHER_KINDS)[number];
  postingDate: string;
  /** `YYYY-MM`; by default the period the posting date falls in after the month's cut-off day. */
  period?: string;
  entries: EntryInput[];
}

/** The accounting period (`YYYY-MM`) a posting on `day` belongs to, after the cut-off days. */
async function periodOf(db: Db, companyId: number, day: string): Promise<string> {
  const p = await postingPeriod(db, companyId, day);
  return `${p.year}-${String(p.month).padStart(2, '0')}`;
}

/** The sums of both sides, and whether they are equal; a voucher with no entries or a non-positive line is not. */
export function balanceOf(entries: readonly EntryInput[]) {
  const sum = (side: EntryInput['side']) =>
    addMoney('0', ...entries.filter((e) => e.side === side).map((e) => e.amount));
  const debit = sum('D');
  const credit = sum('C');
  const positive = entries.length > 0 && entries.every((e) => compareMoney(e.amount, '0') > 0);
  return { debit, credit, balanced: positive && compareMoney(debit, credit) === 0 };
}

/**
 * Writes a voucher and its entries (in the caller's transaction). An unbalanced voucher is a fault in the code that
 * built it, never booked: it throws.
 */
export async function writeVoucher(db: Db, v: VoucherInput): Promise<repo.VoucherRow> {
  const entries = v.entries.map((e) => ({ ...e, amount: money(e.amount) }));
  const { debit, balanced } = balanceOf(entries);
  if (!balanced)
    throw new Error(`unbalanced voucher for document ${v.documentId ?? '-'}: ${JSON.stringify(balanceOf(entries))}`);
  return repo.insertVoucher(
    db,
    {
      companyId: v.companyId,
      documentId: v.documentId ?? null,
      kind: v.kind,
      postingDate: v.postingDate,
      period: v.period ?? (await periodOf(db, v.companyId, v.postingDate)),
      amount: debit,
      postingRef: randomUUID(),
    },
    entries.map((e, i) => ({
      lineNo: i + 1,
      side: e.side,
      glAccount: e.glAccount,
      amount: e.amount,
      currency: e.currency ?? 'CNY',
      amountOriginal: e.amountOriginal ?? null,
      fxRate: e.fxRate ?? null,
      costCentreId: e.costCentreId ?? null,
      internalOrderId: e.internalOrderId ?? null,
      productId: e.productId ?? null,
      employeeId: e.employeeId ?? null,
      text: e.text ?? null,
      taxCode: e.taxCode ?? null,
      taxBase: e.taxBase == null ? null : money(e.taxBase),
    })),
  );
}

export const vouchersOfDocument = repo.vouchersOfDocument;
export const entriesOf = repo.entriesOf;
/** A document leaving `to_post` before it was sent (write-off cancel, chargeback) withdraws its open vouchers. */
export const cancelOpenVouchers = repo.cancelOpen;
