import { z } from 'zod';
import { DateOnly, Id, MonthSchema, Text, Version } from './common';
import { DocState, DocType } from './documents';
import { PageQuery } from './paging';

/** The posting centre's lists (`postIntoAccount`): claims waiting for the ERP, failed, or posted. */
export const POSTING_VIEWS = ['to_post', 'post_failed', 'posted'] as const;
export const POSTING_VOUCHER_STATES = ['open', 'queued', 'posted', 'failed', 'cancelled'] as const;
export const POSTING_VOUCHER_KINDS = ['expense', 'loan', 'payment', 'vat_adjustment', 'loan_repayment'] as const;

export const SearchOrderDataBody = PageQuery.extend({
  View: z.enum(POSTING_VIEWS).default('to_post'),
  Keyword: Text(100).optional(),
  DateFrom: DateOnly.optional(),
  DateTo: DateOnly.optional(),
});
export type SearchOrderDataBody = z.infer<typeof SearchOrderDataBody>;

/** One claim with its voucher's posting state. */
export const PostingOrderRow = z.object({
  ID: Id,
  DocNo: z.string(),
  DocType,
  Status: DocState,
  ApplicantCode: z.string(),
  ApplicantName: z.string(),
  Currency: z.string(),
  TotalAmountCNY: z.string(),
  VoucherID: Id.nullable(),
  VoucherState: z.enum(POSTING_VOUCHER_STATES).nullable(),
  PostingDate: z.string().nullable(),
  Period: z.string().nullable(),
  ErpDocNo: z.string().nullable(),
  LastError: z.string().nullable(),
  Version: z.number().int(),
});
export type PostingOrderRow = z.infer<typeof PostingOrderRow>;

export const PostingCount = z.object({
  /** Waiting to be sent (voucher open). */
  ToPost: z.number().int(),
  /** Sent, no answer yet. */
  Queued: z.number().int(),
  Failed: z.number().int(),
  Posted: z.number().int(),
});
export type PostingCount = z.infer<typeof PostingCount>;

export const GetBatchRecordBody = PageQuery.extend({ BatchID: Id.optional() });
export type GetBatchRecordBody = z.infer<typeof GetBatchRecordBody>;

export const PostingBatchRow = z.object({
  BatchID: Id,
  CreatedAt: z.string(),
  CreatedByName: z.string().nullable(),
  DocumentCount: z.number().int(),
  Queued: z.number().int(),
  Posted: z.number().int(),
  Failed: z.number().int(),
});
export type PostingBatchRow = z.infer<typeof PostingBatchRow>;

/** Batches newest first; with `BatchID`, that batch's claims and results in `Items`. */
export const PostingBatchPage = z.object({
  Total: z.number().int(),
  Rows: z.array(PostingBatchRow),
  Items: z.array(PostingOrderRow),
});
export type PostingBatchPage = z.infer<typeof PostingBatchPage>;

/** The selected claims, or with `All` every claim waiting to be sent. */
export const BeginBatchBody = z
  .object({ IDs: z.array(Id).max(500).default([]), All: z.boolean().default(false) })
  .refine((b) => b.All || b.IDs.length > 0, { message: 'select at least one document', path: ['IDs'] });
export type BeginBatchBody = z.infer<typeof BeginBatchBody>;

export const ResendPostingBody = z.object({ IDs: z.array(Id).min(1).max(500) });
export type ResendPostingBody = z.infer<typeof ResendPostingBody>;

/** A claim left out of a batch and why (a message code of the language packs). */
export const PostingSkipped = z.object({ ID: Id, DocNo: z.string(), Code: z.string() });
export const PostingBatchResult = z.object({
  BatchID: Id.nullable(),
  Queued: z.number().int(),
  Skipped: z.array(PostingSkipped),
});
export type PostingBatchResult = z.infer<typeof PostingBatchResult>;

/** Entry management: the finance documents list. */
export const POSTING_DOC_STATES = [
  'approved',
  'received',
  'reviewing',
  'held',
  'returned',
  'to_post',
  'post_failed',
  'posted',
  'remitting',
  'paid',
  'closed',
] as const;
export const LoadDocumentDataBody = PageQuery.extend({
  Keyword: Text(100).optional(),
  Status: z.enum(POSTING_DOC_STATES).optional(),
  DocType: z.enum(['loan', 'deputy']).optional(),
  DateFrom: DateOnly.optional(),
  DateTo: DateOnly.optional(),
});
export type LoadDocumentDataBody = z.infer<typeof LoadDocumentDataBody>;

export const FinanceDocumentRow = z.object({
  ID: Id,
  DocNo: z.string(),
  DocType,
  Status: DocState,
  ApplicantCode: z.string(),
  ApplicantName: z.string(),
  Currency: z.string(),
  TotalAmount: z.string(),
  TotalAmountCNY: z.string(),
  ApprovedAt: z.string().nullable(),
  ErpDocNo: z.string().nullable(),
});
export type FinanceDocumentRow = z.infer<typeof FinanceDocumentRow>;

export const LoadRecordDataBody = PageQuery.extend({
  /** A document number or an ERP document number. */
  Keyword: Text(100).optional(),
  Kind: z.enum(POSTING_VOUCHER_KINDS).optional(),
  State: z.enum(POSTING_VOUCHER_STATES).optional(),
  Period: MonthSchema.optional(),
});
export type LoadRecordDataBody = z.infer<typeof LoadRecordDataBody>;

export const RecordEntry = z.object({
  LineNo: z.number().int(),
  Side: z.enum(['D', 'C']),
  GLAccount: z.string(),
  Amount: z.string(),
  Currency: z.string(),
  AmountOriginal: z.string().nullable(),
  CostCentreCode: z.string().nullable(),
  InternalOrderCode: z.string().nullable(),
  ProductCode: z.string().nullable(),
  EmployeeCode: z.string().nullable(),
  Text: z.string().nullable(),
});
export type RecordEntry = z.infer<typeof RecordEntry>;

