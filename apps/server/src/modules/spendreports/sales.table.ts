import { date, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../core/columns';
import { product } from '../masterdata/reference.table';
import { companyColumn } from '../system/system.table';

/**
 * Daily sales as the sales operations team reports them: per day and product the units sold, the net sales and the
 * day's share of the sales budget. Imported from Excel (`ReportDaily_Sales_Import`); a day and product imported
 * again replaces its figures.
 */
export const salesDaily = pgTable(
  'sales_daily',
  {
    ...idColumn(),
    ...companyColumn(),
    salesDate: date('sales_date', { mode: 'string' }).notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id),
    quantity: numeric('quantity', { precision: 18, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    budgetAmount: numeric('budget_amount', { precision: 18, scale: 2 }).notNull(),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('sales_daily_uq').on(t.companyId, t.salesDate, t.productId),
    index('sales_daily_product_idx').on(t.companyId, t.productId, t.salesDate),
  ],
);

/** The standard average selling price of a product in a month (`ReportASPImport`), against which sales are read. */
export const salesAsp = pgTable(
  'sales_asp',
  {
    ...idColumn(),
    ...companyColumn(),
    /** `yyyy-MM`. */
    month: varchar('month', { length: 7 }).notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id),
    standardAsp: numeric('standard_asp', { precision: 16, scale: 4 }).notNull(),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [uniqueIndex('sales_asp_uq').on(t.companyId, t.month, t.productId)],
);
