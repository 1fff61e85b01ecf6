import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../../core/columns';
import { customerHcp } from '../../masterdata/customers/customer.table';
import { companyColumn } from '../../system/system.table';

/**
 * What a company has paid one lecturer in one calendar month (one occasion of labour remuneration) and the individual
 * income tax it withheld on it (docs/decisions/050): the fees of the claims that entered approval, less those that
 * left it. Changed only under its row lock, in the transaction that fixes or releases a fee's tax.
 */
export const lectureFeeMonth = pgTable(
  'lecture_fee_month',
  {
    ...idColumn(),
    ...companyColumn(),
    hcpId: integer('hcp_id')
      .notNull()
      .references(() => customerHcp.id),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    gross: numeric('gross', { precision: 18, scale: 2 }).notNull().default('0'),
    tax: numeric('tax', { precision: 18, scale: 2 }).notNull().default('0'),
    /** How many fees the amounts sum. */
    fees: integer('fees').notNull().default(0),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('lecture_fee_month_uq').on(t.companyId, t.hcpId, t.month),
    index('lecture_fee_month_month_idx').on(t.companyId, t.month, t.hcpId),
    check('lecture_fee_month_amounts_ck', sql`${t.gross} >= 0 and ${t.tax} >= 0 and ${t.fees} >= 0`),
  ],
);
