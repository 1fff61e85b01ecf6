import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns } from '../../../../core/columns';
import { documentColumn } from '../../../documents/document.table';
import { companyColumn } from '../../../system/system.table';
import { voucher } from '../entries.table';

/**
 * A fixed asset a claim bought (DESIGN §12): a line of an asset item above the `FixedAssetThreshold` parameter, one
 * record per cost-centre share, written with the voucher that debits the asset account. Its state follows the
 * voucher: an asset whose voucher was withdrawn (chargeback, write-off cancel) counts as cancelled.
 */
export const fixedAsset = pgTable(
  'fixed_asset',
  {
    ...idColumn(),
    ...companyColumn(),
    ...documentColumn(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => voucher.id, { onDelete: 'cascade' }),
    assetNo: varchar('asset_no', { length: 40 }).notNull(),
    lineNo: integer('line_no').notNull(),
    seq: integer('seq').notNull(),
    expenseItemId: integer('expense_item_id'),
    description: varchar('description', { length: 500 }),
    costCentreId: integer('cost_centre_id'),
    productId: integer('product_id'),
    /** Who holds it: the claim's applicant. */
    employeeId: integer('employee_id'),
    acquiredOn: date('acquired_on', { mode: 'string' }).notNull(),
    /** CNY, net of deductible VAT: the asset's cost. */
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    glAccount: varchar('gl_account', { length: 20 }).notNull(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('fixed_asset_no_uq').on(t.assetNo),
    uniqueIndex('fixed_asset_voucher_line_uq').on(t.voucherId, t.lineNo, t.seq),
    index('fixed_asset_company_date_idx').on(t.companyId, t.acquiredOn),
    index('fixed_asset_document_idx').on(t.documentId),
    check('fixed_asset_amount_ck', sql`${t.amount} > 0`),
  ],
);
