import { PAYEE_KINDS, TRANSPORTS } from '@ems/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns } from '../../../core/columns';
import { costCentre } from '../../masterdata/costcentre.table';
import { product, provider } from '../../masterdata/reference.table';
import { employee } from '../../org/org.table';
import { documentColumn } from '../document.table';

/**
 * Shares of a document (line_no null) or of one of its lines across cost centres and products. The shares of one
 * target sum to at most 100 %; submit wants exactly 100. The amount is the share of the target's amount, rounded so
 * the shares add up to it (largest remainder), and follows the lines when the draft is saved again.
 */
export const apportionment = pgTable(
  'apportionment',
  {
    ...idColumn(),
    ...documentColumn(),
    lineNo: integer('line_no'),
    seq: integer('seq').notNull(),
    costCentreId: integer('cost_centre_id')
      .notNull()
      .references(() => costCentre.id),
    productId: integer('product_id').references(() => product.id),
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    index('apportionment_document_idx').on(t.documentId, t.lineNo, t.seq),
    check('apportionment_percent_ck', sql`${t.percent} > 0 and ${t.percent} <= 100`),
  ],
);

/** The itinerary of a document: one row per segment. */
export const trip = pgTable(
  'trip',
  {
    ...idColumn(),
    ...documentColumn(),
    fromCity: varchar('from_city', { length: 100 }).notNull(),
    toCity: varchar('to_city', { length: 100 }).notNull(),
    departDate: date('depart_date', { mode: 'string' }).notNull(),
    arriveDate: date('arrive_date', { mode: 'string' }).notNull(),
    transport: varchar('transport', { length: 10, enum: TRANSPORTS }).notNull(),
    remark: text('remark'),
    ...timestampColumns(),
  },
  (t) => [index('trip_document_idx').on(t.documentId, t.departDate)],
);

/**
 * Whom a loan or deputy pays when not the applicant: a vendor of the SAP vendor master, its name and bank as the
 * vendor search answered them when chosen. No row: the applicant is paid.
 */
export const payDetail = pgTable(
  'pay_detail',
  {
    ...idColumn(),
    ...documentColumn(),
    payeeKind: varchar('payee_kind', { length: 10, enum: PAYEE_KINDS }).notNull(),
    vendorCode: varchar('vendor_code', { length: 40 }),
    vendorName: varchar('vendor_name', { length: 200 }),
    bankName: varchar('bank_name', { length: 100 }),
    bankAccount: varchar('bank_account', { length: 40 }),
    ...timestampColumns(),
  },
  (t) => [uniqueIndex('pay_detail_document_uq').on(t.documentId), index('pay_detail_vendor_idx').on(t.vendorCode)],
);

/** Purchase orders a document pays against. */
export const purchaseOrder = pgTable(
  'purchase_order',
  {
    ...idColumn(),
    ...documentColumn(),
    poNo: varchar('po_no', { length: 30 }).notNull(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => provider.id),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    remark: text('remark'),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('purchase_order_document_no_uq').on(t.documentId, t.poNo),
    check('purchase_order_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** One air ticket's amount split across the employees who share it. */
export const airTicketShare = pgTable(
  'air_ticket_share',
  {
    ...idColumn(),
    ...documentColumn(),
    ticketNo: varchar('ticket_no', { length: 30 }).notNull(),
    ticketAmount: numeric('ticket_amount', { precision: 18, scale: 2 }).notNull(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employee.id),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [uniqueIndex('air_ticket_share_uq').on(t.documentId, t.ticketNo, t.employeeId)],
);
