import { shanghaiToday } from '../src/core/time';
import { call, signIn, timedDownload } from './http';
import type { Line } from './report';
import { startServer } from './server';
import { latencies } from './stats';

const PAGE_BUDGET_MS = 1000;
const EXPORT_ROWS = 100_000;
const EXPORT_BUDGET_S = 5;
const MB_BUDGET = 200;
const TIMES = 5;

const REPORTS = [
  'SearchApplyDetailByCostCenter',
  'SearchApplyDetailByProduct',
  'SearchDeputyDetailByCostCenter',
  'SearchDeputyDetailByProduct',
];

/** The year before today (Shanghai): every generated line falls in it. */
function lastYear(): { DateFrom: string; DateTo: string } {
  const to = shanghaiToday();
  const from = new Date(`${to}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - 364);
  return { DateFrom: from.toISOString().slice(0, 10), DateTo: to };
}

/**
 * The spend and daily sales reports (`planCostReport` … `Daily_Sales_Report_Budget`): each report's first page with
 * its totals over a year of lines, timed five times one after another, and one export of up to 100,000 lines with
 * the server's memory growth while it streams.
 */
export async function runSpendReports(opts: { database: string; admin: string }): Promise<Line[]> {
  const server = await startServer({ databaseUrl: opts.database, logLevel: 'info' });
  const lines: Line[] = [];
  try {
    const admin = await signIn(server.url, opts.admin);
    const range = lastYear();
    const timed = async (url: string, body: Record<string, unknown>) => {
      const samples: number[] = [];
      let total = 0;
      for (let i = 0; i < TIMES; i++) {
        const started = performance.now();
        const page = await call<{ Total: number }>(server.url, url, { PageIndex: 1, PageSize: 20, ...body }, admin);
        samples.push(performance.now() - started);
        total = page.Total;
      }
      return { l: latencies(samples), total };
    };
    for (const name of REPORTS) {
      const { l, total } = await timed(`/api/Report/${name}`, range);
      lines.push({
        part: 'spendreports',
        what: `${name}: first page + total and monthly trend over ${range.DateFrom}…${range.DateTo} (${total} lines)`,
        figures: `p50 ${l.p50.toFixed(0)} ms, p95 ${l.p95.toFixed(0)} ms (${TIMES} calls)`,
        budget: `≤ ${PAGE_BUDGET_MS} ms`,
        met: l.p95 <= PAGE_BUDGET_MS,
      });
    }
    for (const [name, body] of [
      ['GetASPList', {}],
      ['GetBudGetList', {}],
    ] as const) {
      const { l, total } = await timed(`/api/Report/${name}`, body);
      lines.push({
        part: 'spendreports',
        what: `${name}: first page + totals, current year (${total} rows)`,
        figures: `p50 ${l.p50.toFixed(0)} ms, p95 ${l.p95.toFixed(0)} ms (${TIMES} calls)`,
        budget: `≤ ${PAGE_BUDGET_MS} ms`,
        met: l.p95 <= PAGE_BUDGET_MS,
      });
    }

    const { Total } = await call<{ Total: number }>(
      server.url,
      '/api/Report/SearchDeputyDetailByCostCenter',
      { ...range, PageSize: 1 },
      admin,
    );
    const rows = Math.min(EXPORT_ROWS, Total);
    const {
      seconds,
      bytes,
      baselineMb: baseline,
      peakMb: peak,
    } = await timedDownload(server, '/api/Report/ExportDeputyDetailByCostCenter', range, admin);
    const full = rows >= EXPORT_ROWS;
    const short = full ? '' : ` (only ${rows} lines in the data: the budget is for ${EXPORT_ROWS})`;
    lines.push(
      {
        part: 'spendreports',
        what: `ExportDeputyDetailByCostCenter, ${rows} lines`,
        figures: `${seconds.toFixed(2)} s, ${(bytes / 1024 / 1024).toFixed(1)} MB file${short}`,
        budget: `≤ ${EXPORT_BUDGET_S} s for ${EXPORT_ROWS} rows`,
        met: full ? seconds <= EXPORT_BUDGET_S : seconds <= EXPORT_BUDGET_S ? null : false,
      },
      {
        part: 'spendreports',
        what: 'server memory growth during that export',
        figures: `+${(peak - baseline).toFixed(0)} MB (RSS ${baseline.toFixed(0)} → peak ${peak.toFixed(0)} MB)${short}`,
        budget: `≤ ${MB_BUDGET} MB`,
        met: full ? peak - baseline <= MB_BUDGET : null,
      },
    );
    return lines;
  } finally {
    await server.stop();
  }
}
