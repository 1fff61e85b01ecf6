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
  unique,
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
 * A subject's year as the yearly-used reports show it (decision 055): per company, kind, year, subject and expense
 * item, or (item null) over every item, what is held and consumed, how many documents use it, and the cap of the
 * live quota on the same key with its limit status. The use is added to, never overwritten, in the transaction that
 * changes the document's ledger rows (under the document's row lock and, for a capped subject, the quota's); the cap
 * is set again from the quota in the transaction that changes the quota. So a report reads one row per subject of
 * the year, however many documents and months lie behind it. No check on the sums: a release is an addition of a
 * negative amount to a row that exists, which an upsert would test as a new row first.
 */
export const quotaYearUsage = pgTable(
  'quota_year_usage',
  {
    companyId: integer('company_id').notNull(),
    kind: varchar('kind', { length: 20, enum: QUOTA_KINDS }).notNull(),
    year: integer('year').notNull(),
    /** Null: the subject's use over every item (and a quota on no item in particular). */
    expenseItemId: integer('expense_item_id'),
    subjectId: integer('subject_id').notNull(),
    held: numeric('held', { precision: 18, scale: 2 }).notNull().default('0'),
    consumed: numeric('consumed', { precision: 18, scale: 2 }).notNull().default('0'),
    /** Documents with a live ledger row on the key (a document is one whatever its months and, item null, items). */
    documents: integer('documents').notNull().default(0),
    used: numeric('used', { precision: 18, scale: 2 }).generatedAlwaysAs(sql`held + consumed`),
    /** The live (not archived) quota's amount on the same key; null when there is none. */
    cap: numeric('cap', { precision: 18, scale: 2 }),
    limitStatus: smallint('limit_status'),
    usedPercent: numeric('used_percent').generatedAlwaysAs(
      sql`case when cap > 0 then round((held + consumed) * 100 / cap, 2) end`,
    ),
  },
  (t) => [
    unique('quota_year_usage_key').on(t.companyId, t.kind, t.year, t.expenseItemId, t.subjectId).nullsNotDistinct(),
    // The reports' default order: most used first.
    index('quota_year_usage_used_idx').on(t.companyId, t.kind, t.year, t.expenseItemId, t.used.desc(), t.subjectId),
    // The same order over every item: an `expense_item_id is null` condition is no equality to the planner, so the
    // index above cannot give the order there and a page of 2,000 subjects was sorted on every call.
    index('quota_year_usage_all_items_idx')
      .on(t.companyId, t.kind, t.year, t.used.desc(), t.subjectId)
      .where(sql`${t.expenseItemId} is null`),
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
