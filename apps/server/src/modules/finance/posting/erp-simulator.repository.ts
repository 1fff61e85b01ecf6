import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { erpSimCounter, erpSimDocument } from './posting.table';

/** The built-in ERP simulator's state: its number range and its bookings by posting reference. */

/** Where the simulator's numbers begin (a range of the ERP's own, ten digits as SAP's are). */
const FIRST_NO = 5_100_000_000;
const RANGE = 'default';

const lockRow = async (db: Db) =>
  (await db.select().from(erpSimCounter).where(eq(erpSimCounter.range, RANGE)).for('update'))[0];

/**
 * Locks the number range's row and answers the next number it gives. The migration makes the row; a database
 * without it gets it here.
 */
export async function lockCounter(db: Db): Promise<number> {
  const row = await lockRow(db);
  if (row) return row.nextNo;
  await db.insert(erpSimCounter).values({ range: RANGE, nextNo: FIRST_NO }).onConflictDoNothing();
  return (await lockRow(db))!.nextNo;
}

export async function setCounter(db: Db, nextNo: number) {
  await db.update(erpSimCounter).set({ nextNo }).where(eq(erpSimCounter.range, RANGE));
}

/** The booking of a posting reference, counting this post as received; undefined when it was never booked. */
export async function receiveAgain(db: Db, postingRef: string) {
  const [row] = await db
    .update(erpSimDocument)
    .set({ received: sql`${erpSimDocument.received} + 1` })
    .where(eq(erpSimDocument.postingRef, postingRef))
    .returning({ erpDocNo: erpSimDocument.erpDocNo });
  return row?.erpDocNo;
}

export async function insertBooking(db: Db, v: { postingRef: string; erpDocNo: string; companyCode: string }) {
  await db.insert(erpSimDocument).values(v);
}

export async function bookings(db: Db) {
  return db
    .select({
      postingRef: erpSimDocument.postingRef,
      erpDocNo: erpSimDocument.erpDocNo,
      received: erpSimDocument.received,
    })
    .from(erpSimDocument)
    .orderBy(erpSimDocument.erpDocNo);
}
