import { sql } from 'drizzle-orm';
import { describe, inject, it } from 'vitest';
import type { Db } from '../src/core/db';

/** Whether this run's databases live on a PostgreSQL server rather than the embedded PGlite. */
export const onPostgres = (JSON.parse(inject('dbTemplate')) as { kind: string }).kind === 'postgres';

declare module 'vitest' {
  interface TaskMeta {
    /** A concurrency test: the global set-up counts those the embedded database skipped. */
    concurrency?: boolean;
  }
}

const CONCURRENCY = { skip: !onPostgres, meta: { concurrency: true } };

/**
 * The one way to write a test that fires calls at the same time to prove a lock or a guard. PGlite runs one
 * transaction at a time, so there such a test passes even without the lock it is meant to prove; on the embedded
 * database it is therefore skipped, never run. The server tests find or start a PostgreSQL server as `npm test`
 * does and fall back to the embedded database only where none can be had, saying how many tests that skipped.
 */
export function concurrencyTest(name: string, fn: () => Promise<void>, timeout?: number): void {
  it(name, timeout === undefined ? CONCURRENCY : { ...CONCURRENCY, timeout }, fn);
}

/** A group of concurrency tests, skipped as a whole on the embedded database. */
export function concurrencyDescribe(name: string, fn: () => void): void {
  describe(name, CONCURRENCY, fn);
}

/** The server process of the connection a transaction runs on, as `pg_stat_activity` names it. */
export async function backendPid(tx: Db): Promise<number> {
  const result = await tx.execute(sql`select pg_backend_pid() as pid`);
  return Number((result as unknown as { rows: { pid: number }[] }).rows[0]!.pid);
}

/**
 * The barrier of a race test, in place of a sleep: resolves once another session of this database waits on a lock
 * that session `holder` holds (`pg_blocking_pids`), so the holder lets go only after the other side is proven to wait
 * for it. Resolves as well when `other` settles first, as it does when the lock is missing, so the test fails on what
 * `other` answered rather than on a timeout; throws if neither happens within `timeoutMs`.
 */
export async function waitUntilBlocked(db: Db, holder: number, other: Promise<unknown>, timeoutMs = 20_000) {
  let settled = false;
  other.then(
    () => (settled = true),
    () => (settled = true),
  );
  const until = Date.now() + timeoutMs;
  while (!settled) {
    const waiting = await db.execute(
      sql`select 1 from pg_stat_activity where datname = current_database() and ${holder} = any(pg_blocking_pids(pid))`,
    );
    if ((waiting as unknown as { rows: unknown[] }).rows.length > 0) return;
    if (Date.now() > until) throw new Error(`no session waited on a lock of session ${holder} in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
