import { date, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../../core/columns';
import { documentColumn } from '../../documents/document.table';
import { baseInfo } from '../../masterdata/reference.table';
import { employee } from '../../org/org.table';
import { companyColumn } from '../../system/system.table';

/**
 * What the shared-service centre keeps of a document under review beside its state: the SSC person it is assigned
 * to, and while it is held (S.T.) the reason it waits for. One row per document, made by the first assignment or hold.
 */
export const reviewCase = pgTable(
  'review_case',
  {
    ...idColumn(),
    ...companyColumn(),
    ...documentColumn(),
    assigneeId: integer('assignee_id').references(() => employee.id),
    holdReasonId: integer('hold_reason_id').references(() => baseInfo.id),
    holdComment: varchar('hold_comment', { length: 500 }),
    heldAt: timestamp('held_at', { withTimezone: true }),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [uniqueIndex('review_case_document_uq').on(t.documentId), index('review_case_assignee_idx').on(t.assigneeId)],
);

export const RETURN_SOURCES = ['no_pass', 'chargeback'] as const;
/** open: with the owner; re_received: its paper came back unchanged and it is in review again. */
export const RETURN_STATES = ['open', 're_received'] as const;

/**
 * A return slip: each time finance sends a document back (no-pass or chargeback) with its reason. The returns centre
 * lists them, keeps how the paper went back (date, courier number, remark) and its itemised problems, and prints it.
 * `version_after` is the document's version right after the return: while it is unchanged the owner has not touched
 * the document, and its paper may be received again as it is.
 */
export const documentReturn = pgTable(
  'document_return',
  {
    ...idColumn(),
    ...companyColumn(),
    ...documentColumn(),
    source: varchar('source', { length: 12, enum: RETURN_SOURCES }).notNull(),
    reasonId: integer('reason_id').references(() => baseInfo.id),
    comment: varchar('comment', { length: 500 }),
    returnedBy: integer('returned_by').references(() => employee.id),
    returnedAt: timestamp('returned_at', { withTimezone: true }).notNull().defaultNow(),
    versionAfter: integer('version_after').notNull(),
    state: varchar('state', { length: 12, enum: RETURN_STATES }).notNull().default('open'),
    paperSentAt: date('paper_sent_at', { mode: 'string' }),
    trackingNo: varchar('tracking_no', { length: 60 }),
    remark: varchar('remark', { length: 500 }),
    reReceivedAt: timestamp('re_received_at', { withTimezone: true }),
    reReceivedBy: integer('re_received_by').references(() => employee.id),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    index('document_return_company_idx').on(t.companyId, t.state, t.returnedAt),
    index('document_return_document_idx').on(t.documentId),
  ],
);

/** The itemised problems of a return slip, in order. */
export const documentReturnItem = pgTable(
  'document_return_item',
  {
    ...idColumn(),
    returnId: integer('return_id')
      .notNull()
      .references(() => documentReturn.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    reasonId: integer('reason_id')
      .notNull()
      .references(() => baseInfo.id),
    remark: varchar('remark', { length: 500 }),
  },
  (t) => [uniqueIndex('document_return_item_line_uq').on(t.returnId, t.lineNo)],
);