export const RecordRow = z.object({
  VoucherID: Id,
  DocumentID: Id.nullable(),
  DocNo: z.string().nullable(),
  Kind: z.enum(POSTING_VOUCHER_KINDS),
  State: z.enum(POSTING_VOUCHER_STATES),
  PostingDate: z.string(),
  Period: z.string(),
  Amount: z.string(),
  PostingRef: z.string(),
  ErpDocNo: z.string().nullable(),
  LastError: z.string().nullable(),
  Entries: z.array(RecordEntry),
});
export type RecordRow = z.infer<typeof RecordRow>;

export const LoadRemitDataBody = PageQuery.extend({
  Keyword: Text(100).optional(),
  Status: z.enum(POSTING_DOC_STATES).optional(),
});
export type LoadRemitDataBody = z.infer<typeof LoadRemitDataBody>;

/** What a posted voucher owes one payee: the credit of the employee payable. */
export const RemitRow = z.object({
  DocumentID: Id,
  DocNo: z.string(),
  Status: DocState,
  PayeeCode: z.string(),
  PayeeName: z.string(),
  BankName: z.string().nullable(),
  BankAccount: z.string().nullable(),
  Amount: z.string(),
  ErpDocNo: z.string().nullable(),
});
export type RemitRow = z.infer<typeof RemitRow>;

export const SearchAuditTrailLogBody = PageQuery.extend({
  /** A document number, or the id of what changed. */
  Keyword: Text(100).optional(),
  Action: Text(60).optional(),
  /** What changed: a table's name (`document`, `voucher`, `employee` …). */
  Entity: Text(60).optional(),
  DateFrom: DateOnly.optional(),
  DateTo: DateOnly.optional(),
  /** Every record of the company, not only finance's (the audit-log report; needs the `auditLogs` screen). */
  All: z.boolean().optional(),
});
export type SearchAuditTrailLogBody = z.infer<typeof SearchAuditTrailLogBody>;

export const AuditTrailRow = z.object({
  ID: z.number().int(),
  At: z.string(),
  ActorName: z.string().nullable(),
  Action: z.string(),
  Entity: z.string(),
  EntityID: z.string().nullable(),
  DocNo: z.string().nullable(),
  Detail: z.string().nullable(),
  RequestID: z.string().nullable(),
});
export type AuditTrailRow = z.infer<typeof AuditTrailRow>;

/** The GL accounts postings use, from the technical parameters (read-only here). */
export const PostingSetting = z.object({ Key: z.string(), Value: z.string() });

/** The voucher kinds that go to the ERP, each with the document type (BLART) it is booked as. */
export const ERP_VOUCHER_KINDS = ['expense', 'loan', 'payment', 'vat_adjustment', 'loan_repayment'] as const;
/**
 * The fields of a voucher the company's ERP may require (BAPI_ACC_DOCUMENT_POST names, docs/decisions/049): header
 * fields, then line fields. A voucher missing one the settings mark required is refused with the field named.
 */
export const ERP_FIELDS = [
  'DOC_DATE',
  'PSTNG_DATE',
  'DOC_TYPE',
  'COMP_CODE',
  'CURRENCY',
  'EXCH_RATE',
  'GL_ACCOUNT',
  'POSTING_KEY',
  'TAX_CODE',
  'COSTCENTER',
  'ORDERID',
  'PROFIT_CTR',
  'ALLOC_NMBR',
  'ITEM_TEXT',
  'VENDOR_NO',
] as const;
export const ErpField = z.enum(ERP_FIELDS);
export type ErpField = z.infer<typeof ErpField>;
/** A SAP document type (BLART): two letters or digits. */
const DocTypeCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{2}$/)
  .transform((v) => v.toUpperCase());
export const ErpDocumentTypes = z.object(
  Object.fromEntries(ERP_VOUCHER_KINDS.map((k) => [k, DocTypeCode])) as Record<
    (typeof ERP_VOUCHER_KINDS)[number],
    typeof DocTypeCode
  >,
);
export type ErpDocumentTypes = z.infer<typeof ErpDocumentTypes>;

export const PostingSettings = z.object({
  Rows: z.array(PostingSetting),
  /** The document type each voucher kind is booked as. */
  DocumentTypes: z.record(z.string(), z.string()),
  /** The fields the ERP requires on every voucher (header) or on the lines they concern. */
  RequiredFields: z.array(ErpField),
  Version: Version,
});
export type PostingSettings = z.infer<typeof PostingSettings>;

export const SavePostingSettingsBody = z.object({
  DocumentTypes: ErpDocumentTypes,
  RequiredFields: z.array(ErpField).max(ERP_FIELDS.length),
  Version: Version,
});
export type SavePostingSettingsBody = z.infer<typeof SavePostingSettingsBody>;

/** One request to the ERP and its response (the RFC log's ERP part). */
export const ERP_CALL_OUTCOMES = ['pending', 'ok', 'refused', 'unreachable'] as const;
export const ErpCallRow = z.object({
  ID: z.number().int(),
  VoucherID: Id,
  DocNo: z.string().nullable(),
  PostingRef: z.string(),
  Gateway: z.string(),
  Outcome: z.enum(ERP_CALL_OUTCOMES),
  ErpDocNo: z.string().nullable(),
  Error: z.string().nullable(),
  Request: z.string(),
  Response: z.string().nullable(),
  DurationMs: z.number().int().nullable(),
  StartedAt: z.string(),
});
export type ErpCallRow = z.infer<typeof ErpCallRow>;
