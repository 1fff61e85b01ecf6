import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../../core/columns';
import { employee } from '../../org/org.table';
import { document, documentColumn } from '../document.table';

/**
 * An apply blocked for overdue evidence (DESIGN §11), one row per block: the nightly job opens it, the applicant's
 * evidence or their manager's acceptance of an unlock reason resolves it. An apply is blocked at most once.
 */
export const applyBlock = pgTable(
  'apply_block',
  {
    ...idColumn(),
    ...documentColumn(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    blockedAt: timestamp('blocked_at', { withTimezone: true }).notNull().defaultNow(),
    unlockReason: text('unlock_reason'),
    reasonBy: integer('reason_by').references(() => employee.id),
    reasonAt: timestamp('reason_at', { withTimezone: true }),
    /** evidence (uploaded), accepted (the manager accepted the reason) */
    resolution: varchar('resolution', { length: 20, enum: ['evidence', 'accepted'] }),
    resolvedBy: integer('resolved_by').references(() => employee.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    comment: text('comment'),
  },
  (t) => [uniqueIndex('apply_block_document_uq').on(t.documentId)],
);

/** Planned deliveries of an apply: name, planned day and amount. */
export const milestone = pgTable(
  'milestone',
  {
    ...idColumn(),
    ...documentColumn(),
    name: varchar('name', { length: 200 }).notNull(),
    plannedDate: date('planned_date', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [index('milestone_document_idx').on(t.documentId), check('milestone_amount_ck', sql`${t.amount} > 0`)],
);

/** Goods (or services) received against an apply, optionally on one of its milestones; a claim may pay for it. */
export const goodsReceipt = pgTable(
  'goods_receipt',
  {
    ...idColumn(),
    ...documentColumn(),
    milestoneId: integer('milestone_id').references(() => milestone.id),
    grDate: date('gr_date', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    description: text('description'),
    /** The claim (deputy against the apply) that pays for it. */
    claimId: integer('claim_id').references(() => document.id, { onDelete: 'set null' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => employee.id),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    index('goods_receipt_document_idx').on(t.documentId, t.grDate),
    index('goods_receipt_claim_idx').on(t.claimId),
    check('goods_receipt_amount_ck', sql`${t.amount} > 0`),
  ],
);
