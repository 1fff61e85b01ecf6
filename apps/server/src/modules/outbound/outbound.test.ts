import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { outboundJob } from './outbound.table';

let t: TestApp;
let admin: string;
let auditor: string;
let ours: number;
let theirs: number;

beforeAll(async () => {
  t = await testApp();
  [admin, auditor] = (await Promise.all([t.login('admin'), t.login('auditor')])).map((s) => s.access_token) as [
    string,
    string,
  ];
  const failed = { queue: 'mail', payload: { mailId: 0 }, state: 'failed' as const, attempts: 6, lastError: 'refused' };
  [ours, theirs] = (
    await t.ctx.db
      .insert(outboundJob)
      .values([
        { ...failed, companyId: 1, requestId: 'req-company-1' },
        { ...failed, companyId: 2, requestId: 'req-company-2' },
      ])
      .returning()
  ).map((r) => r.id) as [number, number];
});
afterAll(() => t.close());

describe('the interface log', () => {
  it('lists the company’s own calls only, failures among them', async () => {
    const list = (await t.call('/api/document/SearchRFCLog', { State: 'failed' }, admin)).json();
    const ids = list.Rows.map((r: { ID: number }) => r.ID);
    expect(ids).toContain(ours);
    expect(ids).not.toContain(theirs);
    expect(list.Rows.find((r: { ID: number }) => r.ID === ours)).toMatchObject({
      State: 'failed',
      Attempts: 6,
      LastError: 'refused',
      RequestID: 'req-company-1',
    });
  });

  it('lets an auditor read it but only an administrator retry, and never another company’s call', async () => {
    expect((await t.call('/api/document/SearchRFCLog', {}, auditor)).statusCode).toBe(200);
    expect((await t.call('/api/document/RetryRFCLog', { ID: ours }, auditor)).statusCode).toBe(403);
    expect((await t.call('/api/document/RetryRFCLog', { ID: theirs }, admin)).statusCode).toBe(404);
    expect((await t.call('/api/document/RetryRFCLog', { ID: 2147483647 }, admin)).statusCode).toBe(404);
    const retried = await t.call('/api/document/RetryRFCLog', { ID: ours }, admin);
    expect(retried.json()).toMatchObject({ ID: ours, State: 'queued', Attempts: 6 });
  });

  it('sends a failed posting back to the posting screen, whose resend moves the voucher and document with it', async () => {
    const [erp] = await t.ctx.db
      .insert(outboundJob)
      .values({ queue: 'erp', payload: { voucherId: 0 }, state: 'failed', attempts: 6, companyId: 1 })
      .returning();
    const res = await t.call('/api/document/RetryRFCLog', { ID: erp!.id }, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('outbound.retry_through_posting');
  });
});
