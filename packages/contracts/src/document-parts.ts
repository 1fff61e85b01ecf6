import { z } from 'zod';
import { DateOnly, Id, Money, RequiredText, Text, Version } from './common';
import { SaveDocumentBody } from './documents';
import { PageQuery } from './paging';

/**
 * The parts of a document beyond its header and lines: apportionment, trips, pay details, purchase orders and
 * air-ticket shares. Each change names the document's `Version` it was made on and answers the new one.
 */
const PERCENT_RE = /^\d{1,3}(\.\d{1,2})?$/;
/** A share in percent, a decimal string with at most two places, above 0 and at most 100. */
export const Percent = z
  .codec(z.union([z.string(), z.number()]), z.string(), { decode: (v) => String(v).trim(), encode: (v) => v })
  .refine((v) => PERCENT_RE.test(v) && Number(v) > 0 && Number(v) <= 100, { message: 'not a percentage' })
  .meta({ format: 'percent' });

/** The document a part belongs to, and the document version the caller saw. */
export const DocumentPartBody = z.object({ DocumentID: Id, Version });
export type DocumentPartBody = z.infer<typeof DocumentPartBody>;
export const DocumentPartQuery = z.object({ DocumentID: Id });
export type DocumentPartQuery = z.infer<typeof DocumentPartQuery>;

// Apportionment -------------------------------------------------------------------------------------------------

export const ApportionmentInput = z.object({
  CostCenterID: Id,
  ProductID: Id.nullish(),
  Percent,
});
/** The whole set of shares of the document (no LineNo) or of one of its lines; the shares replace any earlier set. */
export const SaveApportionBody = DocumentPartBody.extend({
  LineNo: z.number().int().min(1).max(200).nullish(),
  Rows: z.array(ApportionmentInput).min(1).max(50),
});
export type SaveApportionBody = z.infer<typeof SaveApportionBody>;
export const DeleteApportionBody = DocumentPartBody.extend({ LineNo: z.number().int().min(1).max(200).nullish() });
export type DeleteApportionBody = z.infer<typeof DeleteApportionBody>;

export const ApportionmentRow = z.object({
  ID: Id,
  /** Null: the whole document; else the line it splits. */
  LineNo: z.number().int().nullable(),
  CostCenterID: Id,
  CostCenterCode: z.string(),
  CostCenterName: z.string(),
  ProductID: Id.nullable(),
  ProductCode: z.string().nullable(),
  ProductName: z.string().nullable(),
  Percent: z.string(),
  Amount: z.string(),
});
export type ApportionmentRow = z.infer<typeof ApportionmentRow>;
export const ApportionmentList = z.object({
  Version,
  Currency: z.string(),
  Rows: z.array(ApportionmentRow),
});
export type ApportionmentList = z.infer<typeof ApportionmentList>;

// Trips ---------------------------------------------------------------------------------------------------------

export const TRANSPORTS = ['air', 'train', 'car', 'ship', 'other'] as const;
export const Transport = z.enum(TRANSPORTS);
export type Transport = z.infer<typeof Transport>;

export const SaveTripBody = DocumentPartBody.extend({
  /** A segment of this document to change; none adds one. */
  ID: Id.optional(),
  FromCity: RequiredText(100),
  ToCity: RequiredText(100),
  DepartDate: DateOnly,
  ArriveDate: DateOnly,
  Transport,
  Remark: Text(500).nullish(),
});
export type SaveTripBody = z.infer<typeof SaveTripBody>;
export const DeleteTripBody = DocumentPartBody.extend({ ID: Id });
export type DeleteTripBody = z.infer<typeof DeleteTripBody>;
export const TripRow = z.object({
  ID: Id,
  Seq: z.number().int(),
  FromCity: z.string(),
  ToCity: z.string(),
  DepartDate: z.string(),
  ArriveDate: z.string(),
  Transport,
  Remark: z.string().nullable(),
});
export type TripRow = z.infer<typeof TripRow>;
export const TripList = z.object({ Version, Rows: z.array(TripRow) });
export type TripList = z.infer<typeof TripList>;

// Pay details and vendors ---------------------------------------------------------------------------------------

export const PAYEE_KINDS = ['employee', 'vendor'] as const;
export const PayeeKind = z.enum(PAYEE_KINDS);
export type PayeeKind = z.infer<typeof PayeeKind>;

