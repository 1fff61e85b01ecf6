import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { voucher } from '../entries/entries.table';

/** Marks vouchers sent (open or failed before); answers those that moved. */
export async function markQueued(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .update(voucher)
    .set({ state: 'queued', lastError: null, updatedAt: new Date() })
    .where(and(eq(voucher.companyId, companyId), inArray(voucher.id, ids), inArray(voucher.state, ['open', 'failed'])))
    .returning({ id: voucher.id, companyId: voucher.companyId });
}

export async function lockVoucher(db: Db, id: number) {
  const [row] = await db.select().from(voucher).where(eq(voucher.id, id)).for('update');
  return row;
}

export async function settle(
  db: Db,
  id: number,
  v: { state: 'posted' | 'failed'; erpDocNo?: string; lastError?: string | null },
) {
  await db
    .update(voucher)
    .set({ ...v, version: sql`${voucher.version} + 1`, updatedAt: new Date() })
    .where(and(eq(voucher.id, id), eq(voucher.state, 'queued')));
}
