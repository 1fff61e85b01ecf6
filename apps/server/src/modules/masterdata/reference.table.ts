import { boolean, date, integer, numeric, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, versionColumn } from '../../core/columns';
import { team } from '../org/org.table';
import { companyColumn } from '../system/system.table';

/** Business unit of products (ProductConfigBU). */
export const productBu = pgTable(
  'product_bu',
  {
    ...idColumn(),
    ...companyColumn(),
    code: varchar('code', { length: 40 }).notNull(),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    teamId: integer('team_id').references(() => team.id),
    active: boolean('active').notNull().default(true),
    ...versionColumn(),
  },
  (t) => [uniqueIndex('product_bu_company_code_uq').on(t.companyId, t.code)],
);

export const product = pgTable(
  'product',
  {
    ...idColumn(),
    ...companyColumn(),
    code: varchar('code', { length: 40 }).notNull(),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    buId: integer('bu_id').references(() => productBu.id),
    sapCode: varchar('sap_code', { length: 40 }),
    active: boolean('active').notNull().default(true),
    ...versionColumn(),
  },
  (t) => [uniqueIndex('product_company_code_uq').on(t.companyId, t.code)],
);

/** Vendors paid directly (SAP vendor master). */
export const provider = pgTable(
  'provider',
  {
    ...idColumn(),
    ...companyColumn(),
    code: varchar('code', { length: 40 }).notNull(),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    taxNo: varchar('tax_no', { length: 40 }),
    bankName: varchar('bank_name', { length: 100 }),
    bankAccount: varchar('bank_account', { length: 40 }),
    /** The CNAPS code of the account's branch and the branch's name, from the directory (decision 047). */
    bankCnaps: varchar('bank_cnaps', { length: 12 }),
    bankBranch: varchar('bank_branch', { length: 200 }),
    category: varchar('category', { length: 40 }),
    active: boolean('active').notNull().default(true),
    ...versionColumn(),
  },
  (t) => [uniqueIndex('provider_company_code_uq').on(t.companyId, t.code)],
);

/** Vendors whose invoices need no purchase order. */
export const poWhiteList = pgTable(
  'po_white_list',
  {
    ...idColumn(),
    ...companyColumn(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => provider.id),
    reason: varchar('reason', { length: 200 }),
    validTo: date('valid_to', { mode: 'string' }),
    ...versionColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('po_white_list_uq').on(t.companyId, t.providerId)],
);

/** Monthly FX rates into CNY (FCSetting). */
export const fxRate = pgTable(
  'fx_rate',
  {
    ...idColumn(),
    ...companyColumn(),
    currency: varchar('currency', { length: 3 }).notNull(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    ...versionColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fx_rate_uq').on(t.companyId, t.currency, t.year, t.month)],
);

/** The last day of a month's period: general (postings) or order (ride-hailing orders still claimable). */
export const cutOffDay = pgTable(
  'cut_off_day',
  {
    ...idColumn(),
    ...companyColumn(),
    kind: varchar('kind', { length: 10, enum: ['general', 'order'] }).notNull(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...versionColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cut_off_day_uq').on(t.companyId, t.kind, t.year, t.month)],
);

/** Lookup lists (chargeback reasons, S.T. reasons, payment methods …): a type and its items. */
export const baseInfoType = pgTable(
  'base_info_type',
  {
    ...idColumn(),
    ...companyColumn(),
    code: varchar('code', { length: 40 }).notNull(),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    /** Lists the product itself relies on (chargeback reasons, S.T. reasons, payment methods): never deleted. */
    isSystem: boolean('is_system').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    ...versionColumn(),
  },
  (t) => [uniqueIndex('base_info_type_uq').on(t.companyId, t.code)],
);

export const baseInfo = pgTable(
  'base_info',
  {
    ...idColumn(),
    typeId: integer('type_id')
      .notNull()
      .references(() => baseInfoType.id),
    code: varchar('code', { length: 40 }).notNull(),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    /** Optional figure some lists carry (a rate, a limit). */
    value: numeric('value', { precision: 18, scale: 6 }),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    ...versionColumn(),
  },
  (t) => [uniqueIndex('base_info_uq').on(t.typeId, t.code)],
);
