import { sql } from 'drizzle-orm';
import pg from 'pg';
import PgBossV10 from 'pg-boss-v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../test/concurrency';
import { withDatabase } from '../../test/template';
import { openDatabase } from './db';
import { startQueue } from './job-queue-upgrade';
import { createBoss } from './jobs';

// A database whose job queue was made by the release before this one (pg-boss 10) upgrades in place when today's
// server starts its queue: the queues keep their policies, waiting and delayed jobs are still there to be worked,
// and the schedules keep their cron and time zone.
const url = process.env.DATABASE_URL as string;
const name = `ems_boss_upgrade_${process.pid}`;
const target = () => withDatabase(url, name);
const WORK = 'ems-upgrade-work';
const CRON = 'ems-upgrade-cron';

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(!onPostgres)('the job queue made by pg-boss 10 (the release before), started by today’s server', () => {
  let waitingId: string | null = null;
  let delayedId: string | null = null;
  beforeAll(async () => {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
    const old = new PgBossV10({ connectionString: target(), schedule: true, supervise: false, migrate: true });
    await old.start();
    await old.createQueue(WORK, { name: WORK, retryLimit: 3, retryDelay: 45, expireInSeconds: 300 });
    await old.createQueue(CRON, { name: CRON, retryLimit: 2 });
    waitingId = await old.send(WORK, { outboundId: 7 });
    delayedId = await old.send(WORK, { outboundId: 8 }, { startAfter: 3600 });
    await old.schedule(CRON, '0 2 * * *', { note: 'nightly' }, { tz: 'Asia/Shanghai' });
    await old.stop({ graceful: false, wait: true });
  });
  afterAll(async () => {
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('migrates in place and keeps the queues, jobs and schedules', async () => {
    expect(waitingId).toBeTruthy();
    const database = await openDatabase({ url: target() });
    const boss = await createBoss(database, target());
    boss.on('error', () => undefined);
    await startQueue(database.db, boss);
    try {
      const [left] = (
        (await database.db.execute(sql`select to_regnamespace('pgboss_v10')::text as aside`)) as unknown as {
          rows: { aside: string | null }[];
        }
      ).rows;
      expect(left?.aside, 'the old schema is dropped once carried over').toBeNull();
      const queue = await boss.getQueue(WORK);
      expect(queue).toMatchObject({ name: WORK, retryLimit: 3, retryDelay: 45, expireInSeconds: 300 });
      const schedules = await boss.getSchedules();
      expect(schedules).toEqual([
        expect.objectContaining({
          name: CRON,
          cron: '0 2 * * *',
          timezone: 'Asia/Shanghai',
          data: { note: 'nightly' },
        }),
      ]);
      const delayed = await boss.getJobById<{ outboundId: number }>(WORK, delayedId as string);
      expect(delayed).toMatchObject({ state: 'created', data: { outboundId: 8 } });
      const [job, ...more] = await boss.fetch<{ outboundId: number }>(WORK, { batchSize: 5 });
      expect(more).toEqual([]);
      expect(job).toMatchObject({ id: waitingId, data: { outboundId: 7 } });
      await boss.complete(WORK, job?.id as string);
      expect(await boss.getJobById(WORK, waitingId as string)).toMatchObject({ state: 'completed' });
    } finally {
      await boss.stop({ graceful: false });
      await database.close();
    }
  });
});
