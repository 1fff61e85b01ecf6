import { APPROVED_STATES } from '@ems/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { idIn } from '../../../core/list';
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
 * What some documents contribute to the spend and decision summaries before a change, as JSON texts handed back to
 * `addSummaries` after it: the spend cells (each line in its month, and in the coarse table's month and day) and the
 * decision cells.
 */
export interface Cells {
  spend: string;
  periods: string;
  decisions: string;
}

export const NO_CELLS: Cells = { spend: '[]', periods: '[]', decisions: '[]' };

/** A JSON text of the rows of `query` ('[]' for none). */
const jsonOf = (query: SQL) => sql`(select coalesce(json_agg(c), '[]')::text from (${query}) c)`;
/** The documents `ids`, as the cell reads name them (`d`). */
const documentsIn = (ids: readonly number[]) => idIn(sql`d.id`, ids);

/**
 * The cells of the documents `spendIds` in the spend summaries and of `decisionIds` in the decision summary, in one
 * statement; none of a kind whose ids are empty.
 */
export async function cellsOf(db: Db, spendIds: readonly number[], decisionIds: readonly number[]): Promise<Cells> {
  if (spendIds.length === 0 && decisionIds.length === 0) return NO_CELLS;
  const none = sql`'[]'`;
  const [row] = rowsOf<Cells>(
    await db.execute(sql`select
      ${
        spendIds.length
          ? jsonOf(sql`select company_id, doc_type, month::text as month, stage, cost_centre_id, expense_type_id,
              expense_item_id, product_id, lines, amount_cny::text as amount_cny
            from (${spendCellsWhere(documentsIn(spendIds))}) s`)
          : none
      } as spend,
      ${
        spendIds.length
          ? jsonOf(sql`select company_id, doc_type, grain, period::text as period, stage, cost_centre_id, product_id,
              lines, amount_cny::text as amount_cny
            from (${periodCellsWhere(documentsIn(spendIds))}) p`)
          : none
      } as periods,
      ${
        decisionIds.length
          ? jsonOf(sql`select company_id, doc_type, decision, grain, period::text as period, slot, steps,
              amount_cny::text as amount_cny
            from (${decisionCellsWhere(documentsIn(decisionIds))}) x`)
          : none
      } as decisions`),
  );
  return row!;
}

/**
 * One spend summary's write: the cells now (`now`) less those before (`before`, shaped as `shape`), added to the
 * table's rows in key order; `after` makes it wait for the write before it.
 */
const addLines = (table: SQL, keys: SQL, before: string, shape: SQL, now: SQL, constraint: SQL) => (after: SQL) =>
  sql`insert into ${table} as s (${keys}, lines, amount_cny)
      select * from (
        select ${keys}, sum(lines) as lines, sum(amount_cny) as amount_cny from (
          select ${keys}, -lines as lines, -amount_cny as amount_cny
            from jsonb_to_recordset(${before}::jsonb) as o(${shape})
          union all
          ${now}) x
        group by ${keys}) c
      where (lines <> 0 or amount_cny <> 0) ${after}
      order by ${keys}
      on conflict on constraint ${constraint}
      do update set lines = s.lines + excluded.lines, amount_cny = s.amount_cny + excluded.amount_cny`;

/**
 * Adds to the summaries what the documents contribute now less what they did before (`before`), in ONE statement
 * of data-modifying CTEs, one per table, each adding its rows in key order (the slot last) to the rows it meets,
 * never overwriting them, so that concurrent changes of other documents count too:
 * - the spend summaries: the lines of `spendIds` (those that may count now) less the spend cells before; left out
 *   (null) when there are neither;
 * - the document summaries: the documents `ids` now (a deleted one is no longer found) less `documents`, their locked
 *   rows before (none for a new document);
 * - the decision summary: the decided steps of `ids` now less the decision cells before.
 * The tables are written in a fixed order (spend, coarse spend, state, approved, decision), so that two changes
 * never deadlock on them. PostgreSQL runs the CTEs of a statement in an order of its own (the last first), so each
 * CTE's rows only reach its insert once `(select count(*) from` the CTE before it`)` is known: once that one has
 * written all its rows.
 */
export async function addSummaries(
  db: Db,
  v: {
    ids: readonly number[];
    spendIds: readonly number[] | null;
    documents: readonly DocumentBefore[];
    before: Cells;
  },
): Promise<void> {
  const delta = documentDelta(v.documents, v.ids);
  // Each write takes the condition that makes it wait for the one before it.
  const writes: ((after: SQL) => SQL)[] = [];
  const spendIds = v.spendIds;
  if (spendIds) {
    writes.push(
      addLines(
        sql`spend_summary`,
        SPEND_KEYS,
        v.before.spend,
        sql`company_id int, doc_type text, month date, stage text, cost_centre_id int, expense_type_id int,
          expense_item_id int, product_id int, lines int, amount_cny numeric`,
        spendCellsWhere(documentsIn(spendIds)),
        sql`spend_summary_key`,
      ),
      addLines(
        sql`spend_period_summary`,
        PERIOD_KEYS,
        v.before.periods,
        sql`company_id int, doc_type text, grain text, period date, stage text, cost_centre_id int, product_id int,
          lines int, amount_cny numeric`,
        periodCellsWhere(documentsIn(spendIds)),
        sql`spend_period_summary_key`,
      ),
    );
  }
  writes.push(
    (after) => sql`insert into document_state_summary as s (company_id, doc_type, status, month, slot, documents)
    select * from (${stateCells(delta)}) c where documents <> 0 ${after} order by 1, 2, 3, 4, 5
    on conflict on constraint document_state_summary_key do update set documents = s.documents + excluded.documents`,
  );
  writes.push(
    (after) => sql`insert into approved_summary as s (company_id, doc_type, month, expense_type_id, cost_centre_id,
      team_id, documents, amount_cny)
    select * from (${approvedCells(delta)}) c where (documents <> 0 or amount_cny <> 0) ${after}
    order by 1, 2, 3, 4, 5, 6
    on conflict on constraint approved_summary_key
    do update set documents = s.documents + excluded.documents, amount_cny = s.amount_cny + excluded.amount_cny`,
  );
  writes.push(
    (after) => sql`insert into decision_summary as s (${DECISION_KEYS}, steps, amount_cny)
    select * from (
      select ${DECISION_KEYS}, sum(steps) as steps, sum(amount_cny) as amount_cny from (
        select ${DECISION_KEYS}, -steps as steps, -amount_cny as amount_cny
          from jsonb_to_recordset(${v.before.decisions}::jsonb) as o(company_id int, doc_type text, decision text,
            grain text, period date, slot smallint, steps int, amount_cny numeric)
        union all
        ${decisionCellsWhere(documentsIn(v.ids))}) x
      group by ${DECISION_KEYS}) c
    where (steps <> 0 or amount_cny <> 0) ${after}
    order by ${DECISION_KEYS}
    on conflict on constraint decision_summary_key
    do update set steps = s.steps + excluded.steps, amount_cny = s.amount_cny + excluded.amount_cny`,
  );
  const name = (i: number) => sql.raw(`w${i}`);
  const ctes = writes.map(
    (write, i) =>
      sql`${name(i)} as (${write(i === 0 ? sql`` : sql`and (select count(*) from ${name(i - 1)}) >= 0`)} returning 1)`,
  );
  await db.execute(sql`with ${sql.join(ctes, sql`, `)} select 1`);
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
