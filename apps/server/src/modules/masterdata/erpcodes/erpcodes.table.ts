import { INVOICE_TYPES, SAP_ACCOUNT_TYPES, VAT_RATES } from '@ems/contracts';
import { integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../../core/columns';
import { employee } from '../../org/org.table';
import { companyColumn } from '../../system/system.table';

/**
 * The company's SAP tax code (MWSKZ) for a fapiao kind at a VAT rate (docs/decisions/049): what the input-VAT line
 * of a voucher, and the lines it was deducted from, carry to the ERP.
 */
export const taxCodeMapping = pgTable(
  'tax_code_mapping',
  {
    ...idColumn(),
    ...companyColumn(),
    invoiceType: varchar('invoice_type', { length: 20, enum: INVOICE_TYPES }).notNull(),
    /** The VAT rate in percent, one of `VAT_RATES`. */
    rate: varchar('rate', { length: 3, enum: VAT_RATES }).notNull(),
    taxCode: varchar('tax_code', { length: 2 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [uniqueIndex('tax_code_mapping_uq').on(t.companyId, t.invoiceType, t.rate)],
);

/**
 * A person's account in SAP (docs/decisions/049): the vendor number (LIFNR) the payable and advance lines of their
 * vouchers are booked on, an employee-vendor for expense refunds or an ordinary vendor.
 */
export const sapVendorAccount = pgTable(
  'sap_vendor_account',
  {
    ...idColumn(),
    ...companyColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employee.id, { onDelete: 'cascade' }),
    accountType: varchar('account_type', { length: 20, enum: SAP_ACCOUNT_TYPES }).notNull(),
    vendorNo: varchar('vendor_no', { length: 10 }).notNull(),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('sap_vendor_account_employee_uq').on(t.companyId, t.employeeId),
    uniqueIndex('sap_vendor_account_no_uq').on(t.companyId, t.vendorNo),
  ],
);
