import { BUDGET_CONTROL_PERIODS, BUDGET_LEDGER_KINDS } from '@ems/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../core/columns';
import { document } from '../documents/document.table';
import { costCentre } from '../masterdata/costcentre.table';
import { expenseItem } from '../masterdata/expense.table';
import { product } from '../masterdata/reference.table';
import { companyColumn } from '../system/system.table';

/**
 * A budget (DESIGN §11): company × year × cost centre × expense item, optionally one product. Its amount is the sum
 * of its monthly details. Limit status: 0 no control, 1 warn (the applicant confirms), 2 block; measured on the
 * control period: the year, the expense's month, or the months up to it (decision 056).
 */
export const budget = pgTable(
  'budget',
  {
    ...idColumn(),
    ...companyColumn(),
    year: integer('year').notNull(),
    costCentreId: integer('cost_centre_id')
      .notNull()
      .references(() => costCentre.id),
    expenseItemId: integer('expense_item_id')
      .notNull()
      .references(() => expenseItem.id),
    productId: integer('product_id').references(() => product.id),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull().default('0'),
    limitStatus: smallint('limit_status').notNull().default(0),
    controlPeriod: varchar('control_period', { length: 10, enum: BUDGET_CONTROL_PERIODS }).notNull().default('year'),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    // One budget per key; a budget without a product is the one every product of the item falls back to.
    uniqueIndex('budget_key_uq').on(
      t.companyId,
      t.year,
      t.costCentreId,
      t.expenseItemId,
      sql`coalesce(${t.productId}, 0)`,
    ),
    index('budget_company_year_idx').on(t.companyId, t.year, t.costCentreId),
    check('budget_limit_status_ck', sql`${t.limitStatus} in (0, 1, 2)`),
    check('budget_amount_ck', sql`${t.amount} >= 0`),
    check('budget_control_period_ck', sql`${t.controlPeriod} in ('year', 'month', 'cumulative')`),
  ],
);

/** The budget of one month; the budget's amount is their sum. */
export const budgetDetail = pgTable(
  'budget_detail',
  {
    budgetId: integer('budget_id')
      .notNull()
      .references(() => budget.id, { onDelete: 'cascade' }),
    month: smallint('month').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.budgetId, t.month] }),
    check('budget_detail_month_ck', sql`${t.month} between 1 and 12`),
    check('budget_detail_amount_ck', sql`${t.amount} >= 0`),
  ],
);

/**
 * What a budget has spoken for, kept in the same transaction as every ledger row under the budget row's lock:
 * held (documents in approval), reserved (approved applies), consumed (approved and posted deputies). Available is
 * amount − held − reserved − consumed, read here without summing the ledger.
 */
export const budgetBalance = pgTable('budget_balance', {
  budgetId: integer('budget_id')
    .primaryKey()
    .references(() => budget.id, { onDelete: 'cascade' }),
  held: numeric('held', { precision: 18, scale: 2 }).notNull().default('0'),
  reserved: numeric('reserved', { precision: 18, scale: 2 }).notNull().default('0'),
  consumed: numeric('consumed', { precision: 18, scale: 2 }).notNull().default('0'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The balance of one month of a budget: what the documents whose expenses fall in that month hold, reserve and
 * consume. Moved with `budget_balance` by every ledger row, under the same lock; the month and month-to-date
 * controls read it.
 */
export const budgetBalanceMonth = pgTable(
  'budget_balance_month',
  {
    budgetId: integer('budget_id')
      .notNull()
      .references(() => budget.id, { onDelete: 'cascade' }),
    month: smallint('month').notNull(),
    held: numeric('held', { precision: 18, scale: 2 }).notNull().default('0'),
    reserved: numeric('reserved', { precision: 18, scale: 2 }).notNull().default('0'),
    consumed: numeric('consumed', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.budgetId, t.month] }),
    check('budget_balance_month_ck', sql`${t.month} between 1 and 12`),
  ],
);

/**
 * Every movement of a budget for a document: a hold at submit, a reservation or consumption at final approval, a
 * true-up at posting, a release on return, cancel or close. Each row says how much moved between the three buckets;
 * a document's position on a budget is the sum of its rows.
 */
export const budgetLedger = pgTable(
  'budget_ledger',
  {
    ...idColumn(),
    ...companyColumn(),
    budgetId: integer('budget_id')
      .notNull()
      .references(() => budget.id, { onDelete: 'cascade' }),
    // Only a draft is ever deleted, and a draft holds nothing; its rows go with it all the same.
    documentId: integer('document_id')
      .notNull()
      .references(() => document.id, { onDelete: 'cascade' }),
    /** The month of the expenses it moves (their expense date's, in the budget's year). */
    month: smallint('month').notNull(),
    kind: varchar('kind', { length: 10, enum: BUDGET_LEDGER_KINDS }).notNull(),
    held: numeric('held', { precision: 18, scale: 2 }).notNull().default('0'),
    reserved: numeric('reserved', { precision: 18, scale: 2 }).notNull().default('0'),
    consumed: numeric('consumed', { precision: 18, scale: 2 }).notNull().default('0'),
    /** The deputy whose consumption released this apply's reservation. */
    sourceDocumentId: integer('source_document_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('budget_ledger_document_idx').on(t.documentId, t.budgetId),
    index('budget_ledger_budget_idx').on(t.budgetId, t.documentId),
    check('budget_ledger_month_ck', sql`${t.month} between 1 and 12`),
  ],
);