/** Pay the applicant (their own bank account) or a vendor of the SAP vendor master, named by its code. */
export const SavePayDetailBody = DocumentPartBody.extend({
  PayeeKind,
  VendorCode: z.string().trim().min(1).max(40).nullish(),
});
export type SavePayDetailBody = z.infer<typeof SavePayDetailBody>;
export const PayDetail = z.object({
  Version,
  /** False: nothing chosen yet, the applicant is paid (the default shown). */
  Saved: z.boolean(),
  PayeeKind,
  PayeeCode: z.string(),
  PayeeName: z.string(),
  BankName: z.string().nullable(),
  BankAccount: z.string().nullable(),
});
export type PayDetail = z.infer<typeof PayDetail>;

export const SearchVendorBody = z.object({
  Keyword: z.string().trim().max(100).optional(),
  /** Look one vendor up by its exact code (a picker showing what is chosen). */
  Code: z.string().trim().max(40).optional(),
  Limit: z.number().int().min(1).max(100).default(20),
});
export type SearchVendorBody = z.infer<typeof SearchVendorBody>;
export const VendorRow = z.object({
  Code: z.string(),
  Name: z.string(),
  TaxNo: z.string().nullable(),
  BankName: z.string().nullable(),
  BankAccount: z.string().nullable(),
});
export type VendorRow = z.infer<typeof VendorRow>;
export const VendorList = z.object({ Rows: z.array(VendorRow) });
export type VendorList = z.infer<typeof VendorList>;

/** Vendors the company's documents already pay, most used first: the pay section's quick choices. */
export const SearchPayVendorBody = PageQuery.extend({ Keyword: z.string().trim().max(100).optional() });
export type SearchPayVendorBody = z.infer<typeof SearchPayVendorBody>;
export const PayVendorRow = VendorRow.omit({ TaxNo: true }).extend({
  Documents: z.number().int(),
  LastUsedAt: z.string(),
});
export type PayVendorRow = z.infer<typeof PayVendorRow>;

// Purchase orders -----------------------------------------------------------------------------------------------

export const SavePurchaseOrderBody = DocumentPartBody.extend({
  ID: Id.optional(),
  PONo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,30}$/),
  /** The vendor, by its code in the vendor master (as the vendor search answers it). */
  VendorCode: z.string().trim().min(1).max(40),
  Amount: Money,
  Remark: Text(500).nullish(),
});
export type SavePurchaseOrderBody = z.infer<typeof SavePurchaseOrderBody>;
export const DeletePurchaseOrderBody = DocumentPartBody.extend({ ID: Id });
export type DeletePurchaseOrderBody = z.infer<typeof DeletePurchaseOrderBody>;
export const PurchaseOrderRow = z.object({
  ID: Id,
  PONo: z.string(),
  ProviderID: Id,
  ProviderCode: z.string(),
  ProviderName: z.string(),
  /** The vendor is on the PO white list: its invoices need no purchase order. */
  WhiteListed: z.boolean(),
  Amount: z.string(),
  Remark: z.string().nullable(),
});
export type PurchaseOrderRow = z.infer<typeof PurchaseOrderRow>;
export const PurchaseOrderList = z.object({ Version, Total: z.string(), Rows: z.array(PurchaseOrderRow) });
export type PurchaseOrderList = z.infer<typeof PurchaseOrderList>;

// Air-ticket shares ---------------------------------------------------------------------------------------------

/** One air ticket's amount split across employees; without amounts it is split evenly (to the cent). */
export const SaveAirTicketShareBody = DocumentPartBody.extend({
  TicketNo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,30}$/),
  TicketAmount: Money,
  Shares: z
    .array(z.object({ EmployeeID: Id, Amount: Money.nullish() }))
    .min(1)
    .max(50),
});
export type SaveAirTicketShareBody = z.infer<typeof SaveAirTicketShareBody>;
export const AirTicketShareRow = z.object({
  ID: Id,
  TicketNo: z.string(),
  TicketAmount: z.string(),
  EmployeeID: Id,
  EmployeeCode: z.string(),
  EmployeeName: z.string(),
  Amount: z.string(),
});
export type AirTicketShareRow = z.infer<typeof AirTicketShareRow>;
export const AirTicketShareList = z.object({ Version, Rows: z.array(AirTicketShareRow) });
export type AirTicketShareList = z.infer<typeof AirTicketShareList>;

// The apply's header --------------------------------------------------------------------------------------------

/** SavePlanHead: an apply's main information alone; its lines stay as they are. */
export const SavePlanHeadBody = SaveDocumentBody.omit({ Lines: true, Loans: true, ApplyID: true });
export type SavePlanHeadBody = z.infer<typeof SavePlanHeadBody>;
