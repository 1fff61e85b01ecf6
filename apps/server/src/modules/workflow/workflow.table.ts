import { DOC_TYPES } from '@ems/contracts';
import { boolean, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, versionColumn } from '../../core/columns';
import { expenseType } from '../masterdata/expense.table';
import { employee } from '../org/org.table';
import { companyColumn } from '../system/system.table';

/** A route template per document type (optionally per expense type) (DESIGN §10). */
export const workflowSetting = pgTable(
  'workflow_setting',
  {
    ...idColumn(),
    ...companyColumn(),
    code: varchar('code', { length: 40 }).notNull(),
    docType: varchar('doc_type', { length: 10, enum: DOC_TYPES }).notNull(),
    expenseTypeId: integer('expense_type_id').references(() => expenseType.id),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    active: boolean('active').notNull().default(true),
    /** Off: documents on this route are approved one by one, never in the approve centre's approve-all. */
    allowBatchApprove: boolean('allow_batch_approve').notNull().default(true),
    ...versionColumn(),
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
    ...idColumn(),
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
