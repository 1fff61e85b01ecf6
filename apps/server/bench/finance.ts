import pg from 'pg';
import { call, type Session, signIn } from './http';
import type { Line } from './report';
import { startServer } from './server';

const POST_DOCUMENTS = 1_000;
const POST_BUDGET_S = 60;
const PAYEES = 5_000;
const REMIT_BUDGET_S = 10;
/** Work still unfinished after this long is reported as such. */
const GIVE_UP_S = 300;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (since: number) => (performance.now() - since) / 1000;

/** The finance user (the shared-service centre) of the company the demo users sign in to. */
async function financeCompany(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ company_id: number }>(
    `select e.company_id from user_account u join employee e on e.id = u.employee_id where u.username = 'finance'`,
  );
  if (!rows[0]) throw new Error('no finance user in the benchmark database');
  return rows[0].company_id;
}

/**
 * Posting: 1,000 reimbursements written off (to_post, their vouchers open) put into one batch by `BeginBatch`, which
 * queues their vouchers; timed until the job runner has posted every one through the ERP simulator.
 */
async function posting(base: string, pool: pg.Pool, finance: Session, companyId: number): Promise<Line> {
  const { rows } = await pool.query<{ id: number }>(
    `select d.id from document d
     where d.company_id = $1 and d.doc_type = 'deputy' and d.status = 'to_post'
       and exists (select 1 from voucher v where v.document_id = d.id and v.state = 'open')
     order by d.id limit $2`,
    [companyId, POST_DOCUMENTS],
  );
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) throw new Error('no reimbursement waiting to post: generate the scale data again');
  const started = performance.now();
  // A batch takes up to 500 claims: the clerk begins two.
  const batches: { BatchID: number; Queued: number }[] = [];
  for (let i = 0; i < ids.length; i += 500)
    batches.push(await call(base, '/api/SumitExpense/BeginBatch', { IDs: ids.slice(i, i + 500) }, finance));
  const beginS = seconds(started);
  const queued = batches.reduce((n, b) => n + b.Queued, 0);
  let left = ids.length;
  while (left > 0 && seconds(started) < GIVE_UP_S) {
    await sleep(500);
    const r = await pool.query<{ n: number }>(
      `select count(*)::int as n from document where id = any($1) and status = 'to_post'`,
      [ids],
    );
    left = r.rows[0]?.n ?? 0;
  }
  const total = seconds(started);
  const { rows: states } = await pool.query<{ status: string; n: number }>(
    'select status, count(*)::int as n from document where id = any($1) group by 1',
    [ids],
  );
  const done = left === 0;
  const full = ids.length >= POST_DOCUMENTS;
  return {
    part: 'finance',
    what: `posting: BeginBatch of ${ids.length} reimbursements (${batches.length} batches, ${queued} vouchers) until the ERP simulator has posted each`,
    figures:
      `${done ? '' : `stopped after ${GIVE_UP_S} s with ${left} waiting; `}${total.toFixed(1)} s ` +
      `(BeginBatch ${beginS.toFixed(1)} s); ${states.map((s) => `${s.status} ${s.n}`).join(', ')}`,
    budget: `≤ ${POST_BUDGET_S} s for ${POST_DOCUMENTS}`,
    met: done && full ? total <= POST_BUDGET_S : done ? null : false,
  };
}

interface Run {
  RunID: number;
  Version: number;
  Step: string;
  BankFile: string | null;
  BankSentAt: string | null;
}

/**
 * Remittance: a run of one posted reimbursement for each of 5,000 payees (set way, documents added 500 a call),
 * then timed: the remittance list generated from them (confirming the documents step), and the remittance itself
 * until the bank file is written (entries, print and remit confirmed, the bank job run).
 */
