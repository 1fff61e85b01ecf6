import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../../core/columns';
import { document } from '../../documents/document.table';
import { employee } from '../../org/org.table';
import { companyColumn } from '../../system/system.table';

/**
 * One ride-hailing order from the provider's statement (the technical parameter `OrderSystemCompany` names the
 * provider), matched to the employee. `status` is what the employee decided; a claim is `claim_document_id`, in force
 * while that deputy is not deleted and still has the order's line (docs/decisions/037).
 */
export const rideOrder = pgTable(
  'ride_order',
  {
    ...idColumn(),
    ...companyColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employee.id),
    provider: varchar('provider', { length: 40 }).notNull(),
    orderNo: varchar('order_no', { length: 64 }).notNull(),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    fromPlace: varchar('from_place', { length: 200 }).notNull(),
    toPlace: varchar('to_place', { length: 200 }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('CNY'),
    status: varchar('status', { length: 10, enum: ['open', 'private', 'business'] })
      .notNull()
      .default('open'),
    claimDocumentId: integer('claim_document_id').references(() => document.id, { onDelete: 'set null' }),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('ride_order_no_uq').on(t.companyId, t.provider, t.orderNo),
    index('ride_order_employee_idx').on(t.employeeId, t.orderDate),
    check('ride_order_amount_ck', sql`${t.amount} > 0`),
  ],
);
