import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { buildServerIfStale } from '../../scripts/lib.mjs';
import { freePort, spawnServer } from '../../scripts/server-process.mjs';

export const ROOT = resolve(import.meta.dirname, '../..');

/** This machine's first non-loopback IPv4 address: how a colleague on the intranet reaches the app. */
export function intranetAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
}

export interface RunningServer {
  baseUrl: string;
  /** The same server through another address of this machine (it listens on every interface). */
  urlFor(host: string): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The embedded database even when DATABASE_URL is set: the smoke test proves that engine. */
  embedded?: boolean;
}

/**
 * Starts the real server as `npm start` does, from its production build (made here when its sources changed; the
 * web build is already made), on a fresh database:
 * a new database on the PostgreSQL server when DATABASE_URL is set, else an embedded one in a temporary folder.
 */
export async function startServer(env: Record<string, string> = {}, opts: StartOptions = {}): Promise<RunningServer> {
  if ((await buildServerIfStale()) !== 0) throw new Error('the server build failed');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ems-e2e-'));
  let dbName: string | undefined;
  const serverEnv: Record<string, string> = {
    ...process.env,
    // Every interface, as `npm start` does, so the app is reachable by this machine's intranet address too.
    HOST: '0.0.0.0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    ...env,
  } as Record<string, string>;
  if (process.env.DATABASE_URL && !opts.embedded) {
    dbName = `ems_e2e_${port}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${dbName}`;
    serverEnv.DATABASE_URL = u.toString();
  } else delete serverEnv.DATABASE_URL;

  const server = await spawnServer({ env: serverEnv, port });
  await server.waitFor('/readyz', { timeoutMs: 90_000, everyMs: 300 });
  const baseUrl = server.baseUrl;
  return {
    baseUrl,
    urlFor: (host) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      if (dbName && process.env.DATABASE_URL) {
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    },
  };
}
