import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from '../../web/build/precompress';
import { type TestApp, testApp } from './app';

// How the app's answers travel: over plain HTTP on an intranet address, through an HTTPS proxy, compressed, cached.
let t: TestApp;
let webDist: string;
const bundle = `console.log(${JSON.stringify('费用管理 '.repeat(800))});\n`;

beforeAll(async () => {
  // A web build of its own, so these checks do not depend on `npm run build` having run.
  webDist = mkdtempSync(join(tmpdir(), 'ems-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    `<!doctype html><html><body><div id="root"></div>${' '.repeat(2000)}</body></html>`,
  );
  writeFileSync(join(webDist, 'assets/index-Ab12Cd34.js'), bundle);
  writeFileSync(join(webDist, 'server-only.txt'), 'not for browsers');
  // A bundle the build compressed ahead (apps/web/build/precompress.ts), which the server must send as it is.
  writeFileSync(join(webDist, 'assets/vendor-Ef56Gh78.js'), bundle);
  await precompressFile(join(webDist, 'assets/vendor-Ef56Gh78.js'));
  // The proxy in front of the app is trusted (the test's calls come from 127.0.0.1).
  t = await testApp({ WEB_DIST: webDist, TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('over plain HTTP on the intranet', () => {
  it('the content security policies never ask the browser to upgrade to HTTPS (web app, API documentation)', async () => {
    for (const url of ['/', '/api/docs/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
    }
  });

  it('sends no HSTS (nor opener policy) over plain HTTP, and sends them when the proxy says the request came over HTTPS', async () => {
    const plain = await get('/healthz');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Ignored over plain HTTP, where browsers log an error for it on every page.
    expect(plain.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(
      (await get('/healthz', { 'x-forwarded-proto': 'http' })).headers['strict-transport-security'],
    ).toBeUndefined();
    const secure = await get('/healthz', { 'x-forwarded-proto': 'https' });
    expect(secure.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    expect(secure.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('compression', () => {
  it('compresses JSON answers of the API with brotli or gzip, as the browser asks', async () => {
    const admin = await t.login('admin');
    for (const [encoding, inflate] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.call('/api/System/getMenu', {}, admin.access_token, { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(JSON.parse(inflate(res.rawPayload).toString('utf8'))).toBeTruthy();
    }
    const plain = await t.call('/api/System/getMenu', {}, admin.access_token, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toBeTruthy();
  });

  it('compresses the web app’s files and keeps hashed bundles for a year', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(bundle);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(bundle) / 4);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the files the build compressed ahead as they are, gzip or brotli as the browser asks, or plain', async () => {
    const url = '/assets/vendor-Ef56Gh78.js';
    for (const [encoding, file] of [
      ['br', 'vendor-Ef56Gh78.js.br'],
      ['gzip', 'vendor-Ef56Gh78.js.gz'],
    ] as const) {
      const res = await get(url, { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals(readFileSync(join(webDist, 'assets', file)))).toBe(true);
    }
    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });

  it('answers a bundle that is not there (an old page asking after an upgrade) with the coded 404, not the page', async () => {
    for (const url of ['/assets/index-Gone1234.js', '/assets/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().type, url).toBe('urn:ems:error:common.route_not_found');
    }
  });

  it('serves nothing from outside the bundles’ folder', async () => {
    for (const url of ['/assets/..%2fserver-only.txt', '/assets/%2e%2e/server-only.txt', '/server-only.txt']) {
      expect((await get(url)).body, url).not.toContain('not for browsers');
    }
  });

  it('asks for the page anew every time: index.html and the single-page fallback', async () => {
    for (const url of ['/', '/index.html', '/manage/approveCenter']) {
      const res = await get(url, { 'accept-encoding': 'gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(res.rawPayload).toString('utf8'), url).toContain('<div id="root">');
    }
  });

  it('keeps a versioned language pack for a year, compressed', async () => {
    const first = await get('/Content/Language/Language_zh-CN.json');
    const version = String(first.headers['x-language-version']);
    expect(first.headers['cache-control']).toBe('no-cache');
    const res = await get(`/Content/Language/Language_zh-CN.json?v=${version}`, { 'accept-encoding': 'gzip' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Object.keys(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).length).toBeGreaterThan(100);
  });
});
