import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { outboundJob } from '../outbound/outbound.table';

/** The home page's figures for each role: the administrator's failed calls to systems outside. */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await testApp();
  const names = ['employee', 'manager', 'compliance', 'admin', 'finance'] as const;
  for (const [i, login] of (await t.logins(...names)).entries()) {
    tokens[names[i]!] = login.access_token;
    ids[names[i]!] = login.UserID;
  }
});
afterAll(() => t.close());

async function ask<T = Record<string, unknown>>(url: string, who: string): Promise<T> {
  const res = await t.call(url, {}, tokens[who]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

describe('/api/Home/GetFailedJobs', () => {
  const job = (state: 'failed' | 'done' | 'retry', queue: string, companyId: number | null) => ({
    queue,
    payload: {},
    companyId,
    state,
    attempts: 5,
    lastError: state === 'done' ? null : 'connection refused',
    relayedAt: new Date(),
  });

  it("counts the company's calls that failed, per queue, as the interface log lists them", async () => {
    const failed = () =>
      ask<{ Failed: number; ByQueue: { Queue: string; Count: number }[] }>('/api/Home/GetFailedJobs', 'admin');
    const before = await failed();
    const of = (r: typeof before, q: string) => r.ByQueue.find((x) => x.Queue === q)?.Count ?? 0;
    await t.ctx.db
      .insert(outboundJob)
      .values([
        job('failed', 'mail', 1),
        job('failed', 'mail', 1),
        job('failed', 'bank', 1),
        job('failed', 'mail', null),
        job('done', 'mail', 1),
        job('retry', 'mail', 1),
        job('failed', 'mail', 2),
      ]);
    const after = await failed();
    expect(after.Failed).toBe(before.Failed + 4);
    expect(of(after, 'mail')).toBe(of(before, 'mail') + 3);
    expect(of(after, 'bank')).toBe(of(before, 'bank') + 1);
    const log = await t.call('/api/document/SearchRFCLog', { State: 'failed', PageSize: 1 }, tokens.admin);
    expect(log.json().Total).toBe(after.Failed);
  });

  it('is for holders of the interface log', async () => {
    expect((await t.call('/api/Home/GetFailedJobs', {}, tokens.employee)).statusCode).toBe(403);
  });
});
