import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db as BossDb, PgBoss } from 'pg-boss';
import type { Database, Db } from './db';

/**
 * The job queue (pg-boss) on the application's own database. On PostgreSQL it opens a small pool of its own from
 * the same connection string; on the embedded PGlite, which has a single connection, it goes through the app's
 * client, so its advisory locks and SKIP LOCKED fetches run on the very database the app writes to. The package
 * loads here, after the app is ready, not with the server's modules at start.
 */
export async function createBoss(
  database: Database,
  url: string | undefined,
  /**
   * How often abandoned jobs (a worker gone past their expiry) are looked for, seconds: pg-boss 12's supervision and
   * queue monitor, which find expired jobs; its defaults (60 s) unless given.
   */
  superviseSeconds?: number,
): Promise<PgBoss> {
  const { PgBoss: Boss } = await import('pg-boss');
  // `schedule` keeps the cron of the scheduled jobs (`startScheduled`) ticking.
  const common = {
    schedule: true,
    supervise: true,
    migrate: true,
    application_name: 'ems-jobs',
    ...(superviseSeconds
      ? { superviseIntervalSeconds: superviseSeconds, monitorIntervalSeconds: superviseSeconds }
      : {}),
  } as const;
  if (database.kind === 'postgres') {
    if (!url) throw new Error('PostgreSQL without a connection string');
    return new Boss({ ...common, connectionString: url, max: 4 });
  }
  return new Boss({ ...common, db: pgliteAdapter(clientOf(database.db)) });
}

function clientOf(db: Db): PGlite {
  const client = (db as unknown as { $client?: PGlite }).$client;
  if (!client) throw new Error('the embedded database has no client');
  return client;
}

/**
 * pg-boss's schema plans are several statements in one text without parameters, which only the simple protocol
 * (`exec`) runs; everything with parameters is a single statement (`query`). A text of several statements answers
 * the rows of every statement, as node-postgres does: pg-boss reads its claim of a background command from the
 * lock's row that comes before the claim's (without it, the queue reported "bam claim returned no lock row").
 */
export function pgliteAdapter(client: PGlite): BossDb {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values.map(jsonParam));
      const results = await client.exec(text);
      return { rows: results.flatMap((r) => r.rows) };
    },
  };
}

/** Objects are json(b) payloads and go as text; arrays (job ids) stay arrays; an option not given is null. */
function jsonParam(value: unknown): unknown {
  if (value === undefined) return null;
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
    ? JSON.stringify(value)
    : value;
}

/**
 * The same interface over an open transaction (either engine), so a job is inserted in the transaction that
 * marks it relayed: both commit, or neither. pg-boss numbers its parameters `$n`; each becomes a bound value.
 */
export function transactionAdapter(tx: Db): BossDb {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = text.split(/\$(\d+)/).map((part, i) => {
        if (i % 2 === 0) return sql.raw(part);
        return sql`${jsonParam(values[Number(part) - 1])}`;
      });
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** The request being served, so work it causes carries its id into the job and the worker's log lines. */
const requestScope = new AsyncLocalStorage<{ requestId: string }>();

export function currentRequestId(): string | null {
  return requestScope.getStore()?.requestId ?? null;
}

/** Runs each handler inside its request's scope (after the body is parsed, so nothing later leaves the scope). */
export function bindRequestScope(app: FastifyInstance): void {
  app.addHook('preHandler', (req, _reply, done) => {
    requestScope.run({ requestId: String(req.id) }, done);
  });
}

/** Work started outside a request (the demo seed, a test) names the id its jobs carry. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return requestScope.run({ requestId }, fn);
}

/** Work the server does on a timetable rather than on a request. */
export interface ScheduledJob {
  queue: string;
  /** Cron expression in the business time zone (Asia/Shanghai). */
  cron: string;
  run: (requestId: string) => Promise<unknown>;
}

/**
 * Registers scheduled jobs on a started queue: pg-boss keeps one schedule per queue in the database, so instances
 * sharing it run each occurrence once. A failed run is retried a couple of times; the jobs are written to be
 * idempotent, so a retry or a late second run changes nothing already done.
 */
export async function startScheduled(boss: PgBoss, jobs: ScheduledJob[]): Promise<void> {
  for (const job of jobs) {
    const policy = { retryLimit: 2, retryDelay: 600, expireInSeconds: 3600 };
    await boss.createQueue(job.queue, policy);
    await boss.updateQueue(job.queue, policy);
    await boss.schedule(job.queue, job.cron, {}, { tz: 'Asia/Shanghai' });
    await boss.work(job.queue, { batchSize: 1 }, async ([j]) => {
      if (j) await withRequestId(`${job.queue}-${j.id}`, () => job.run(`${job.queue}-${j.id}`));
    });
  }
}
