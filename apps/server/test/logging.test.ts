import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { testApp } from './app';

describe('logs', () => {
  it('carry request ids and never passwords or tokens', async () => {
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
      await app.close();
      const all = lines.join('');
      expect(all).toContain('reqId');
      for (const secret of ['Passw0rd!', 'Secr3tSecr3t', access_token, refresh_token])
        expect(all).not.toContain(secret);
    } finally {
      await t.ctx.database.close();
    }
  });
});
