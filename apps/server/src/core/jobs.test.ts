import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/app';
import { eventually } from '../../test/jobs';
import { createBoss, startScheduled } from './jobs';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

it('puts a scheduled job on the queue with its cron in the business time zone, and its worker runs the work', async () => {
  const boss = createBoss(t.ctx.database, t.ctx.config.databaseUrl);
  await boss.start();
  try {
    let runs = 0;
    const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
    await startScheduled(boss, [{ name: 'test-nightly', cron: '15 0 * * *', run: async () => ++runs }], log, {
      pollingIntervalSeconds: 0.5,
    });
    const schedules = await boss.getSchedules();
    expect(schedules.find((s) => s.name === 'test-nightly')).toMatchObject({
      cron: '15 0 * * *',
      timezone: 'Asia/Shanghai',
    });
    // What the cron sends at its tick.
    await boss.send('test-nightly', {});
    await eventually(() => expect(runs).toBe(1));
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
});
