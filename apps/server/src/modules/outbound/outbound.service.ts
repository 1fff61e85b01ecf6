import { randomUUID } from 'node:crypto';
import type { OutboundJobRow, SearchOutboundJobBody } from '@ems/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { AppContext } from '../../core/context';
import type { Db } from '../../core/db';
import { notFound, refused } from '../../core/errors';
import { startQueue } from '../../core/job-queue-upgrade';
import { currentRequestId, transactionAdapter } from '../../core/jobs';
import { audit } from '../audit/audit.service';
import * as repo from './outbound.repository';

export type OutboundQueue = 'mail' | 'evm' | 'erp' | 'bank' | 'bank_status' | 'invoice';

/**
 * Records a call to a system outside, in the caller's transaction: it exists exactly when the state change that
 * caused it commits. Nothing is sent here; the relay hands it to the queue after the commit.
 */
export async function enqueue(db: Db, queue: OutboundQueue, payload: unknown, companyId: number | null) {
  return repo.insert(db, { queue, payload, companyId, requestId: currentRequestId() });
}

/** Records many calls of one queue, each with its own payload, as `enqueue` does one. */
export async function enqueueMany(
  db: Db,
  queue: OutboundQueue,
  items: readonly { payload: unknown; companyId: number | null }[],
) {
  const requestId = currentRequestId();
  await repo.insertMany(
    db,
    items.map((i) => ({ queue, payload: i.payload, companyId: i.companyId, requestId })),
  );
}

/**
 * Does the call; throws when it failed, so the queue tries again later (`last`: no attempt follows this one;
 * `requestId`: of the request that caused the call, for what the handler writes).
 */
export type OutboundHandler = (
  payload: unknown,
  attempt: { last: boolean; requestId: string | null; outboundId?: number },
) => Promise<void>;

export interface OutboundOptions {
  log: FastifyBaseLogger;
  /** Attempts after the first, and the delay before the first retry (seconds; doubled each time with back-off). */
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  /** How long a call may run before its job counts as abandoned and is tried again (a worker that died). */
  expireInSeconds?: number;
  pollingIntervalSeconds?: number;
  relayEveryMs?: number;
}

export interface OutboundRunner {
  /** Hands what is waiting to the queue now, instead of at the next tick. */
  relayNow(): Promise<number>;
  /** Stops fetching; a job in progress may finish within `timeoutMs` (default 10 s), else it is failed and retried. */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
}

const RELAY_BATCH = 1000;

/**
 * Moves recorded calls into pg-boss. The job is inserted in the same transaction that marks the row relayed, so a
 * crash between the two can neither lose a call nor hand it over twice.
 */
export async function relay(
  db: Db,
  boss: PgBoss,
  queues: readonly OutboundQueue[],
  batch = RELAY_BATCH,
): Promise<number> {
  return db.transaction(async (tx) => {
    // Only the queues this process works: a call for another waits for a process that has its worker.
    const rows = await repo.takeUnrelayed(tx, queues, batch);
    if (rows.length === 0) return 0;
    // One insert for the batch, each job under the queue's own policy (retries, expiry), and one update.
    const jobs = rows.map((r) => ({ id: randomUUID(), name: r.queue, data: { outboundId: r.id } }));
    const inTx = transactionAdapter(tx);
    // pg-boss inserts into one queue per call.
    for (const queue of new Set(rows.map((r) => r.queue)))
      await boss.insert(
        queue,
        jobs.filter((j) => j.name === queue).map(({ id, data }) => ({ id, data })),
        { db: inTx },
      );
    // pg-boss skips, silently, a job whose queue does not exist: never treat that as handed over.
    const found = await repo.countQueuedJobs(
      tx,
      jobs.map((j) => j.id),
    );
    if (found !== jobs.length)
      throw new Error(`a job queue of ${[...new Set(rows.map((r) => r.queue))].join(', ')} does not exist`);
    await repo.markRelayed(
      tx,
      rows.map((r, i) => ({ id: r.id, jobId: jobs[i]!.id })),
    );
    return rows.length;
  });
}

function messageOf(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 1000) || 'failed';
}

/**
 * One attempt. The call itself runs outside any transaction; the row is updated before (attempt counted) and
 * after (outcome), each in its own short statement. A job already done is not sent again.
 */
async function attempt(
  db: Db,
  handler: OutboundHandler,
  job: JobWithMetadata<{ outboundId: number }>,
  log: FastifyBaseLogger,
) {
  const row = await repo.find(db, job.data.outboundId);
  if (!row || row.state === 'done') return;
  await repo.startAttempt(db, row.id);
  const last = job.retryCount >= job.retryLimit;
  try {
    await handler(row.payload, { last, requestId: row.requestId, outboundId: row.id });
  } catch (err) {
    const error = messageOf(err);
    await repo.finish(db, row.id, { state: last ? 'failed' : 'retry', error });
    log.error(
      { requestId: row.requestId, queue: row.queue, outboundId: row.id, attempt: job.retryCount + 1, last, error },
      last ? 'outbound call failed, no retries left' : 'outbound call failed, will retry',
    );
    throw err;
  }
  await repo.finish(db, row.id, { state: 'done', error: null });
}