async function remittance(base: string, pool: pg.Pool, finance: Session, companyId: number): Promise<Line[]> {
  const open = await call<{ Run: Run | null }>(base, '/api/RemittancePosting/LoadMainExpenseData', {}, finance);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  let run =
    open.Run ??
    (await call<Run>(
      base,
      '/api/RemittancePosting/GenerateData',
      { PaymentMethod: 'transfer', CreditingDate: today, AuditMethod: 'payee' },
      finance,
    ));
  if (run.Step !== 'documents') throw new Error(`an open remittance run is at ${run.Step}: finish it first`);
  const { rows } = await pool.query<{ id: number; version: number }>(
    `select distinct on (d.applicant_id) d.id, d.version from document d
     where d.company_id = $1 and d.doc_type = 'deputy' and d.status = 'posted'
       and exists (select 1 from voucher v where v.document_id = d.id and v.state = 'posted')
     order by d.applicant_id, d.id limit $2`,
    [companyId, PAYEES],
  );
  for (let i = 0; i < rows.length; i += 500) {
    const Documents = rows.slice(i, i + 500).map((r) => ({ ID: r.id, Version: r.version }));
    await call(base, '/api/RemittancePosting/Pass', { RunID: run.RunID, Documents }, finance);
  }
  const reload = async () =>
    (await call<{ Run: Run | null }>(base, '/api/RemittancePosting/LoadMainExpenseData', { RunID: run.RunID }, finance))
      .Run!;
  run = await reload();
  const confirm = async (step: string) => {
    run = await call<Run>(
      base,
      '/api/RemittancePosting/ConfirmStep',
      { RunID: run.RunID, Version: run.Version, Step: step },
      finance,
    );
  };
  const listStarted = performance.now();
  await confirm('documents');
  const listS = seconds(listStarted);
  await confirm('list');
  await confirm('entries');
  const printStarted = performance.now();
  const pdf = await fetch(`${base}/api/RemittancePosting/PrintList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${finance.token}` },
    body: JSON.stringify({ RunID: run.RunID }),
  });
  const pdfBytes = (await pdf.arrayBuffer()).byteLength;
  const printS = seconds(printStarted);
  run = await reload();
  await confirm('print');
  const remitStarted = performance.now();
  run = await call<Run>(base, '/api/RemittancePosting/Remit', { RunID: run.RunID, Version: run.Version }, finance);
  // The bank job writes the file, then records when it did.
  while (seconds(remitStarted) < GIVE_UP_S) {
    run = await reload();
    if (run.BankSentAt) break;
    await sleep(200);
  }
  const remitS = seconds(remitStarted);
  const full = rows.length >= PAYEES;
  const written = !!run.BankSentAt;
  const total = listS + remitS;
  return [
    {
      part: 'finance',
      what: `remittance of ${rows.length} payees: list generated, then remit until the bank file is written`,
      figures: `${total.toFixed(1)} s (list ${listS.toFixed(1)} s, remit and bank file ${remitS.toFixed(1)} s)${written ? '' : '; no bank file'}`,
      budget: `≤ ${REMIT_BUDGET_S} s for ${PAYEES} payees`,
      // Over budget on fewer payees is a miss; within it, it proves nothing for the full number.
      met: !written || total > REMIT_BUDGET_S ? false : full ? true : null,
    },
    {
      part: 'finance',
      what: `remittance list PDF of ${rows.length} payees (PrintList)`,
      figures: `${printS.toFixed(1)} s, ${Math.round(pdfBytes / 1024)} kB`,
      budget: '',
      met: null,
    },
  ];
}

/** The finance budgets of the design on the scale data, through the app's own calls and its job runner. */
export async function runFinance(opts: { database: string }): Promise<Line[]> {
  const server = await startServer({ databaseUrl: opts.database, logLevel: 'info' });
  const pool = new pg.Pool({ connectionString: opts.database, max: 2 });
  try {
    const finance = await signIn(server.url, 'finance');
    const companyId = await financeCompany(pool);
    return [
      await posting(server.url, pool, finance, companyId),
      ...(await remittance(server.url, pool, finance, companyId)),
    ];
  } finally {
    await pool.end();
    await server.stop();
  }
}
