import { z } from 'zod';
import { ApplyBlockInfo } from './applies';
import { DateOnly, Id, Money, Version } from './common';

export const DOC_TYPES = ['apply', 'loan', 'deputy'] as const;
export const DocType = z.enum(DOC_TYPES);
export type DocType = z.infer<typeof DocType>;

/** Every state of the one document lifecycle (DESIGN §9). */
export const DOC_STATES = [
  'draft',
  'confirming',
  'approving',
  'returned',
  'approved',
  'received',
  'reviewing',
  'held',
  'to_post',
  'post_failed',
  'posted',
  'remitting',
  'paid',
  'closed',
  'cancelled',
] as const;
/** A document's states from its final approval on, whatever finance did with it since (not cancelled): its spend. */
export const APPROVED_STATES = DOC_STATES.slice(DOC_STATES.indexOf('approved'), DOC_STATES.indexOf('closed') + 1);
export const DocState = z.enum(DOC_STATES);
export type DocState = z.infer<typeof DocState>;

/** Every action that moves a document (or edits it in place). */
export const DOC_ACTIONS = [
  'edit',
  'delete',
  'submit',
  'submit_for_confirm',
  'confirm',
  'decline',
  'approve',
  'reject',
  'change_approver',
  'cancel',
  'receive',
  'skip_mailing',
  'unreceive',
  'return_mail',
  'start_review',
  'pass',
  'no_pass',
  'chargeback',
  'hold',
  'release',
  'writeoff_cancel',
  're_receive',
  'post_ok',
  'post_fail',
  'resend',
  'add_to_remittance',
  'remove_from_remittance',
  'mark_paid',
  'payment_failed',
  'complete_unpaid',
  'close',
  'admin_cancel',
] as const;
export const DocAction = z.enum(DOC_ACTIONS);
export type DocAction = z.infer<typeof DocAction>;

const currency = z.string().regex(/^[A-Z]{3}$/);

/** A line as the form sends it; a draft may leave parts empty, submit refuses unfinished lines. */
export const ExpenseLineInput = z.object({
  ExpenseItemID: Id.nullish(),
  ExpenseSubItemID: Id.nullish(),
  ExpenseDate: DateOnly.nullish(),
  Amount: Money.nullish(),
  Currency: currency.default('CNY'),
  ProductID: Id.nullish(),
  Description: z.string().trim().max(500).nullish(),
  /** A TMC air ticket this line claims: its amount, date and item are the ticket's, paid by the company (tmc.ts). */
  TMCTicketID: Id.nullish(),
});
export type ExpenseLineInput = z.infer<typeof ExpenseLineInput>;

/** A loan a deputy writes off, and by how much (at most the loan's open balance). */
export const LoanLinkInput = z.object({ LoanID: Id, Amount: Money });
export const LoanLink = LoanLinkInput.extend({ LoanNo: z.string(), LoanTotal: z.string() });
export type LoanLink = z.infer<typeof LoanLink>;

/** Save resume: creates (no ID) or changes a draft or returned document with its lines. */
export const SaveDocumentBody = z.object({
  ID: Id.optional(),
  /** Required with an ID: the version of the draft being changed. */
  Version: Version.optional(),
  ExpenseTypeID: Id.nullish(),
  CostCenterID: Id.nullish(),
  InternalOrderID: Id.nullish(),
  Currency: currency.default('CNY'),
  Reason: z.string().trim().max(2000).nullish(),
  StartDate: DateOnly.nullish(),
  EndDate: DateOnly.nullish(),
  /** Deputy only: the approved apply it claims against. */
  ApplyID: Id.nullish(),
  /** Apply only. */
  LongTerm: z.boolean().optional(),
  /**
   * Loan only: the date the borrower will have repaid by (today to a year ahead). The loan falls due then; left
   * empty, the company's overdue days after its approval.
   */
  RepayBy: DateOnly.nullish(),
  Lines: z.array(ExpenseLineInput).max(200).default([]),
  /** Deputy only: open loans of the applicant it writes off. */
  Loans: z.array(LoanLinkInput).max(50).default([]),
});
export type SaveDocumentBody = z.infer<typeof SaveDocumentBody>;

