import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { ROOT_DIR, SERVER_DIR } from '../src/core/paths';
import { withDatabase } from './template';

/** The production build the set-up made (test/global-setup.ts builds it when its sources changed). */
export const BUILT_SERVER = join(SERVER_DIR, 'dist/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? resolve(a.port) : reject(new Error('no free port'))));
    });
  });
}

/** A fresh copy of the run's migrated, demo-seeded PostgreSQL template, and how to drop it. */
export async function copyOfTemplate(): Promise<{ url: string; drop(): Promise<void> }> {
  const template = JSON.parse(inject('dbTemplate')) as { kind: string; name: string; url: string };
  if (template.kind !== 'postgres') throw new Error('server processes run on PostgreSQL only');
  const name = `${template.name}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template.name}`);
  await admin.end();
  return {
    url: withDatabase(template.url, name),
    async drop() {
      const c = new pg.Client({ connectionString: template.url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** What the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Waits until `/readyz` answers 200. */
  ready(timeoutMs?: number): Promise<void>;
  /** Sends the signal (SIGTERM unless told) and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs the built server (`node dist/main.js`, as production does) in a process of its own, and waits until it
 * listens (`/healthz`). Ready is a separate wait, since a test may want to see it starting.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    TOKEN_RATE_LIMIT_PER_MINUTE: '1000',
    WEB_DIST: 'nowhere',
    ...env,
  };
  const child = spawn(process.execPath, ['--enable-source-maps', BUILT_SERVER], {
    cwd: ROOT_DIR,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (d) => (printed += String(d)));
  child.stderr?.on('data', (d) => (printed += String(d)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const waitFor = async (path: string, timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited early (${child.exitCode}):\n${printed}`);
      try {
        if ((await fetch(`${baseUrl}${path}`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > until) throw new Error(`${path} did not answer 200 in ${timeoutMs} ms:\n${printed}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  await waitFor('/healthz', 30_000);
  return {
    baseUrl,
    child,
    output: () => printed,
    exited,
    ready: (timeoutMs = 30_000) => waitFor('/readyz', timeoutMs),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