/** Starts the queue, a worker per queue and the relay; stopping waits for the calls in progress. */
export async function startOutbound(
  ctx: Pick<AppContext, 'db'>,
  boss: PgBoss,
  /** Every queue in the running app; a test starts only those it exercises. */
  handlers: Partial<Record<OutboundQueue, OutboundHandler>>,
  opts: OutboundOptions,
): Promise<OutboundRunner> {
  const { log } = opts;
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await startQueue(ctx.db, boss);
  const policy = {
    retryLimit: opts.retryLimit ?? 5,
    retryDelay: opts.retryDelay ?? 30,
    retryBackoff: opts.retryBackoff ?? true,
    // A worker that died mid-call gives the job back after this long.
    expireInSeconds: opts.expireInSeconds ?? 300,
  };
  const queues = (Object.keys(handlers) as OutboundQueue[]).filter((q) => handlers[q]);
  for (const [queue, handler] of Object.entries(handlers)) {
    if (!handler) continue;
    await boss.createQueue(queue, policy);
    await boss.updateQueue(queue, policy);
    let workerId: string | undefined;
    workerId = await boss.work(
      queue,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 },
      async ([job]: JobWithMetadata<{ outboundId: number }>[]) => {
        try {
          if (job) await attempt(ctx.db, handler, job, log);
        } finally {
          // pg-boss waits a polling interval after every fetch; after a job there may be more, so fetch at once.
          if (workerId) boss.notifyWorker(workerId);
        }
      },
    );
  }
  let relaying: Promise<number> | null = null;
  // Drains what is waiting, a batch per transaction: a remittance's thousands of notices do not hold up the bank
  // file written after them for a tick per hundred.
  const drain = async () => {
    let total = 0;
    for (;;) {
      const n = await relay(ctx.db, boss, queues, RELAY_BATCH);
      total += n;
      if (n < RELAY_BATCH) return total;
    }
  };
  const relayNow = () => {
    relaying ??= drain().finally(() => {
      relaying = null;
    });
    return relaying;
  };
  const timer = setInterval(() => {
    relayNow().catch((err: unknown) => log.error({ err }, 'relay of outbound calls failed'));
  }, opts.relayEveryMs ?? 1000);
  timer.unref();
  return {
    relayNow,
    async stop({ timeoutMs = 10_000 } = {}) {
      clearInterval(timer);
      await relaying?.catch(() => 0);
      // Graceful: waits for the calls in progress, up to the timeout.
      await boss.stop({ graceful: true, timeout: timeoutMs });
    },
  };
}

function toRow(r: repo.OutboundJob): OutboundJobRow {
  return {
    ID: r.id,
    Queue: r.queue,
    State: r.state,
    Attempts: r.attempts,
    LastError: r.lastError,
    RequestID: r.requestId,
    CreatedAt: r.createdAt.toISOString(),
    CompletedAt: r.completedAt?.toISOString() ?? null,
  };
}

export async function search(db: Db, companyId: number, body: SearchOutboundJobBody) {
  const { total, rows } = await repo.search(db, companyId, body);
  return { Total: total, Rows: rows.map(toRow) };
}

/** How many of the company's calls failed and wait to be sent again, in all and per queue (the log's failed ones). */
export async function failedJobs(db: Db, companyId: number) {
  const rows = await repo.failedByQueue(db, companyId);
  return {
    Failed: rows.reduce((n, r) => n + r.n, 0),
    ByQueue: rows.map((r) => ({ Queue: r.queue, Count: r.n })),
  };
}

/** Gives a failed call a new round of attempts. */
export async function retry(db: Db, actor: { userId: number; companyId: number; requestId: string }, id: number) {
  return db.transaction(async (tx) => {
    const current = await repo.find(tx, id);
    if (!current || (current.companyId !== null && current.companyId !== actor.companyId)) throw notFound();
    // A failed posting has failed its voucher and document too: only the posting screen's resend puts all three back.
    if (current.queue === 'erp') throw refused('outbound.retry_through_posting');
    const row = await repo.requeue(tx, id, actor.companyId);
    if (!row) throw refused('outbound.not_failed');
    await audit(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      action: 'retry',
      entity: 'outbound_job',
      entityId: row.id,
      detail: { queue: row.queue, attempts: row.attempts },
      requestId: actor.requestId,
    });
    return toRow(row);
  });
}
