import { DOC_STATES, DOC_TYPES } from '@ems/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { gramsColumn, idColumn, timestampColumns, versionColumn } from '../../core/columns';
import { tmcTicket } from '../cards/tmc/tmc.table';
import { costCentre, internalOrder } from '../masterdata/costcentre.table';
import { expenseItem, expenseSubItem, expenseType } from '../masterdata/expense.table';
import { product } from '../masterdata/reference.table';
import { employee, team } from '../org/org.table';
import { companyColumn } from '../system/system.table';

/** Apply, loan and deputy documents in one table (DESIGN §8). */
export const document = pgTable(
  'document',
  {
    ...idColumn(),
    ...companyColumn(),
    docType: varchar('doc_type', { length: 10, enum: DOC_TYPES }).notNull(),
    /** Per company, type and month: A|L|D + company code + yyMM + five digits. */
    docNo: varchar('doc_no', { length: 30 }).notNull(),
    expenseTypeId: integer('expense_type_id').references(() => expenseType.id),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => employee.id),
    /** Who filled it in: the applicant, or their fill-in proxy. */
    preparerId: integer('preparer_id')
      .notNull()
      .references(() => employee.id),
    teamId: integer('team_id').references(() => team.id),
    costCentreId: integer('cost_centre_id').references(() => costCentre.id),
    internalOrderId: integer('internal_order_id').references(() => internalOrder.id),
    currency: varchar('currency', { length: 3 }).notNull().default('CNY'),
    totalAmount: numeric('total_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    /** Total in CNY at the lines' FX rates. */
    totalAmountCny: numeric('total_amount_cny', { precision: 18, scale: 2 }).notNull().default('0'),
    status: varchar('status', { length: 20, enum: DOC_STATES }).notNull().default('draft'),
    reason: text('reason'),
    /** What a keyword finds in the reason (the number is found by its beginning, `document_no_prefix_idx`). */
    reasonGrams: gramsColumn('reason_grams', sql`coalesce(reason, '')`),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** A deputy may claim against an approved apply. */
    applyId: integer('apply_id'),
    /** Apply only: a long-term apply can be stopped (no new claims) and started again. */
    longTerm: boolean('long_term').notNull().default(false),
    /**
     * Loan only: the date the borrower will have repaid by; the loan falls due then, else the company's overdue days
     * after its approval (decision 059).
     */
    repayBy: date('repay_by', { mode: 'string' }),
    applyStopped: boolean('apply_stopped').notNull().default(false),
    /** Apply only: evidence overdue (DESIGN §11). */
    blocked: boolean('blocked').notNull().default(false),
    /** How many times it was submitted; approval steps of older rounds stay as history. */
    round: integer('round').notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('document_company_no_uq').on(t.companyId, t.docNo),
    index('document_applicant_idx').on(t.applicantId, t.status),
    index('document_preparer_idx').on(t.preparerId),
    index('document_company_status_idx').on(t.companyId, t.status, t.docType),
    // Team authority scopes a list by team; every list pages newest first within a company.
    index('document_team_idx').on(t.teamId, t.createdAt),
    index('document_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('document_reason_grams_idx').using('gin', t.reasonGrams),
    // `doc_no LIKE 'D1000…%'`: the database's collation is not C, so a prefix needs the pattern operator class.
    index('document_no_prefix_idx').on(t.companyId, t.docNo.op('varchar_pattern_ops')),
    // The spend reports (month, current period) sum a year of approved documents per group from this index alone.
    index('document_spend_idx')
      .on(t.companyId, t.docType, t.approvedAt, t.status, t.expenseTypeId, t.costCentreId, t.teamId, t.totalAmountCny)
      .where(sql`${t.approvedAt} is not null`),
  ],
);

/** The owning document of a line, file, history row or step: it goes with the document. */
export const documentColumn = () => ({
  documentId: integer('document_id')
    .notNull()
    .references(() => document.id, { onDelete: 'cascade' }),
});

/** Last number used per company, document type and month. */
export const documentNumber = pgTable(
  'document_number',
  {
    companyId: integer('company_id').notNull(),
    docType: varchar('doc_type', { length: 10 }).notNull(),
    period: varchar('period', { length: 4 }).notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.docType, t.period] })],
);

export const expenseLine = pgTable(
  'expense_line',
  {
    ...idColumn(),
    ...documentColumn(),
    lineNo: integer('line_no').notNull(),
    // A draft may hold unfinished lines; submit refuses them.
    expenseItemId: integer('expense_item_id').references(() => expenseItem.id),
    expenseSubItemId: integer('expense_sub_item_id').references(() => expenseSubItem.id),
    expenseDate: date('expense_date', { mode: 'string' }),
    amount: numeric('amount', { precision: 18, scale: 2 }),
    currency: varchar('currency', { length: 3 }).notNull().default('CNY'),
    /** The month's rate of the expense date; null while unknown (a draft in a currency without a rate yet). */
    fxRate: numeric('fx_rate', { precision: 18, scale: 6 }),
    amountCny: numeric('amount_cny', { precision: 18, scale: 2 }),
    productId: integer('product_id').references(() => product.id),
    description: text('description'),
    /** A TMC air ticket the line claims (paid by the company's TMC account); one line claims a ticket at a time. */
    tmcTicketId: integer('tmc_ticket_id').references(() => tmcTicket.id),
  },
  (t) => [
    uniqueIndex('expense_line_no_uq').on(t.documentId, t.lineNo),
    uniqueIndex('expense_line_tmc_ticket_uq').on(t.tmcTicketId).where(sql`${t.tmcTicketId} is not null`),
    index('expense_line_item_idx').on(t.expenseItemId, t.expenseDate),
    // The spend reports page lines newest first by expense date, and export them a keyset page at a time.
    index('expense_line_date_idx').on(t.expenseDate, t.id),
    check('expense_line_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** Loans a deputy writes off, and by how much. */
export const documentLoanLink = pgTable(
  'document_loan_link',
  {
    ...documentColumn(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => document.id),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.loanId] }),
    // A loan's balance sums its links: by loan, not by the deputy the key starts with.
    index('document_loan_link_loan_idx').on(t.loanId),
  ],
);
