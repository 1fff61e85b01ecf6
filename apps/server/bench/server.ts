import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer } from '../../../scripts/server-process.mjs';
import type { Statement } from './sql-capture';

export const SERVER_DIR = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const PASSWORD = 'Passw0rd!';
/** Request ids the bench gives the calls whose statements it keeps (the server accepts a client's id). */
export const CAPTURE_PREFIX = 'bench-cap-';

export interface RequestLine {
  statusCode: number;
  responseTime: number;
  queries?: number;
  dbMs?: number;
}

export interface BenchServer {
  url: string;
  pid: number;
  /** Milliseconds from spawn until `/readyz` answered 200. */
  readyMs: number;
  /** The statements of a captured request, in the order they finished. */
  statements(requestId: string): Statement[];
  requestLine(requestId: string): RequestLine | undefined;
  stop(): Promise<void>;
}

/**
 * Starts the real server, its production build (`dist/main.js`, made by `buildServer`), as a child process and waits for `/readyz`. Without `databaseUrl` it runs
 * on the embedded database in `dataDir` (a fresh temporary folder when none is given). Log lines of requests whose
 * id starts with CAPTURE_PREFIX are kept: at level trace, their statements.
 */
export async function startServer(opts: {
  databaseUrl?: string;
  dataDir?: string;
  logLevel?: 'trace' | 'info' | 'warn';
  timeoutMs?: number;
  /** Settings of the server beyond the database and data folder (e.g. the bank's direct link). */
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'ems-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: opts.logLevel ?? 'warn',
    // Many benchmark users sign in from one address within a minute.
    TOKEN_RATE_LIMIT_PER_MINUTE: '10000',
    JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(32).toString('hex'),
    ...opts.env,
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;
  const statements = new Map<string, Statement[]>();
  const lines = new Map<string, RequestLine>();
  // Log lines of the captured requests are taken; the rest is kept (the last 40) to explain a failed start.
  const onLine = (line: string): 'taken' | undefined => {
    if (!line.startsWith('{')) return undefined;
    if (!line.includes(CAPTURE_PREFIX)) return 'taken';
    const entry = JSON.parse(line) as Record<string, unknown>;
    const reqId = String(entry.reqId ?? '');
    if (!reqId.startsWith(CAPTURE_PREFIX)) return 'taken';
    if (entry.msg === 'sql') {
      const list = statements.get(reqId) ?? [];
      list.push({
        sql: String(entry.sql),
        params: (entry.params as unknown[]) ?? [],
        ms: Number(entry.ms),
        startMs: Number(entry.startMs),
      });
      statements.set(reqId, list);
    } else if (entry.msg === 'request' || entry.msg === 'request failed') {
      lines.set(reqId, entry as unknown as RequestLine);
    }
    return 'taken';
  };
  const server = await spawnServer({ env, onLine, keepLines: 40 });
  const stop = () => server.stop('SIGTERM', 10_000).then(() => undefined);
  let readyMs: number;
  try {
    readyMs = await server.waitFor('/readyz', { timeoutMs: opts.timeoutMs ?? 120_000, everyMs: 20 });
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url: server.baseUrl,
    pid: server.child.pid!,
    readyMs,
    statements: (id) => statements.get(id) ?? [],
    requestLine: (id) => lines.get(id),
    async stop() {
      await stop();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds the server as `npm start` runs it, from the sources as they are now: the figures are the build's. */
export function buildServer(): void {
  const built = spawnSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the server build failed');
}
