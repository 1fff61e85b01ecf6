import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { gramsColumn, idColumn, timestampColumns, versionColumn } from '../../core/columns';
import { companyColumn } from '../system/system.table';

/** Therapeutic areas (oncology, cardiovascular …) a company's teams work in. */
export const therapeuticArea = pgTable(
  'therapeutic_area',
  {
    ...idColumn(),
    ...companyColumn(),
    code: varchar('code', { length: 40 }).notNull(),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    ...versionColumn(),
  },
  (t) => [uniqueIndex('therapeutic_area_company_code_uq').on(t.companyId, t.code)],
);

export const team = pgTable(
  'team',
  {
    ...idColumn(),
    ...companyColumn(),
    code: varchar('code', { length: 40 }).notNull(),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    parentId: integer('parent_id'),
    /** Business unit the team belongs to (a code shared by the teams of one BU). */
    bu: varchar('bu', { length: 40 }),
    isEvm: boolean('is_evm').notNull().default(false),
    therapeuticAreaId: integer('therapeutic_area_id').references(() => therapeuticArea.id),
    /** Support functions (finance, HR, IT …) as opposed to the commercial line; some rules and reports tell them apart. */
    isSupportFunction: boolean('is_support_function').notNull().default(false),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    ...versionColumn(),
  },
  (t) => [uniqueIndex('team_company_code_uq').on(t.companyId, t.code), index('team_parent_idx').on(t.parentId)],
);

export const EMPLOYEE_STATUSES = ['active', 'overdue_frozen', 'resignation_frozen', 'left'] as const;

export const employee = pgTable(
  'employee',
  {
    ...idColumn(),
    /** Home company; the employee may sign in to others through employee_company. */
    ...companyColumn(),
    code: varchar('code', { length: 40 }).notNull(),
    nameZh: varchar('name_zh', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull(),
    email: varchar('email', { length: 200 }),
    mobile: varchar('mobile', { length: 30 }),
    teamId: integer('team_id').references(() => team.id),
    lineManagerId: integer('line_manager_id'),
    defaultCostCentreId: integer('default_cost_centre_id'),
    bankName: varchar('bank_name', { length: 100 }),
    bankAccount: varchar('bank_account', { length: 40 }),
    /**
     * The account holder's name as the bank registered it: what the bank file, the remittance list and its PDF name
     * as payee. Null means the Chinese name (`bankAccountHolder` in contracts), never the reader's UI language.
     */
    bankAccountName: varchar('bank_account_name', { length: 200 }),
    /** The CNAPS code of the account's branch (联行号) and the branch's name, from the directory (decision 047). */
    bankCnaps: varchar('bank_cnaps', { length: 12 }),
    bankBranch: varchar('bank_branch', { length: 200 }),
    status: varchar('status', { length: 30, enum: EMPLOYEE_STATUSES }).notNull().default('active'),
    approvalLimit: numeric('approval_limit', { precision: 18, scale: 2 }),
    language: varchar('language', { length: 10 }).notNull().default('zh-CN'),
    /** Bumped whenever the employee's roles change, so cached permissions can be told stale. */
    rolesVersion: integer('roles_version').notNull().default(1),
    /** What a keyword finds people by: code, both names and e-mail. */
    keywordGrams: gramsColumn(
      'keyword_grams',
      sql`code || ' ' || name_zh || ' ' || name_en || ' ' || coalesce(email, '')`,
    ),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('employee_company_code_uq').on(t.companyId, t.code),
    index('employee_keyword_idx').using('gin', t.keywordGrams),
    index('employee_team_idx').on(t.teamId),
    index('employee_manager_idx').on(t.lineManagerId),
    // People lists page in code order across the home company and the companies people are lent to.
    index('employee_code_idx').on(t.code),
  ],
);

/** Every change of an employee's status (freeze, thaw, leaving), with the reason given. */
export const employeeStatusHistory = pgTable(
  'employee_status_history',
  {
    ...idColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employee.id, { onDelete: 'cascade' }),
    ...companyColumn(),
    fromStatus: varchar('from_status', { length: 30 }).notNull(),
    toStatus: varchar('to_status', { length: 30 }).notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    actorId: integer('actor_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('employee_status_history_employee_idx').on(t.employeeId, t.at)],
);

/** Companies an employee may sign in to, with the team they belong to there. */
export const employeeCompany = pgTable(
  'employee_company',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employee.id),
    ...companyColumn(),
    teamId: integer('team_id').references(() => team.id),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.companyId] })],
);

/** A permission key. Screens are functions with a menu group and path; others guard actions only. */
export const appFunction = pgTable('app_function', {
  code: varchar('code', { length: 80 }).primaryKey(),
  menuGroup: varchar('menu_group', { length: 20 }),
  path: varchar('path', { length: 120 }),
  labelKey: varchar('label_key', { length: 120 }).notNull(),
  sort: integer('sort').notNull().default(0),
});

export const role = pgTable(
  'role',
  {
    ...idColumn(),
    ...companyColumn(),
    code: varchar('code', { length: 40 }).notNull(),
    nameZh: varchar('name_zh', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }),
    /** The system administrator role sees all of its company's data. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /**
     * Team authority: holding the role shows the data of the team it is given for (its sub-teams too), or of the
     * whole company when given without a team. A base role such as Employee grants functions only.
     */
    teamAuthority: boolean('team_authority').notNull().default(false),
    active: boolean('active').notNull().default(true),
    ...versionColumn(),
  },
  (t) => [uniqueIndex('role_company_code_uq').on(t.companyId, t.code)],
);

export const roleFunction = pgTable(
  'role_function',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    functionCode: varchar('function_code', { length: 80 })
      .notNull()
      .references(() => appFunction.code),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.functionCode] })],
);

export const roleReport = pgTable(
  'role_report',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    reportCode: varchar('report_code', { length: 80 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.reportCode] })],
);

export const employeeRoleTeam = pgTable(
  'employee_role_team',
  {
    ...idColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employee.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    /** The team whose data the role applies to; null means the whole company of the role. */
    teamId: integer('team_id').references(() => team.id),
  },
  (t) => [
    uniqueIndex('employee_role_team_uq').on(t.employeeId, t.roleId, sql`coalesce(${t.teamId}, 0)`),
    index('employee_role_team_employee_idx').on(t.employeeId),
    index('employee_role_team_role_idx').on(t.roleId),
  ],
);
