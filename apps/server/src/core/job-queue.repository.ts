import { type SQL, sql } from 'drizzle-orm';
import type { QueuePolicy } from 'pg-boss';
import type { Db } from './db';

/** The SQL of carrying pg-boss 10's queue into pg-boss 12 (`job-queue-upgrade.ts`): its own schema, set aside. */
export const ASIDE = 'pgboss_v10';

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Where `pgboss` stands: its schema version, if installed, and whether a set-aside schema is there. */
export async function queueSchemas(db: Db): Promise<{ version: number | null; aside: boolean }> {
  const [found] = await rowsOf<{ current: string | null; aside: string | null }>(
    db,
    sql`select to_regclass('pgboss.version')::text as current, to_regnamespace(${ASIDE})::text as aside`,
  );
  if (!found?.current) return { version: null, aside: Boolean(found?.aside) };
  const [v] = await rowsOf<{ version: number }>(db, sql`select version from pgboss.version`);
  return { version: v?.version ?? null, aside: Boolean(found.aside) };
}

export async function renameQueueAside(db: Db): Promise<void> {
  await db.execute(sql.raw(`alter schema pgboss rename to ${ASIDE}`));
}

export interface OldQueue {
  name: string;
  policy: QueuePolicy | null;
  retry_limit: number | null;
  retry_delay: number | null;
  retry_backoff: boolean | null;
  expire_seconds: number | null;
  retention_minutes: number | null;
  dead_letter: string | null;
}
export interface OldJob {
  id: string;
  name: string;
  data: object | null;
  priority: number;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Date | string;
  singleton_key: string | null;
  expire_seconds: number;
}
export interface OldSchedule {
  name: string;
  cron: string;
  timezone: string | null;
  data: object | null;
}

export const oldQueues = (db: Db) => rowsOf<OldQueue>(db, sql.raw(`select * from ${ASIDE}.queue order by name`));

/** Jobs still to run, waiting, delayed, retrying or held by a worker when the old release stopped. */
export const oldJobs = (db: Db) =>
  rowsOf<OldJob>(
    db,
    sql.raw(
      `select id::text, name, data, priority, retry_limit, retry_delay, retry_backoff, start_after, singleton_key,
              extract(epoch from expire_in)::int as expire_seconds
         from ${ASIDE}.job where state in ('created', 'retry', 'active') order by name, created_on`,
    ),
  );

export const oldSchedules = (db: Db) =>
  rowsOf<OldSchedule>(db, sql.raw(`select name, cron, timezone, data from ${ASIDE}.schedule`));

export async function dropQueueAside(db: Db): Promise<void> {
  await db.execute(sql.raw(`drop schema ${ASIDE} cascade`));
}
