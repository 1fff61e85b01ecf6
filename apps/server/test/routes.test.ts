import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installSecurity } from '../src/core/security';
import { type TestApp, testApp } from './app';

let t: TestApp;
let routes: { method: string; url: string; permission: unknown }[];
beforeAll(async () => {
  t = await testApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(doc.paths).flatMap(([url, item]) =>
    Object.keys(item).map((m) => ({ method: m.toUpperCase(), url, permission: undefined })),
  );
});
afterAll(() => t.close());

describe('every route', () => {
  it('is in the OpenAPI document with its schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    const token = doc.paths['/api/auth/Token'].post;
    expect(token.requestBody).toBeDefined();
    expect(token.responses['200']).toBeDefined();
    expect(routes.length).toBeGreaterThan(20);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
    // The two operations endpoints say which is which: alive, and serving.
    expect(doc.paths['/healthz'].get.summary).toMatch(/^Alive/);
    expect(doc.paths['/readyz'].get.summary).toMatch(/^Serving/);
  });

  it('answers 401 without a token unless public', async () => {
    const publicCalls = new Set([
      '/api/auth/Token',
      '/api/System/Index',
      '/api/System/GetCompanyListByUserName',
      '/api/System/JWTLogin',
      '/api/System/JWTLoginRefresh',
      '/api/System/JWTLogin2Amex',
      '/api/System/GetOpenApiToken',
      '/api/Shared/Document',
      '/api/Shared/Attachment',
      '/tmc-sim',
      '/tmc-sim/book',
      '/Content/Language/Language_zh-CN.json',
      '/Content/Language/Language_en-GB.json',
      '/healthz',
      '/readyz',
    ]);
    for (const r of routes.filter((r) => !publicCalls.has(r.url))) {
      const res = await t.app.inject({
        method: r.method as 'POST',
        url: r.url,
        payload: r.method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().code).toBe('auth.unauthorized');
    }
  });

  it('answers 401 for a forged or expired token', async () => {
    const forged = await t.call('/api/System/getMenu', {}, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('auth.token_invalid');
  });

  it('never answers 500 to a malformed body', { timeout: 120_000 }, async () => {
    const s = await t.login('admin');
    const bodies = [
      'not json',
      '[]',
      '{"PageIndex":"x"}',
      '{"IDs":[null]}',
      '{"a":{"b":{"c":[1,2,{"d":null}]}}}',
      'null',
      '"text"',
      '{"ID":-1,"PageID":""}',
    ];
    const posts = routes.filter((r) => r.method === 'POST');
    const answers = await Promise.all(
      posts.flatMap((r) =>
        bodies.map(async (payload) => {
          const res = await t.app.inject({
            method: 'POST',
            url: r.url,
            payload,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${s.access_token}` },
          });
          return { what: `${r.url} ${payload}`, status: res.statusCode, type: String(res.headers['content-type']) };
        }),
      ),
    );
    for (const a of answers) {
      expect(a.status, a.what).toBeLessThan(500);
      if (a.status >= 400) expect(a.type, a.what).toContain('application/problem+json');
    }
  });

  it('answers 403 with a coded, translated message for a user without the function', async () => {
    const s = await t.login('employee');
    const res = await t.call('/api/System/SearchLanguage', { Language: 'en-GB' }, s.access_token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'auth.function_missing',
      message: 'You do not have permission to use this function',
    });
    expect(res.json().requestId).toEqual(expect.any(String));
  });

  it('matches paths without regard to case', async () => {
    const res = await t.call('/API/system/INDEX', {});
    expect(res.statusCode).toBe(200);
  });
});

describe('the app', () => {
  it('refuses to start when an /api route declares no permission', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installSecurity(
      app,
      await crypto.subtle.importKey('raw', new Uint8Array(32), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']),
      async () => null,
      async () => [],
    );
    expect(() => app.post('/api/Some/Thing', async () => ({}))).toThrow(/declares no permission/);
    await app.close();
  });

  it('serves health and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ status: 'ready' });
  });

  it('reports its version and the request id on every answer', async () => {
    const res = await t.call('/api/System/Index', {}, undefined, { 'x-request-id': 'abcdef123456' });
    expect(res.headers['x-app-version']).toBe(t.ctx.appVersion);
    expect(res.headers['x-request-id']).toBe('abcdef123456');
    expect(res.json().AppVersion).toBe(t.ctx.appVersion);
  });

  it('answers unknown API paths with a coded 404', async () => {
    const res = await t.call('/api/Nothing/Here', {});
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('common.route_not_found');
  });
});
