import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { testApp } from './app';

describe('logs', () => {
  it('hold one line per request with its id and user, and never passwords or tokens', async () => {
    const lines: string[] = [];
    const t = await testApp({ LOG_LEVEL: 'info' });
    try {
      // Rebuild the app with a logger writing into memory.
      const { buildApp } = await import('../src/app');
      await t.app.close();
      const stream = new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const app = await buildApp(t.ctx, { logStream: stream });
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/Token',
        payload: 'grant_type=password&username=employee&password=Passw0rd!',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const { access_token, refresh_token } = signIn.json();
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
      const all = lines.join('');
      expect(all).toContain('reqId');
      for (const secret of ['Passw0rd!', 'Secr3tSecr3t', access_token, refresh_token, 'sso.token.value'])
        expect(all).not.toContain(secret);

      // One line per request, written with the answer: method, url, status, time, request id, user when known.
      const entries = all
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
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
      expect(sso).toMatchObject({ method: 'GET', url: '/onAuth?token=[redacted]&lang=en' });
    } finally {
      await t.ctx.database.close();
    }
  });
});
