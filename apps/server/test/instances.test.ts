import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gt, inArray, max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Database, openDatabase } from '../src/core/db';
import { statusHistory } from '../src/modules/documents/lifecycle/lifecycle.table';
import { outboundJob } from '../src/modules/outbound/outbound.table';
import { concurrencyDescribe, concurrencyTest } from './concurrency';
import { eventually } from './jobs';
import { copyOfTemplate, type ServerProcess, startServerProcess } from './processes';

// Two processes of the built server behind one address would be: one PostgreSQL database, one signing secret,
// each its own port. Whatever instance a call reaches, the user, the documents and the jobs are the same.
const JWT_SECRET = 'one-secret-for-every-instance-of-the-app-0123456789';
let database: Awaited<ReturnType<typeof copyOfTemplate>>;
let db: Database;
const dataDirs: string[] = [];
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  database = await copyOfTemplate();
  db = await openDatabase({ url: database.url });
  // Each instance writes its notices into a data folder of its own, so a notice delivered twice shows as a file
  // in both (production shares one folder for attachments; notices there go by SMTP).
  for (let i = 0; i < 2; i++) dataDirs.push(mkdtempSync(join(tmpdir(), `ems-instance-${i}-`)));
  // Started together: they take turns at migrating and seeding the database.
  [a, b] = (await Promise.all(
    dataDirs.map((dir) => startServerProcess({ DATABASE_URL: database.url, DATA_DIR: dir, JWT_SECRET })),
  )) as [ServerProcess, ServerProcess];
  await Promise.all([a.ready(), b.ready()]);
}, 120_000);
afterAll(async () => {
  const codes = await Promise.all([a?.stop(), b?.stop()]);
  await db?.close();
  await database?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  expect(codes).toEqual([0, 0]);
});

type Json = Record<string, unknown>;

async function signIn(server: ServerProcess, form: Record<string, string>) {
  const res = await fetch(`${server.baseUrl}/api/auth/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string };
}

async function call(server: ServerProcess, path: string, token: string, body: Json = {}) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

interface Pending {
  ID: number;
  DocType: 'apply' | 'loan' | 'deputy';
  Version: number;
  ForApproverID: number | null;
}

const APPROVE = { apply: 'ApproveApply', loan: 'ApproveLoan', deputy: 'ApproveDeputy' } as const;

concurrencyDescribe('several instances on one database', () => {
  concurrencyTest('a sign-in on one instance works on the other, and so does its refresh', async () => {
    const session = await signIn(a, { grant_type: 'password', username: 'manager', password: 'Passw0rd!' });
    const onB = await call(b, '/api/ApproveCenter/QueryPendingList', session.access_token, {});
    expect(onB.status).toBe(200);
    const renewed = await signIn(b, { grant_type: 'refresh_token', refresh_token: session.refresh_token });
    expect((await call(a, '/api/ApproveCenter/QueryPendingList', renewed.access_token, {})).status).toBe(200);
    // The refresh token was rotated on B; A knows it is spent (reuse ends the sign-in on every instance).
    const reuse = await fetch(`${a.baseUrl}/api/auth/Token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: session.refresh_token }),
    });
    expect(reuse.status).toBe(401);
    expect((await call(b, '/api/ApproveCenter/QueryPendingList', renewed.access_token, {})).status).toBe(401);
  });

  concurrencyTest('the same pending step decided on both at once moves once; each notice is sent once', async () => {
    const { access_token: token } = await signIn(a, {
      grant_type: 'password',
      username: 'manager',
      password: 'Passw0rd!',
    });
    const list = await call(b, '/api/ApproveCenter/QueryPendingList', token, { PageSize: 500 });
    const pending = (list.body.Rows as Pending[]).filter((r) => r.ForApproverID === null);
    expect(pending.length, 'the demo manager has documents waiting').toBeGreaterThanOrEqual(2);
    const [historyBefore] = await db.db.select({ id: max(statusHistory.id) }).from(statusHistory);
    const [jobsBefore] = await db.db.select({ id: max(outboundJob.id) }).from(outboundJob);

    // Approve on one instance and reject on the other, at the same moment, with the version both screens showed.
    const decisions = await Promise.all(
      pending.flatMap((doc, i) => {
        const [approver, rejecter] = i % 2 === 0 ? [a, b] : [b, a];
        const path = `/api/DocumentApprove/${APPROVE[doc.DocType]}`;
        const body = { ID: doc.ID, Version: doc.Version };
        return [
          call(approver, path, token, { ...body, Pass: true, Comment: 'ok' }),
          call(rejecter, path, token, { ...body, Pass: false, Comment: 'not this one' }),
        ];
      }),
    );
    for (let i = 0; i < pending.length; i++) {
      const pair = [decisions[2 * i]!, decisions[2 * i + 1]!];
      expect(
        pair.map((d) => d.status).sort(),
        `document ${pending[i]!.ID}: ${JSON.stringify(pair.map((d) => d.body))}`,
      ).toEqual([200, 409]);
    }
    const ids = pending.map((p) => p.ID);
    const history = await db.db
      .select({ documentId: statusHistory.documentId })
      .from(statusHistory)
      .where(sql`${gt(statusHistory.id, historyBefore?.id ?? 0)} and ${inArray(statusHistory.documentId, ids)}`);
    expect(history.map((h) => h.documentId).sort()).toEqual([...ids].sort());

    // Every notice the decisions caused is handed over once and written by one instance only.
    let notices: { id: number; payload: unknown; state: string; attempts: number; jobId: string | null }[] = [];
    await eventually(async () => {
      notices = await db.db
        .select({
          id: outboundJob.id,
          payload: outboundJob.payload,
          state: outboundJob.state,
          attempts: outboundJob.attempts,
          jobId: outboundJob.jobId,
        })
        .from(outboundJob)
        .where(sql`${gt(outboundJob.id, jobsBefore?.id ?? 0)} and ${outboundJob.queue} = 'mail'`);
      expect(notices.length).toBeGreaterThanOrEqual(pending.length);
      expect(notices.map((n) => n.state)).toEqual(notices.map(() => 'done'));
    }, 30_000);
    expect(notices.map((n) => n.attempts)).toEqual(notices.map(() => 1));
    const written = dataDirs.flatMap((dir) => {
      const mail = join(dir, 'mail');
      try {
        return readdirSync(mail);
      } catch {
        return [];
      }
    });
    const expected = notices.map((n) => `${String((n.payload as { mailId: number }).mailId).padStart(8, '0')}.eml`);
    expect(written.filter((f) => expected.includes(f)).sort()).toEqual(expected.sort());
    // The queue ran each job once: completed at the first try.
    const jobs = await db.db.execute(
      sql`select state, retry_count from pgboss.job where id in (${sql.join(
        notices.map((n) => sql`${n.jobId}::uuid`),
        sql`, `,
      )})`,
    );
    const rows = (jobs as unknown as { rows: { state: string; retry_count: number }[] }).rows;
    expect(rows).toHaveLength(notices.length);
    for (const r of rows) expect(r).toEqual({ state: 'completed', retry_count: 0 });
  });
});
