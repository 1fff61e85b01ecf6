import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importPKCS8, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, type TestApp, testApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ LOGIN_MAX_FAILURES: '5' });
});
afterAll(() => t.close());

const token = (values: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/Token',
    ...form(values),
    headers: { ...form(values).headers, ...headers },
  });

describe('POST /api/auth/Token', () => {
  it('signs in with the password grant and answers the fields the client keeps', async () => {
    const res = await token({ grant_type: 'password', username: 'Employee', password: 'Passw0rd!' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 1800,
      UserName: '张伟',
      Account: 'employee',
      CompanyCode: '1000',
    });
    expect(typeof body.access_token).toBe('string');
    expect(typeof body.refresh_token).toBe('string');
    expect(body.teamID).toEqual(expect.any(Number));
  });

  it('refuses a wrong password or an unknown user with the same coded, translated answer', async () => {
    const wrong = await token(
      { grant_type: 'password', username: 'manager', password: 'nope' },
      { 'accept-language': 'en-GB' },
    );
    const unknown = await token(
      { grant_type: 'password', username: 'nobody', password: 'nope' },
      { 'accept-language': 'en-GB' },
    );
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'auth.invalid_credentials', message: 'Wrong username or password' });
    }
    expect((await token({ grant_type: 'password', username: 'nobody', password: 'x' })).json().message).toBe(
      '用户名或密码不正确',
    );
  });

  it('locks the account after five failures, even for the right password, and tells only the password holder', async () => {
    for (let i = 0; i < 5; i++)
      expect((await token({ grant_type: 'password', username: 'auditor', password: 'bad' })).statusCode).toBe(400);
    // To a guesser the locked account answers like an unknown user: the lock gives no name away.
    const guess = await token({ grant_type: 'password', username: 'auditor', password: 'bad' });
    const ghost = await token({ grant_type: 'password', username: 'ghost', password: 'bad' });
    expect(guess.statusCode).toBe(400);
    expect({ ...guess.json(), requestId: null }).toEqual({ ...ghost.json(), requestId: null });
    const owner = await token({ grant_type: 'password', username: 'auditor', password: 'Passw0rd!' });
    expect(owner.statusCode).toBe(423);
    expect(owner.json().code).toBe('auth.locked');
  });

  it('rejects malformed forms with field errors, never a 500', async () => {
    const forms: Record<string, string>[] = [
      {},
      { grant_type: 'magic' },
      { grant_type: 'password', username: 'x' },
      { grant_type: 'refresh_token' },
    ];
    for (const values of forms) {
      const res = await token(values);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation.failed');
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/auth/Token',
      payload: '{"grant_type":',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('rotates refresh tokens and revokes the whole family when a used one comes back', async () => {
    const first = (await token({ grant_type: 'password', username: 'finance', password: 'Passw0rd!' })).json();
    const second = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(second.statusCode).toBe(200);
    const rotated = second.json();
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    expect(rotated.CompanyID).toBe(first.CompanyID);

    const replay = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('auth.refresh_reused');
    // The thief's reuse also ended the legitimate holder's session.
    const afterTheft = await token({ grant_type: 'refresh_token', refresh_token: rotated.refresh_token });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('signs out by revoking the refresh token', async () => {
    const s = await t.login('compliance');
    expect((await t.call('/api/System/Logout', { refresh_token: s.refresh_token }, s.access_token)).statusCode).toBe(
      200,
    );
    expect((await token({ grant_type: 'refresh_token', refresh_token: s.refresh_token })).statusCode).toBe(401);
  });
});

describe('session calls', () => {
  it('lists the companies a user may sign in to, the default first', async () => {
    const admin = await t.call('/api/System/GetCompanyListByUserName', { UserName: 'admin' });
    expect(admin.json().Rows.map((r: { CompanyCode: string }) => r.CompanyCode)).toEqual(['1000', '2000']);
    expect(admin.json().Rows[0].IsDefault).toBe(true);
  });

  it('shifts company only to one the user belongs to', async () => {
    const admin = await t.login('admin');
    const shifted = await t.call('/api/System/ShiftCompany', { TargetCompanyID: 2 }, admin.access_token);
    expect(shifted.statusCode).toBe(200);
    expect(shifted.json()).toMatchObject({ CompanyID: 2, CompanyCode: '2000', IsAdmin: true });
    const info = await t.call('/api/System/GetDefaultInfo', {}, shifted.json().access_token);
    expect(info.json().CompanyID).toBe(2);

    const employee = await t.login('employee');
    const refused = await t.call('/api/System/ShiftCompany', { TargetCompanyID: 2 }, employee.access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.company_not_allowed');
  });

  it('refuses a body UserID or CompanyID that the token does not carry', async () => {
    const s = await t.login('employee');
    const ok = await t.call(
      '/api/System/GetDefaultInfo',
      { UserID: s.UserID, CompanyID: s.CompanyID, ProxyId: null, Language: 'zh-CN' },
      s.access_token,
    );
    expect(ok.statusCode).toBe(200);
    for (const body of [{ UserID: s.UserID + 1 }, { CompanyID: 2 }, { ProxyId: 1 }]) {
      const res = await t.call('/api/System/GetDefaultInfo', body, s.access_token);
      expect(res.statusCode).toBe(403);
    }
  });

  it('changes the password: the old one stops working, the new one signs in', async () => {
    const s = await t.login('manager');
    const wrongOld = await t.call(
      '/api/System/ModifyPassword',
      { OldPassword: 'x', NewPassword: 'NewPassw0rd' },
      s.access_token,
    );
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().errors[0]).toMatchObject({ field: 'OldPassword', code: 'auth.old_password_wrong' });
    const weak = await t.call(
      '/api/System/ModifyPassword',
      { OldPassword: 'Passw0rd!', NewPassword: 'short' },
      s.access_token,
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].field).toBe('NewPassword');
    const ok = await t.call(
      '/api/System/ModifyPassword',
      { OldPassword: 'Passw0rd!', NewPassword: 'NewPassw0rd' },
      s.access_token,
    );
    expect(ok.statusCode).toBe(200);
    expect((await token({ grant_type: 'password', username: 'manager', password: 'Passw0rd!' })).statusCode).toBe(400);
    expect((await token({ grant_type: 'password', username: 'manager', password: 'NewPassw0rd' })).statusCode).toBe(
      200,
    );
  });

  it('lets an administrator reset a password, which must then be changed', async () => {
    const admin = await t.login('admin');
    const target = await t.login('employee');
    const employee = await t.login('employee');
    expect(
      (await t.call('/api/System/ResetPassword', { TargetUserID: admin.UserID }, employee.access_token)).statusCode,
    ).toBe(403);
    const res = await t.call('/api/System/ResetPassword', { TargetUserID: target.UserID }, admin.access_token);
    expect(res.statusCode).toBe(200);
    const temporary = res.json().TemporaryPassword as string;
    const signedIn = await t.login('employee', temporary);
    expect(signedIn.MustChangePassword).toBe(true);
    // The sessions from before the reset are over.
    expect((await token({ grant_type: 'refresh_token', refresh_token: target.refresh_token })).statusCode).toBe(401);
    expect(
      (
        await t.call(
          '/api/System/ModifyPassword',
          { OldPassword: temporary, NewPassword: 'Passw0rd!' },
          signedIn.access_token,
        )
      ).statusCode,
    ).toBe(200);
    expect((await t.login('employee')).MustChangePassword).toBe(false);
    expect((await t.call('/api/System/ResetPassword', { TargetUserID: 999999 }, admin.access_token)).statusCode).toBe(
      404,
    );
  });

  it('answers Authorize from the user’s functions', async () => {
    const s = await t.login('employee');
    expect((await t.call('/api/System/Authorize', { FunctionCode: 'personalExpense' }, s.access_token)).json()).toEqual(
      { Authorized: true },
    );
    expect((await t.call('/api/System/Authorize', { FunctionCode: 'languageManage' }, s.access_token)).json()).toEqual({
      Authorized: false,
    });
  });
});

describe('single sign-on and open API tokens', () => {
  it('refuse clearly while not configured', async () => {
    for (const [url, body] of [
      ['/api/System/JWTLogin', { Token: 'x'.repeat(20) }],
      ['/api/System/JWTLogin2Amex', { Token: 'x'.repeat(20) }],
      ['/api/System/JWTLoginRefresh', { refresh_token: 'x'.repeat(20) }],
      ['/api/System/GetOpenApiToken', { ClientId: 'erp', ClientSecret: 'secret' }],
    ] as const) {
      const res = await t.call(url, body, undefined, { 'accept-language': 'en-GB' });
      expect(res.statusCode, url).toBe(503);
      expect(res.json().message).toMatch(/not configured/);
    }
  });

  it('work with a configured key and clients', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ems-sso-'));
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(join(dir, 'sso.pem'), publicKey.export({ type: 'spki', format: 'pem' }));
    const configured = await testApp({
      SSO_PUBLIC_KEY_FILE: join(dir, 'sso.pem'),
      SSO_ISSUER: 'https://idp.example',
      AMEX_PUBLIC_KEY_FILE: join(dir, 'sso.pem'),
      OPENAPI_CLIENTS: JSON.stringify([
        { ClientId: 'erp', Secret: 'a-long-enough-secret', Scopes: ['languageManage'] },
      ]),
    });
    try {
      const key = await importPKCS8(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'RS256');
      const idToken = await new SignJWT({ preferred_username: 'employee' })
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuer('https://idp.example')
        .setExpirationTime('5m')
        .sign(key);
      const sso = await configured.call('/api/System/JWTLogin', { Token: idToken });
      expect(sso.statusCode).toBe(200);
      expect(sso.json().Account).toBe('employee');
      const renewed = await configured.call('/api/System/JWTLoginRefresh', { refresh_token: sso.json().refresh_token });
      expect(renewed.statusCode).toBe(200);
      expect((await configured.call('/api/System/JWTLogin2Amex', { Token: idToken })).statusCode).toBe(200);

      const forged = await new SignJWT({ preferred_username: 'admin' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('https://idp.example')
        .sign(new TextEncoder().encode('x'.repeat(32)));
      expect((await configured.call('/api/System/JWTLogin', { Token: forged })).statusCode).toBe(401);

      expect(
        (await configured.call('/api/System/GetOpenApiToken', { ClientId: 'erp', ClientSecret: 'wrong-secret-value' }))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await configured.call('/api/System/GetOpenApiToken', {
            ClientId: 'erp',
            ClientSecret: 'a-long-enough-secret',
            Scope: 'personManage',
          })
        ).statusCode,
      ).toBe(403);
      const api = await configured.call('/api/System/GetOpenApiToken', {
        ClientId: 'erp',
        ClientSecret: 'a-long-enough-secret',
      });
      expect(api.json()).toMatchObject({ token_type: 'Bearer', scope: 'languageManage' });
      const apiToken = api.json().access_token as string;
      expect((await configured.call('/api/System/SearchLanguage', { PageSize: 1 }, apiToken)).statusCode).toBe(200);
      expect((await configured.call('/api/System/getMenu', {}, apiToken)).statusCode).toBe(403);
    } finally {
      await configured.close();
    }
  });
});
