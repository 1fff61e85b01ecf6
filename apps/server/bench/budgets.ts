import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../src/core/db';
import * as schema from '../src/db/schema';
import { budgetChecker } from '../src/modules/budgets/budget-ledger.service';
import { lockDocument } from '../src/modules/documents/lifecycle/document.lock';
import { previewLimits } from '../src/modules/limits/preview.service';
import { call, signIn } from './http';
import { type Line, ms } from './report';
import { startServer } from './server';
import { latencies, timedEach } from './stats';

const CHECK_BUDGET_MS = 20;
const REPORT_BUDGET_MS = 1000;
const CHECKS = 200;
const REPORT_RUNS = 20;

/** Thrown to roll a timed check back: the benchmark leaves the ledger as it found it. */
class RollBack extends Error {}

/**
 * The budget check at submit, alone: for deputies not yet submitted whose lines fall on budgets, the document row
 * locked as submit locks it, then the check timed (locking the budgets, reading balances and positions, writing the
 * holds), then rolled back. With `period`, the document's budgets are first set (untimed, rolled back with the rest)
 * to block on that control period, so the check also reads their months (decision 056).
 */
/** Unsubmitted deputies with a line on a budget, newest first: what the check and the preview are timed on. */
const ON_A_BUDGET = `where d.doc_type = 'deputy' and d.status in ('draft', 'returned')
  and exists (
    select 1 from expense_line l join budget b on b.company_id = d.company_id and b.cost_centre_id = d.cost_centre_id
      and b.expense_item_id = l.expense_item_id and b.year = extract(year from l.expense_date)::int
    where l.document_id = d.id and l.amount_cny is not null)
  order by d.id desc limit $1`;

async function checkAtSubmit(pool: pg.Pool, period?: 'month' | 'cumulative'): Promise<Line> {
  const { rows } = await pool.query<{ id: number }>(
    `select d.id from document d
     ${ON_A_BUDGET}`,
    [CHECKS],
  );
  if (rows.length === 0) throw new Error('no unsubmitted deputy falls on a budget: generate the scale data again');
  const db = drizzle(pool, { schema }) as unknown as Db;
  const samples: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  for (const { id } of rows) {
    try {
      await db.transaction(async (tx) => {
        const d = await lockDocument(tx, id);
        if (!d) throw new RollBack();
        if (period)
          await tx.execute(sql`
            update budget b set control_period = ${period}, limit_status = 2
            from expense_line l
            where l.document_id = ${id} and b.company_id = ${d.companyId} and b.cost_centre_id = ${d.costCentreId}
              and b.expense_item_id = l.expense_item_id and b.year = extract(year from l.expense_date)::int`);
        const started = performance.now();
        await budgetChecker(tx, d, 'submit');
        samples.push(performance.now() - started);
        throw new RollBack();
      });
    } catch (err) {
      if (err instanceof RollBack) continue;
      errors++;
      firstError ??= err instanceof Error ? err.message : String(err);
    }
  }
  const l = latencies(samples, errors, firstError);
  return {
    part: 'budgets',
    what: `budget check at submit (lock budgets, balances, holds${period ? `; blocked by ${period}, with the months` : ''}), ${l.n} deputies`,
    figures: `p50 ${ms(l.p50)} p95 ${ms(l.p95)} p99 ${ms(l.p99)} ms${errors ? `, ${errors} errors: ${firstError}` : ''}`,
    budget: `p95 ≤ ${CHECK_BUDGET_MS} ms`,
    met: errors === 0 && l.n > 0 && l.p95 <= CHECK_BUDGET_MS,
  };
}

/**
 * The limit preview of a form (decision 065), alone: for the same deputies not yet submitted, the form as its
 * applicant would send it (its lines, cost centre and id) measured against its budgets and its attendees' caps.
 * Nothing is locked or written; the figure is the typist's wait behind each pause.
 */
