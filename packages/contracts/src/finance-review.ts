import { z } from 'zod';
import { Id, OptionalDateOnly, RequiredText, Text, Version } from './common';
import { DocState, DocType } from './documents';
import { PageQuery } from './paging';

/**
 * The shared-service centre's review (DESIGN §12): accounting review (write-off) lists and pass / no-pass,
 * write-off cancel, chargeback and S.T. holds, and the returns centre with its return slips.
 */

/** The write-off screen's lists: the normal and the special check, and what was written off and may be cancelled. */
export const CHECK_LISTS = ['normal', 'special', 'written'] as const;
export type CheckList = (typeof CHECK_LISTS)[number];
/** Where a document stands as to its paper: received at SSC, needing none (all e-fapiao), or awaited. */
export const PAPER_STATES = ['received', 'no_mailing', 'not_received'] as const;
export type PaperState = (typeof PAPER_STATES)[number];

const PaidType = z.enum(['loan', 'deputy']);

export const ReviewListBody = PageQuery.extend({
  Keyword: Text(100).optional(),
  DocType: PaidType.optional(),
  /** The SSC person the documents are assigned to. */
  AssigneeID: Id.optional(),
});

export const CheckOrderListBody = ReviewListBody.extend({
  Check: z.enum(CHECK_LISTS).default('normal'),
  /** Also list approved documents whose paper has not arrived (the write-off then needs the confirmation). */
  IncludeNotReceived: z.boolean().optional(),
  /** Only documents that need no mailing (every fapiao electronic): the no-mailing write-off. */
  NoMailingOnly: z.boolean().optional(),
});
export type CheckOrderListBody = z.infer<typeof CheckOrderListBody>;

export const ReviewRow = z.object({
  ID: Id,
  DocNo: z.string(),
  DocType,
  Status: DocState,
  ApplicantCode: z.string(),
  ApplicantName: z.string(),
  TeamName: z.string().nullable(),
  CostCenterName: z.string().nullable(),
  Currency: z.string(),
  TotalAmount: z.string(),
  TotalAmountCNY: z.string(),
  Reason: z.string().nullable(),
  ApprovedAt: z.string().nullable(),
  Paper: z.enum(PAPER_STATES),
  /** On the special check list: above the special-check amount or with a line in a foreign currency. */
  Special: z.boolean(),
  AssigneeID: Id.nullable(),
  AssigneeName: z.string().nullable(),
  /** The S.T. reason while held. */
  HoldReason: z.string().nullable(),
  HeldAt: z.string().nullable(),
  Version,
});
export type ReviewRow = z.infer<typeof ReviewRow>;

export const ReviewPage = z.object({
  Total: z.number().int(),
  TotalCapped: z.boolean().optional(),
  Rows: z.array(ReviewRow),
});
export type ReviewPage = z.infer<typeof ReviewPage>;

export const ReviewDocBody = z.object({ ID: Id });
export type ReviewDocBody = z.infer<typeof ReviewDocBody>;

export const ReviewLine = z.object({
  LineNo: z.number().int(),
  ExpenseItemName: z.string().nullable(),
  ExpenseDate: z.string().nullable(),
  Currency: z.string(),
  Amount: z.string().nullable(),
  AmountCNY: z.string().nullable(),
});
export const ReviewEntry = z.object({
  LineNo: z.number().int(),
  Side: z.enum(['D', 'C']),
  GLAccount: z.string(),
  Amount: z.string(),
  Text: z.string().nullable(),
});
export const ReviewVoucher = z.object({
  ID: Id,
  Kind: z.string(),
  State: z.string(),
  Period: z.string(),
  PostingDate: z.string(),
  Amount: z.string(),
  ERPDocNo: z.string().nullable(),
  Entries: z.array(ReviewEntry),
});
export const ReviewHistory = z.object({
  At: z.string(),
  Action: z.string(),
  FromStatus: z.string().nullable(),
  ToStatus: z.string(),
  ActorName: z.string().nullable(),
  Comment: z.string().nullable(),
});

