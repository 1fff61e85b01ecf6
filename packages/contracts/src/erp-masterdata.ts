import { z } from 'zod';
import { Id, Text, Version } from './common';
import { INVOICE_TYPES } from './fapiao';
import { PageQuery } from './paging';

/* ---------- Tax codes (/api/TaxCodeMapping/): fapiao kind and rate → the company's SAP tax code ---------- */

/** VAT rates a fapiao or ticket carries in China, in percent. */
export const VAT_RATES = ['0', '1', '3', '5', '6', '9', '13'] as const;
export const VatRate = z.enum(VAT_RATES);
export type VatRate = z.infer<typeof VatRate>;
/** A SAP tax code (MWSKZ): two letters or digits. */
export const TaxCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{2}$/)
  .transform((v) => v.toUpperCase());

export const SearchTaxCodeBody = PageQuery.extend({
  InvoiceType: z.enum(INVOICE_TYPES).optional(),
  Keyword: Text(40).optional(),
});
export type SearchTaxCodeBody = z.infer<typeof SearchTaxCodeBody>;

export const TaxCodeRow = z.object({
  ID: Id,
  InvoiceType: z.enum(INVOICE_TYPES),
  Rate: VatRate,
  TaxCode: z.string(),
  Description: z.string(),
  Version: Version,
  UpdatedAt: z.string(),
});
export type TaxCodeRow = z.infer<typeof TaxCodeRow>;

export const SaveTaxCodeBody = z.object({
  ID: Id.optional(),
  Version: Version.optional(),
  InvoiceType: z.enum(INVOICE_TYPES),
  Rate: VatRate,
  TaxCode,
  Description: Text(200).optional(),
});
export type SaveTaxCodeBody = z.infer<typeof SaveTaxCodeBody>;

/* ---------- SAP vendor accounts (/api/SapVendorAccount/): a person → their SAP vendor number ---------- */

/** employee_vendor: the employee set up as a vendor for expense refunds; vendor: an ordinary supplier account. */
export const SAP_ACCOUNT_TYPES = ['employee_vendor', 'vendor'] as const;
export const SapAccountType = z.enum(SAP_ACCOUNT_TYPES);
/** A SAP vendor number (LIFNR): up to ten letters or digits. */
export const SapVendorNo = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,10}$/);

export const SapVendorFilters = z.object({
  Keyword: Text(100).optional(),
  AccountType: SapAccountType.optional(),
  EmployeeIDs: z.array(Id).max(100).optional(),
});
export const SearchSapVendorBody = PageQuery.extend(SapVendorFilters.shape);
export type SearchSapVendorBody = z.infer<typeof SearchSapVendorBody>;
export const ExportSapVendorBody = SapVendorFilters.extend({
  SortField: PageQuery.shape.SortField,
  SortOrder: PageQuery.shape.SortOrder,
});
export type ExportSapVendorBody = z.infer<typeof ExportSapVendorBody>;

export const SapVendorRow = z.object({
  ID: Id,
  EmployeeID: Id,
  EmployeeCode: z.string(),
  EmployeeName: z.string(),
  AccountType: SapAccountType,
  VendorNo: z.string(),
  Version: Version,
  UpdatedAt: z.string(),
});
export type SapVendorRow = z.infer<typeof SapVendorRow>;

export const SaveSapVendorBody = z.object({
  ID: Id.optional(),
  Version: Version.optional(),
  EmployeeID: Id,
  AccountType: SapAccountType,
  VendorNo: SapVendorNo,
});
export type SaveSapVendorBody = z.infer<typeof SaveSapVendorBody>;
