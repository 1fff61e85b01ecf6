import { DOC_TYPES } from '@ems/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { document } from '../documents/document.table';
import { expenseType } from '../masterdata/expense.table';
import { employee } from '../org/org.table';
import { company } from '../system/system.table';

/** A route template per document type (optionally per expense type) (DESIGN §10). */
export const workflowSetting = pgTable(
  'workflow_setting',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => company.id),
    code: varchar('code', { length: 40 }).notNull(),
    docType: varchar('doc_type', { length: 10, enum: DOC_TYPES }).notNull(),
    expenseTypeId: integer('expense_type_id').references(() => expenseType.id),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    active: boolean('active').notNull().default(true),
    /** Off: documents on this route are approved one by one, never in the approve centre's approve-all. */
    allowBatchApprove: boolean('allow_batch_approve').notNull().default(true),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('workflow_setting_code_uq').on(t.companyId, t.code)],
);

export const STEP_KINDS = [
  'responsible_confirm',
  'line_manager',
  'cost_centre_head',
  'approval_limit_chain',
  'role',
  'person',
  'special_approver',
] as const;

/** One ordered step of a route template, with the conditions under which it applies. */
export const workflowDetail = pgTable(
  'workflow_detail',
  {
    id: serial('id').primaryKey(),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflowSetting.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    stepKind: varchar('step_kind', { length: 30, enum: STEP_KINDS }).notNull(),
    roleCode: varchar('role_code', { length: 40 }),
    personId: integer('person_id').references(() => employee.id),
    minAmount: numeric('min_amount', { precision: 18, scale: 2 }),
    maxAmount: numeric('max_amount', { precision: 18, scale: 2 }),
    /** Expense items the step is limited to (null: any). */
    expenseItemIds: integer('expense_item_ids').array(),
    hcpOnly: boolean('hcp_only').notNull().default(false),
    overseasOnly: boolean('overseas_only').notNull().default(false),
    nameZh: varchar('name_zh', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull(),
  },
  (t) => [uniqueIndex('workflow_detail_seq_uq').on(t.workflowId, t.seq)],
);

export const STEP_STATUSES = ['waiting', 'pending', 'approved', 'auto_approved', 'rejected', 'skipped'] as const;

/** The route resolved at submit: a snapshot that later master-data changes do not move. */
export const approvalStep = pgTable(
  'approval_step',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => document.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    seq: integer('seq').notNull(),
    stepKind: varchar('step_kind', { length: 30, enum: STEP_KINDS }).notNull(),
    approverId: integer('approver_id')
      .notNull()
      .references(() => employee.id),
    /** Set when the step was reassigned (ChangeApprove, ChangeApprovers). */
    originalApproverId: integer('original_approver_id').references(() => employee.id),
    status: varchar('status', { length: 20, enum: STEP_STATUSES }).notNull().default('waiting'),
    /** Who acted (an approval proxy acting for the approver is recorded here). */
    actedBy: integer('acted_by').references(() => employee.id),
    actedAt: timestamp('acted_at', { withTimezone: true }),
    pendingSince: timestamp('pending_since', { withTimezone: true }),
    comment: text('comment'),
    /** Why this person: the rule that chose them, as a language key with parameters. */
    reasonKey: varchar('reason_key', { length: 100 }).notNull(),
    nameZh: varchar('name_zh', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull(),
  },
  (t) => [
    uniqueIndex('approval_step_uq').on(t.documentId, t.round, t.seq),
    index('approval_step_pending_idx').on(t.approverId, t.status),
  ],
);

/** Fill-in proxy (B lets A prepare B's documents) and approval proxy (B lets A approve in B's place). */
export const proxyGrant = pgTable(
  'proxy_grant',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => company.id),
    kind: varchar('kind', { length: 10, enum: ['fill_in', 'approve'] }).notNull(),
    principalId: integer('principal_id')
      .notNull()
      .references(() => employee.id),
    proxyId: integer('proxy_id')
      .notNull()
      .references(() => employee.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Freed early by the principal. */
    freedAt: timestamp('freed_at', { withTimezone: true }),
    remark: text('remark'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('proxy_grant_proxy_idx').on(t.kind, t.proxyId),
    index('proxy_grant_principal_idx').on(t.kind, t.principalId),
    check('proxy_grant_dates_ck', sql`${t.startDate} <= ${t.endDate}`),
    check('proxy_grant_self_ck', sql`${t.principalId} <> ${t.proxyId}`),
  ],
);

/** E-mail notices written in the same transaction as the change that causes them (outbox); a sender delivers them. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    toEmployeeId: integer('to_employee_id')
      .notNull()
      .references(() => employee.id),
    /** Language key of the notice (workflow.mail.*) and its parameters; rendered in the recipient's language. */
    template: varchar('template', { length: 60 }).notNull(),
    params: text('params').notNull(),
    documentId: integer('document_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('mail_outbox_unsent_idx').on(t.sentAt)],
);
