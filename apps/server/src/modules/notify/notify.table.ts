import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from '../../core/columns';
import { employee } from '../org/org.table';

/**
 * Notices written in the same transaction as the change that causes them (outbox): a sender mails them, and each is
 * a message of its recipient's inbox.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    ...idColumn(),
    companyId: integer('company_id').notNull(),
    toEmployeeId: integer('to_employee_id')
      .notNull()
      .references(() => employee.id),
    /**
     * Language key of the notice (workflow.mail.*) and its parameters, with its lines (`lines`) if it has any;
     * rendered in the recipient's language.
     */
    template: varchar('template', { length: 60 }).notNull(),
    params: text('params').notNull(),
    documentId: integer('document_id'),
    /** The page (`/manage/…`) a notice about no one document opens, a list; a document's notice opens the document. */
    link: varchar('link', { length: 200 }),
    /** The money the notice is about (a document's total, a payment, a loan's balance); null when it is about none. */
    amount: numeric('amount', { precision: 18, scale: 2 }),
    currency: varchar('currency', { length: 3 }),
    /** Set on a notice that goes out once only (a reminder of a day, a warning for a loan): a second is not written. */
    onceKey: varchar('once_key', { length: 120 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    /** When its recipient read it in the inbox (or marked it read); null while unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_unsent_idx').on(t.sentAt),
    uniqueIndex('mail_outbox_once_uq').on(t.onceKey),
    // A person's inbox in one company, newest first.
    index('mail_outbox_inbox_idx').on(t.toEmployeeId, t.companyId, t.id),
    // Their unread messages only, so the header's count and the unread filter read no read message.
    index('mail_outbox_unread_idx').on(t.toEmployeeId, t.companyId, t.id).where(sql`read_at is null`),
  ],
);
