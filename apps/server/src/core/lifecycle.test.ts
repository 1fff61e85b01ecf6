import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, type TestApp, testApp } from '../../test/app';
import { eventually, startTestJobs } from '../../test/jobs';
import { buildApp } from '../app';
import { enqueue } from '../modules/outbound/outbound.service';
import { outboundJob } from '../modules/outbound/outbound.table';
import { Lifecycle } from './lifecycle';

// What load balancers and orchestrators see of the process's phases; the real process is driven in
// test/shutdown.test.ts.
let t: TestApp;
let app: FastifyInstance;
const lifecycle = new Lifecycle();

beforeAll(async () => {
  t = await testApp();
  app = await buildApp(t.ctx, { logger: false, lifecycle });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });
const signIn = () =>
  app.inject({
    method: 'POST',
    url: '/api/auth/Token',
    ...form({ grant_type: 'password', username: 'employee', password: 'Passw0rd!' }),
  });

describe('the phases of the process', () => {
  it('while starting: alive, not ready, and every other call is a coded 503 to try again', async () => {
    expect(lifecycle.phase).toBe('starting');
    expect((await get('/healthz')).statusCode).toBe(200);
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'starting' });
    const call = await signIn();
    expect(call.statusCode).toBe(503);
    expect(call.json()).toMatchObject({ code: 'common.unavailable' });
    expect(call.headers['retry-after']).toBe('5');
    expect(call.headers.connection).not.toBe('close');
  });

  it('once ready: serves, and /readyz names the database', async () => {
    lifecycle.ready();
    expect((await get('/readyz')).json()).toEqual({ status: 'ready', database: t.ctx.database.kind });
    expect((await signIn()).statusCode).toBe(200);
  });

  it('while draining: /readyz says so at once, calls are refused and their connection closed, still alive', async () => {
    lifecycle.drain();
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'draining' });
    const call = await signIn();
    expect(call.statusCode).toBe(503);
    expect(call.headers.connection).toBe('close');
    expect((await get('/healthz')).statusCode).toBe(200);
    // Draining never turns back into ready.
    lifecycle.ready();
    expect(lifecycle.phase).toBe('draining');
  });

  it('is not ready while the database does not answer', async () => {
    const down = await buildApp(
      { ...t.ctx, database: { ...t.ctx.database, ping: () => Promise.reject(new Error('connection refused')) } },
      { logger: false },
    );
    const res = await down.inject({ method: 'GET', url: '/readyz' });
    await down.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
  });
});

describe('stopping the job runner', () => {
  it('lets a job in progress finish before it returns', async () => {
    let started = false;
    let finished = false;
    const runner = await startTestJobs(t.ctx, {
      mail: async () => undefined,
      evm: async () => {
        started = true;
        await new Promise((r) => setTimeout(r, 1500));
        finished = true;
      },
    });
    const row = await enqueue(t.ctx.db, 'evm', { meeting: 'drain' }, 1);
    await runner.relayNow();
    await eventually(() => expect(started).toBe(true));
    await runner.stop({ timeoutMs: 10_000 });
    expect(finished).toBe(true);
    const [after] = await t.ctx.db.select().from(outboundJob).where(eq(outboundJob.id, row.id));
    expect(after).toMatchObject({ state: 'done', attempts: 1 });
  });
});
