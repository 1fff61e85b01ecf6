import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../../core/columns';
import { document } from '../../documents/document.table';
import { companyColumn } from '../../system/system.table';

/** What a voucher books: a document's expense or loan, a payment, a VAT adjustment, a loan repayment. */
export const VOUCHER_KINDS = ['expense', 'loan', 'payment', 'vat_adjustment', 'loan_repayment'] as const;
/**
 * open: written, waiting to be sent; queued: handed to the ERP gateway; posted: the ERP's document number is kept;
 * failed: the ERP refused or could not be reached (resend queues it again); cancelled: withdrawn before posting.
 */
export const VOUCHER_STATES = ['open', 'queued', 'posted', 'failed', 'cancelled'] as const;
export const ENTRY_SIDES = ['D', 'C'] as const;

/**
 * One accounting voucher (DESIGN §12): its entries balance, debits equal to credits in CNY, checked before it is
 * written. `posting_ref` is the idempotency key the ERP receives, so a voucher sent twice is booked once.
 */
export const voucher = pgTable(
  'voucher',
  {
    ...idColumn(),
    ...companyColumn(),
    documentId: integer('document_id').references(() => document.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20, enum: VOUCHER_KINDS }).notNull(),
    postingDate: date('posting_date', { mode: 'string' }).notNull(),
    /** The posting period, `YYYY-MM`, after the month's cut-off day. */
    period: varchar('period', { length: 7 }).notNull(),
    /** The sum of the debits (= of the credits), CNY. */
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    state: varchar('state', { length: 10, enum: VOUCHER_STATES }).notNull().default('open'),
    postingRef: varchar('posting_ref', { length: 60 }).notNull(),
    erpDocNo: varchar('erp_doc_no', { length: 40 }),
    lastError: varchar('last_error', { length: 1000 }),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('voucher_posting_ref_uq').on(t.postingRef),
    index('voucher_document_idx').on(t.documentId),
    index('voucher_company_state_idx').on(t.companyId, t.state, t.kind),
    // The payment-voucher report pages the documents with posted vouchers, newest first.
    index('voucher_company_posted_doc_idx').on(t.companyId, t.documentId).where(sql`${t.state} = 'posted'`),
  ],
);

/** One line of a voucher; the amount is CNY, the original currency and rate kept beside it. */
export const accountingEntry = pgTable(
  'accounting_entry',
  {
    ...idColumn(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => voucher.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    side: varchar('side', { length: 1, enum: ENTRY_SIDES }).notNull(),
    glAccount: varchar('gl_account', { length: 20 }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('CNY'),
    amountOriginal: numeric('amount_original', { precision: 18, scale: 2 }),
    fxRate: numeric('fx_rate', { precision: 18, scale: 6 }),
    costCentreId: integer('cost_centre_id'),
    internalOrderId: integer('internal_order_id'),
    productId: integer('product_id'),
    /** The employee as payee (payable) or debtor (advance). */
    employeeId: integer('employee_id'),
    text: varchar('text', { length: 200 }),
    /**
     * The SAP tax code of an input-VAT line and of the lines its VAT was deducted from (docs/decisions/049), from the
     * tax-code mapping of the fapiao's kind and rate; `taxBase` is the net amount a VAT line's tax was charged on.
     */
    taxCode: varchar('tax_code', { length: 2 }),
    taxBase: numeric('tax_base', { precision: 18, scale: 2 }),
  },
  (t) => [
    uniqueIndex('accounting_entry_line_uq').on(t.voucherId, t.lineNo),
    check('accounting_entry_amount_ck', sql`${t.amount} > 0`),
  ],
);
