import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
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

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))));
    });
  });
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
}): Promise<BenchServer> {
  const port = await freePort();
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'ems-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: opts.logLevel ?? 'warn',
    // Many benchmark users sign in from one address within a minute.
    TOKEN_RATE_LIMIT_PER_MINUTE: '10000',
    JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(32).toString('hex'),
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const statements = new Map<string, Statement[]>();
  const lines = new Map<string, RequestLine>();
  const tail: string[] = [];
  const keep = (line: string) => {
    tail.push(line);
    if (tail.length > 40) tail.shift();
  };
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.startsWith('{')) return keep(line);
    if (!line.includes(CAPTURE_PREFIX)) return;
    const entry = JSON.parse(line) as Record<string, unknown>;
    const reqId = String(entry.reqId ?? '');
    if (!reqId.startsWith(CAPTURE_PREFIX)) return;
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
  });
  createInterface({ input: child.stderr! }).on('line', keep);

  const url = `http://127.0.0.1:${port}`;
  const readyMs = await waitReady(child, url, opts.timeoutMs ?? 120_000, started, tail);
  return {
    url,
    pid: child.pid!,
    readyMs,
    statements: (id) => statements.get(id) ?? [],
    requestLine: (id) => lines.get(id),
    async stop() {
      await stopChild(child);
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitReady(
  child: ChildProcess,
  url: string,
  timeoutMs: number,
  started: number,
  tail: string[],
): Promise<number> {
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  while (performance.now() - started < timeoutMs) {
    if (exited !== null) throw new Error(`server exited (${exited}) before ready:\n${tail.join('\n')}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await stopChild(child);
  throw new Error(`server not ready within ${timeoutMs} ms:\n${tail.join('\n')}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Builds the server as `npm start` runs it, from the sources as they are now: the figures are the build's. */
export function buildServer(): void {
  const built = spawnSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the server build failed');
}
