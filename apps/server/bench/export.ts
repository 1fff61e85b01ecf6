import { call, signIn, timedDownload } from './http';
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
    const {
      seconds,
      bytes,
      baselineMb: baseline,
      peakMb: peak,
      finished,
    } = await timedDownload(
      server,
      '/api/DocumentViewCenter/DownloadList',
      { List: 'personal', All: true },
      admin,
      GIVE_UP_S,
    );
    const growth = peak - baseline;
    // The HCP master's export (every HCP of the company with its HCO, in the import layout).
    const hcps = await timedDownload(server, '/api/customerMaster/ExportHCP', {}, admin, GIVE_UP_S);
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
      {
        part: 'export',
        what: 'HCP master export, every HCP of the company (admin)',
        figures: hcps.finished
          ? `${hcps.seconds.toFixed(2)} s, ${(hcps.bytes / 1024).toFixed(0)} KB file`
          : `not finished after ${GIVE_UP_S} s`,
        budget: `≤ ${SECONDS_BUDGET} s`,
        met: hcps.finished && hcps.seconds <= SECONDS_BUDGET,
      },
    ];
  } finally {
    await server.stop();
  }
}
