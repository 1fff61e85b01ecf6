import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { accountingEntry, voucher } from './entries.table';

const ENTRIES_PER_INSERT = 2_000;

export type VoucherRow = typeof voucher.$inferSelect;
export type EntryRow = typeof accountingEntry.$inferSelect;

export async function insertVoucher(
  db: Db,
  v: typeof voucher.$inferInsert,
  entries: Omit<typeof accountingEntry.$inferInsert, 'voucherId'>[],
) {
  const [row] = await db.insert(voucher).values(v).returning();
  if (!row) throw new Error('voucher not written');
  // A payment voucher of a large remittance has thousands of entries: inserted in slices, within PostgreSQL's
  // 65,535 parameters per statement.
  for (let i = 0; i < entries.length; i += ENTRIES_PER_INSERT)
    await db
      .insert(accountingEntry)
      .values(entries.slice(i, i + ENTRIES_PER_INSERT).map((e) => ({ ...e, voucherId: row.id })));
  return row;
}

export async function vouchersOfDocument(db: Db, documentId: number): Promise<VoucherRow[]> {
  return db.select().from(voucher).where(eq(voucher.documentId, documentId)).orderBy(asc(voucher.id));
}

export async function entriesOf(db: Db, voucherIds: number[]): Promise<EntryRow[]> {
  if (voucherIds.length === 0) return [];
  return db
    .select()
    .from(accountingEntry)
    .where(inArray(accountingEntry.voucherId, voucherIds))
    .orderBy(asc(accountingEntry.voucherId), asc(accountingEntry.lineNo));
}

/** Withdraws a document's vouchers not yet sent; answers how many. */
export async function cancelOpen(db: Db, documentId: number): Promise<number> {
  const rows = await db
    .update(voucher)
    .set({ state: 'cancelled', updatedAt: new Date() })
    .where(and(eq(voucher.documentId, documentId), eq(voucher.state, 'open')))
    .returning({ id: voucher.id });
  return rows.length;
}
