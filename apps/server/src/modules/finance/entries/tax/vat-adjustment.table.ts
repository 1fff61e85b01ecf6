import { VAT_ADJUSTMENT_KINDS, VAT_ADJUSTMENT_STATES } from '@ems/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../../../core/columns';
import { documentColumn } from '../../../documents/document.table';
import { invoice } from '../../../documents/invoices/invoice.table';
import { employee } from '../../../org/org.table';
import { companyColumn } from '../../../system/system.table';
import { voucher } from '../entries.table';

/**
 * A change to the input VAT deducted for one fapiao after its claim was booked (TaxManager, DESIGN §12). A draft
 * books nothing; applying it writes an adjusting voucher (kind vat_adjustment) and sends it to the ERP; deleting an
 * applied one writes the reversing voucher.
 */
export const vatAdjustment = pgTable(
  'vat_adjustment',
  {
    ...idColumn(),
    ...companyColumn(),
    ...documentColumn(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoice.id),
    kind: varchar('kind', { length: 20, enum: VAT_ADJUSTMENT_KINDS }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    reason: text('reason').notNull(),
    state: varchar('state', { length: 10, enum: VAT_ADJUSTMENT_STATES }).notNull().default('draft'),
    voucherId: integer('voucher_id').references(() => voucher.id),
    reversalVoucherId: integer('reversal_voucher_id').references(() => voucher.id),
    createdBy: integer('created_by').references(() => employee.id),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    index('vat_adjustment_invoice_idx').on(t.invoiceId, t.state),
    index('vat_adjustment_company_idx').on(t.companyId, t.state),
    check('vat_adjustment_amount_ck', sql`${t.amount} > 0`),
  ],
);
