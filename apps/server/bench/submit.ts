import pg from 'pg';
import { shanghaiToday } from '../src/core/time';
import { call, type Session, signInAll } from './http';
import { type Line, ms } from './report';
import { startServer } from './server';
import { type Latencies, Recorder, timedEach } from './stats';

const P95_BUDGET_MS = 100;
const RATE_BUDGET = 200;
/** Submits and approvals timed at 10 in flight. */
const TIMED = 100;

interface Template {
  username: string;
  body: Record<string, unknown>;
}

export interface Draft {
  session: Session;
  id: number;
  version: number;
}

/** Someone who can claim, and the body of a draft deputy that passes the checks their own claims passed. */
export interface Applicant {
  session: Session;
  body: Record<string, unknown>;
}

/**
 * What each applicant can claim: the type, cost centre and first line of their latest deputy that claims against
 * no apply, so a new draft passes the same checks theirs did; lines needing an invoice file or spend on healthcare
 * professionals are left out (those need attachments and attendees, not what submit costs).
 */
async function templates(pool: pg.Pool, n: number): Promise<Template[]> {
  const res = await pool.query<{
    username: string;
    expense_type_id: number;
    cost_centre_id: number | null;
    internal_order_id: number | null;
    expense_item_id: number;
    expense_sub_item_id: number | null;
    product_id: number | null;
  }>(
    `select distinct on (d.applicant_id) u.username, d.expense_type_id, d.cost_centre_id, d.internal_order_id,
            l.expense_item_id, l.expense_sub_item_id, l.product_id
     from document d
     join user_account u on u.employee_id = d.applicant_id
     join expense_line l on l.document_id = d.id
     join expense_item i on i.id = l.expense_item_id and i.active and not i.needs_invoice and not i.involves_hcp
     where d.doc_type = 'deputy' and d.apply_id is null and d.status in ('approving', 'approved')
       and d.applicant_id = d.preparer_id and l.expense_item_id is not null
       and u.active and not u.must_change_password and (u.locked_until is null or u.locked_until < now())
     order by d.applicant_id, d.id desc, l.line_no
     limit $1`,
    [n],
  );
  return res.rows.map((r) => ({
    username: r.username,
    body: {
      ExpenseTypeID: r.expense_type_id,
      CostCenterID: r.cost_centre_id,
      InternalOrderID: r.internal_order_id,
      Reason: 'benchmark',
      Lines: [
        {
          ExpenseItemID: r.expense_item_id,
          ExpenseSubItemID: r.expense_sub_item_id,
          ProductID: r.product_id,
          ExpenseDate: shanghaiToday(),
          Amount: '88.00',
        },
      ],
    },
  }));
}

export async function saveDraft(base: string, session: Session, body: Record<string, unknown>): Promise<Draft> {
  const saved = await call<{ ID: number; Version: number }>(base, '/api/document/SaveDeputyDetail', body, session);
  return { session, id: saved.ID, version: saved.Version };
}

export async function submit(base: string, d: Draft): Promise<void> {
  await call(base, '/api/DocumentSubmit/SubmitDeputy', { ID: d.id, Version: d.version }, d.session);
}

/** `count` drafts, the applicants taking turns, four saved at a time; answers them and the saves' times. */
export async function drafts(
  base: string,
  applicants: readonly Applicant[],
  count: number,
): Promise<{ drafts: Draft[]; saves: Latencies }> {
  const made: Draft[] = [];
  const saves = await timedEach(
    Array.from({ length: count }, (_, i) => applicants[i % applicants.length]!),
    4,
    async (a) => made.push(await saveDraft(base, a.session, a.body)),
  );
  return { drafts: made, saves };
}

/**
 * Of the `n` applicants with claimable lines, those whose draft saves and submits, signed in: a probe per candidate
 * (a draft saved and submitted), which also warms the server. Answers them, how many were tried and the first
 * refusal met.
 */
export async function claimants(
  base: string,
  pool: pg.Pool,
  n: number,
): Promise<{ applicants: Applicant[]; tried: number; refusal: string }> {
  const candidates = await templates(pool, n);
  const sessions = await signInAll(
    base,
    candidates.map((c) => c.username),
  );
  const applicants: Applicant[] = [];
  let refusal = '';
  for (const [i, c] of candidates.entries()) {
    try {
      await submit(base, await saveDraft(base, sessions[i]!, c.body));
      applicants.push({ session: sessions[i]!, body: c.body });
    } catch (err) {
      refusal ||= err instanceof Error ? err.message : String(err);
    }
  }
  return { applicants, tried: candidates.length, refusal };
}

function lat(l: Latencies): string {
  return `p50 ${ms(l.p50)} p95 ${ms(l.p95)} p99 ${ms(l.p99)} ms, n=${l.n}${l.errors ? `, ${l.errors} errors: ${l.firstError}` : ''}`;
}

interface Approval {
  id: number;
  version: number;
  session: Session;
}

