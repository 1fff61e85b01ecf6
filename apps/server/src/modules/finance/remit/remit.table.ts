import {
  AUDIT_METHODS,
  BANK_STATUSES,
  DEDUCTION_KINDS,
  PAYEE_KINDS,
  PAYMENT_METHODS,
  REMIT_STEPS,
} from '@ems/contracts';
import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../../core/columns';
import { documentColumn } from '../../documents/document.table';
import { payerAccount } from '../../masterdata/banks/banks.table';
import { employee } from '../../org/org.table';
import { companyColumn } from '../../system/system.table';
import { voucher } from '../entries/entries.table';

/**
 * One remittance run (DESIGN §12): the way it pays (method, crediting date, audit method), the step it stands on
 * (it resumes there), its payment voucher once the remittance list was confirmed, and the bank file once sent.
 */
export const remittanceRun = pgTable(
  'remittance_run',
  {
    ...idColumn(),
    ...companyColumn(),
    paymentMethod: varchar('payment_method', { length: 10, enum: PAYMENT_METHODS }).notNull(),
    creditingDate: date('crediting_date', { mode: 'string' }).notNull(),
    auditMethod: varchar('audit_method', { length: 10, enum: AUDIT_METHODS }).notNull(),
    step: varchar('step', { length: 10, enum: REMIT_STEPS }).notNull().default('documents'),
    /** The company account the run pays from; its layout makes the bank file (null: the configured default). */
    payerAccountId: integer('payer_account_id').references(() => payerAccount.id),
    /** The payment voucher (debit payable, credit bank), written when the remittance list is confirmed. */
    voucherId: integer('voucher_id').references(() => voucher.id),
    printedAt: timestamp('printed_at', { withTimezone: true }),
    remittedAt: timestamp('remitted_at', { withTimezone: true }),
    remittedBy: integer('remitted_by').references(() => employee.id),
    /** The bank file's name as the bank adapter delivered it, and when. */
    bankFile: varchar('bank_file', { length: 200 }),
    bankSentAt: timestamp('bank_sent_at', { withTimezone: true }),
    /** The finance clerk's note on the payment posting (automatic remittance posting). */
    postRemark: varchar('post_remark', { length: 500 }),
    /** PIPL: when and by whom the payees' personal data of the run's items were deleted after their retention. */
    personalDataDeletedAt: timestamp('personal_data_deleted_at', { withTimezone: true }),
    personalDataDeletedBy: integer('personal_data_deleted_by').references(() => employee.id),
    createdBy: integer('created_by').references(() => employee.id),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    index('remittance_run_company_step_idx').on(t.companyId, t.step),
    // One unfinished run per company: a second clerk resumes it rather than paying the same documents beside it.
    uniqueIndex('remittance_run_open_uq').on(t.companyId).where(sql`${t.step} <> 'done'`),
  ],
);

/**
 * One document in a run, with whom it pays and how much (the payable its posted voucher credited). A document is in
 * at most one run (unique), so nobody is paid for it twice; `line_no` is the bank line it is paid on.
 */
export const remittanceItem = pgTable(
  'remittance_item',
  {
    ...idColumn(),
    runId: integer('run_id')
      .notNull()
      .references(() => remittanceRun.id, { onDelete: 'cascade' }),
    ...documentColumn(),
    payeeKind: varchar('payee_kind', { length: 10, enum: PAYEE_KINDS }).notNull(),
    /** The employee whose payable the payment clears (the applicant), whoever the bank pays. */
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employee.id),
    payeeCode: varchar('payee_code', { length: 40 }),
    /** Empty once the run's personal data were deleted (PIPL), as are code, bank and account (then null). */
    payeeName: varchar('payee_name', { length: 200 }).notNull(),
    bankName: varchar('bank_name', { length: 100 }),
    bankAccount: varchar('bank_account', { length: 40 }),
    /** The payee's branch by CNAPS code and name, as the directory named it when the list was built. */
    bankCnaps: varchar('bank_cnaps', { length: 12 }),
    bankBranch: varchar('bank_branch', { length: 200 }),
    /** The currency of the payable the document's voucher credited (what the bank pays in). */
    currency: varchar('currency', { length: 3 }).notNull().default('CNY'),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    /**
     * What the payment keeps back from the payable: the employee's private business-card spend (modules/cards), so
     * the bank pays `amount` and the payable cleared is `amount + deducted`.
     */
    deducted: numeric('deducted', { precision: 18, scale: 2 }).notNull().default('0'),
    lineNo: integer('line_no'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * The bank's answer on the line (docs/decisions/048): sent once remitted, then paid or failed. A failed item
     * stays as the record of the attempt, with the bank's reason; its document waits for remittance again.
     */
    bankStatus: varchar('bank_status', { length: 10, enum: BANK_STATUSES }),
    bankReason: varchar('bank_reason', { length: 500 }),
    bankAnsweredAt: timestamp('bank_answered_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (t) => [
    // A document is in at most one live run item; its failed attempts stay beside the item that pays it again.
    uniqueIndex('remittance_item_document_uq').on(t.documentId).where(sql`${t.bankStatus} is distinct from 'failed'`),
    index('remittance_item_run_idx').on(t.runId),
    // Why a document's last payment came back, read on every row of the candidates and the pay suggestion.
    index('remittance_item_failed_idx').on(t.documentId).where(sql`${t.bankStatus} = 'failed'`),
  ],
);

/**
 * What a payment keeps back from a document's gross, one row per source, written with the remittance list: private
 * business-card spend (its card transaction; `remittance_item.deducted` is their sum, what the bank does not pay)
 * and the loans the claim wrote off (the payable was already credited net of them). The remittance list, its PDF,
 * the document's payment and the paid notice all read these rows, so they show the same gross, reasons and net.
 */
export const remittanceDeduction = pgTable(
  'remittance_deduction',
  {
    ...idColumn(),
    itemId: integer('item_id')
      .notNull()
      .references(() => remittanceItem.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20, enum: DEDUCTION_KINDS }).notNull(),
    /** The card transaction kept back (card_private), or the loan written off (loan). */
    sourceId: integer('source_id').notNull(),
    /** `**** 1234 merchant` of the card, or the loan's number, as it stood when the list was built. */
    source: varchar('source', { length: 250 }).notNull(),
    sourceDate: date('source_date', { mode: 'string' }),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [index('remittance_deduction_item_idx').on(t.itemId)],
);
