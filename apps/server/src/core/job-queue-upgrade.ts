import type { PgBoss } from 'pg-boss';
import type { Db } from './db';
import * as repo from './job-queue.repository';

/**
 * The job queue of the release before (pg-boss 10, schema version 24) carried into today's (pg-boss 12), which
 * cannot migrate that schema in place (its oldest starting point is pg-boss 11's rewrite). Before the queue starts,
 * the old schema is renamed aside; once today's has installed itself, its queues, waiting jobs and schedules are
 * written into it through pg-boss's own calls, and the old schema is dropped. Each step can run again after a crash:
 * queues and schedules are upserts and a job keeps its id, which pg-boss inserts once.
 */
const OLD_SCHEMA_VERSION = 24;

/** Renames a pg-boss 10 schema aside; whether one is there to carry over (renamed now or by a start that died). */
export async function setAsideOldQueue(db: Db): Promise<boolean> {
  const { version, aside } = await repo.queueSchemas(db);
  if (version === OLD_SCHEMA_VERSION) {
    await repo.renameQueueAside(db);
    return true;
  }
  return aside;
}

/** Copies the set-aside queues, their jobs still to run and the schedules into the started queue, then drops them. */
export async function carryOverOldQueue(
  db: Db,
  boss: PgBoss,
): Promise<{ queues: number; jobs: number; schedules: number }> {
  const queues = await repo.oldQueues(db);
  for (const q of queues)
    await boss.createQueue(q.name, {
      ...(q.policy ? { policy: q.policy } : {}),
      ...(q.retry_limit !== null ? { retryLimit: q.retry_limit } : {}),
      ...(q.retry_delay !== null ? { retryDelay: q.retry_delay } : {}),
      ...(q.retry_backoff !== null ? { retryBackoff: q.retry_backoff } : {}),
      ...(q.expire_seconds !== null ? { expireInSeconds: q.expire_seconds } : {}),
      ...(q.retention_minutes !== null ? { retentionSeconds: q.retention_minutes * 60 } : {}),
    });
  for (const q of queues) if (q.dead_letter) await boss.updateQueue(q.name, { deadLetter: q.dead_letter });
  // Jobs still to run; one a worker held when the old release stopped runs again (the handlers are idempotent).
  const jobs = await repo.oldJobs(db);

  for (const name of new Set(jobs.map((j) => j.name)))
    await boss.insert(
      name,
      jobs
        .filter((j) => j.name === name)
        .map((j) => ({
          id: j.id,
          ...(j.data ? { data: j.data } : {}),
          priority: j.priority,
          retryLimit: j.retry_limit,
          retryDelay: j.retry_delay,
          retryBackoff: j.retry_backoff,
          startAfter: new Date(j.start_after),
          expireInSeconds: j.expire_seconds,
          ...(j.singleton_key ? { singletonKey: j.singleton_key } : {}),
        })),
    );
  const schedules = await repo.oldSchedules(db);
  for (const s of schedules) await boss.schedule(s.name, s.cron, s.data, s.timezone ? { tz: s.timezone } : {});
  await repo.dropQueueAside(db);
  return { queues: queues.length, jobs: jobs.length, schedules: schedules.length };
}

/** Starts the queue, carrying over what the release before left (see above). */
export async function startQueue(db: Db, boss: PgBoss): Promise<void> {
  const carry = await setAsideOldQueue(db);
  await boss.start();
  if (carry) await carryOverOldQueue(db, boss);
}
