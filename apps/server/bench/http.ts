import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { PASSWORD } from './server';

/** What a browser accepts, so answers are compressed as the web app receives them. */
export const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br' };

export interface Session {
  username: string;
  token: string;
  userId: number;
  /** The kept-alive connection this user's calls go through, as a browser keeps its own; else the shared pool. */
  agent?: http.Agent;
}

export class CallError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    url: string,
  ) {
    super(`${url} answered ${status}: ${body.slice(0, 300)}`);
  }
}

/** Signs in with the password every demo and generated user has (`POST /api/auth/Token`, form-encoded). */
export async function signIn(base: string, username: string): Promise<Session> {
  const res = await fetch(`${base}/api/auth/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password: PASSWORD }).toString(),
  });
  const text = await res.text();
  if (res.status !== 200) throw new CallError(res.status, text, `sign-in of ${username}`);
  const json = JSON.parse(text) as { access_token: string; UserID: number };
  return { username, token: json.access_token, userId: json.UserID };
}

/** Signs in several users, a few at a time (each sign-in hashes a password). */
export async function signInAll(base: string, usernames: readonly string[]): Promise<Session[]> {
  const sessions: Session[] = new Array(usernames.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(4, usernames.length) }, async () => {
      while (next < usernames.length) {
        const i = next++;
        sessions[i] = await signIn(base, usernames[i]!);
      }
    }),
  );
  return sessions;
}

/**
 * Connections kept open between calls, as a browser keeps its own. Calls go through `node:http` rather than `fetch`:
 * the benchmark's client shares the machine's two cores with the server and PostgreSQL, and `fetch` spent about a
 * millisecond of processor time per call of its own (measured: 0.9–1.3 ms against 0.25–0.37 ms), time taken from the
 * server it measures while the bare runs' `pg` client costs a fraction of that.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  if (encoding === 'deflate') return inflateSync(body).toString('utf8');
  return body.toString('utf8');
}

/** POSTs JSON as the web app does and answers the parsed body; anything but 200 throws. */
export function call<T = unknown>(
  base: string,
  url: string,
  body: unknown,
  session: Session,
  headers: Record<string, string> = {},
): Promise<T> {
  const payload = JSON.stringify(body ?? {});
  return new Promise<T>((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method: 'POST',
        agent: session.agent ?? agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${session.token}`,
          ...BROWSER_ENCODINGS,
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          try {
            const text = decoded(Buffer.concat(chunks), res.headers['content-encoding']);
            if (res.statusCode !== 200) throw new CallError(res.statusCode ?? 0, text, url);
            resolve((text ? JSON.parse(text) : undefined) as T);
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The resident memory of a process, in MB (`/proc/<pid>/status`). */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** Clock ticks per second, the unit of a process's times in `/proc` (100 on Linux unless built otherwise). */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/**
 * The processor time a process has used so far, user and system, all its threads, in seconds
 * (`/proc/<pid>/stat`); undefined when this machine does not show it (a process elsewhere, or gone).
 */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

export interface TimedDownload {
  seconds: number;
  bytes: number;
  /** The server's resident memory before the call and its peak during it (sampled every 20 ms), in MB. */
  baselineMb: number;
  peakMb: number;
  /** False when the download was given up after `giveUpS`. */
  finished: boolean;
}

/**
 * Downloads a file as the browser would (compressed answers), timed to its last byte while the server's memory is
 * sampled: what every export line of the benchmark measures.
 */
export async function timedDownload(
  server: { url: string; pid: number },
  path: string,
  body: unknown,
  who: Session,
  giveUpS = 600,
): Promise<TimedDownload> {
  const baselineMb = Math.max(...[0, 1, 2].map(() => rssMb(server.pid)));
  let peakMb = baselineMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(server.pid));
  }, 20);
  const started = performance.now();
  let bytes = 0;
  let finished = false;
  const abort = new AbortController();
  const giveUp = setTimeout(() => abort.abort(), giveUpS * 1000);
  try {
    const res = await fetch(`${server.url}${path}`, {
      signal: abort.signal,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}`, ...BROWSER_ENCODINGS },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new CallError(res.status, await res.text(), path);
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).byteLength;
    finished = true;
  } catch (err) {
    if (!abort.signal.aborted) throw err;
  } finally {
    clearTimeout(giveUp);
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peakMb = Math.max(peakMb, rssMb(server.pid));
  return { seconds, bytes, baselineMb, peakMb, finished };
}
