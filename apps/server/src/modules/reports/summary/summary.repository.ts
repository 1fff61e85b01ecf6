import { APPROVED_STATES } from '@ems/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import type { document } from '../../documents/document.table';

type LockedDocument = typeof document.$inferSelect;

/**
 * The report summaries' SQL (decision 039). Every sum is defined once, as a `select` over some documents (and their
 * lines), and used three ways: to read what documents contribute before a change, to add the difference after it,
 * and to rebuild a whole table from scratch (the migration's backfill, the scale generator, the tests' oracle).
 */

/**
 * How many rows the hot summaries (`document_state_summary`, `decision_summary`: every submission or approval of a
 * company changes the same key) spread each key over: a document adds to the row of its slot, its id modulo this.
 */
export const SUMMARY_SLOTS = 16;

/** A document's slot in the hot summaries, from its id. */
const slotOf = (id: SQL) => sql`(${id} % ${sql.raw(String(SUMMARY_SLOTS))})::smallint`;

/** The states whose lines the spend reports count (stage `all`: submitted, neither sent back nor cancelled). */
export const SPEND_STATES: readonly string[] = ['confirming', 'approving', ...APPROVED_STATES];
/** The document types with spend reports. */
export const SPEND_TYPES: readonly string[] = ['apply', 'deputy'];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** First day of the month of a time in Asia/Shanghai. */
const shanghaiMonth = (column: SQL) => sql`date_trunc('month', ${column} at time zone 'Asia/Shanghai')::date`;

/** A counted document's stage: in approval, or approved (any later state but cancelled). */
const STAGE = sql`case when d.status in ('confirming', 'approving') then 'approving' else 'approved' end`;

/** Keys of `spend_summary`, in its unique key's order (also the order rows are locked in). */
const SPEND_KEYS = sql`company_id, doc_type, month, stage, cost_centre_id, expense_type_id, expense_item_id, product_id`;

/** The spend summary's cells of the documents `which` selects (a condition on `d`). */
const spendCellsWhere = (which: SQL) => sql`select d.company_id, d.doc_type,
    date_trunc('month', l.expense_date)::date as month, ${STAGE} as stage, d.cost_centre_id, d.expense_type_id,
    l.expense_item_id, l.product_id, count(*)::int as lines, coalesce(sum(l.amount_cny), 0)::numeric(18,2) as amount_cny
  from expense_line l join document d on d.id = l.document_id
  where (${which}) and d.doc_type in ('apply', 'deputy')
    and d.status = any(${sql.param(SPEND_STATES)}::text[]) and l.expense_date is not null
  group by 1, 2, 3, 4, 5, 6, 7, 8`;

/** Keys of `spend_period_summary`, in its unique key's order. */
const PERIOD_KEYS = sql`company_id, doc_type, grain, period, stage, cost_centre_id, product_id`;

/** The coarse spend summary's cells of the documents `which` selects: each line in its month and in its day. */
const periodCellsWhere = (which: SQL) => sql`select d.company_id, d.doc_type, g.grain,
    case g.grain when 'month' then date_trunc('month', l.expense_date)::date else l.expense_date end as period,
    ${STAGE} as stage,
    d.cost_centre_id, l.product_id, count(*)::int as lines, coalesce(sum(l.amount_cny), 0)::numeric(18,2) as amount_cny
  from expense_line l join document d on d.id = l.document_id cross join (values ('month'), ('day')) as g(grain)
  where (${which}) and d.doc_type in ('apply', 'deputy')
    and d.status = any(${sql.param(SPEND_STATES)}::text[]) and l.expense_date is not null
  group by 1, 2, 3, 4, 5, 6, 7`;

/** What some documents contribute to the spend summary, as a JSON text (handed back to `addSpend` after a change). */
export interface SpendCells {
  json: string;
  periods: string;
  empty: boolean;
}

export async function spendCellsOf(db: Db, ids: readonly number[]): Promise<SpendCells> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select company_id, doc_type, month::text as month, stage, cost_centre_id, expense_type_id,
        expense_item_id, product_id, lines, amount_cny::text as amount_cny
      from (${spendCellsWhere(sql`d.id = any(${sql.param([...ids])}::int[])`)}) c`),
  );
  const periods = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select company_id, doc_type, grain, period::text as period, stage, cost_centre_id, product_id,
        lines, amount_cny::text as amount_cny
      from (${periodCellsWhere(sql`d.id = any(${sql.param([...ids])}::int[])`)}) c`),
  );
  return { json: JSON.stringify(rows), periods: JSON.stringify(periods), empty: rows.length === 0 };
}

/**
 * Adds to the spend summary what the documents contribute now less what they contributed `before`: one statement,
 * its rows in key order, each added to (never overwritten) so that concurrent changes of other documents count too.
 */
