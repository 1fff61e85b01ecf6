import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestJobs } from '../../../test/jobs';
import { loadConfig } from '../../core/config';
import { type Database, openDatabase } from '../../core/db';
import { withRequestId } from '../../core/jobs';
import * as repo from './outbound.repository';
import { enqueue, type OutboundRunner } from './outbound.service';

/** The embedded database has one connection: the queue goes through the app's own client. */
let database: Database;
let runner: (OutboundRunner & { lines: Record<string, unknown>[] }) | undefined;
const config = loadConfig({ NODE_ENV: 'test' });
const calls: unknown[] = [];
let evmFailures = 1;

beforeAll(async () => {
  database = await openDatabase({ pglite: await PGlite.create() });
  await database.migrate();
  runner = await startTestJobs(
    { db: database.db, database, config: { ...config, databaseUrl: undefined } },
    {
      mail: async (payload) => {
        calls.push(payload);
      },
      evm: async (payload) => {
        calls.push(payload);
        if (evmFailures-- > 0) throw new Error('EVM service unavailable (503)');
      },
    },
  );
}, 60_000);
afterAll(async () => {
  await runner?.stop();
  await database.close();
});

describe('jobs on the embedded database', () => {
  it('sends a job written in a committed transaction once, and none from a rolled-back one', async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueue(tx, 'mail', { mailId: -1 }, 1);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const job = await withRequestId('pglite-req-1', () =>
      database.db.transaction((tx) => enqueue(tx, 'mail', { mailId: 1 }, 1)),
    );
    await eventually(async () => expect((await repo.find(database.db, job.id))?.state).toBe('done'));
    expect(calls).toEqual([{ mailId: 1 }]);
    const result = (await database.db.execute(sql`select count(*)::int as n from pgboss.job`)) as unknown as {
      rows: { n: number }[];
    };
    const [count] = result.rows;
    expect(count?.n).toBe(1);
    expect((await repo.find(database.db, job.id))?.requestId).toBe('pglite-req-1');
  });

  it('retries a failed call with its back-off until it goes through', async () => {
    const job = await database.db.transaction((tx) => enqueue(tx, 'evm', { outboxId: 7 }, 1));
    await eventually(async () => expect((await repo.find(database.db, job.id))?.state).toBe('done'));
    const row = await repo.find(database.db, job.id);
    expect(row).toMatchObject({ attempts: 2, lastError: null });
    expect(runner?.lines.some((l) => l.outboundId === job.id && l.error === 'EVM service unavailable (503)')).toBe(
      true,
    );
  });
});