/** One document as the reviewer opens it: the row, its lines, its vouchers and its history. */
export const ReviewOrder = z.object({
  Row: ReviewRow,
  Lines: z.array(ReviewLine),
  Vouchers: z.array(ReviewVoucher),
  History: z.array(ReviewHistory),
});
export type ReviewOrder = z.infer<typeof ReviewOrder>;

const Items = z
  .array(z.object({ ID: Id, Version }))
  .min(1)
  .max(100);

/** Pass (write-off) of the selected documents of the normal or special check list. */
export const CheckPassBody = z.object({
  Items,
  /** The reviewer confirms that the selected documents still awaiting their paper were not received. */
  ConfirmNotReceived: z.boolean().optional(),
});
export type CheckPassBody = z.infer<typeof CheckPassBody>;

/** No-pass: the documents go back to their owners with the reason (a chargeback reason) and a comment. */
export const BackOrderBody = z.object({ Items, ReasonID: Id, Comment: Text(500).optional() });
export type BackOrderBody = z.infer<typeof BackOrderBody>;

/** Write-off cancel: written-off documents whose voucher was not yet sent go back to review. */
export const CancelWriteOffBody = z.object({ Items, Comment: Text(500).optional() });
export type CancelWriteOffBody = z.infer<typeof CancelWriteOffBody>;

/** The outcome of one document of a batch: done, or why not (a document that moved on is reported, not fatal). */
export const ReviewItemResult = z.object({
  ID: Id,
  DocNo: z.string().nullable(),
  Ok: z.boolean(),
  ErrorCode: z.string().nullable(),
  Message: z.string().nullable(),
});
export type ReviewItemResult = z.infer<typeof ReviewItemResult>;
export const ReviewBatchResult = z.object({ Rows: z.array(ReviewItemResult) });
export type ReviewBatchResult = z.infer<typeof ReviewBatchResult>;

/** The chargeback screen's lists: at SSC (received, in review, passed but not sent), or held (S.T.). */
export const CHARGEBACK_VIEWS = ['open', 'held'] as const;
export const ChargebackOrderDataBody = ReviewListBody.extend({ View: z.enum(CHARGEBACK_VIEWS).default('open') });
export type ChargebackOrderDataBody = z.infer<typeof ChargebackOrderDataBody>;

/** Batch chargeback: every document with its own reason. */
export const ChargebackNewOrderBody = z.object({
  Items: z
    .array(z.object({ ID: Id, Version, ReasonID: Id, Comment: Text(500).optional() }))
    .min(1)
    .max(100),
});
export type ChargebackNewOrderBody = z.infer<typeof ChargebackNewOrderBody>;

/** Batch S.T.: hold with a reason (an S.T. reason), or release back to review. */
export const SaveSTOrderBody = z.discriminatedUnion('Action', [
  z.object({ Action: z.literal('hold'), Items, ReasonID: Id, Comment: Text(500).optional() }),
  z.object({ Action: z.literal('release'), Items, Comment: Text(500).optional() }),
]);
export type SaveSTOrderBody = z.infer<typeof SaveSTOrderBody>;

/** Assign documents to an SSC person, or clear the assignment (no SMEID). */
export const AssignSMEBody = z.object({ IDs: z.array(Id).min(1).max(100), SMEID: Id.nullish() });
export type AssignSMEBody = z.infer<typeof AssignSMEBody>;

export const SMEName = z.object({ ID: Id, Code: z.string(), Name: z.string() });
export const SMENameList = z.object({ Rows: z.array(SMEName) });
export type SMENameList = z.infer<typeof SMENameList>;

export const PrintOrderBody = z.object({ IDs: z.array(Id).min(1).max(200) });
export type PrintOrderBody = z.infer<typeof PrintOrderBody>;

