import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../core/db';
import * as schema from '../../db/schema';
import * as repo from './backup.repository';
import { BackupError, levelOf } from './manifest';
import { connectionFor, pgTool, runPg } from './pg-tools';
import type { DatabaseDump } from './pglite';

async function withClient<T>(url: string, fn: (db: Db, client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'ems-backup' });
  // A connection the server ends fails the query in flight; the event alone must not end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`Cannot connect to the database of DATABASE_URL: ${(err as Error).message}`);
  }
  try {
    return await fn(drizzle({ client, schema }) as unknown as Db, client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Dumps the whole database (the app's schemas, drizzle's migration record and pg-boss's jobs, so work in flight
 * survives) in pg_dump's custom format. A read-only snapshot is exported first and pg_dump reads through it, so the
 * counts and attachment keys written into the manifest are those of exactly the dumped data, while the app runs on.
 */
export async function dumpPostgres(url: string, file: string): Promise<DatabaseDump> {
  return withClient(url, async (db, client) => {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]?.id;
    if (!snapshot) throw new BackupError('The server gave no snapshot to dump from');
    const applied = await repo.appliedMigrations(db);
    if (applied.count === 0) {
      throw new BackupError('The database of DATABASE_URL holds no migrated application data: is it the right one?');
    }
    const serverMajor = await repo.serverMajor(db);
    const dump = pgTool('pg_dump', serverMajor, `the server it dumps (PostgreSQL ${serverMajor})`);
    const counts = await repo.contents(db);
    const keys = await repo.attachmentKeys(db);
    const conn = connectionFor(url);
    await runPg(
      dump,
      ['--format=custom', '--no-password', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${conn.dbname}`],
      conn.env,
    );
    await client.query('commit');
    return { ...counts, keys, migration: levelOf(applied), serverMajor, dumpMajor: dump.major };
  });
}

/** How many tables, views and sequences the target database already holds. */
export async function postgresRelations(url: string): Promise<number> {
  return withClient(url, (db) => repo.userRelationCount(db));
}

/**
 * Restores a custom-format dump into the database of `url` in one transaction (a failure leaves it as it was),
 * without the original owners and grants, so the restoring user owns what it creates. `replace` first drops
 * everything the database holds.
 */
export async function restorePostgres(
  url: string,
  file: string,
  dumpMajor: number,
  replace: boolean,
): Promise<{ dropped: string[] }> {
  const restoreTool = pgTool('pg_restore', dumpMajor, `the pg_dump that made the backup (PostgreSQL ${dumpMajor})`);
  const dropped = replace ? await withClient(url, (db) => repo.dropEverything(db)) : [];
  const conn = connectionFor(url);
  await runPg(
    restoreTool,
    [
      '--no-owner',
      '--no-acl',
      '--no-password',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${conn.dbname}`,
      file,
    ],
    conn.env,
  );
  return { dropped };
}

/** Reads back what a restored database holds, to hold it against the manifest. */
export async function postgresContents(
  url: string,
): Promise<{ documents: number; attachments: number; keys: string[] }> {
  return withClient(url, async (db) => ({ ...(await repo.contents(db)), keys: await repo.attachmentKeys(db) }));
}
