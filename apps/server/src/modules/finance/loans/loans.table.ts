import { LOAN_MOVEMENT_KINDS } from '@ems/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns } from '../../../core/columns';
import { document } from '../../documents/document.table';
import { employee } from '../../org/org.table';
import { companyColumn } from '../../system/system.table';
import { voucher } from '../entries/entries.table';

/**
 * Every change of a loan's balance (DESIGN §12), so a balance is a sum: the advance when the loan is posted (+),
 * a deputy's write-off when the deputy is posted (−), a repayment finance records (−), and a write-off cancel (+),
 * which names the write-off it reverses. The amount is always positive; the kind gives the sign.
 */
export const loanBalanceMovement = pgTable(
  'loan_balance_movement',
  {
    ...idColumn(),
    ...companyColumn(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => document.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employee.id),
    kind: varchar('kind', { length: 20, enum: LOAN_MOVEMENT_KINDS }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    /** The deputy that wrote the loan off (write_off, and the write_off_cancel that reverses it). */
    deputyId: integer('deputy_id').references(() => document.id, { onDelete: 'cascade' }),
    /** The write-off a cancel reverses. */
    reversesId: integer('reverses_id'),
    /** The voucher that books it (the loan's, the deputy's, the repayment's or the reversing one). */
    voucherId: integer('voucher_id').references(() => voucher.id),
    /** The business date: the posting date, or the day the repayment arrived. */
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    /** Who recorded it; null for the posting job. */
    actorId: integer('actor_id').references(() => employee.id),
    note: text('note'),
    ...timestampColumns(),
  },
  (t) => [
    index('loan_movement_loan_idx').on(t.loanId, t.id),
    index('loan_movement_company_employee_idx').on(t.companyId, t.employeeId),
    // Posting is at least once: the advance and a deputy's write-off are recorded once, a write-off cancelled once.
    uniqueIndex('loan_movement_advance_uq').on(t.loanId).where(sql`kind = 'advance'`),
    uniqueIndex('loan_movement_write_off_uq').on(t.loanId, t.deputyId).where(sql`kind = 'write_off'`),
    uniqueIndex('loan_movement_cancel_uq').on(t.reversesId).where(sql`kind = 'write_off_cancel'`),
    check('loan_movement_amount_ck', sql`${t.amount} > 0`),
  ],
);
