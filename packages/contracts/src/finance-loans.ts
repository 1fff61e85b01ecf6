import { z } from 'zod';
import { DateOnly, Id, IdList, Money, OptionalDateOnly, RequiredText, Text } from './common';
import { DocState } from './documents';
import { BoolFilter } from './org-common';
import { PageQuery } from './paging';

/** What changes a loan's balance: the advance (+), a deputy's write-off (−), a repayment (−), a write-off cancel (+). */
export const LOAN_MOVEMENT_KINDS = ['advance', 'write_off', 'repayment', 'write_off_cancel'] as const;
export type LoanMovementKind = (typeof LOAN_MOVEMENT_KINDS)[number];
export const LoanMovementKindEnum = z.enum(LOAN_MOVEMENT_KINDS);

/** Ageing of an open balance: days since the loan was approved. */
export const AGEING_BUCKETS = ['d0_30', 'd31_60', 'd61_90', 'd91_180', 'd181'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AgeingBucketEnum = z.enum(AGEING_BUCKETS);
/** The first day of each bucket; a balance falls in the last bucket whose first day it has reached. */
export const AGEING_FROM: Readonly<Record<AgeingBucket, number>> = {
  d0_30: 0,
  d31_60: 31,
  d61_90: 61,
  d91_180: 91,
  d181: 181,
};
export function ageingBucket(days: number): AgeingBucket {
  let found: AgeingBucket = 'd0_30';
  for (const b of AGEING_BUCKETS) if (days >= AGEING_FROM[b]) found = b;
  return found;
}

/** The loan accounts list (loanAccountManagement): loans booked as advances, by person, ageing and balance. */
export const SearchLoanAccountBody = PageQuery.extend({
  Keyword: Text(100).optional(),
  EmployeeID: Id.optional(),
  TeamID: Id.optional(),
  Bucket: AgeingBucketEnum.optional(),
  /** Only loans with something still owed (the default). */
  OpenOnly: BoolFilter.optional(),
  /** Only loans past their due date (approval + LoanOverdueDays). */
  OverdueOnly: BoolFilter.optional(),
});
export type SearchLoanAccountBody = z.infer<typeof SearchLoanAccountBody>;
export const ExportLoanAccountBody = SearchLoanAccountBody.omit({ PageIndex: true, PageSize: true });
export type ExportLoanAccountBody = z.infer<typeof ExportLoanAccountBody>;

export const LoanAccountRow = z.object({
  LoanID: z.number().int(),
  DocNo: z.string(),
  Reason: z.string().nullable(),
  EmployeeID: z.number().int(),
  EmployeeCode: z.string(),
  EmployeeName: z.string(),
  TeamName: z.string().nullable(),
  Status: DocState,
  ApprovedOn: z.string().nullable(),
  DueDate: z.string().nullable(),
  AgeDays: z.number().int(),
  Bucket: AgeingBucketEnum,
  Overdue: z.boolean(),
  /** The loan's amount. */
  Total: z.string(),
  /** Booked as an advance when the loan was posted. */
  Advanced: z.string(),
  /** Written off by posted deputies, after cancels. */
  WrittenOff: z.string(),
  Repaid: z.string(),
  /** The sum of the movements: what the employee owes in the books. */
  Balance: z.string(),
  /** Deputies submitted and not yet posted that will write it off. */
  Pending: z.string(),
  /** The balance less what is pending: what a repayment may still settle. */
  Open: z.string(),
  Version: z.number().int(),
});
export type LoanAccountRow = z.infer<typeof LoanAccountRow>;

/** The balance of the whole list per ageing bucket, above the table. */
export const LoanAgeingSummary = z.object({
  Balance: z.string(),
  Buckets: z.array(z.object({ Bucket: AgeingBucketEnum, Amount: z.string(), Loans: z.number().int() })),
});
export type LoanAgeingSummary = z.infer<typeof LoanAgeingSummary>;
export const LoanAccountPage = z.object({
  Total: z.number().int(),
  Rows: z.array(LoanAccountRow),
  Summary: LoanAgeingSummary,
});
export type LoanAccountPage = z.infer<typeof LoanAccountPage>;

/** Balances per person: how many loans, what they owe, and how it ages. */
export const LoanEmployeeRow = z.object({
  EmployeeID: z.number().int(),
  EmployeeCode: z.string(),
  EmployeeName: z.string(),
  TeamName: z.string().nullable(),
  Loans: z.number().int(),
  Balance: z.string(),
  Pending: z.string(),
  OverdueLoans: z.number().int(),
  D0_30: z.string(),
  D31_60: z.string(),
  D61_90: z.string(),
  D91_180: z.string(),
  D181: z.string(),
});
export type LoanEmployeeRow = z.infer<typeof LoanEmployeeRow>;

export const LoanIdBody = z.object({ LoanID: Id });
export type LoanIdBody = z.infer<typeof LoanIdBody>;

export const LoanMovementRow = z.object({
  ID: z.number().int(),
  Kind: LoanMovementKindEnum,
  /** Signed: what it did to the balance. */
  Amount: z.string(),
  DeputyID: z.number().int().nullable(),
  DeputyNo: z.string().nullable(),
  VoucherID: z.number().int().nullable(),
  VoucherState: z.string().nullable(),
  ErpDocNo: z.string().nullable(),
  BookedOn: z.string(),
  ActorName: z.string().nullable(),
  Note: z.string().nullable(),
  /** A write-off that a cancel reversed. */
  Cancelled: z.boolean(),
  At: z.string(),
});
export type LoanMovementRow = z.infer<typeof LoanMovementRow>;
export const LoanMovementList = z.object({ Account: LoanAccountRow, Rows: z.array(LoanMovementRow) });
export type LoanMovementList = z.infer<typeof LoanMovementList>;

/**
 * Finance records money the employee paid back. `Open` is the open balance the screen showed: a repayment recorded
 * meanwhile (a second click, a colleague) makes it stale.
 */
export const RepayLoanBody = z.object({
  LoanID: Id,
  Amount: Money,
  Open: Money,
  RepaidOn: DateOnly,
  Note: Text(500).optional(),
});
export type RepayLoanBody = z.infer<typeof RepayLoanBody>;

/** Finance reverses a deputy's write-off of a loan, with a reason. */
export const CancelLoanWriteOffBody = z.object({ MovementID: Id, Reason: RequiredText(500) });
export type CancelLoanWriteOffBody = z.infer<typeof CancelLoanWriteOffBody>;

// Loan posting ---------------------------------------------------------------------------------------------------

/** The tabs of loan posting: waiting to be sent, sent, refused, in the ledger, paid. */
export const LOAN_POSTING_TABS = ['to_post', 'posting', 'failed', 'posted', 'paid'] as const;
export type LoanPostingTab = (typeof LOAN_POSTING_TABS)[number];
export const SearchLoanPostingBody = PageQuery.extend({
  Tab: z.enum(LOAN_POSTING_TABS).default('to_post'),
  Keyword: Text(100).optional(),
  DateFrom: OptionalDateOnly.optional(),
  DateTo: OptionalDateOnly.optional(),
});
export type SearchLoanPostingBody = z.infer<typeof SearchLoanPostingBody>;
export const ExportLoanPostingBody = SearchLoanPostingBody.omit({ PageIndex: true, PageSize: true });
export type ExportLoanPostingBody = z.infer<typeof ExportLoanPostingBody>;

export const LoanPostingRow = z.object({
  LoanID: z.number().int(),
  DocNo: z.string(),
  EmployeeCode: z.string(),
  EmployeeName: z.string(),
  Amount: z.string(),
  Status: DocState,
  ApprovedOn: z.string().nullable(),
  VoucherID: z.number().int().nullable(),
  VoucherState: z.string().nullable(),
  PostingDate: z.string().nullable(),
  ErpDocNo: z.string().nullable(),
  LastError: z.string().nullable(),
  Version: z.number().int(),
});
export type LoanPostingRow = z.infer<typeof LoanPostingRow>;

/** Loans picked on the posting list. */
export const LoanPostingActionBody = z.object({ IDs: IdList });
export type LoanPostingActionBody = z.infer<typeof LoanPostingActionBody>;
/** Per loan of a batch: done, or why not (a loan that moved on meanwhile is reported, not failed as a whole). */
export const LoanBatchResult = z.object({
  Done: z.array(z.object({ ID: z.number().int(), DocNo: z.string() })),
  Skipped: z.array(z.object({ ID: z.number().int(), DocNo: z.string().nullable(), Message: z.string() })),
});
export type LoanBatchResult = z.infer<typeof LoanBatchResult>;
