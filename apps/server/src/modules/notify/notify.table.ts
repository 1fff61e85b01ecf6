import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from '../../core/columns';
import { employee } from '../org/org.table';

/** E-mail notices written in the same transaction as the change that causes them (outbox); a sender delivers them. */
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
    /** Set on a notice that goes out once only (a reminder of a day, a warning for a loan): a second is not written. */
    onceKey: varchar('once_key', { length: 120 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('mail_outbox_unsent_idx').on(t.sentAt), uniqueIndex('mail_outbox_once_uq').on(t.onceKey)],
);
