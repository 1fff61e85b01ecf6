import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../../core/columns';
import { employee } from '../../org/org.table';
import { companyColumn } from '../../system/system.table';

/** Healthcare organisations (hospitals) a company's people meet; some run clinical trials for it. */
export const customerHco = pgTable(
  'customer_hco',
  {
    ...idColumn(),
    ...companyColumn(),
    code: varchar('code', { length: 40 }).notNull(),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    /** The hospital grade, e.g. 三级甲等 / Tertiary A. */
    level: varchar('level', { length: 40 }),
    /** The city in both languages (the reader's language is shown). */
    cityZh: varchar('city_zh', { length: 100 }),
    cityEn: varchar('city_en', { length: 100 }),
    clinicalTrial: boolean('clinical_trial').notNull().default(false),
    active: boolean('active').notNull().default(true),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [uniqueIndex('customer_hco_company_code_uq').on(t.companyId, t.code)],
);

/** Healthcare professionals (doctors), each at a hospital. */
export const customerHcp = pgTable(
  'customer_hcp',
  {
    ...idColumn(),
    ...companyColumn(),
    code: varchar('code', { length: 40 }).notNull(),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    hcoId: integer('hco_id').references(() => customerHco.id),
    /** The professional title in both languages, e.g. 主任医师 / Chief Physician. */
    titleZh: varchar('title_zh', { length: 100 }),
    titleEn: varchar('title_en', { length: 100 }),
    department: varchar('department', { length: 100 }),
    /**
     * The resident ID number (身份证号) a lecturer's withheld tax is filed under; served masked in every list and
     * export (`maskIdNumber`, docs/decisions/050).
     */
    idNumber: varchar('id_number', { length: 30 }),
    active: boolean('active').notNull().default(true),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('customer_hcp_company_code_uq').on(t.companyId, t.code),
    index('customer_hcp_hco_idx').on(t.hcoId),
  ],
);

/** Which employee covers which HCP or HCO (one of the two per row). */
export const customerCoverage = pgTable(
  'customer_coverage',
  {
    ...idColumn(),
    ...companyColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employee.id),
    hcpId: integer('hcp_id').references(() => customerHcp.id),
    hcoId: integer('hco_id').references(() => customerHco.id),
  },
  (t) => [
    uniqueIndex('customer_coverage_hcp_uq').on(t.employeeId, t.hcpId),
    uniqueIndex('customer_coverage_hco_uq').on(t.employeeId, t.hcoId),
    check('customer_coverage_one_ck', sql`(${t.hcpId} is null) <> (${t.hcoId} is null)`),
  ],
);