/** The pending step of each document, to approve as its approver (signed in once each). */
async function approvals(base: string, pool: pg.Pool, ids: number[]): Promise<Approval[]> {
  const pending = await pool.query<{ id: number; version: number; username: string }>(
    `select d.id, d.version, u.username from approval_step s
     join document d on d.id = s.document_id and d.round = s.round
     join user_account u on u.employee_id = s.approver_id
     where s.status = 'pending' and s.document_id = any($1::int[])
     order by d.id`,
    [ids],
  );
  const names = [...new Set(pending.rows.map((r) => r.username))];
  const sessions = new Map((await signInAll(base, names)).map((s) => [s.username, s]));
  return pending.rows.map((r) => ({ id: r.id, version: r.version, session: sessions.get(r.username)! }));
}

function approve(base: string, a: Approval): Promise<unknown> {
  return call(base, '/api/DocumentApprove/ApproveDeputy', { ID: a.id, Version: a.version, Pass: true }, a.session);
}

/**
 * Runs `work` on each item at a steady `perMinute`, each started on schedule whether or not the ones before have
 * answered (open loop); answers the rate achieved over the window (or longer, when answers lag).
 */
async function sustained<T>(items: readonly T[], perMinute: number, work: (item: T) => Promise<unknown>) {
  const interval = 60_000 / perMinute;
  const recorder = new Recorder();
  const started = performance.now();
  const running: Promise<void>[] = [];
  for (const [i, item] of items.entries()) {
    const wait = started + i * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    running.push(recorder.time(() => work(item)));
  }
  await Promise.all(running);
  // The schedule spans count × interval; answers that lag stretch the window and lower the rate.
  const elapsedS = Math.max((items.length * interval) / 1000, (performance.now() - started) / 1000);
  return { rate: (recorder.succeeded * 60) / elapsedS, elapsedS, l: recorder.result() };
}

/** The verdict of a sustained run: the rate held without error, and its p95 within budget. */
function sustainedLine(what: string, durationS: number, s: Awaited<ReturnType<typeof sustained>>): Line {
  return {
    part: 'submit',
    what: `${what} at ${RATE_BUDGET}/min for ${durationS} s`,
    figures: `${s.rate.toFixed(0)}/min achieved over ${s.elapsedS.toFixed(1)} s, ${s.l.errors} errors${s.l.firstError ? ` (${s.l.firstError})` : ''}; ${lat(s.l)}`,
    budget: `${RATE_BUDGET}/min without error, p95 ≤ ${P95_BUDGET_MS} ms`,
    met: s.l.errors === 0 && s.rate >= RATE_BUDGET * 0.99 && s.l.p95 <= P95_BUDGET_MS,
  };
}

/** What `inFlight` callers with no pause get through in a minute at their median latency. */
function perMinute(l: Latencies, inFlight: number): string {
  return `${Math.round((60_000 * inFlight) / Math.max(l.p50, 1)).toLocaleString('en')}/min`;
}

export async function runSubmit(opts: { database: string; inFlight: number; durationS: number }): Promise<Line[]> {
  const pool = new pg.Pool({ connectionString: opts.database, max: 4 });
  const server = await startServer({ databaseUrl: opts.database, logLevel: 'info' });
  try {
    const { applicants, tried, refusal } = await claimants(server.url, pool, 60);
    if (applicants.length === 0) throw new Error(`no applicant could submit a deputy: ${refusal}`);
    console.error(
      `submit: ${applicants.length} of ${tried} applicants can submit${refusal ? `; refused: ${refusal}` : ''}`,
    );

    // The design's load first: submits at 200 a minute, then the approvals of what they submitted at the same rate.
    const count = Math.ceil((RATE_BUDGET * opts.durationS) / 60);
    console.error(
      `submit: ${count} drafts, submitted then approved for ${opts.durationS} s each at ${RATE_BUDGET}/min`,
    );
    const ready = await drafts(server.url, applicants, count);
    const steadySubmits = await sustained(ready.drafts, RATE_BUDGET, (d) => submit(server.url, d));
    const toApprove = await approvals(
      server.url,
      pool,
      ready.drafts.map((d) => d.id),
    );
    const steadyApprovals = await sustained(toApprove, RATE_BUDGET, (a) => approve(server.url, a));

    // Then the stress: callers that call again the moment an answer arrives.
    const timed = await drafts(server.url, applicants, TIMED);
    const submits = await timedEach(timed.drafts, opts.inFlight, (d) => submit(server.url, d));
    const stressed = await approvals(
      server.url,
      pool,
      timed.drafts.map((d) => d.id),
    );
    const approves = await timedEach(stressed, opts.inFlight, (a) => approve(server.url, a));
    const inFlight = `${opts.inFlight} in flight with no pause (context: the machine's capacity)`;
    return [
      {
        part: 'submit',
        what: `save a draft deputy (context), 4 in flight`,
        figures: lat(timed.saves),
        budget: '',
        met: null,
      },
      sustainedLine(`submit deputy, ${applicants.length} applicants,`, opts.durationS, steadySubmits),
      sustainedLine("approve deputy, as each step's approver,", opts.durationS, steadyApprovals),
      {
        part: 'submit',
        what: `submit deputy, ${inFlight}`,
        figures: `${lat(submits)}; about ${perMinute(submits, opts.inFlight)}`,
        budget: '',
        met: null,
      },
      {
        part: 'submit',
        what: `approve deputy, ${inFlight}`,
        figures: `${lat(approves)}; about ${perMinute(approves, opts.inFlight)}`,
        budget: '',
        met: null,
      },
    ];
  } finally {
    await server.stop();
    await pool.end();
  }
}
