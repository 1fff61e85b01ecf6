import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { START_LOCK } from '../src/core/db';
import { concurrencyDescribe, concurrencyTest } from './concurrency';
import { copyOfTemplate, type ServerProcess, startServerProcess } from './processes';

// The built server in a process of its own, started and stopped the way an orchestrator does. PostgreSQL only:
// the embedded database would have to be migrated and seeded from nothing for every process.
let database: Awaited<ReturnType<typeof copyOfTemplate>>;
let dataDir: string;
const running: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ems-shutdown-'));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop('SIGKILL')));
  await database?.drop();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  database = await copyOfTemplate();
  const p = await startServerProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, ...env });
  running.push(p);
  return p;
}

const SIGN_IN = new URLSearchParams({ grant_type: 'password', username: 'employee', password: 'Passw0rd!' }).toString();

/** A sign-in whose body arrives in two parts, so it is in flight between them. */
function slowSignIn(baseUrl: string) {
  const req = request(`${baseUrl}/api/auth/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(SIGN_IN) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => (body += String(d)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(SIGN_IN.length / 2);
  req.write(SIGN_IN.slice(0, half));
  return { answer, finish: () => req.end(SIGN_IN.slice(half)), abort: () => req.destroy() };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

concurrencyDescribe('the server process', () => {
  concurrencyTest(
    'listens before the database is migrated: alive at once, ready only once migrated and seeded',
    async () => {
      // Another instance holding the start lock (as if migrating) keeps this one in its start phase.
      const template = await copyOfTemplate();
      database = template;
      const holder = new pg.Client({ connectionString: template.url });
      await holder.connect();
      await holder.query('select pg_advisory_lock($1)', [START_LOCK]);
      const p = await startServerProcess({ DATABASE_URL: template.url, DATA_DIR: dataDir });
      running.push(p);
      try {
        expect((await fetch(`${p.baseUrl}/healthz`)).status).toBe(200);
        const starting = await fetch(`${p.baseUrl}/readyz`);
        expect(starting.status).toBe(503);
        expect(await starting.json()).toEqual({ status: 'starting' });
        const call = await fetch(`${p.baseUrl}/api/auth/Token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: SIGN_IN,
        });
        expect(call.status).toBe(503);
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [START_LOCK]);
        await holder.end();
      }
      await p.ready();
      expect(await (await fetch(`${p.baseUrl}/readyz`)).json()).toEqual({ status: 'ready', database: 'postgres' });
      expect(p.output()).toMatch(/started in \d+ ms/);
    },
  );

  concurrencyTest('on SIGTERM stops taking connections, finishes the request in flight, and exits 0', async () => {
    const p = await start();
    await p.ready();
    const inFlight = slowSignIn(p.baseUrl);
    await pause(300);
    p.child.kill('SIGTERM');
    await pause(500);
    // The listener is closed: a new connection is refused, while the one in flight is still served.
    await expect(fetch(`${p.baseUrl}/healthz`)).rejects.toThrow();
    expect(p.child.exitCode).toBeNull();
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty('access_token');
    expect(await p.exited).toBe(0);
  });

  concurrencyTest('gives up after SHUTDOWN_TIMEOUT_MS when a request never ends, and exits non-zero', async () => {
    const p = await start({ SHUTDOWN_TIMEOUT_MS: '1500' });
    await p.ready();
    const stuck = slowSignIn(p.baseUrl);
    stuck.answer.catch(() => undefined);
    await pause(300);
    const signalled = Date.now();
    p.child.kill('SIGTERM');
    const code = await p.exited;
    stuck.abort();
    expect(code).toBe(1);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1400);
    expect(p.output()).toContain('shutdown did not finish in time');
  });
});
