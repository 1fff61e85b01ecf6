import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { form, type TestApp, testApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ LOGIN_MAX_FAILURES: '3' });
});
afterAll(() => t.close());

const token = (values: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/Token', ...form(values) });
const probe = (accessToken: string) => t.call('/api/System/GetDefaultInfo', {}, accessToken);

async function expectEnded(accessToken: string, code: string) {
  const res = await probe(accessToken);
  expect(res.statusCode).toBe(401);
  expect(res.json().code).toBe(code);
}

describe('an access token ends at once, not at its expiry', () => {
  it('when its refresh family is revoked for reuse', async () => {
    const first = (await token({ grant_type: 'password', username: 'finance', password: 'Passw0rd!' })).json();
    const rotated = (await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).json();
    expect((await probe(rotated.access_token)).statusCode).toBe(200);
    expect((await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).statusCode).toBe(401);
    await expectEnded(first.access_token, 'auth.session_ended');
    await expectEnded(rotated.access_token, 'auth.session_ended');
  });

  it('when the user signs out, with or without sending the refresh token, and only that sign-in', async () => {
    const a = await t.login('compliance');
    const b = await t.login('compliance');
    const c = await t.login('compliance');
    expect((await t.call('/api/System/Logout', { refresh_token: a.refresh_token }, a.access_token)).statusCode).toBe(
      200,
    );
    await expectEnded(a.access_token, 'auth.session_ended');
    expect((await t.call('/api/System/Logout', {}, b.access_token)).statusCode).toBe(200);
    await expectEnded(b.access_token, 'auth.session_ended');
    expect((await token({ grant_type: 'refresh_token', refresh_token: b.refresh_token })).statusCode).toBe(401);
    expect((await probe(c.access_token)).statusCode).toBe(200);
  });

  it('when the account locks after failed sign-ins', async () => {
    const s = await t.login('auditor');
    expect((await probe(s.access_token)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) await token({ grant_type: 'password', username: 'auditor', password: 'wrong' });
    await expectEnded(s.access_token, 'auth.account_locked');
    expect((await token({ grant_type: 'refresh_token', refresh_token: s.refresh_token })).statusCode).toBe(401);
  });

  it('when an administrator records that the person left', async () => {
    const admin = await t.login('admin');
    const s = await t.login('compliance');
    const record = (await t.call('/api/system/SelectEmployee', { EmployeeID: s.UserID }, admin.access_token)).json();
    const leave = await t.call(
      '/api/system/UpdateEmployeeStatus',
      { EmployeeID: s.UserID, Status: 'left', Reason: '离职', Version: record.Version },
      admin.access_token,
    );
    expect(leave.statusCode).toBe(200);
    await expectEnded(s.access_token, 'auth.token_invalid');
  });

  it('when an administrator resets the password', async () => {
    const admin = await t.login('admin');
    const s = await t.login('employee');
    const reset = await t.call('/api/System/ResetPassword', { TargetUserID: s.UserID }, admin.access_token);
    expect(reset.statusCode).toBe(200);
    await expectEnded(s.access_token, 'auth.session_ended');

    // The temporary password opens nothing but its own change, and the web client is told so by code.
    const temporary = reset.json().TemporaryPassword as string;
    const tmp = await t.login('employee', temporary);
    expect(tmp.MustChangePassword).toBe(true);
    for (const url of ['/api/System/GetDefaultInfo', '/api/System/getMenu', '/api/System/ShiftCompany']) {
      const res = await t.call(url, url.endsWith('ShiftCompany') ? { TargetCompanyID: 1 } : {}, tmp.access_token);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('auth.password_change_required');
    }
    const changed = await t.call(
      '/api/System/ModifyPassword',
      { OldPassword: temporary, NewPassword: 'Passw0rd!2' },
      tmp.access_token,
    );
    expect(changed.statusCode).toBe(200);
    // The same sign-in goes on once the password is the user's own.
    expect((await probe(tmp.access_token)).statusCode).toBe(200);
    expect((await t.call('/api/System/getMenu', {}, tmp.access_token)).statusCode).toBe(200);
  });

  it('of every other sign-in when the user changes the password; the changing one goes on', async () => {
    const here = await t.login('manager');
    const elsewhere = await t.login('manager');
    const res = await t.call(
      '/api/System/ModifyPassword',
      { OldPassword: 'Passw0rd!', NewPassword: 'Passw0rd!3' },
      here.access_token,
    );
    expect(res.statusCode).toBe(200);
    await expectEnded(elsewhere.access_token, 'auth.session_ended');
    expect((await token({ grant_type: 'refresh_token', refresh_token: elsewhere.refresh_token })).statusCode).toBe(401);
    expect((await probe(here.access_token)).statusCode).toBe(200);
    expect((await token({ grant_type: 'refresh_token', refresh_token: here.refresh_token })).statusCode).toBe(200);
  });
});

describe('public calls do not tell a known username from an unknown one', () => {
  it('answers the company list for an unknown user like for a user of one company, the same each time', async () => {
    const known = await t.call('/api/System/GetCompanyListByUserName', { UserName: 'employee' });
    const ghost = await t.call('/api/System/GetCompanyListByUserName', { UserName: 'ghost' });
    const again = await t.call('/api/System/GetCompanyListByUserName', { UserName: 'GHOST ' });
    for (const res of [known, ghost]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().Rows).toHaveLength(1);
      expect(res.json().Rows[0]).toMatchObject({ IsDefault: true });
    }
    expect(Object.keys(ghost.json().Rows[0]).sort()).toEqual(Object.keys(known.json().Rows[0]).sort());
    expect(again.json()).toEqual(ghost.json());
    // A user of several companies still sees them all: the login screen keeps working.
    const admin = await t.call('/api/System/GetCompanyListByUserName', { UserName: 'admin' });
    expect(admin.json().Rows.map((r: { CompanyCode: string }) => r.CompanyCode)).toEqual(['1000', '2000']);
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const wrong = await token({ grant_type: 'password', username: 'admin', password: 'nope' });
    const unknown = await token({ grant_type: 'password', username: 'ghost', password: 'nope' });
    expect(wrong.statusCode).toBe(unknown.statusCode);
    const strip = (b: Record<string, unknown>) => ({ ...b, requestId: undefined });
    expect(strip(wrong.json())).toEqual(strip(unknown.json()));
  });
});

describe('an access token past its expiry', () => {
  it('is refused as expired even after it was accepted before', async () => {
    const { access_token } = await t.login('finance');
    expect((await probe(access_token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (t.ctx.config.accessTokenTtl + 1) * 1000 });
    try {
      await expectEnded(access_token, 'auth.token_expired');
    } finally {
      vi.useRealTimers();
    }
    const fresh = await t.login('finance');
    expect((await probe(fresh.access_token)).statusCode).toBe(200);
  });
});

describe('the sign-in rate limit', () => {
  const attempt = (app: TestApp, forwardedFor: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/Token',
      ...form({ grant_type: 'password', username: 'ghost', password: 'x' }),
      headers: { ...form({}).headers, 'x-forwarded-for': forwardedFor },
    });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the peer', async () => {
    const limited = await testApp({ TOKEN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await attempt(limited, `203.0.113.${i + 1}`)).statusCode);
      expect(codes).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });

  it('honours X-Forwarded-For from a trusted proxy, keyed on the client behind it', async () => {
    const proxied = await testApp({ TOKEN_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '127.0.0.1' });
    try {
      const spread: number[] = [];
      for (let i = 0; i < 4; i++) spread.push((await attempt(proxied, `203.0.113.${i + 1}`)).statusCode);
      expect(spread).toEqual([400, 400, 400, 400]);
      const same: number[] = [];
      for (let i = 0; i < 4; i++) same.push((await attempt(proxied, '198.51.100.7')).statusCode);
      expect(same).toEqual([400, 400, 400, 429]);
    } finally {
      await proxied.close();
    }
  });
});
