import pg from 'pg';
import { call, type Session, signIn, timedDownload } from './http';
import type { Line } from './report';
import { startServer } from './server';
import { type Latencies, timedConcurrently, warmP95 } from './stats';

const REPORTS = ['HCP', 'HCO', 'ClinicalTrialHCO', 'Overseas', 'LectureFee'] as const;
const PAGE_BUDGET_MS = 1000;
const EXPORT_ROWS = 100_000;
const EXPORT_BUDGET_S = 5;
const MB_BUDGET = 200;
const RUNS = 7;
/** DESIGN §18: the yearly-used reports at 50 requests in flight (issue 25 item 15). */
const IN_FLIGHT = 50;
const ROUNDS = 10;
const LOADED_BUDGET_MS = 100;
const LOADED_MAX_MS = 60_000;

/** `IN_FLIGHT` callers, each calling again as soon as answered, `ROUNDS` times (or until a minute has passed). */
function underLoad(run: () => Promise<unknown>): Promise<Latencies> {
  return timedConcurrently(IN_FLIGHT, ROUNDS, run, LOADED_MAX_MS);
}

function loadedLine(what: string, l: Latencies): Line {
  return {
    part: 'compliance',
    what: `${what}, ${IN_FLIGHT} requests always in flight`,
    figures: `p50 ${l.p50.toFixed(0)} p95 ${l.p95.toFixed(0)} p99 ${l.p99.toFixed(0)} ms; n=${l.n}${
      l.errors ? `; ${l.errors} errors: ${l.firstError}` : ''
    }`,
    budget: `p95 ≤ ${LOADED_BUDGET_MS} ms`,
    met: l.errors === 0 && l.p95 <= LOADED_BUDGET_MS,
  };
}

const timed = (run: () => Promise<unknown>) => warmP95(run, RUNS);

/**
 * The yearly-used reports (issue 12, item 7): each report's first page with its totals, the drill-down into its most
 * used subject and the documents of every subject, each ≤ 1 s for one user and ≤ 100 ms p95 with 50 requests always
 * in flight (issue 25 item 15, decision 055); and the HCP documents exported (up to 100,000 rows)
 * in ≤ 5 s with ≤ 200 MB server memory growth. Signed in as `compliance`.
 */
export async function runCompliance(opts: { database: string }): Promise<Line[]> {
  const server = await startServer({ databaseUrl: opts.database, logLevel: 'info' });
  const lines: Line[] = [];
  try {
    const who: Session = await signIn(server.url, 'compliance');
    const year = new Date().getFullYear();
    for (const report of REPORTS) {
      let first: { Total: number; Rows: { SubjectID: number }[] } = { Total: 0, Rows: [] };
      const ms = await timed(async () => {
        first = await call(server.url, `/api/Report/Search${report}YearUsedAmount`, { Year: year }, who);
      });
      lines.push({
        part: 'compliance',
        what: `Search${report}YearUsedAmount first page + totals (${first.Total} subjects)`,
        figures: `p95 ${ms.toFixed(0)} ms`,
        budget: `≤ ${PAGE_BUDGET_MS} ms`,
        met: ms <= PAGE_BUDGET_MS,
      });
      const top = first.Rows[0]?.SubjectID;
      let docs = 0;
      const detailMs = await timed(async () => {
        const page = await call<{ Total: number }>(
          server.url,
          `/api/Report/Search${report}YearUsedAmountDetail`,
          { Year: year, ...(top ? { SubjectID: top } : {}) },
          who,
        );
        docs = page.Total;
      });
      lines.push({
        part: 'compliance',
        what: `Search${report}YearUsedAmountDetail first page, most used subject (${docs}${docs ? '+' : ''} rows counted)`,
        figures: `p95 ${detailMs.toFixed(0)} ms`,
        budget: `≤ ${PAGE_BUDGET_MS} ms`,
        met: detailMs <= PAGE_BUDGET_MS,
      });
      const pageLoaded = await underLoad(() =>
        call(server.url, `/api/Report/Search${report}YearUsedAmount`, { Year: year }, who),
      );
      lines.push(loadedLine(`Search${report}YearUsedAmount first page + totals`, pageLoaded));
      const detailLoaded = await underLoad(() =>
        call(
          server.url,
          `/api/Report/Search${report}YearUsedAmountDetail`,
          { Year: year, ...(top ? { SubjectID: top } : {}) },
          who,
        ),
      );
      lines.push(loadedLine(`Search${report}YearUsedAmountDetail first page, most used subject`, detailLoaded));
    }
    const allMs = await timed(() => call(server.url, '/api/Report/SearchHCPYearUsedAmountDetail', { Year: year }, who));
    lines.push({
      part: 'compliance',
      what: 'HCPReport: documents of every HCP, first page',
      figures: `p95 ${allMs.toFixed(0)} ms`,
      budget: `≤ ${PAGE_BUDGET_MS} ms`,
      met: allMs <= PAGE_BUDGET_MS,
    });
    const allLoaded = await underLoad(() =>
      call(server.url, '/api/Report/SearchHCPYearUsedAmountDetail', { Year: year }, who),
    );
    lines.push(loadedLine('HCPReport: documents of every HCP, first page', allLoaded));

    const {
      seconds,
      bytes,
      baselineMb: baseline,
      peakMb: peak,
    } = await timedDownload(server, '/api/Report/ExportHCPYearUsedAmount', { Year: year, Detail: true }, who);
    // The export writes every row of the year, however many: counted here so its time is read per 100,000.
    const client = new pg.Client({ connectionString: opts.database });
    await client.connect();
    const { rows: counted } = await client.query<{ n: number }>(
      `select count(*)::int as n from quota_ledger
       where company_id = (select company_id from employee where id = $1) and kind = 'hcp' and year = $2
         and state <> 'released'`,
      [who.userId, year],
    );
    await client.end();
    const rows = counted[0]?.n ?? 0;
    const per100kS = (seconds * EXPORT_ROWS) / Math.max(1, rows);
    const per100k = rows === EXPORT_ROWS ? '' : `, ${per100kS.toFixed(1)} s per ${EXPORT_ROWS} rows`;
    lines.push(
      {
        part: 'compliance',
        what: `ExportHCPYearUsedAmount, documents of every HCP (${rows} rows)`,
        figures: `${seconds.toFixed(2)} s${per100k}, ${(bytes / 1024 / 1024).toFixed(1)} MB file`,
        budget: `≤ ${EXPORT_BUDGET_S} s for ${EXPORT_ROWS} rows`,
        met: rows >= EXPORT_ROWS ? per100kS <= EXPORT_BUDGET_S : seconds <= EXPORT_BUDGET_S ? null : false,
      },
      {
        part: 'compliance',
        what: 'server memory growth during that export',
        figures: `+${(peak - baseline).toFixed(0)} MB`,
        budget: `≤ ${MB_BUDGET} MB`,
        met: peak - baseline <= MB_BUDGET,
      },
    );
    return lines;
  } finally {
    await server.stop();
  }
}
