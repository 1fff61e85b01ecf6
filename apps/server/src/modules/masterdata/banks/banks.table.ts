import { BANK_BRANCH_STATUSES, BANK_LAYOUTS } from '@ems/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { gramsColumn, idColumn, timestampColumns, versionColumn } from '../../../core/columns';
import { companyColumn } from '../../system/system.table';

/**
 * The bank-branch directory (docs/decisions/047): one row per branch with its CNAPS interbank code (联行号), as an
 * administrator imported it from the payments association's list or an Excel file. People's and vendors' bank
 * accounts name their branch by a code from here; the bank file carries it to the paying bank.
 */
export const bankBranch = pgTable(
  'bank_branch',
  {
    ...idColumn(),
    ...companyColumn(),
    /** Twelve digits: bank class code (3), city code (4), branch number (4), check digit (1). */
    cnaps: varchar('cnaps', { length: 12 }).notNull(),
    /** The bank's class code (行别代码), the first three digits of the CNAPS code. */
    bankCode: varchar('bank_code', { length: 3 }).notNull(),
    bankName: varchar('bank_name', { length: 100 }).notNull(),
    branchName: varchar('branch_name', { length: 200 }).notNull(),
    province: varchar('province', { length: 40 }),
    city: varchar('city', { length: 40 }),
    status: varchar('status', { length: 10, enum: BANK_BRANCH_STATUSES }).notNull().default('active'),
    /** What a keyword finds a branch by: its code, bank, branch and city (the directory holds 150,000 branches). */
    keywordGrams: gramsColumn(
      'keyword_grams',
      sql`cnaps || ' ' || bank_name || ' ' || branch_name || ' ' || coalesce(city, '')`,
    ),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('bank_branch_company_cnaps_uq').on(t.companyId, t.cnaps),
    index('bank_branch_keyword_idx').using('gin', t.keywordGrams),
    index('bank_branch_company_bank_idx').on(t.companyId, t.bankCode),
  ],
);

/**
 * An account the company pays from (docs/decisions/048): its bank branch by CNAPS code, its currency, and the
 * layout that bank reads (a generic CSV with CNAPS codes, or ISO 20022 pain.001). One account is the default a new
 * remittance run pays from.
 */
export const payerAccount = pgTable(
  'payer_account',
  {
    ...idColumn(),
    ...companyColumn(),
    code: varchar('code', { length: 40 }).notNull(),
    accountName: varchar('account_name', { length: 200 }).notNull(),
    accountNo: varchar('account_no', { length: 40 }).notNull(),
    bankName: varchar('bank_name', { length: 100 }).notNull(),
    cnaps: varchar('cnaps', { length: 12 }).notNull(),
    branchName: varchar('branch_name', { length: 200 }),
    currency: varchar('currency', { length: 3 }).notNull().default('CNY'),
    layout: varchar('layout', { length: 20, enum: BANK_LAYOUTS }).notNull().default('generic_csv'),
    isDefault: boolean('is_default').notNull().default(false),
    active: boolean('active').notNull().default(true),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('payer_account_company_code_uq').on(t.companyId, t.code),
    // One default account per company: two administrators making two defaults at once, one is refused.
    uniqueIndex('payer_account_default_uq').on(t.companyId).where(sql`${t.isDefault}`),
  ],
);
