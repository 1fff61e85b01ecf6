import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../../core/columns';
import { document } from '../../documents/document.table';
import { remittanceRun } from '../../finance/remit/remit.table';
import { employee } from '../../org/org.table';
import { companyColumn } from '../../system/system.table';

/**
 * The card registry: which employee holds which business card. The number is stored whole (statements name it) and
 * served masked, last four only; one active card per number and company (a cancelled card frees its number).
 */
export const businessCard = pgTable(
  'business_card',
  {
    ...idColumn(),
    ...companyColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employee.id),
    cardNo: varchar('card_no', { length: 32 }).notNull(),
    /** The name embossed on the card, as the issuer knows the holder. */
    holderName: varchar('holder_name', { length: 100 }).notNull().default(''),
    /** The card's last valid day (the issuer's "valid thru" month, its last day); unknown when null. */
    validUntil: date('valid_until', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('business_card_no_uq').on(t.companyId, t.cardNo).where(sql`${t.active}`),
    index('business_card_employee_idx').on(t.employeeId),
  ],
);

/**
 * One transaction of a business card, from the issuer's statement or its adapter, matched to the cardholder.
 * `status` is what the holder decided (open or private); a claim is `claim_document_id`, in force while that deputy
 * is not deleted and still has the line carrying the item's reference (docs/decisions/037). A private one is taken
 * into a remittance run (`deduction_run_id`) and settled when that run pays.
 */
export const cardTransaction = pgTable(
  'card_transaction',
  {
    ...idColumn(),
    ...companyColumn(),
    cardId: integer('card_id')
      .notNull()
      .references(() => businessCard.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employee.id),
    /** The issuer's reference of the transaction: a statement imported twice or polled again adds nothing twice. */
    issuerRef: varchar('issuer_ref', { length: 64 }).notNull(),
    transDate: date('trans_date', { mode: 'string' }).notNull(),
    merchant: varchar('merchant', { length: 200 }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('CNY'),
    status: varchar('status', { length: 10, enum: ['open', 'private'] })
      .notNull()
      .default('open'),
    claimDocumentId: integer('claim_document_id').references(() => document.id, { onDelete: 'set null' }),
    deductionRunId: integer('deduction_run_id').references(() => remittanceRun.id),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('card_transaction_ref_uq').on(t.companyId, t.issuerRef),
    index('card_transaction_employee_idx').on(t.employeeId, t.transDate),
    index('card_transaction_card_idx').on(t.cardId),
    index('card_transaction_private_idx')
      .on(t.employeeId)
      .where(sql`${t.status} = 'private' and ${t.settledAt} is null`),
    check('card_transaction_amount_ck', sql`${t.amount} > 0`),
  ],
);
