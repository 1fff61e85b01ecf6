import { bigserial, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../core/columns';
import { companyColumn } from '../system/system.table';
import { team } from './org.table';

export const EVM_RELATION_STATUSES = ['new', 'changed', 'queued', 'sent', 'deleting', 'failed'] as const;

/** Which unit of the EVM meeting system an EVM team of ours corresponds to; sent to that system when set. */
export const evmTeamRelation = pgTable(
  'evm_team_relation',
  {
    ...idColumn(),
    ...companyColumn(),
    teamId: integer('team_id')
      .notNull()
      .references(() => team.id),
    evmCode: varchar('evm_code', { length: 40 }).notNull(),
    evmName: varchar('evm_name', { length: 200 }).notNull(),
    remark: varchar('remark', { length: 500 }),
    /**
     * new and changed wait to be sent; queued is in the EVM job; sent is acknowledged by the EVM system;
     * deleting waits to be withdrawn there before it is deleted here; failed waits for a resend (or a delete).
     */
    status: varchar('status', { length: 10, enum: EVM_RELATION_STATUSES }).notNull().default('new'),
    sendCount: integer('send_count').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: varchar('last_error', { length: 500 }),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('evm_team_relation_team_uq').on(t.teamId),
    index('evm_team_relation_company_idx').on(t.companyId),
  ],
);

/**
 * Every message for the EVM system, with what came back. It outlives the relation it was about (no foreign key),
 * so the log still shows what was sent for a relation deleted since.
 */
export const evmOutbox = pgTable(
  'evm_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...companyColumn(),
    relationId: integer('relation_id').notNull(),
    action: varchar('action', { length: 10, enum: ['upsert', 'delete'] }).notNull(),
    payload: jsonb('payload').notNull(),
    status: varchar('status', { length: 10, enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempt: integer('attempt').notNull().default(1),
    /** The EVM system's acknowledgement number. */
    reference: varchar('reference', { length: 60 }),
    error: varchar('error', { length: 500 }),
    actorId: integer('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('evm_outbox_relation_idx').on(t.relationId, t.createdAt)],
);
