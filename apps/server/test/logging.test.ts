import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { openQueryAccount, withQueryAccount } from '../src/core/db';
import { testApp } from './app';

type Entry = Record<string, unknown>;

/** An app logging into memory at `level`, on its own copy of the test database. */
async function loggedApp(level: string) {
  const lines: string[] = [];
  const t = await testApp({ LOG_LEVEL: level });
  const { buildApp } = await import('../src/app');
  await t.app.close();
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp(t.ctx, { logStream: stream });
  const entries = () =>
    lines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Entry);
  return { t, app, entries };
}

async function signInEmployee(app: FastifyInstance): Promise<{ access_token: string; refresh_token: string }> {
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/Token',
    payload: 'grant_type=password&username=employee&password=Passw0rd!',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return signIn.json();
}

describe('logs', () => {
  it('hold one line per request with its id and user, and never passwords or tokens', async () => {
    const { t, app, entries: read } = await loggedApp('info');
    try {
      const { access_token, refresh_token } = await signInEmployee(app);
      await app.inject({
        method: 'POST',
        url: '/api/System/getMenu',
        payload: {},
        headers: { authorization: `Bearer ${access_token}` },
      });
      await app.inject({
        method: 'POST',
        url: '/api/System/ModifyPassword',
        payload: { OldPassword: 'Passw0rd!', NewPassword: 'Secr3tSecr3t' },
        headers: { authorization: `Bearer ${access_token}` },
      });
      await app.inject({ method: 'GET', url: '/onAuth?token=sso.token.value&lang=en' });
      await app.close();
      const entries = read();
      const all = JSON.stringify(entries);
      expect(all).toContain('reqId');
      for (const secret of ['Passw0rd!', 'Secr3tSecr3t', access_token, refresh_token, 'sso.token.value'])
        expect(all).not.toContain(secret);

      // One line per request, written with the answer: method, url, status, time, request id, user when known.
      expect(entries.map((e) => e.msg)).not.toContain('incoming request');
      expect(entries.map((e) => e.msg)).not.toContain('request completed');
      const requests = entries.filter((e) => e.msg === 'request');
      expect(requests).toHaveLength(4);
      expect(new Set(requests.map((e) => e.reqId)).size).toBe(4);
      for (const e of entries.filter((e) => e.reqId))
        expect(
          requests.filter((r) => r.reqId === e.reqId),
          String(e.msg),
        ).toHaveLength(1);
      const [token, menu, , sso] = requests;
      expect(token).toMatchObject({ method: 'POST', url: '/api/auth/Token', statusCode: 200 });
      expect(token).not.toHaveProperty('userId');
      expect(menu).toMatchObject({ method: 'POST', url: '/api/System/getMenu', statusCode: 200 });
      expect(menu!.userId).toEqual(expect.any(Number));
      expect(menu!.responseTime).toEqual(expect.any(Number));
      // The session lookup alone is one statement; statements are listed one by one only at level trace.
      expect(menu!.queries).toBeGreaterThanOrEqual(1);
      expect(menu!.dbMs).toEqual(expect.any(Number));
      expect(token!.queries).toBeGreaterThanOrEqual(1);
      expect(entries.filter((e) => e.msg === 'sql')).toHaveLength(0);
      expect(sso).toMatchObject({ method: 'GET', url: '/onAuth?token=[redacted]&lang=en' });
    } finally {
      await t.ctx.database.close();
    }
  });

  it('at level trace list each statement of a request with its values, as many as the request line counts', async () => {
    const { t, app, entries } = await loggedApp('trace');
    try {
      const { access_token } = await signInEmployee(app);
      // Over a real socket, so the body is parsed as in production: the account must survive it.
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const list = await fetch(`${base}/api/document/SearchDocument`, {
        method: 'POST',
        body: JSON.stringify({ PageIndex: 1, PageSize: 5, Keyword: 'x' }),
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${access_token}`,
          'x-request-id': 'list-request-1',
        },
      });
      expect(list.status, await list.text()).toBe(200);
      // A call that writes in a transaction: its statements run on a checked-out connection.
      const password = await app.inject({
        method: 'POST',
        url: '/api/System/ModifyPassword',
        payload: { OldPassword: 'Passw0rd!', NewPassword: 'Secr3tSecr3t' },
        headers: { authorization: `Bearer ${access_token}`, 'x-request-id': 'password-request-1' },
      });
      expect(password.statusCode, password.body).toBe(200);
      await app.close();

      const all = entries();
      for (const reqId of ['list-request-1', 'password-request-1']) {
        const line = all.find((e) => e.msg === 'request' && e.reqId === reqId)!;
        const statements = all.filter((e) => e.msg === 'sql' && e.reqId === reqId);
        expect(statements.length, reqId).toBe(line.queries);
        for (const s of statements) {
          expect(s.sql).toEqual(expect.any(String));
          expect(s.params).toEqual(expect.any(Array));
          expect(s.ms).toEqual(expect.any(Number));
        }
      }
      const listed = all.filter((e) => e.msg === 'sql' && e.reqId === 'list-request-1');
      // The session lookup of the bearer token comes first, before the handler's own statements.
      expect(String(listed[0]!.sql)).toMatch(/user_account|refresh_token/);
      expect(listed.some((s) => (s.params as unknown[]).some((p) => String(p).includes('x')))).toBe(true);
      const inTransaction = all.filter((e) => e.msg === 'sql' && e.reqId === 'password-request-1');
      expect(inTransaction.some((s) => /^update "user_account"/i.test(String(s.sql)))).toBe(true);
    } finally {
      await t.ctx.database.close();
    }
  });

  it('count nothing outside a request and keep apart what concurrent requests run', async () => {
    const t = await testApp();
    try {
      const a = openQueryAccount();
      const b = openQueryAccount();
      await Promise.all([
        withQueryAccount(a, async () => {
          await t.ctx.database.ping();
          await t.ctx.database.ping();
        }),
        withQueryAccount(b, () => t.ctx.database.ping()),
        t.ctx.database.ping(),
      ]);
      expect(a.queries).toBe(2);
      expect(b.queries).toBe(1);
      expect(a.dbMs).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
