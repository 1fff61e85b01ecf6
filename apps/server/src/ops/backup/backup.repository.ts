import { count, sql } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { attachment } from '../../modules/documents/attachments/attachment.table';
import { document } from '../../modules/documents/document.table';

type Rows<T> = { rows: T[] };

/** What a backup says it holds, so a restore can prove it got the same. */
export async function contents(db: Db): Promise<{ documents: number; attachments: number }> {
  const [d] = await db.select({ n: count() }).from(document);
  const [a] = await db.select({ n: count() }).from(attachment);
  return { documents: d?.n ?? 0, attachments: a?.n ?? 0 };
}

/** Where every attachment's bytes should be, under `DATA_DIR/attachments/`. */
export async function attachmentKeys(db: Db): Promise<string[]> {
  const rows = await db.select({ key: attachment.storageKey }).from(attachment);
  return rows.map((r) => r.key);
}

/** Drizzle's record of applied migrations; none when the database was never migrated. */
export async function appliedMigrations(db: Db): Promise<{ count: number; lastWhen: number | null }> {
  const exists = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`,
  )) as unknown as Rows<{ exists: boolean }>;
  if (!exists.rows[0]?.exists) return { count: 0, lastWhen: null };
  const r = (await db.execute(
    sql`select count(*)::int as "count", max(created_at)::text as "last" from drizzle.__drizzle_migrations`,
  )) as unknown as Rows<{ count: number; last: string | null }>;
  const row = r.rows[0];
  return { count: row?.count ?? 0, lastWhen: row?.last ? Number(row.last) : null };
}

/** The server's major version (15 for 15.4). */
export async function serverMajor(db: Db): Promise<number> {
  const r = (await db.execute(sql`select current_setting('server_version_num')::int as "num"`)) as unknown as Rows<{
    num: number;
  }>;
  return Math.floor((r.rows[0]?.num ?? 0) / 10_000);
}

const USER_SCHEMAS = sql`n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

/** Tables, views and sequences outside the system's schemas: a database with any is not empty. */
export async function userRelationCount(db: Db): Promise<number> {
  const r = (await db.execute(
    sql`select count(*)::int as "n" from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${USER_SCHEMAS}`,
  )) as unknown as Rows<{ n: number }>;
  return r.rows[0]?.n ?? 0;
}

/**
 * Empties a database for a forced restore: every schema of its own is dropped, and `public` is made anew, so
 * nothing of what was there mixes with what the backup brings.
 */
export async function dropEverything(db: Db): Promise<string[]> {
  const r = (await db.execute(
    sql`select n.nspname as "name" from pg_namespace n where ${USER_SCHEMAS} and n.nspname <> 'public'`,
  )) as unknown as Rows<{ name: string }>;
  const names = r.rows.map((row) => row.name);
  for (const name of names) await db.execute(sql`drop schema ${sql.identifier(name)} cascade`);
  await db.execute(sql`drop schema if exists public cascade`);
  await db.execute(sql`create schema public`);
  return names;
}
