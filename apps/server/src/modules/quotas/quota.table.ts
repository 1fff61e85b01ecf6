import { QUOTA_KINDS } from '@ems/contracts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../core/columns';
import { documentColumn } from '../documents/document.table';
import { companyColumn } from '../system/system.table';

/**
 * A yearly cap (DESIGN §11): on one subject of its kind (the HCP, HCO, clinical-trial HCO, employee, or for
 * `overseas` the overseas expense item), optionally on one expense item only. `limit_status` 0 no control, 1 warn,
 * 2 block; an archived quota (its year closed) no longer limits anything.
 */
export const quota = pgTable(
  'quota',
  {
    ...idColumn(),
    ...companyColumn(),
    year: integer('year').notNull(),
    kind: varchar('kind', { length: 20, enum: QUOTA_KINDS }).notNull(),
    subjectId: integer('subject_id').notNull(),
    /** Null: the cap is on the subject's use over every item. */
    expenseItemId: integer('expense_item_id'),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    limitStatus: smallint('limit_status').notNull().default(0),
    remark: text('remark'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('quota_subject_uq').on(t.companyId, t.year, t.kind, t.subjectId, sql`coalesce(${t.expenseItemId}, 0)`),
    index('quota_kind_idx').on(t.companyId, t.kind, t.year),
    check('quota_amount_ck', sql`${t.amount} >= 0`),
    check('quota_limit_status_ck', sql`${t.limitStatus} between 0 and 2`),
  ],
);

/** A quota's cap for one month of its year (e.g. the monthly phone allowance); checked besides the yearly amount. */
export const quotaDetail = pgTable(
  'quota_detail',
  {
    ...idColumn(),
    quotaId: integer('quota_id')
      .notNull()
      .references(() => quota.id, { onDelete: 'cascade' }),
    month: smallint('month').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    remark: varchar('remark', { length: 200 }),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('quota_detail_month_uq').on(t.quotaId, t.month),
    check('quota_detail_month_ck', sql`${t.month} between 1 and 12`),
    check('quota_detail_amount_ck', sql`${t.amount} >= 0`),
  ],
);

/**
 * What a subject has used, per company, kind, year, month and expense item (0: not by item): held by submitted
 * documents and consumed by approved ones. Kept in the same transaction as the ledger rows, under the quota's row
 * lock, so the cap check and the yearly-used reports read a few rows instead of summing expense lines.
 */
export const quotaUsage = pgTable(
  'quota_usage',
  {
    companyId: integer('company_id').notNull(),
    kind: varchar('kind', { length: 20, enum: QUOTA_KINDS }).notNull(),
    year: integer('year').notNull(),
    subjectId: integer('subject_id').notNull(),
    expenseItemId: integer('expense_item_id').notNull().default(0),
    month: smallint('month').notNull(),
    held: numeric('held', { precision: 18, scale: 2 }).notNull().default('0'),
    consumed: numeric('consumed', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.kind, t.year, t.subjectId, t.expenseItemId, t.month] }),
    check('quota_usage_nonneg_ck', sql`${t.held} >= 0 and ${t.consumed} >= 0`),
  ],
);

/**
 * Every hold (a deputy submitted), consumption (approved) and release (returned, cancelled, deleted) of a document's
 * use of a subject: the drill-down of the yearly-used reports. A released row stays, with its state.
 */
export const quotaLedger = pgTable(
  'quota_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...companyColumn(),
    ...documentColumn(),
    kind: varchar('kind', { length: 20, enum: QUOTA_KINDS }).notNull(),
    year: integer('year').notNull(),
    month: smallint('month').notNull(),
    subjectId: integer('subject_id').notNull(),
    expenseItemId: integer('expense_item_id').notNull().default(0),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    state: varchar('state', { length: 10, enum: ['held', 'consumed', 'released'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    index('quota_ledger_document_idx').on(t.documentId),
    // The drill-down of one subject, and the documents of every subject, newest first.
    index('quota_ledger_subject_idx')
      .on(t.companyId, t.kind, t.year, t.subjectId, t.id)
      .where(sql`${t.state} <> 'released'`),
    index('quota_ledger_year_idx').on(t.companyId, t.kind, t.year, t.id).where(sql`${t.state} <> 'released'`),
  ],
);
