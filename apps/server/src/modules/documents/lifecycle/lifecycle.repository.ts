import type { DocState } from '@ems/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { employee } from '../../org/org.table';
import { document as doc } from '../document.table';
import { idempotencyKey, statusHistory } from './lifecycle.table';

export type LockedDocument = typeof doc.$inferSelect;
/** The state and version a transition read under its lock; every write repeats them as a second guard. */
export interface Expected {
  status: DocState;
  version: number;
}

/** Locks the document row for the rest of the transaction: one transition at a time. */
export async function lockDocument(db: Db, id: number): Promise<LockedDocument | undefined> {
  const [row] = await db.select().from(doc).where(eq(doc.id, id)).for('update');
  return row;
}

/** Locks many document rows, in id order so two batches never wait on each other. */
export async function lockDocuments(db: Db, ids: readonly number[]): Promise<LockedDocument[]> {
  const rows: LockedDocument[] = [];
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i += 1000)
    rows.push(
      ...(await db
        .select()
        .from(doc)
        .where(inArray(doc.id, sorted.slice(i, i + 1000)))
        .orderBy(asc(doc.id))
        .for('update')),
    );
  return rows;
}

const guard = (id: number, e: Expected) => and(eq(doc.id, id), eq(doc.status, e.status), eq(doc.version, e.version));

/** Changes a document only from the state and version expected; undefined when it has moved on since. */
export async function updateExpected(db: Db, id: number, e: Expected, v: Partial<typeof doc.$inferInsert>) {
  const [row] = await db
    .update(doc)
    .set({ ...v, version: sql`${doc.version} + 1`, updatedAt: new Date() })
    .where(guard(id, e))
    .returning();
  return row;
}

/** Deletes a document (its lines, steps and history go with it) only in the state and version expected. */
export async function removeExpected(db: Db, id: number, e: Expected): Promise<boolean> {
  const rows = await db.delete(doc).where(guard(id, e)).returning({ id: doc.id });
  return rows.length === 1;
}

export async function history(db: Db, v: typeof statusHistory.$inferInsert) {
  await db.insert(statusHistory).values(v);
}

/**
 * Moves many documents to one state, each only from the state and version read under its lock, a thousand per
 * statement; answers how many moved (fewer than given: one had moved on, and the caller undoes the batch).
 */
export async function updateManyExpected(
  db: Db,
  rows: readonly ({ id: number } & Expected)[],
  to: DocState,
): Promise<number> {
  let moved = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const values = sql.join(
      rows.slice(i, i + 1000).map((r) => sql`(${r.id}::int, ${r.status}::text, ${r.version}::int)`),
      sql`, `,
    );
    const done = await db.execute(sql`update ${doc} set status = ${to}, version = ${doc.version} + 1, updated_at = now()
      from (values ${values}) as e(id, status, version)
      where ${doc.id} = e.id and ${doc.status}::text = e.status and ${doc.version} = e.version
      returning ${doc.id}`);
    moved += (done as unknown as { rows: unknown[] }).rows.length;
  }
  return moved;
}

/** The history rows of a batch, a thousand per statement. */
export async function histories(db: Db, vs: readonly (typeof statusHistory.$inferInsert)[]) {
  for (let i = 0; i < vs.length; i += 1000) await db.insert(statusHistory).values(vs.slice(i, i + 1000));
}

/**
 * Claims an idempotency key for one call on one document (`route`); answers the earlier claim when the user
 * already used the key, so the caller can tell a repeat from a key reused for something else.
 */
export async function claimKey(db: Db, userId: number, key: string, route: string) {
  const inserted = await db
    .insert(idempotencyKey)
    .values({ key, userId, route, statusCode: 0, response: '' })
    .onConflictDoNothing()
    .returning({ key: idempotencyKey.key });
  if (inserted.length === 1) return undefined;
  const [row] = await db
    .select()
    .from(idempotencyKey)
    .where(and(eq(idempotencyKey.userId, userId), eq(idempotencyKey.key, key)));
  return row;
}

export async function storeKey(db: Db, userId: number, key: string, response: string) {
  await db
    .update(idempotencyKey)
    .set({ statusCode: 200, response })
    .where(and(eq(idempotencyKey.userId, userId), eq(idempotencyKey.key, key)));
}

/** A document's changes of state, oldest first, with the actor's names (the printed sheet lists them). */
export function historyOf(db: Db, documentId: number) {
  return db
    .select({ h: statusHistory, actorZh: employee.nameZh, actorEn: employee.nameEn })
    .from(statusHistory)
    .leftJoin(employee, eq(employee.id, statusHistory.actorId))
    .where(eq(statusHistory.documentId, documentId))
    .orderBy(asc(statusHistory.at), asc(statusHistory.id));
}
