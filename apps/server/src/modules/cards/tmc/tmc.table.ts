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
import { idColumn, timestampColumns } from '../../../core/columns';
import { expenseItem, expenseType } from '../../masterdata/expense.table';
import { employee } from '../../org/org.table';
import { companyColumn } from '../../system/system.table';

/**
 * Air tickets booked through the travel-management company, as its adapter delivered them (docs/decisions/038).
 * One row per TMC order: the order number is the delivery's idempotency key, so a repeated or concurrent delivery
 * books nothing twice. The company's TMC account pays every ticket; a deputy line claims it (`expense_line.
 * tmc_ticket_id`, unique), which is what makes it "claimed" rather than "open".
 */
export const tmcTicket = pgTable(
  'tmc_ticket',
  {
    ...idColumn(),
    ...companyColumn(),
    orderNo: varchar('order_no', { length: 40 }).notNull(),
    ticketNo: varchar('ticket_no', { length: 30 }).notNull(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employee.id),
    flight: varchar('flight', { length: 20 }).notNull(),
    fromCity: varchar('from_city', { length: 100 }).notNull(),
    toCity: varchar('to_city', { length: 100 }).notNull(),
    flightDate: date('flight_date', { mode: 'string' }).notNull(),
    fare: numeric('fare', { precision: 18, scale: 2 }).notNull(),
    /** Airport tax and fuel surcharge. */
    tax: numeric('tax', { precision: 18, scale: 2 }).notNull(),
    /** Fare plus tax: what the company's TMC account paid. */
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    /** The apply the trip belongs to (an apply document of the passenger), when the hand-over named one. */
    applyId: integer('apply_id'),
    meeting: boolean('meeting').notNull().default(false),
    /** From `TMCExpenseType` (or `TMCMeetingExpenseType`) when the ticket arrived; the item is its air-ticket item. */
    expenseTypeId: integer('expense_type_id').references(() => expenseType.id),
    expenseItemId: integer('expense_item_id').references(() => expenseItem.id),
    /** Which adapter delivered it: `simulator` or `http`. */
    source: varchar('source', { length: 20 }).notNull(),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('tmc_ticket_order_uq').on(t.companyId, t.orderNo),
    uniqueIndex('tmc_ticket_no_uq').on(t.companyId, t.ticketNo),
    index('tmc_ticket_employee_idx').on(t.employeeId, t.flightDate),
    check('tmc_ticket_amount_ck', sql`${t.fare} >= 0 and ${t.tax} >= 0 and ${t.amount} = ${t.fare} + ${t.tax}`),
  ],
);

/** Where the order feed of the real TMC was read up to (one row per company), so each poll asks only for what is new. */
export const tmcFeedCursor = pgTable('tmc_feed_cursor', {
  companyId: integer('company_id').primaryKey(),
  cursor: varchar('cursor', { length: 100 }).notNull(),
  ...timestampColumns(),
});
