import { z } from 'zod';
import { Id, Money, OptionalDateOnly, RequiredText, Text, Version } from './common';
import { INVOICE_TYPES } from './fapiao';
import { PageQuery } from './paging';

/**
 * VAT adjustments (TaxManager, screen vatAdjustment) and fixed-asset records (screen fixedAssets), DESIGN §12.
 * deduct: input VAT of a fapiao posted as not deductible is deducted after all (debit input VAT, credit the expense);
 * transfer_out: VAT deducted at posting is not deductible after all (进项税额转出: debit the expense, credit input VAT).
 */
export const VAT_ADJUSTMENT_KINDS = ['deduct', 'transfer_out'] as const;
export type VatAdjustmentKind = (typeof VAT_ADJUSTMENT_KINDS)[number];
/** draft: saved, nothing booked; applied: its voucher is written and sent; reversed: a reversing voucher undid it. */
export const VAT_ADJUSTMENT_STATES = ['draft', 'applied', 'reversed'] as const;
export type VatAdjustmentState = (typeof VAT_ADJUSTMENT_STATES)[number];

/** Which fapiao of reviewed documents the list shows. */
export const DEDUCTION_SCOPES = ['no_deduct', 'deducted', 'adjusted', 'all'] as const;

export const SearchNoDeductBody = PageQuery.extend({
  Scope: z.enum(DEDUCTION_SCOPES).default('no_deduct'),
  Keyword: Text(100).optional(),
  InvoiceType: z.enum(INVOICE_TYPES).optional(),
  DateFrom: OptionalDateOnly.optional(),
  DateTo: OptionalDateOnly.optional(),
});
export type SearchNoDeductBody = z.infer<typeof SearchNoDeductBody>;

export const NoDeductRow = z.object({
  InvoiceID: z.number().int(),
  DocumentID: z.number().int(),
  DocNo: z.string(),
  ApplicantName: z.string(),
  InvoiceType: z.enum(INVOICE_TYPES),
  Code: z.string(),
  Number: z.string(),
  InvoiceDate: z.string(),
  SellerName: z.string(),
  Amount: z.string(),
  TaxAmount: z.string(),
  /** Deductible VAT as the fapiao was entered (what the claim's voucher booked). */
  DeductibleVat: z.string(),
  /** After the applied adjustments. */
  EffectiveVat: z.string(),
  /** Adjustments saved but not applied yet. */
  Drafts: z.number().int(),
});
export type NoDeductRow = z.infer<typeof NoDeductRow>;

export const InvoiceRef = z.object({ InvoiceID: Id });
export type InvoiceRef = z.infer<typeof InvoiceRef>;

export const VatAdjustmentRow = z.object({
  VatAdjustmentID: z.number().int(),
  InvoiceID: z.number().int(),
  Kind: z.enum(VAT_ADJUSTMENT_KINDS),
  Amount: z.string(),
  Reason: z.string(),
  State: z.enum(VAT_ADJUSTMENT_STATES),
  /** The adjusting voucher, and the one that reversed it. */
  VoucherID: z.number().int().nullable(),
  VoucherState: z.string().nullable(),
  Period: z.string().nullable(),
  ErpDocNo: z.string().nullable(),
  ReversalVoucherID: z.number().int().nullable(),
  CreatedByName: z.string().nullable(),
  CreatedAt: z.string(),
  Version: z.number().int(),
});
export type VatAdjustmentRow = z.infer<typeof VatAdjustmentRow>;

export const InvoiceDeduction = z.object({
  Invoice: NoDeductRow,
  /** How much more may be deducted, and how much may be transferred out, now. */
  MaxDeduct: z.string(),
  MaxTransferOut: z.string(),
  Adjustments: z.array(VatAdjustmentRow),
});
export type InvoiceDeduction = z.infer<typeof InvoiceDeduction>;

/** A draft adjustment, new (no id) or changed at the version seen. */
export const SaveVatAdjustmentBody = z.object({
  InvoiceID: Id,
  VatAdjustmentID: Id.optional(),
  Version: Version.optional(),
  Kind: z.enum(VAT_ADJUSTMENT_KINDS),
  Amount: Money,
  Reason: RequiredText(500),
});
export type SaveVatAdjustmentBody = z.infer<typeof SaveVatAdjustmentBody>;

export const VatAdjustmentRef = z.object({ VatAdjustmentID: Id, Version });
export type VatAdjustmentRef = z.infer<typeof VatAdjustmentRef>;

/* ---------- fixed assets ---------- */

export const FIXED_ASSET_STATES = ['active', 'cancelled'] as const;

export const SearchFixedAssetBody = PageQuery.extend({
  Keyword: Text(100).optional(),
  CostCenterID: Id.optional(),
  State: z.enum(FIXED_ASSET_STATES).optional(),
  DateFrom: OptionalDateOnly.optional(),
  DateTo: OptionalDateOnly.optional(),
});
export type SearchFixedAssetBody = z.infer<typeof SearchFixedAssetBody>;
export const ExportFixedAssetBody = SearchFixedAssetBody.omit({ PageIndex: true, PageSize: true });
export type ExportFixedAssetBody = z.infer<typeof ExportFixedAssetBody>;

export const FixedAssetRow = z.object({
  FixedAssetID: z.number().int(),
  AssetNo: z.string(),
  DocumentID: z.number().int(),
  DocNo: z.string(),
  LineNo: z.number().int(),
  ItemName: z.string().nullable(),
  Description: z.string().nullable(),
  CostCenterName: z.string().nullable(),
  ProductName: z.string().nullable(),
  EmployeeName: z.string().nullable(),
  AcquiredOn: z.string(),
  Amount: z.string(),
  GLAccount: z.string(),
  Period: z.string(),
  /** cancelled once its voucher was withdrawn (chargeback, write-off cancel). */
  State: z.enum(FIXED_ASSET_STATES),
  VoucherState: z.string(),
  ErpDocNo: z.string().nullable(),
});
export type FixedAssetRow = z.infer<typeof FixedAssetRow>;

/** DeleteDeduction: a draft is deleted (true); an applied adjustment is reversed and kept (false). */
export const DeleteDeductionResult = z.object({ Deleted: z.boolean() });
export type DeleteDeductionResult = z.infer<typeof DeleteDeductionResult>;
