import type { SearchOutboundJobBody } from '@ems/contracts';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { orderFrom, paged } from '../../core/list';
import { outboundJob } from './outbound.table';

export type OutboundJob = typeof outboundJob.$inferSelect;

export async function insert(
  db: Db,
  v: { queue: string; payload: unknown; companyId: number | null; requestId: string | null },
) {
  const [row] = await db.insert(outboundJob).values(v).returning();
  return row!;
}

/** Many calls of one queue at once, a thousand per statement. */
export async function insertMany(
  db: Db,
  vs: readonly { queue: string; payload: unknown; companyId: number | null; requestId: string | null }[],
) {
  for (let i = 0; i < vs.length; i += 1000) await db.insert(outboundJob).values(vs.slice(i, i + 1000));
}

/** Rows not yet handed to the queue, locked so that two relays never hand over the same one. */
export async function takeUnrelayed(db: Db, queues: readonly string[], limit: number) {
  return db
    .select()
    .from(outboundJob)
    .where(and(isNull(outboundJob.relayedAt), inArray(outboundJob.queue, [...queues])))
    .orderBy(asc(outboundJob.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** How many of these jobs the queue holds (pg-boss's own table, in its default schema). */
export async function countQueuedJobs(db: Db, ids: readonly string[]): Promise<number> {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`select count(*)::int as n from pgboss.job where id in (${list})`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** Records the queue's job of each row handed over, in one statement. */
export async function markRelayed(db: Db, rows: readonly { id: number; jobId: string }[]) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::int, ${r.jobId}::uuid)`),
    sql`, `,
  );
  await db.execute(sql`update ${outboundJob} set job_id = v.job_id, relayed_at = now(), updated_at = now()
    from (values ${values}) as v(id, job_id) where ${outboundJob.id} = v.id`);
}

export async function find(db: Db, id: number) {
  const [row] = await db.select().from(outboundJob).where(eq(outboundJob.id, id));
  return row;
}

/** An attempt starts: counted before the call, so a crash during it still shows. */
export async function startAttempt(db: Db, id: number) {
  const [row] = await db
    .update(outboundJob)
    .set({ state: 'active', attempts: sql`${outboundJob.attempts} + 1`, updatedAt: sql`now()` })
    .where(eq(outboundJob.id, id))
    .returning();
  return row;
}

export async function finish(db: Db, id: number, v: { state: 'done' | 'retry' | 'failed'; error: string | null }) {
  await db
    .update(outboundJob)
    .set({
      state: v.state,
      lastError: v.error,
      updatedAt: sql`now()`,
      ...(v.state === 'done' ? { completedAt: sql`now()` } : {}),
    })
    .where(eq(outboundJob.id, id));
}

/** A failed job goes back to the relay for a new round of attempts. */
export async function requeue(db: Db, id: number, companyId: number) {
  const [row] = await db
    .update(outboundJob)
    .set({ state: 'queued', jobId: null, relayedAt: null, updatedAt: sql`now()` })
    .where(and(eq(outboundJob.id, id), eq(outboundJob.state, 'failed'), companyFilter(companyId)))
    .returning();
  return row;
}

/** A company's own jobs, and those that belong to no company (none today, but never another company's). */
function companyFilter(companyId: number) {
  return sql`(${outboundJob.companyId} = ${companyId} or ${outboundJob.companyId} is null)`;
}

/** The company's calls that failed after their last attempt, per queue (through `outbound_job_failed_idx`). */
export async function failedByQueue(db: Db, companyId: number) {
  return db
    .select({ queue: outboundJob.queue, n: count() })
    .from(outboundJob)
    .where(and(eq(outboundJob.state, 'failed'), companyFilter(companyId)))
    .groupBy(outboundJob.queue)
    .orderBy(asc(outboundJob.queue));
}

const SORTABLE = {
  ID: outboundJob.id,
  Queue: outboundJob.queue,
  State: outboundJob.state,
  Attempts: outboundJob.attempts,
  CreatedAt: outboundJob.createdAt,
  CompletedAt: outboundJob.completedAt,
};

export async function search(db: Db, companyId: number, f: SearchOutboundJobBody) {
  const where = and(
    companyFilter(companyId),
    f.Queue ? eq(outboundJob.queue, f.Queue) : undefined,
    f.State ? eq(outboundJob.state, f.State) : undefined,
  );
  return paged(
    f,
    db.select({ n: count() }).from(outboundJob).where(where),
    db
      .select()
      .from(outboundJob)
      .where(where)
      .orderBy(f.SortField ? orderFrom(SORTABLE, f, outboundJob.id) : desc(outboundJob.id), desc(outboundJob.id)),
  );
}
