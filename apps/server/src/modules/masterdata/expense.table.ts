import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, versionColumn } from '../../core/columns';
import { employee, team } from '../org/org.table';
import { companyColumn } from '../system/system.table';
import { DOC_TYPES, MASTER_STATUSES } from './costcentre.table';
import { product } from './reference.table';

/** Ledger (main) expense: a GL account with its names; started and stopped, never deleted once used. */
export const ledgerExpense = pgTable(
  'ledger_expense',
  {
    ...idColumn(),
    ...companyColumn(),
    code: varchar('code', { length: 40 }).notNull(),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    glAccount: varchar('gl_account', { length: 20 }).notNull(),
    status: varchar('status', { length: 10, enum: MASTER_STATUSES }).notNull().default('started'),
    ...versionColumn(),
  },
  (t) => [uniqueIndex('ledger_expense_company_code_uq').on(t.companyId, t.code)],
);

/** Expense-type tree per document type: what an employee picks first when filling in a document. */
export const expenseType = pgTable(
  'expense_type',
  {
    ...idColumn(),
    ...companyColumn(),
    docType: varchar('doc_type', { length: 10, enum: DOC_TYPES }).notNull(),
    code: varchar('code', { length: 40 }).notNull(),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    parentId: integer('parent_id'),
    active: boolean('active').notNull().default(true),
    /** Apply types only: usable by the employees assigned to it (ApplyAuthorityAssign), not by everyone. */
    restricted: boolean('restricted').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    ...versionColumn(),
  },
  (t) => [
    uniqueIndex('expense_type_company_code_uq').on(t.companyId, t.docType, t.code),
    index('expense_type_parent_idx').on(t.parentId),
  ],
);

export const EXPENSE_CATEGORIES = [
  'lecture_fee',
  'hcp_meal',
  'meeting',
  'travel',
  'air_ticket',
  'ride_hailing',
  'clinical_trial',
  'phone',
  'office',
  'advance',
  'other',
] as const;

export const expenseItem = pgTable(
  'expense_item',
  {
    ...idColumn(),
    ...companyColumn(),
    code: varchar('code', { length: 40 }).notNull(),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    category: varchar('category', { length: 30, enum: EXPENSE_CATEGORIES }).notNull().default('other'),
    /** Lines of this item name HCP/HCO attendees (compliance caps apply). */
    involvesHcp: boolean('involves_hcp').notNull().default(false),
    /** Lines of this item are spent abroad: overseas-only route steps apply to them. */
    overseas: boolean('overseas').notNull().default(false),
    /** Who the special-approver step of a route sends lines of this item to (none: the item needs no such step). */
    specialApproverId: integer('special_approver_id').references(() => employee.id),
    needsInvoice: boolean('needs_invoice').notNull().default(true),
    /** A fapiao made out to a person (个人) may be the evidence of its lines. */
    personalBuyerAllowed: boolean('personal_buyer_allowed').notNull().default(false),
    /** Per-line ceiling, if any. */
    maxAmount: numeric('max_amount', { precision: 18, scale: 2 }),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    ...versionColumn(),
  },
  (t) => [uniqueIndex('expense_item_company_code_uq').on(t.companyId, t.code)],
);

/** The items an expense type offers (the selected list of the reimbursement, advance-payment and plan setups). */
export const expenseTypeItem = pgTable(
  'expense_type_item',
  {
    expenseTypeId: integer('expense_type_id')
      .notNull()
      .references(() => expenseType.id, { onDelete: 'cascade' }),
    expenseItemId: integer('expense_item_id')
      .notNull()
      .references(() => expenseItem.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.expenseTypeId, t.expenseItemId] })],
);

export const expenseSubItem = pgTable(
  'expense_sub_item',
  {
    ...idColumn(),
    expenseItemId: integer('expense_item_id')
      .notNull()
      .references(() => expenseItem.id),
    code: varchar('code', { length: 40 }).notNull(),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    ...versionColumn(),
  },
  (t) => [uniqueIndex('expense_sub_item_uq').on(t.expenseItemId, t.code)],
);

/** Teams that may use an expense type (none listed: every team). */
export const expenseTypeTeam = pgTable(
  'expense_type_team',
  {
    expenseTypeId: integer('expense_type_id')
      .notNull()
      .references(() => expenseType.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => team.id),
  },
  (t) => [primaryKey({ columns: [t.expenseTypeId, t.teamId] })],
);

/** Employees allowed to raise applies of an apply type that is restricted (ApplyAuthorityAssign). */
export const applyAuthority = pgTable(
  'apply_authority',
  {
    expenseTypeId: integer('expense_type_id')
      .notNull()
      .references(() => expenseType.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employee.id),
  },
  (t) => [primaryKey({ columns: [t.expenseTypeId, t.employeeId] })],
);

/** GL account of an expense item per document type, by cost-centre type or product (most specific wins). */
export const ledgerExpenseItemConfig = pgTable(
  'ledger_expense_item_config',
  {
    ...idColumn(),
    ...companyColumn(),
    ledgerExpenseId: integer('ledger_expense_id')
      .notNull()
      .references(() => ledgerExpense.id),
    expenseItemId: integer('expense_item_id')
      .notNull()
      .references(() => expenseItem.id),
    docType: varchar('doc_type', { length: 10, enum: DOC_TYPES }).notNull(),
    costCentreType: varchar('cost_centre_type', { length: 30 }),
    productId: integer('product_id').references(() => product.id),
    ...versionColumn(),
  },
  (t) => [
    // A missing cost-centre type or product means "any"; two such rows for one item and document type would clash.
    unique('ledger_expense_item_config_uq')
      .on(t.companyId, t.expenseItemId, t.docType, t.costCentreType, t.productId)
      .nullsNotDistinct(),
    index('ledger_expense_item_config_ledger_idx').on(t.ledgerExpenseId),
  ],
);
