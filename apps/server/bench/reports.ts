import pg from 'pg';
import { call, type Session, signIn, timedDownload } from './http';
import { type Line, ms } from './report';
import { startServer } from './server';

const PAGE_BUDGET_MS = 1000;
const EXPORT_ROWS = 100_000;
const EXPORT_BUDGET_S = 5;
const EXPORT_MB_BUDGET = 200;
/** Each report is asked once to warm up, then this many times; the slowest counts. */
const RUNS = 3;

interface Report {
  what: string;
  url: string;
  body: Record<string, unknown>;
  who: 'finance' | 'manager' | 'auditor';
}

/**
 * The document and finance reports (DESIGN §18, issue item 7): each one's first page with its totals (counts per
 * state, approved amounts, twelve months) in ≤ 1 s, and one export of about 100,000 rows (document status, the newest
 * documents of the company from the day that makes 100,000) in ≤ 5 s and ≤ 200 MB of server memory growth.
 */
export async function runReports(opts: { database: string }): Promise<Line[]> {
  const pool = new pg.Pool({ connectionString: opts.database, max: 2 });
  const server = await startServer({ databaseUrl: opts.database, logLevel: 'warn' });
  try {
    const sessions: Record<Report['who'], Session> = {
      finance: await signIn(server.url, 'finance'),
      manager: await signIn(server.url, 'manager'),
      auditor: await signIn(server.url, 'auditor'),
    };
    const now = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const year = Number(now.slice(0, 4));
    const reports: Report[] = [
      {
        what: 'document status (Query_DocumentStatus)',
        url: '/api/Report/Query_DocumentStatus',
        body: {},
        who: 'finance',
      },
      {
        what: 'document status, one state (approving)',
        url: '/api/Report/Query_DocumentStatus',
        body: { Status: 'approving' },
        who: 'finance',
      },
      {
        what: 'approve-amount data, this year (SearchApproveAmountData)',
        url: '/api/Report/SearchApproveAmountData',
        body: { DateFrom: `${year}-01-01`, DateTo: now },
        who: 'manager',
      },
      {
        what: 'month report, a year by expense type (GetReportRecord)',
        url: '/api/Report/GetReportRecord',
        body: { Report: 'month', Year: year },
        who: 'finance',
      },
      {
        what: 'month report by cost centre',
        url: '/api/Report/GetReportRecord',
        body: { Report: 'month', Year: year, GroupBy: 'costCentre' },
        who: 'finance',
      },
      {
        what: 'current-period report (GetReportRecord)',
        url: '/api/Report/GetReportRecord',
        body: { Report: 'current', Period: now.slice(0, 7) },
        who: 'finance',
      },
      { what: 'document list (LoadDocumentData)', url: '/api/document/LoadDocumentData', body: {}, who: 'finance' },
      { what: 'financial vouchers (LoadRecordData)', url: '/api/document/LoadRecordData', body: {}, who: 'finance' },
      { what: 'payment vouchers (LoadRemitData)', url: '/api/document/LoadRemitData', body: {}, who: 'finance' },
      {
        what: 'lecture-fee withholding, this month (LectureFeeWithholding/Search)',
        url: '/api/LectureFeeWithholding/Search',
        body: { Month: now.slice(0, 7) },
        who: 'finance',
      },
      {
        what: 'audit log, every record (SearchAuditTrailLog)',
        url: '/api/document/SearchAuditTrailLog',
        body: { All: true },
        who: 'auditor',
      },
    ];
    const lines: Line[] = [];
    for (const r of reports) {
      const body = { PageIndex: 1, PageSize: 20, ...r.body };
      const session = sessions[r.who];
      const first = await call<{ Total: number }>(server.url, r.url, body, session);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await call(server.url, r.url, body, session);
        times.push(performance.now() - started);
      }
      const worst = Math.max(...times);
      lines.push({
        part: 'reports',
        what: `${r.what}: first page and totals`,
        figures: `${ms(worst)} ms slowest of ${RUNS} (${times.map(ms).join(', ')}); ${first.Total} rows`,
        budget: `≤ ${PAGE_BUDGET_MS} ms`,
        met: worst <= PAGE_BUDGET_MS,
      });
    }
    lines.push(await exportLine(server, pool, sessions.finance));
    lines.push(await withholdingExportLine(server, sessions.finance));
    return lines;
  } finally {
    await server.stop();
    await pool.end();
  }
}

async function exportLine(server: { url: string; pid: number }, pool: pg.Pool, finance: Session): Promise<Line> {
  const { rows: company } = await pool.query<{ company_id: number }>(
    `select e.company_id from user_account u join employee e on e.id = u.employee_id where u.username = 'finance'`,
  );
  const companyId = company[0]?.company_id;
  // The day from which the company's newest documents number 100,000: the export's filter.
  const { rows: from } = await pool.query<{ day: string | null }>(
    `select to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day from document
     where company_id = $1 order by created_at desc, id desc offset $2 limit 1`,
    [companyId, EXPORT_ROWS - 1],
  );
  const day = from[0]?.day ?? '2000-01-01';
  const { rows: counted } = await pool.query<{ n: number }>(
    `select count(*)::int as n from document where company_id = $1 and created_at >= ($2::date)::timestamp at time zone 'Asia/Shanghai'`,
    [companyId, day],
  );
  const rows = counted[0]?.n ?? 0;
  const {
    seconds,
    bytes,
    baselineMb: baseline,
    peakMb: peak,
  } = await timedDownload(server, '/api/Report/ExportDocumentStatus', { DateFrom: day }, finance);
  const growth = peak - baseline;
  const full = rows >= EXPORT_ROWS;
  const within = seconds <= EXPORT_BUDGET_S * Math.max(1, rows / EXPORT_ROWS) && growth <= EXPORT_MB_BUDGET;
  return {
    part: 'reports',
    what: `document-status export of ${rows} documents (ExportDocumentStatus from ${day})`,
    figures: `${seconds.toFixed(1)} s, ${(bytes / 1024 / 1024).toFixed(1)} MB file, server memory +${growth.toFixed(0)} MB${
      full ? '' : ` (only ${rows} documents: the budget is for ${EXPORT_ROWS})`
    }`,
    budget: `≤ ${EXPORT_BUDGET_S} s and ≤ ${EXPORT_MB_BUDGET} MB per ${EXPORT_ROWS} rows`,
    met: full ? within : within ? null : false,
  };
}

/** The lecture-fee withholding list of every month as Excel (the IIT filing's export, decision 050). */
async function withholdingExportLine(server: { url: string; pid: number }, finance: Session): Promise<Line> {
  const { seconds, bytes, baselineMb, peakMb } = await timedDownload(
    server,
    '/api/LectureFeeWithholding/ExportExcel',
    {},
    finance,
  );
  return {
    part: 'reports',
    what: 'lecture-fee withholding export, every month (LectureFeeWithholding/ExportExcel)',
    figures: `${seconds.toFixed(1)} s, ${(bytes / 1024).toFixed(0)} KB file, server memory +${(peakMb - baselineMb).toFixed(0)} MB`,
    budget: `≤ ${EXPORT_BUDGET_S} s`,
    met: seconds <= EXPORT_BUDGET_S,
  };
}
