import { bigint, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from '../../../core/columns';
import { employee } from '../../org/org.table';
import { goodsReceipt } from '../applies/applies.table';
import { documentColumn } from '../document.table';

export const attachment = pgTable(
  'attachment',
  {
    ...idColumn(),
    ...documentColumn(),
    /** invoice, receipt, agreement, sign_in_sheet, photo, other */
    kind: varchar('kind', { length: 30 }).notNull().default('other'),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /** Type found from the content, not the name. */
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => employee.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** A file of one goods receipt of the (apply) document, not of the document itself. */
    goodsReceiptId: integer('goods_receipt_id').references(() => goodsReceipt.id, { onDelete: 'cascade' }),
  },
  (t) => [index('attachment_document_idx').on(t.documentId), index('attachment_gr_idx').on(t.goodsReceiptId)],
);
