import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../../core/columns';
import { customerHco, customerHcp } from '../../masterdata/customers/customer.table';
import { baseInfo } from '../../masterdata/reference.table';
import { documentColumn } from '../document.table';

/**
 * The HCP and HCO attendees of a document's line, with the reason each is there and their share of the line's
 * amount (DESIGN §8, §11). Lines are rewritten on every save, so an attendee names its line by number.
 */
export const documentCustomer = pgTable(
  'document_customer',
  {
    ...idColumn(),
    ...documentColumn(),
    lineNo: integer('line_no').notNull(),
    hcpId: integer('hcp_id').references(() => customerHcp.id),
    hcoId: integer('hco_id').references(() => customerHco.id),
    reasonId: integer('reason_id').references(() => baseInfo.id),
    /** The line's amount split per head, in the line's currency; null while the line has no amount. */
    amount: numeric('amount', { precision: 18, scale: 2 }),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('document_customer_hcp_uq').on(t.documentId, t.lineNo, t.hcpId),
    uniqueIndex('document_customer_hco_uq').on(t.documentId, t.lineNo, t.hcoId),
    index('document_customer_hcp_idx').on(t.hcpId),
    index('document_customer_hco_idx').on(t.hcoId),
    check('document_customer_one_ck', sql`(${t.hcpId} is null) <> (${t.hcoId} is null)`),
  ],
);

/** The clinical-trial HCOs a document is for. */
export const documentClinicalHco = pgTable(
  'document_clinical_hco',
  {
    ...idColumn(),
    ...documentColumn(),
    hcoId: integer('hco_id')
      .notNull()
      .references(() => customerHco.id),
    remark: text('remark'),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('document_clinical_hco_uq').on(t.documentId, t.hcoId),
    index('document_clinical_hco_idx').on(t.hcoId),
  ],
);

/** A lecturer's agreement for a meeting of a document: the fee before and after the individual income tax withheld. */
export const lecturerAgreement = pgTable(
  'lecturer_agreement',
  {
    ...idColumn(),
    ...documentColumn(),
    hcpId: integer('hcp_id')
      .notNull()
      .references(() => customerHcp.id),
    meetingName: varchar('meeting_name', { length: 200 }).notNull(),
    meetingDate: date('meeting_date', { mode: 'string' }).notNull(),
    topic: varchar('topic', { length: 200 }),
    /** Which fee the applicant agreed on: before tax (the tax is withheld from it) or after tax (grossed up). */
    feeBasis: varchar('fee_basis', { length: 10, enum: ['gross', 'net'] }).notNull(),
    feeBeforeTax: numeric('fee_before_tax', { precision: 18, scale: 2 }).notNull(),
    tax: numeric('tax', { precision: 18, scale: 2 }).notNull(),
    feeAfterTax: numeric('fee_after_tax', { precision: 18, scale: 2 }).notNull(),
    /**
     * The tax actually withheld, fixed when a claim carrying the fee enters approval: the tax on the lecturer's month
     * total less what the month had withheld already (docs/decisions/050); null while not fixed.
     */
    withheldTax: numeric('withheld_tax', { precision: 18, scale: 2 }),
    /** The calendar month (its first day) whose withholding holds the fee, while fixed. */
    withheldMonth: date('withheld_month', { mode: 'string' }),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('lecturer_agreement_uq').on(t.documentId, t.hcpId, t.meetingName),
    index('lecturer_agreement_hcp_idx').on(t.hcpId),
    check('lecturer_agreement_fee_ck', sql`${t.feeBeforeTax} > 0`),
  ],
);
