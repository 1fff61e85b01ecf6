import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../../core/columns';
import { document } from '../../documents/document.table';
import { companyColumn } from '../../system/system.table';
import { voucher } from '../entries/entries.table';

/** One "begin batch" of the SSC: the documents' vouchers it queued for the ERP together (DESIGN §12). */
export const postingBatch = pgTable(
  'posting_batch',
  {
    ...idColumn(),
    ...companyColumn(),
    /** The employee (user) who began it. */
    createdBy: integer('created_by').notNull(),
    documentCount: integer('document_count').notNull().default(0),
    ...timestampColumns(),
  },
  (t) => [index('posting_batch_company_idx').on(t.companyId, t.id)],
);

/** Which vouchers a batch sent; a voucher sent again (resend) is in a later batch too. */
export const postingBatchVoucher = pgTable(
  'posting_batch_voucher',
  {
    ...idColumn(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => postingBatch.id, { onDelete: 'cascade' }),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => voucher.id, { onDelete: 'cascade' }),
    documentId: integer('document_id').references(() => document.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('posting_batch_voucher_uq').on(t.batchId, t.voucherId),
    index('posting_batch_voucher_voucher_idx').on(t.voucherId),
  ],
);

/**
 * pending: sent, no answer recorded yet (a process that died mid-call leaves this); ok: the ERP booked it;
 * refused: the ERP answered with a business error (no retry); unreachable: no answer (network, time-out, 5xx).
 */
export const ERP_CALL_OUTCOMES = ['pending', 'ok', 'refused', 'unreachable'] as const;

/** The RFC log: every request to the ERP and its response, one row per attempt. */
export const erpCallLog = pgTable(
  'erp_call_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => voucher.id, { onDelete: 'cascade' }),
    documentId: integer('document_id'),
    /** The outbound job whose attempt this was. */
    outboundJobId: integer('outbound_job_id'),
    postingRef: varchar('posting_ref', { length: 60 }).notNull(),
    /** The gateway that answered: `simulator` or the adapter's address. */
    gateway: varchar('gateway', { length: 300 }).notNull(),
    request: jsonb('request').notNull(),
    response: jsonb('response'),
    outcome: varchar('outcome', { length: 12, enum: ERP_CALL_OUTCOMES }).notNull().default('pending'),
    erpDocNo: varchar('erp_doc_no', { length: 40 }),
    error: varchar('error', { length: 1000 }),
    durationMs: integer('duration_ms'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('erp_call_log_company_idx').on(t.companyId, t.id),
    index('erp_call_log_voucher_idx').on(t.voucherId),
    index('erp_call_log_job_idx').on(t.outboundJobId),
  ],
);

/**
 * The built-in ERP simulator's number range (docs/decisions/030): the next document number it gives, one row per
 * range. Kept in the database, not in the process, so a restart or a second instance never gives a number twice;
 * the row is locked while a number is taken.
 */
export const erpSimCounter = pgTable('erp_sim_counter', {
  range: varchar('range', { length: 20 }).primaryKey(),
  nextNo: bigint('next_no', { mode: 'number' }).notNull(),
});

/**
 * What the simulated ERP holds: one booking per posting reference (its idempotency memory), with the document number
 * it answered and how many posts of that reference reached it.
 */
export const erpSimDocument = pgTable(
  'erp_sim_document',
  {
    postingRef: varchar('posting_ref', { length: 60 }).primaryKey(),
    erpDocNo: varchar('erp_doc_no', { length: 40 }).notNull(),
    companyCode: varchar('company_code', { length: 20 }).notNull(),
    received: integer('received').notNull().default(1),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('erp_sim_document_no_uq').on(t.erpDocNo)],
);

/**
 * The company's posting settings for the ERP (docs/decisions/049): the document type each voucher kind is booked as
 * and the fields the ERP requires. A company without a row posts with the defaults (`posting-settings.ts`).
 */
export const erpPostingSetting = pgTable(
  'erp_posting_setting',
  {
    ...idColumn(),
    ...companyColumn(),
    /** Voucher kind → SAP document type (BLART). */
    documentTypes: jsonb('document_types').$type<Record<string, string>>().notNull(),
    /** `ERP_FIELDS` the ERP requires. */
    requiredFields: jsonb('required_fields').$type<string[]>().notNull(),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [uniqueIndex('erp_posting_setting_company_uq').on(t.companyId)],
);