export const DocumentLine = ExpenseLineInput.extend({
  ID: Id,
  LineNo: z.number().int(),
  ExpenseItemName: z.string().nullable(),
  ExpenseSubItemName: z.string().nullable(),
  FxRate: z.string().nullable(),
  AmountCNY: z.string().nullable(),
});
export type DocumentLine = z.infer<typeof DocumentLine>;

/**
 * The parts of a document beyond its lines that a form shows only when they are needed: when they hold rows, when a
 * line's expense item calls for them, or when the filler adds them.
 */
export const DOC_PARTS = [
  'tmc',
  'attendees',
  'clinical',
  'lecturers',
  'apportion',
  'trips',
  'pay',
  'orders',
  'airTickets',
] as const;
export const DocPart = z.enum(DOC_PARTS);
export type DocPart = z.infer<typeof DocPart>;

export const DocumentDetail = z.object({
  ID: Id,
  DocNo: z.string(),
  DocType,
  Status: DocState,
  CompanyID: Id,
  ExpenseTypeID: Id.nullable(),
  ExpenseTypeName: z.string().nullable(),
  ApplicantID: Id,
  ApplicantCode: z.string(),
  ApplicantName: z.string(),
  PreparerID: Id,
  PreparerName: z.string(),
  TeamID: Id.nullable(),
  TeamName: z.string().nullable(),
  CostCenterID: Id.nullable(),
  CostCenterCode: z.string().nullable(),
  CostCenterName: z.string().nullable(),
  InternalOrderID: Id.nullable(),
  InternalOrderCode: z.string().nullable(),
  Currency: z.string(),
  TotalAmount: z.string(),
  TotalAmountCNY: z.string(),
  Reason: z.string().nullable(),
  StartDate: z.string().nullable(),
  EndDate: z.string().nullable(),
  ApplyID: Id.nullable(),
  ApplyNo: z.string().nullable(),
  LongTerm: z.boolean(),
  /** Loan only: the repayment date the borrower set, if any. */
  RepayBy: z.string().nullable(),
  ApplyStopped: z.boolean(),
  Blocked: z.boolean(),
  /** Apply only: the block for overdue evidence while it lasts (DESIGN §11). */
  ApplyBlock: ApplyBlockInfo.nullable(),
  /** Apply only: an HCP activity, whose evidence is uploaded after the event (DESIGN §11). */
  NeedsEvidence: z.boolean(),
  SubmittedAt: z.string().nullable(),
  ApprovedAt: z.string().nullable(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
  Version: Version,
  Lines: z.array(DocumentLine),
  Loans: z.array(LoanLink),
  /** The parts that hold rows (a TMC ticket on a line, attendees, apportionment…): shown even when not called for. */
  PartsWithRows: z.array(DocPart),
  /** What the signed-in user may do with it now; the screen shows only these buttons. */
  AllowedActions: z.array(DocAction),
  /**
   * While it is returned: who sent it back, when, and why (the comment of that change of state: an approver's
   * comment, or finance's reason and comment on a chargeback or a failed review), so its owner knows what to correct.
   */
  ReturnedBecause: z
    .object({ At: z.string(), ByName: z.string().nullable(), Comment: z.string().nullable() })
    .nullable(),
});
export type DocumentDetail = z.infer<typeof DocumentDetail>;

export const DocumentIdBody = z.object({ ID: Id });
/** A call that changes one document: its id and the Version the caller loaded. */
export const DocumentVersionBody = z.object({ ID: Id, Version });
export type DocumentVersionBody = z.infer<typeof DocumentVersionBody>;

export const SearchDocumentBody = z.object({
  PageIndex: z.coerce.number().int().min(1).default(1),
  PageSize: z.coerce.number().int().min(1).max(500).default(20),
  SortField: z.string().max(64).optional(),
  SortOrder: z.enum(['ascend', 'descend']).optional(),
  DocType: DocType.optional(),
  Status: DocState.optional(),
  Keyword: z.string().trim().max(100).optional(),
  DateFrom: DateOnly.optional(),
  DateTo: DateOnly.optional(),
});
export type SearchDocumentBody = z.infer<typeof SearchDocumentBody>;

export const DocumentListRow = z.object({
  ID: Id,
  DocNo: z.string(),
  DocType,
  Status: DocState,
  ApplicantName: z.string(),
  PreparerName: z.string(),
  ExpenseTypeName: z.string().nullable(),
  CostCenterCode: z.string().nullable(),
  Currency: z.string(),
  TotalAmount: z.string(),
  TotalAmountCNY: z.string(),
  Reason: z.string().nullable(),
  CreatedAt: z.string(),
  SubmittedAt: z.string().nullable(),
  Version: Version,
});
export type DocumentListRow = z.infer<typeof DocumentListRow>;

export const DocumentCounts = z.object({
  Rows: z.array(z.object({ DocType, Status: DocState, Count: z.number().int() })),
});
export type DocumentCounts = z.infer<typeof DocumentCounts>;
export const AddDocumentBody = z.object({ DocType, CopyFromID: Id.optional() });

/** What the form needs before the first line: the applicant (the principal when a fill-in proxy prepares) and the types they may use. */
export const ExpenseTypeMainInfoBody = z.object({ DocType });
export const ExpenseTypeMainInfo = z.object({
  ApplicantID: Id,
  ApplicantCode: z.string(),
  ApplicantName: z.string(),
  TeamID: Id.nullable(),
  TeamName: z.string().nullable(),
  CostCenterID: Id.nullable(),
  CostCenterCode: z.string().nullable(),
  CostCenterName: z.string().nullable(),
  HasBankAccount: z.boolean(),
  /** active, overdue_frozen, resignation_frozen or left. */
  ApplicantStatus: z.string(),
  Types: z.array(z.object({ ID: Id, Code: z.string(), Name: z.string(), ParentID: Id.nullable() })),
});
export type ExpenseTypeMainInfo = z.infer<typeof ExpenseTypeMainInfo>;

export const ExpenseTypeDetailInfoBody = z.object({ DocType, ExpenseTypeID: Id });
export const ExpenseTypeDetailInfo = z.object({
  Items: z.array(
    z.object({
      ID: Id,
      Code: z.string(),
      Name: z.string(),
      MaxAmount: z.string().nullable(),
      /** What the item's lines call for: HCP attendees, a clinical trial's HCOs, a lecturer's agreement. */
      Category: z.string(),
      InvolvesHcp: z.boolean(),
      SubItems: z.array(z.object({ ID: Id, Code: z.string(), Name: z.string() })),
    }),
  ),
});
export type ExpenseTypeDetailInfo = z.infer<typeof ExpenseTypeDetailInfo>;

/** Approved applies a deputy of this applicant may claim against, and loans still open. */
export const ClaimSourcesBody = z.object({ ApplicantID: Id.optional() });
export const ClaimSources = z.object({
  Applies: z.array(
    z.object({
      ID: Id,
      DocNo: z.string(),
      Reason: z.string().nullable(),
      TotalAmount: z.string(),
      Currency: z.string(),
    }),
  ),
  Loans: z.array(
    z.object({
      ID: Id,
      DocNo: z.string(),
      Reason: z.string().nullable(),
      TotalAmount: z.string(),
      /** What is not yet written off by other deputies. */
      OpenAmount: z.string(),
    }),
  ),
});
export type ClaimSources = z.infer<typeof ClaimSources>;

/** The view centres: one query shape, the scope decided by the call and the user's functions (DESIGN §7). */
export const ViewCenterQuery = SearchDocumentBody.extend({
  ApplicantID: Id.optional(),
  TeamID: Id.optional(),
  CostCenterID: Id.optional(),
  /** documentViewCenterAll: every document of the company the user's functions reach. */
  All: z.boolean().optional(),
});
export type ViewCenterQuery = z.infer<typeof ViewCenterQuery>;

export const ViewCenterRow = DocumentListRow.extend({
  ApplicantCode: z.string(),
  TeamName: z.string().nullable(),
  ApprovedAt: z.string().nullable(),
  CurrentApproverName: z.string().nullable(),
  LongTerm: z.boolean(),
  ApplyStopped: z.boolean(),
});
export type ViewCenterRow = z.infer<typeof ViewCenterRow>;

export const StartStopApplyBody = z.object({ ID: Id, Version: Version });

/** Cost centres and internal orders the applicant may charge today (fund permission), for the document form. */
export const ChargeableOptions = z.object({
  Rows: z.array(
    z.object({
      Kind: z.enum(['cost_centre', 'internal_order']),
      ID: Id,
      Code: z.string(),
      Name: z.string(),
    }),
  ),
});
export type ChargeableOptions = z.infer<typeof ChargeableOptions>;