async function previewBeforeSubmit(pool: pg.Pool): Promise<Line> {
  const { rows } = await pool.query<{
    id: number;
    company_id: number;
    applicant_id: number;
    cost_centre_id: number | null;
    currency: string;
    lines: {
      ExpenseItemID: number | null;
      ExpenseDate: string | null;
      Amount: string | null;
      ProductID: number | null;
    }[];
  }>(
    `select d.id, d.company_id, d.applicant_id, d.cost_centre_id, d.currency,
       (select json_agg(json_build_object('ExpenseItemID', l.expense_item_id, 'ExpenseDate', l.expense_date::text,
          'Amount', l.amount::text, 'ProductID', l.product_id) order by l.line_no)
        from expense_line l where l.document_id = d.id) as lines
     from document d
     ${ON_A_BUDGET}`,
    [CHECKS],
  );
  if (rows.length === 0) throw new Error('no unsubmitted deputy falls on a budget: generate the scale data again');
  const db = drizzle(pool, { schema }) as unknown as Db;
  const samples: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  for (const d of rows) {
    const applicant = {
      userId: d.applicant_id,
      accountId: 0,
      companyId: d.company_id,
      teamId: null,
      isAdmin: false,
      functions: new Set(['personalExpense']),
      actingFor: null,
    };
    // The body as the form sends it (the route's schema would give the same object).
    const body = {
      DocType: 'deputy' as const,
      ID: d.id,
      CostCenterID: d.cost_centre_id,
      Currency: d.currency,
      Lines: d.lines,
    };
    try {
      const started = performance.now();
      await previewLimits(db, applicant, body, 'zh-CN');
      samples.push(performance.now() - started);
    } catch (err) {
      errors++;
      firstError ??= err instanceof Error ? err.message : String(err);
    }
  }
  const l = latencies(samples, errors, firstError);
  return {
    part: 'budgets',
    what: `limit preview of a form (budgets and caps per line, no lock, no write), ${l.n} deputies`,
    figures: `p50 ${ms(l.p50)} p95 ${ms(l.p95)} p99 ${ms(l.p99)} ms${errors ? `, ${errors} errors: ${firstError}` : ''}`,
    budget: `p95 ≤ ${CHECK_BUDGET_MS} ms`,
    met: errors === 0 && l.n > 0 && l.p95 <= CHECK_BUDGET_MS,
  };
}

/** The limit-status report's first page with its totals, as `admin` asks for it over HTTP. */
async function reportFirstPage(base: string, pool: pg.Pool, admin: string): Promise<Line> {
  const { rows } = await pool.query<{ year: number }>('select max(year)::int as year from budget');
  const year = rows[0]?.year;
  if (!year) throw new Error('no budget in the benchmark database: generate the scale data again');
  const session = await signIn(base, admin);
  const body = { Year: year, PageIndex: 1, PageSize: 20 };
  await call(base, '/api/BudgeLimitStatusReport/Search', body, session);
  const l = await timedEach(Array.from({ length: REPORT_RUNS }), 1, () =>
    call(base, '/api/BudgeLimitStatusReport/Search', body, session),
  );
  const { rows: n } = await pool.query<{ n: number }>('select count(*)::int as n from budget where year = $1', [year]);
  return {
    part: 'budgets',
    what: `BudgeLimitStatusReport/Search first page + totals, ${n[0]?.n ?? 0} budgets of ${year}`,
    figures: `p50 ${ms(l.p50)} p95 ${ms(l.p95)} ms, n=${l.n}${l.errors ? `, ${l.errors} errors: ${l.firstError}` : ''}`,
    budget: `p95 ≤ ${REPORT_BUDGET_MS} ms`,
    met: l.errors === 0 && l.n > 0 && l.p95 <= REPORT_BUDGET_MS,
  };
}

export async function runBudgets(opts: { database: string; admin: string }): Promise<Line[]> {
  const pool = new pg.Pool({ connectionString: opts.database, max: 4 });
  try {
    const lines = [await checkAtSubmit(pool), await checkAtSubmit(pool, 'cumulative'), await previewBeforeSubmit(pool)];
    const server = await startServer({ databaseUrl: opts.database, logLevel: 'info' });
    try {
      lines.push(await reportFirstPage(server.url, pool, opts.admin));
    } finally {
      await server.stop();
    }
    return lines;
  } finally {
    await pool.end();
  }
}