export async function addSpend(db: Db, ids: readonly number[], before: SpendCells): Promise<void> {
  await db.execute(sql`insert into spend_summary as s (${SPEND_KEYS}, lines, amount_cny)
    select ${SPEND_KEYS}, sum(lines), sum(amount_cny) from (
      select ${SPEND_KEYS}, -lines as lines, -amount_cny as amount_cny
        from jsonb_to_recordset(${before.json}::jsonb) as o(company_id int, doc_type text, month date, stage text,
          cost_centre_id int, expense_type_id int, expense_item_id int, product_id int, lines int, amount_cny numeric)
      union all
      ${spendCellsWhere(sql`d.id = any(${sql.param([...ids])}::int[])`)}) x
    group by ${SPEND_KEYS} having sum(lines) <> 0 or sum(amount_cny) <> 0
    order by ${SPEND_KEYS}
    on conflict on constraint spend_summary_key
    do update set lines = s.lines + excluded.lines, amount_cny = s.amount_cny + excluded.amount_cny`);
  await db.execute(sql`insert into spend_period_summary as s (${PERIOD_KEYS}, lines, amount_cny)
    select ${PERIOD_KEYS}, sum(lines), sum(amount_cny) from (
      select ${PERIOD_KEYS}, -lines as lines, -amount_cny as amount_cny
        from jsonb_to_recordset(${before.periods}::jsonb) as o(company_id int, doc_type text, grain text, period date,
          stage text, cost_centre_id int, product_id int, lines int, amount_cny numeric)
      union all
      ${periodCellsWhere(sql`d.id = any(${sql.param([...ids])}::int[])`)}) x
    group by ${PERIOD_KEYS} having sum(lines) <> 0 or sum(amount_cny) <> 0
    order by ${PERIOD_KEYS}
    on conflict on constraint spend_period_summary_key
    do update set lines = s.lines + excluded.lines, amount_cny = s.amount_cny + excluded.amount_cny`);
}

/** Keys of `decision_summary`, in its unique key's order. */
const DECISION_KEYS = sql`company_id, doc_type, decision, grain, period, slot`;

/** The decision summary's cells of the documents `which` selects (a condition on `d`): each decided step twice. */
const decisionCellsWhere = (which: SQL) => sql`select d.company_id, d.doc_type, s.status as decision, g.grain,
    case g.grain when 'month' then ${shanghaiMonth(sql`s.acted_at`)}
      else (s.acted_at at time zone 'Asia/Shanghai')::date end as period,
    ${slotOf(sql`d.id`)} as slot,
    count(*)::int as steps, coalesce(sum(d.total_amount_cny), 0)::numeric(18,2) as amount_cny
  from approval_step s join document d on d.id = s.document_id cross join (values ('month'), ('day')) as g(grain)
  where (${which}) and s.acted_at is not null and s.status in ('approved', 'auto_approved', 'rejected')
  group by 1, 2, 3, 4, 5, 6`;

