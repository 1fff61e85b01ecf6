import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type SpawnedServer, spawnServer } from '../../../scripts/server-process.mjs';
import { withDatabase } from './template';

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

export type ServerProcess = Pick<SpawnedServer, 'baseUrl' | 'child' | 'output' | 'exited'> & {
  /** Waits until `/readyz` answers 200. */
  ready(timeoutMs?: number): Promise<void>;
  /** Sends the signal (SIGTERM unless told) and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * Runs the built server (`node dist/main.js`, as production does) in a process of its own, and waits until it
 * listens (`/healthz`). Ready is a separate wait, since a test may want to see it starting.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServer({
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TOKEN_RATE_LIMIT_PER_MINUTE: '1000',
      WEB_DIST: 'nowhere',
      ...env,
    },
  });
  await server.waitFor('/healthz');
  return {
    baseUrl: server.baseUrl,
    child: server.child,
    output: server.output,
    exited: server.exited,
    ready: async (timeoutMs = 30_000) => {
      await server.waitFor('/readyz', { timeoutMs });
    },
    stop: (signal = 'SIGTERM') => server.stop(signal),
  };
}
