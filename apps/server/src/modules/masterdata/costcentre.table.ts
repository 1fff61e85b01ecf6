import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../core/columns';
import { employee, team } from '../org/org.table';
import { companyColumn } from '../system/system.table';

export const MASTER_STATUSES = ['started', 'stopped'] as const;
export const DOC_TYPES = ['apply', 'loan', 'deputy'] as const;

export const costCentre = pgTable(
  'cost_centre',
  {
    ...idColumn(),
    ...companyColumn(),
    code: varchar('code', { length: 40 }).notNull(),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    sapCode: varchar('sap_code', { length: 40 }),
    /** The SAP profit centre (PRCTR) the ERP postings on it carry (docs/decisions/049). */
    profitCentre: varchar('profit_centre', { length: 10 }),
    /** Kind of cost centre (sales, marketing, medical, admin …); the ledger configuration maps GL accounts by it. */
    type: varchar('type', { length: 30 }).notNull().default('sales'),
    ownerTeamId: integer('owner_team_id').references(() => team.id),
    status: varchar('status', { length: 10, enum: MASTER_STATUSES }).notNull().default('started'),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('cost_centre_company_code_uq').on(t.companyId, t.code),
    index('cost_centre_owner_team_idx').on(t.ownerTeamId),
  ],
);

/** Heads approve for their cost centre, in `seq` order (SaveOrderHead). */
export const costCentreHead = pgTable(
  'cost_centre_head',
  {
    ...idColumn(),
    costCentreId: integer('cost_centre_id')
      .notNull()
      .references(() => costCentre.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employee.id),
    seq: integer('seq').notNull().default(1),
    /** Amount up to which this head's approval suffices; null means no limit. */
    amountLimit: numeric('amount_limit', { precision: 18, scale: 2 }),
  },
  (t) => [uniqueIndex('cost_centre_head_uq').on(t.costCentreId, t.employeeId)],
);

/** Share of a cost centre's spend allotted to another cost centre; a centre's shares add up to at most 100 %. */
export const costCentreAllotment = pgTable(
  'cost_centre_allotment',
  {
    ...idColumn(),
    costCentreId: integer('cost_centre_id')
      .notNull()
      .references(() => costCentre.id),
    targetCostCentreId: integer('target_cost_centre_id')
      .notNull()
      .references(() => costCentre.id),
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [
    uniqueIndex('cost_centre_allotment_uq').on(t.costCentreId, t.targetCostCentreId),
    check('cost_centre_allotment_percent_ck', sql`${t.percent} > 0 and ${t.percent} <= 100`),
  ],
);

/** Which heads approve which kind of document, in order. */
export const costCentreFormOrder = pgTable(
  'cost_centre_form_order',
  {
    ...idColumn(),
    costCentreId: integer('cost_centre_id')
      .notNull()
      .references(() => costCentre.id),
    docType: varchar('doc_type', { length: 10, enum: DOC_TYPES }).notNull(),
    seq: integer('seq').notNull(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employee.id),
  },
  (t) => [uniqueIndex('cost_centre_form_order_uq').on(t.costCentreId, t.docType, t.seq)],
);

/** Every change of a cost centre (and of its heads, allotments, form orders), with what it looked like after. */
export const costCentreHistory = pgTable(
  'cost_centre_history',
  {
    ...idColumn(),
    costCentreId: integer('cost_centre_id')
      .notNull()
      .references(() => costCentre.id),
    action: varchar('action', { length: 40 }).notNull(),
    actorId: integer('actor_id'),
    snapshot: jsonb('snapshot').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cost_centre_history_cc_idx').on(t.costCentreId, t.at)],
);

export const internalOrder = pgTable(
  'internal_order',
  {
    ...idColumn(),
    ...companyColumn(),
    code: varchar('code', { length: 40 }).notNull(),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    costCentreId: integer('cost_centre_id').references(() => costCentre.id),
    status: varchar('status', { length: 10, enum: MASTER_STATUSES }).notNull().default('started'),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    ...versionColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('internal_order_company_code_uq').on(t.companyId, t.code)],
);

/** Lets an employee or a whole team charge a cost centre or internal order beyond their own. */
export const fundPermission = pgTable(
  'fund_permission',
  {
    ...idColumn(),
    ...companyColumn(),
    employeeId: integer('employee_id').references(() => employee.id),
    teamId: integer('team_id').references(() => team.id),
    costCentreId: integer('cost_centre_id').references(() => costCentre.id),
    internalOrderId: integer('internal_order_id').references(() => internalOrder.id),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    remark: varchar('remark', { length: 200 }),
    ...versionColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One grant per grantee and target.
    uniqueIndex('fund_permission_uq').on(
      t.companyId,
      sql`coalesce(${t.employeeId}, 0)`,
      sql`coalesce(${t.teamId}, 0)`,
      sql`coalesce(${t.costCentreId}, 0)`,
      sql`coalesce(${t.internalOrderId}, 0)`,
    ),
    check('fund_permission_grantee_ck', sql`(${t.employeeId} is null) <> (${t.teamId} is null)`),
    check('fund_permission_target_ck', sql`(${t.costCentreId} is null) <> (${t.internalOrderId} is null)`),
    index('fund_permission_employee_idx').on(t.employeeId),
    index('fund_permission_team_idx').on(t.teamId),
  ],
);

/** Imported mapping of outside (legacy or SAP) cost-centre codes to ours, used by reports. */
export const costCentreMapping = pgTable(
  'cost_centre_mapping',
  {
    ...idColumn(),
    ...companyColumn(),
    sourceCode: varchar('source_code', { length: 40 }).notNull(),
    costCentreId: integer('cost_centre_id')
      .notNull()
      .references(() => costCentre.id),
    description: varchar('description', { length: 200 }),
  },
  (t) => [uniqueIndex('cost_centre_mapping_uq').on(t.companyId, t.sourceCode)],
);

/** Year-to-date amounts entered by hand (spend before this system, or outside it), per month, cost centre and ledger expense. */
export const ytdManual = pgTable(
  'ytd_manual',
  {
    ...idColumn(),
    ...companyColumn(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    costCentreId: integer('cost_centre_id')
      .notNull()
      .references(() => costCentre.id),
    ledgerExpenseCode: varchar('ledger_expense_code', { length: 40 }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    remark: varchar('remark', { length: 200 }),
  },
  (t) => [
    uniqueIndex('ytd_manual_uq').on(t.companyId, t.year, t.month, t.costCentreId, t.ledgerExpenseCode),
    check('ytd_manual_month_ck', sql`${t.month} between 1 and 12`),
  ],
);