/** What some documents' decided steps contribute to the decision summary, as a JSON text. */
export async function decisionCellsOf(db: Db, ids: readonly number[]): Promise<string> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select company_id, doc_type, decision, grain, period::text as period, slot, steps,
        amount_cny::text as amount_cny
      from (${decisionCellsWhere(sql`d.id = any(${sql.param([...ids])}::int[])`)}) c`),
  );
  return JSON.stringify(rows);
}

/** Adds to the decision summary what the documents' decided steps contribute now less what they did `before`. */
export async function addDecisions(db: Db, ids: readonly number[], before: string): Promise<void> {
  await db.execute(sql`insert into decision_summary as s (${DECISION_KEYS}, steps, amount_cny)
    select ${DECISION_KEYS}, sum(steps), sum(amount_cny) from (
      select ${DECISION_KEYS}, -steps as steps, -amount_cny as amount_cny
        from jsonb_to_recordset(${before}::jsonb) as o(company_id int, doc_type text, decision text, grain text,
          period date, slot smallint, steps int, amount_cny numeric)
      union all
      ${decisionCellsWhere(sql`d.id = any(${sql.param([...ids])}::int[])`)}) x
    group by ${DECISION_KEYS} having sum(steps) <> 0 or sum(amount_cny) <> 0
    order by ${DECISION_KEYS}
    on conflict on constraint decision_summary_key
    do update set steps = s.steps + excluded.steps, amount_cny = s.amount_cny + excluded.amount_cny`);
}

/** A document's fields the document summaries read, as they were before a change. */
type DocumentBefore = Pick<
  LockedDocument,
  | 'id'
  | 'companyId'
  | 'docType'
  | 'status'
  | 'createdAt'
  | 'approvedAt'
  | 'expenseTypeId'
  | 'costCentreId'
  | 'teamId'
  | 'totalAmountCny'
>;

const DOCUMENT_FIELDS = sql`id, company_id, doc_type, status, created_at, approved_at, expense_type_id, cost_centre_id,
  team_id, total_amount_cny`;

/** The documents' fields before (counted -1) and now (+1), as rows of `n`, for the document summaries. */
function documentDelta(before: readonly DocumentBefore[], ids: readonly number[]): SQL {
  const json = JSON.stringify(
    before.map((d) => ({
      id: d.id,
      company_id: d.companyId,
      doc_type: d.docType,
      status: d.status,
      created_at: d.createdAt.toISOString(),
      approved_at: d.approvedAt?.toISOString() ?? null,
      expense_type_id: d.expenseTypeId,
      cost_centre_id: d.costCentreId,
      team_id: d.teamId,
      total_amount_cny: d.totalAmountCny,
    })),
  );
  return sql`select ${DOCUMENT_FIELDS}, -1 as n
      from jsonb_to_recordset(${json}::jsonb) as o(id int, company_id int, doc_type text, status text,
        created_at timestamptz, approved_at timestamptz, expense_type_id int, cost_centre_id int, team_id int, total_amount_cny numeric)
    union all
    select ${DOCUMENT_FIELDS}, 1 as n from document where id = any(${sql.param([...ids])}::int[])`;
}

/** The state summary's cells of some document rows (`source` has the document's columns and a count `n`). */
const stateCells = (source: SQL) => sql`select company_id, doc_type, status, ${shanghaiMonth(sql`created_at`)} as month,
    ${slotOf(sql`id`)} as slot, sum(n)::int as documents
  from (${source}) x group by 1, 2, 3, 4, 5`;

/** The approved summary's cells of some document rows (`source` has the document's columns and a count `n`). */
const approvedCells = (source: SQL) => sql`select company_id, doc_type, ${shanghaiMonth(sql`approved_at`)} as month,
    expense_type_id, cost_centre_id, team_id, sum(n)::int as documents,
    coalesce(sum(n * total_amount_cny), 0)::numeric(18,2) as amount_cny
  from (${source}) x
  where approved_at is not null and status = any(${sql.param([...APPROVED_STATES])}::text[])
  group by 1, 2, 3, 4, 5, 6`;

/**
 * Adds to the document summaries what the documents `ids` are now less what they were (`before`; none for a new
 * document, and a deleted one is simply no longer found): two statements, rows in key order (the slot last), added to.
 */
export async function addDocuments(db: Db, before: readonly DocumentBefore[], ids: readonly number[]): Promise<void> {
  const delta = documentDelta(before, ids);
  await db.execute(sql`insert into document_state_summary as s (company_id, doc_type, status, month, slot, documents)
    select * from (${stateCells(delta)}) c where documents <> 0 order by 1, 2, 3, 4, 5
    on conflict on constraint document_state_summary_key do update set documents = s.documents + excluded.documents`);
  await db.execute(sql`insert into approved_summary as s (company_id, doc_type, month, expense_type_id, cost_centre_id,
      team_id, documents, amount_cny)
    select * from (${approvedCells(delta)}) c where documents <> 0 or amount_cny <> 0 order by 1, 2, 3, 4, 5, 6
    on conflict on constraint approved_summary_key
    do update set documents = s.documents + excluded.documents, amount_cny = s.amount_cny + excluded.amount_cny`);
}

/** Each summary as the bare GROUP BY over every document computes it: the rebuild, and the tests' oracle. */
export const SUMMARY_SOURCES = {
  decisions: decisionCellsWhere(sql`true`),
  spend: spendCellsWhere(sql`true`),
  periods: periodCellsWhere(sql`true`),
  state: stateCells(sql`select ${DOCUMENT_FIELDS}, 1 as n from document`),
  approved: approvedCells(sql`select ${DOCUMENT_FIELDS}, 1 as n from document`),
};

/**
 * Empties the summaries and fills them again from the documents (the scale generator after its bulk inserts). Takes
 * the tables' locks first, so no change is summed twice or lost meanwhile.
 */
export async function rebuildSummaries(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`lock table spend_summary, spend_period_summary, document_state_summary, approved_summary, decision_summary
        in exclusive mode`,
    );
    await tx.execute(sql`delete from spend_summary`);
    await tx.execute(sql`insert into spend_summary (${SPEND_KEYS}, lines, amount_cny) ${SUMMARY_SOURCES.spend}`);
    await tx.execute(sql`delete from spend_period_summary`);
    await tx.execute(
      sql`insert into spend_period_summary (${PERIOD_KEYS}, lines, amount_cny) ${SUMMARY_SOURCES.periods}`,
    );
    await tx.execute(sql`delete from document_state_summary`);
    await tx.execute(sql`insert into document_state_summary (company_id, doc_type, status, month, slot, documents)
      ${SUMMARY_SOURCES.state}`);
    await tx.execute(sql`delete from decision_summary`);
    await tx.execute(
      sql`insert into decision_summary (${DECISION_KEYS}, steps, amount_cny) ${SUMMARY_SOURCES.decisions}`,
    );
    await tx.execute(sql`delete from approved_summary`);
    await tx.execute(sql`insert into approved_summary (company_id, doc_type, month, expense_type_id, cost_centre_id,
        team_id, documents, amount_cny) ${SUMMARY_SOURCES.approved}`);
  });
}
