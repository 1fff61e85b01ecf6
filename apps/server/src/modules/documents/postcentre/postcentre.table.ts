import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, versionColumn } from '../../../core/columns';
import { employee } from '../../org/org.table';
import { companyColumn } from '../../system/system.table';
import { documentColumn } from '../document.table';

/**
 * A mailing batch: one post-centre clerk's intake of paper, opened by their first scan and holding every document
 * they receive until they close it (docs/decisions/024). Return all and delete all act on one batch.
 */
export const postBatch = pgTable(
  'post_batch',
  {
    ...idColumn(),
    ...companyColumn(),
    clerkId: integer('clerk_id')
      .notNull()
      .references(() => employee.id),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...versionColumn(),
  },
  // One open batch per clerk: two scans at once land in the same one.
  (t) => [uniqueIndex('post_batch_open_uq').on(t.companyId, t.clerkId).where(sql`${t.closedAt} is null`)],
);

/** A document received into a batch; removed when the receipt is undone or the paper sent back. */
export const postReceipt = pgTable(
  'post_receipt',
  {
    ...idColumn(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => postBatch.id, { onDelete: 'cascade' }),
    ...documentColumn(),
    receivedBy: integer('received_by')
      .notNull()
      .references(() => employee.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('post_receipt_document_uq').on(t.documentId), index('post_receipt_batch_idx').on(t.batchId)],
);
