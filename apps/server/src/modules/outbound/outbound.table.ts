import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns } from '../../core/columns';

export const OUTBOUND_STATES = ['queued', 'active', 'retry', 'done', 'failed'] as const;

/**
 * Every call to a system outside (mail, EVM, later ERP and bank), written in the transaction of the state change
 * that caused it. A relay hands unrelayed rows to the job queue; the worker keeps state, attempts and the last
 * error here, so a failure stays visible after the queue has archived its job.
 */
export const outboundJob = pgTable(
  'outbound_job',
  {
    ...idColumn(),
    queue: varchar('queue', { length: 40 }).notNull(),
    payload: jsonb('payload').notNull(),
    companyId: integer('company_id'),
    /** The request that caused the call, so its failure can be traced to it in the logs. */
    requestId: varchar('request_id', { length: 60 }),
    state: varchar('state', { length: 10, enum: OUTBOUND_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 1000 }),
    /** The queue's job for the current round; null until relayed (again, after a retry by an administrator). */
    jobId: uuid('job_id'),
    relayedAt: timestamp('relayed_at', { withTimezone: true }),
    ...timestampColumns(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('outbound_job_relay_idx').on(t.relayedAt, t.id),
    index('outbound_job_created_idx').on(t.createdAt),
    // The failed calls waiting for an administrator (the home page's count, the log's failed filter): a handful
    // among every mail ever sent, which the table keeps.
    index('outbound_job_failed_idx').on(t.companyId, t.id).where(sql`${t.state} = 'failed'`),
  ],
);
