import { index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from '../../../core/columns';
import { documentColumn } from '../document.table';

/** Every change of state, with the actor and, when a proxy acted, the principal. */
export const statusHistory = pgTable(
  'status_history',
  {
    ...idColumn(),
    ...documentColumn(),
    fromStatus: varchar('from_status', { length: 20 }),
    toStatus: varchar('to_status', { length: 20 }).notNull(),
    action: varchar('action', { length: 30 }).notNull(),
    actorId: integer('actor_id'),
    principalId: integer('principal_id'),
    comment: text('comment'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('status_history_document_idx').on(t.documentId, t.at)],
);

/** A repeated submit, approve, post, remit or pay with the same Idempotency-Key gets the first answer back. */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    key: varchar('key', { length: 100 }).notNull(),
    userId: integer('user_id').notNull(),
    route: varchar('route', { length: 120 }).notNull(),
    statusCode: integer('status_code').notNull(),
    response: text('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
