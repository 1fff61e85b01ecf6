import { date, integer, numeric, pgTable, smallint, unique, varchar } from 'drizzle-orm/pg-core';

/**
 * Report summaries (decision 039): running sums the slow reports read instead of scanning a year of documents or
 * lines. Each is changed in the same transaction as the documents it sums (`summary.service.ts`, called by the
 * lifecycle's `transition` and by the form that creates a draft), by adding the difference between what the
 * documents contributed before and after (`insert … on conflict do update set n = n + excluded.n`), so concurrent
 * changes add up without a lost update. A row whose sums fell to zero stays, harmlessly. No foreign keys: a row
 * names its master records by id only, as the reports join them for their names.
 *
 * The two tables whose rows every submission or every approval of a company changes (`document_state_summary`,
 * `decision_summary`) spread each key over `SUMMARY_SLOTS` rows by the document's id (`slot` = id % 16), so two
 * concurrent transitions wait for each other only when their documents share the key and the slot; the readers sum
 * over the slots. The other three are keyed by cost centre, product or team, and spreading them would multiply the
 * rows the reports sum by 8–13 (decision 039).
 */

/**
 * The expense lines of the applies and claims the spend reports count (submitted, neither sent back nor cancelled:
 * the states of stage `all`), per company × document type × month of the expense date × stage × document cost
 * centre × document expense type × line expense item × line product (the stage: in approval or approved, which
 * the reports filter on; moving between approved states changes no row). Lines without an expense date are not
 * counted (no report's date range takes them).
 */
export const spendSummary = pgTable(
  'spend_summary',
  {
    companyId: integer('company_id').notNull(),
    docType: varchar('doc_type', { length: 20 }).notNull(),
    /** First day of the month of the lines' expense date. */
    month: date('month', { mode: 'string' }).notNull(),
    /** `approving` (confirming or in approval) or `approved` (a state of `APPROVED_STATES`). */
    stage: varchar('stage', { length: 10 }).notNull(),
    costCentreId: integer('cost_centre_id'),
    expenseTypeId: integer('expense_type_id'),
    expenseItemId: integer('expense_item_id'),
    productId: integer('product_id'),
    lines: integer('lines').notNull(),
    amountCny: numeric('amount_cny', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    unique('spend_summary_key')
      .on(t.companyId, t.docType, t.month, t.stage, t.costCentreId, t.expenseTypeId, t.expenseItemId, t.productId)
      .nullsNotDistinct(),
  ],
);

/**
 * The same lines coarser, for a report without an expense type or item filter: per company × document type × stage
 * (`approving`: confirming or in approval; `approved`: a state of `APPROVED_STATES`) × cost centre × product, each
 * line both in its month (`grain` `month`, `period` the first day) and in its day (`day`, the expense date), so that
 * a date range is read as whole months plus the odd days at either end.
 */
export const spendPeriodSummary = pgTable(
  'spend_period_summary',
  {
    companyId: integer('company_id').notNull(),
    docType: varchar('doc_type', { length: 20 }).notNull(),
    grain: varchar('grain', { length: 5 }).notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    stage: varchar('stage', { length: 10 }).notNull(),
    costCentreId: integer('cost_centre_id'),
    productId: integer('product_id'),
    lines: integer('lines').notNull(),
    amountCny: numeric('amount_cny', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    unique('spend_period_summary_key')
      .on(t.companyId, t.docType, t.grain, t.period, t.stage, t.costCentreId, t.productId)
      .nullsNotDistinct(),
  ],
);

/**
 * How many documents there are per company × type × state × month of creation (Asia/Shanghai): the count per state
 * of the document-status report.
 */
export const documentStateSummary = pgTable(
  'document_state_summary',
  {
    companyId: integer('company_id').notNull(),
    docType: varchar('doc_type', { length: 20 }).notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    /** First day of the month the documents were created in (Asia/Shanghai). */
    month: date('month', { mode: 'string' }).notNull(),
    /** The document's id modulo `SUMMARY_SLOTS` (spreads a key over several rows). */
    slot: smallint('slot').notNull(),
    documents: integer('documents').notNull(),
  },
  (t) => [unique('document_state_summary_key').on(t.companyId, t.docType, t.status, t.month, t.slot)],
);

/**
 * The approved documents (a state of `APPROVED_STATES`, with an approval time) per company × type × month of
 * approval (Asia/Shanghai) × expense type × cost centre × team, with their CNY total: the month and current-period
 * reports.
 */
export const approvedSummary = pgTable(
  'approved_summary',
  {
    companyId: integer('company_id').notNull(),
    docType: varchar('doc_type', { length: 20 }).notNull(),
    /** First day of the month of approval (Asia/Shanghai). */
    month: date('month', { mode: 'string' }).notNull(),
    expenseTypeId: integer('expense_type_id'),
    costCentreId: integer('cost_centre_id'),
    teamId: integer('team_id'),
    documents: integer('documents').notNull(),
    amountCny: numeric('amount_cny', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    unique('approved_summary_key')
      .on(t.companyId, t.docType, t.month, t.expenseTypeId, t.costCentreId, t.teamId)
      .nullsNotDistinct(),
  ],
);

/**
 * The approval decisions taken (steps approved, auto-approved or rejected, with their time) per company × document
 * type × decision, each both in its month (`grain` `month`, `period` the first day) and in its day (`day`) of the
 * decision (Asia/Shanghai), with the count and the documents' CNY total as they are now: the approve-amount
 * report's totals.
 */
export const decisionSummary = pgTable(
  'decision_summary',
  {
    companyId: integer('company_id').notNull(),
    docType: varchar('doc_type', { length: 20 }).notNull(),
    decision: varchar('decision', { length: 20 }).notNull(),
    grain: varchar('grain', { length: 5 }).notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    /** The document's id modulo `SUMMARY_SLOTS` (spreads a key over several rows). */
    slot: smallint('slot').notNull(),
    steps: integer('steps').notNull(),
    amountCny: numeric('amount_cny', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [unique('decision_summary_key').on(t.companyId, t.docType, t.decision, t.grain, t.period, t.slot)],
);
