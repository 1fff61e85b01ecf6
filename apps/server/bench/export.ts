import { readFileSync } from 'node:fs';
import { BROWSER_ENCODINGS, call, signIn } from './http';
import type { Line } from './report';
import { startServer } from './server';

const ROWS = 100_000;
const SECONDS_BUDGET = 5;
const MB_BUDGET = 200;
/** An export still running after this long is stopped and reported as such (12 times the budget). */
const GIVE_UP_S = 60;

/** Over budget on fewer rows than the budget's is a miss; within it, it proves nothing for the full size. */
function verdict(full: boolean, within: boolean): boolean | null {
  if (full || !within) return within;
  return null;
}

/** The resident memory of a process, in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : Number.NaN;
}

/**
 * The administrator's view-centre export of every document (`DownloadList`, up to 100,000 rows): the time until the
 * last byte has arrived, and how far the server's resident memory rose above where it stood before, sampled every
 * 20 ms while the file streams.
 */
export async function runExport(opts: { database: string; admin: string }): Promise<Line[]> {
  const server = await startServer({ databaseUrl: opts.database, logLevel: 'info' });
  try {
    const admin = await signIn(server.url, opts.admin);
    const page = await call<{ Total: number }>(
      server.url,
      '/api/DocumentViewCenter/SearchList',
      // Lists count ten pages past the page asked for: page 200 of 500 counts past 100,000 rows.
      { PageIndex: 200, PageSize: 500, All: true },
      admin,
    );
    const rows = Math.min(ROWS, page.Total);
    const baseline = Math.max(...[0, 1, 2].map(() => rssMb(server.pid)));
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.pid));
    }, 20);
    const started = performance.now();
    let bytes = 0;
    let finished = false;
    const abort = new AbortController();
    const giveUp = setTimeout(() => abort.abort(), GIVE_UP_S * 1000);
    try {
      const res = await fetch(`${server.url}/api/DocumentViewCenter/DownloadList`, {
        signal: abort.signal,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${admin.token}`,
          ...BROWSER_ENCODINGS,
        },
        body: JSON.stringify({ List: 'personal', All: true }),
      });
      if (res.status !== 200) throw new Error(`DownloadList answered ${res.status}: ${await res.text()}`);
      for await (const chunk of res.body!) bytes += (chunk as Uint8Array).byteLength;
      finished = true;
    } catch (err) {
      if (!abort.signal.aborted) throw err;
    } finally {
      clearTimeout(giveUp);
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, rssMb(server.pid));
    const growth = peak - baseline;
    const full = rows >= ROWS;
    const short = full ? '' : ` (only ${rows} documents in the data: the budget is for ${ROWS})`;
    const per100k = full ? '' : `, ≈ ${((seconds * ROWS) / Math.max(1, rows)).toFixed(1)} s per ${ROWS} rows`;
    return [
      {
        part: 'export',
        what: `view-centre export, all documents (admin), ${rows} rows`,
        figures: finished
          ? `${seconds.toFixed(2)} s${per100k}, ${(bytes / 1024 / 1024).toFixed(1)} MB file${short}`
          : `not finished after ${GIVE_UP_S} s (stopped; ${(bytes / 1024 / 1024).toFixed(1)} MB received)${short}`,
        budget: `≤ ${SECONDS_BUDGET} s for ${ROWS} rows`,
        met: finished ? verdict(full, seconds <= SECONDS_BUDGET) : false,
      },
      {
        part: 'export',
        what: `server memory growth during that export${finished ? '' : ` (its first ${GIVE_UP_S} s)`}`,
        figures: `+${growth.toFixed(0)} MB (RSS ${baseline.toFixed(0)} → peak ${peak.toFixed(0)} MB)${short}`,
        budget: `≤ ${MB_BUDGET} MB`,
        met: verdict(full, growth <= MB_BUDGET),
      },
    ];
  } finally {
    await server.stop();
  }
}