/** The reason lists: chargeback (and no-pass) reasons, S.T. reasons. */
export const REASON_KINDS = ['chargeback', 'st'] as const;
export const SearchReasonBody = z.object({ Kind: z.enum(REASON_KINDS).default('chargeback') });
export type SearchReasonBody = z.infer<typeof SearchReasonBody>;
export const ReviewReason = z.object({ ID: Id, Code: z.string(), Name: z.string() });
export const ReviewReasonList = z.object({ Rows: z.array(ReviewReason) });
export type ReviewReasonList = z.infer<typeof ReviewReasonList>;

/** The returns centre: documents returned by finance (no-pass or chargeback), one return slip each time. */
export const RETURN_VIEWS = ['open', 'all'] as const;
export const SearchReturnsBody = ReviewListBody.extend({
  View: z.enum(RETURN_VIEWS).default('open'),
  ReasonID: Id.optional(),
});
export type SearchReturnsBody = z.infer<typeof SearchReturnsBody>;

export const RETURN_SOURCES = ['no_pass', 'chargeback'] as const;
export const RETURN_STATES = ['open', 're_received', 'resubmitted'] as const;
export const ReturnRow = z.object({
  ReturnID: Id,
  DocumentID: Id,
  DocNo: z.string(),
  DocType,
  DocStatus: DocState,
  ApplicantName: z.string(),
  TeamName: z.string().nullable(),
  Currency: z.string(),
  TotalAmount: z.string(),
  Source: z.enum(RETURN_SOURCES),
  ReasonID: Id.nullable(),
  ReasonName: z.string().nullable(),
  Comment: z.string().nullable(),
  ReturnedAt: z.string(),
  ReturnedByName: z.string().nullable(),
  State: z.enum(RETURN_STATES),
  PaperSentAt: z.string().nullable(),
  TrackingNo: z.string().nullable(),
  Remark: z.string().nullable(),
  /** Whether the paper may be received again as it is: the owner has not changed the document since its return. */
  ReReceivable: z.boolean(),
  Version,
});
export type ReturnRow = z.infer<typeof ReturnRow>;
export const ReturnPage = z.object({ Total: z.number().int(), Rows: z.array(ReturnRow) });
export type ReturnPage = z.infer<typeof ReturnPage>;

export const ReturnIdBody = z.object({ ReturnID: Id });
export type ReturnIdBody = z.infer<typeof ReturnIdBody>;

/** What finance keeps of a return: the paper sent back (when, courier number) and a remark. */
export const SaveReturnMainBody = z.object({
  ReturnID: Id,
  Version,
  PaperSentAt: OptionalDateOnly,
  TrackingNo: Text(60).nullish(),
  Remark: Text(500).nullish(),
});
export type SaveReturnMainBody = z.infer<typeof SaveReturnMainBody>;

/** The return slip's itemised problems, each a reason with a remark. */
export const ReturnDetailItem = z.object({ ReasonID: Id, Remark: Text(500).nullish() });
export const ReturnDetailRow = z.object({
  LineNo: z.number().int(),
  ReasonID: Id,
  ReasonName: z.string(),
  Remark: z.string().nullable(),
});
export const ReturnDetail = z.object({ Main: ReturnRow, Items: z.array(ReturnDetailRow) });
export type ReturnDetail = z.infer<typeof ReturnDetail>;
export const SaveReturnDetailBody = z.object({
  ReturnID: Id,
  Version,
  Items: z.array(ReturnDetailItem).max(50),
});
export type SaveReturnDetailBody = z.infer<typeof SaveReturnDetailBody>;

/** Re-receive: the returned paper came back unchanged; the document goes to review again without a new approval. */
export const ReReceiveBody = z.object({ ReturnID: Id, Version, Comment: RequiredText(500).optional() });
export type ReReceiveBody = z.infer<typeof ReReceiveBody>;
