import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './db';

/** A table with the id and version columns of core/columns. */
type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/**
 * Writes `values` to one row when it still has the version the caller saw, and moves the version on. Answers the row,
 * or undefined when someone changed it first (the service then throws `staleVersion()`). `version: null` skips the
 * check, for writes that follow the caller's own lock; `touch` stamps `updatedAt` on tables that have it.
 */
export async function updateVersioned<T extends VersionedTable>(
  db: Db,
  table: T,
  id: number,
  version: number | null,
  values: PgUpdateSetSource<T>,
  opts: { touch?: boolean } = {},
): Promise<T['$inferSelect'] | undefined> {
  const moved: Record<string, SQL | Date> = { version: sql`${table.version} + 1` };
  if (opts.touch) moved.updatedAt = new Date();
  const rows = await db
    .update(table)
    .set({ ...values, ...moved } as PgUpdateSetSource<T>)
    .where(and(eq(table.id, id), version === null ? undefined : eq(table.version, version)))
    .returning();
  return (rows as T['$inferSelect'][])[0];
}

/** Inserts one row and answers it as stored (id, defaults and version filled in). */
export async function insertOne<T extends PgTable>(
  db: Db,
  table: T,
  values: PgInsertValue<T>,
): Promise<T['$inferSelect']> {
  const rows = await db.insert(table).values(values).returning();
  return (rows as T['$inferSelect'][])[0]!;
}
