import { z } from 'zod';
import { DateOnly, Id, IdList, Text, Version } from './common';
import { DOC_STATES } from './documents';
import { PageQuery } from './paging';

/** The remittance (DESIGN §12): a run in six steps, its items, the payment voucher, the bank file. */

/** How the bank pays: a normal transfer or an urgent one (the bank file's priority column). */
export const PAYMENT_METHODS = ['transfer', 'urgent'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** How the remittance list is checked and paid: one bank line per payee and bank account, or one per document. */
export const AUDIT_METHODS = ['payee', 'document'] as const;
export const AuditMethod = z.enum(AUDIT_METHODS);
export type AuditMethod = z.infer<typeof AuditMethod>;

/**
 * Where a run stands: the step the user works on now. Set way creates the run at `documents`; each confirmation
 * moves it on; `done` after the remittance.
 */
export const REMIT_STEPS = ['documents', 'list', 'entries', 'print', 'remit', 'done'] as const;
export const RemitStep = z.enum(REMIT_STEPS);
export type RemitStep = z.infer<typeof RemitStep>;

export const RunIdBody = z.object({ RunID: Id });
export type RunIdBody = z.infer<typeof RunIdBody>;

/** Step 1, set way: creates a run (no RunID) or changes its way; a change past the documents asks `Confirm`. */
export const GenerateDataBody = z.object({
  RunID: Id.optional(),
  Version: Version.optional(),
  PaymentMethod,
  CreditingDate: DateOnly,
  AuditMethod,
  /** The company account to pay from; left out, the company's default paying account. */
  PayerAccountID: Id.nullish(),
  /** The user agreed that the remittance list and entries are generated again. */
  Confirm: z.boolean().optional(),
});
export type GenerateDataBody = z.infer<typeof GenerateDataBody>;

export const RemitRun = z.object({
  RunID: z.number().int(),
  RunNo: z.string(),
  Step: RemitStep,
  PaymentMethod,
  /** The company account the run pays from, and the layout of its bank file (null: the configured default). */
  PayerAccountID: z.number().int().nullable(),
  PayerAccountName: z.string().nullable(),
  Layout: z.string().nullable(),
  CreditingDate: z.string(),
  AuditMethod,
  Documents: z.number().int(),
  Amount: z.string(),
  VoucherID: z.number().int().nullable(),
  VoucherState: z.string().nullable(),
  ErpDocNo: z.string().nullable(),
  PrintedAt: z.string().nullable(),
  RemittedAt: z.string().nullable(),
  BankFile: z.string().nullable(),
  BankSentAt: z.string().nullable(),
  PostRemark: z.string().nullable(),
  CreatedByName: z.string().nullable(),
  CreatedAt: z.string(),
  Version: z.number().int(),
});
export type RemitRun = z.infer<typeof RemitRun>;

/** The run the screen opens: the one given, else the user's company's unfinished one (resume), else none. */
export const LoadMainExpenseDataBody = z.object({ RunID: Id.optional() });
export type LoadMainExpenseDataBody = z.infer<typeof LoadMainExpenseDataBody>;
export const LoadMainExpenseDataResult = z.object({ Run: RemitRun.nullable() });
export type LoadMainExpenseDataResult = z.infer<typeof LoadMainExpenseDataResult>;

/** Posted loans and claims that can be paid (not in a run), or those of one run. */
export const SearchRemitDocumentsBody = PageQuery.extend({
  RunID: Id.optional(),
  /** With RunID: false lists the candidates beside the run instead of its documents. */
  InRun: z.boolean().optional(),
  Keyword: Text(100).optional(),
  TeamID: Id.optional(),
  DocType: z.enum(['loan', 'deputy']).optional(),
  IDs: z.array(Id).max(500).optional(),
});
export type SearchRemitDocumentsBody = z.infer<typeof SearchRemitDocumentsBody>;

export const RemitDocumentRow = z.object({
  ID: z.number().int(),
  DocNo: z.string(),
  DocType: z.string(),
  Status: z.enum(DOC_STATES),
  ApplicantCode: z.string(),
  ApplicantName: z.string(),
  TeamName: z.string().nullable(),
  PayeeName: z.string(),
  BankName: z.string().nullable(),
  BankAccount: z.string().nullable(),
  /** The payee's branch (CNAPS code) from the directory; null when the account names none. */
  BankCnaps: z.string().nullable(),
  /** What the company owes on the document: the payable its posted voucher credited. */
  Payable: z.string(),
  /** The currency of that payable: what the bank pays in. */
  Currency: z.string(),
  /** Why the bank refused the document's last payment (it waits for remittance again); null otherwise. */
  LastFailure: z.string().nullable(),
  PostedAt: z.string().nullable(),
  /** Days since it was posted. */
  DaysWaiting: z.number().int().nullable(),
  RunID: z.number().int().nullable(),
  Version: z.number().int(),
});
export type RemitDocumentRow = z.infer<typeof RemitDocumentRow>;

/** Step 2: documents into (Pass) or out of (NoPass) the run, each with the version seen. */
export const RemitDocumentsBody = z.object({
  RunID: Id,
  Documents: z
    .array(z.object({ ID: Id, Version }))
    .min(1)
    .max(500),
});
export type RemitDocumentsBody = z.infer<typeof RemitDocumentsBody>;

/** A document of a batch that was not moved, and why (an error code of the language packs). */
export const BatchRefusal = z.object({ ID: z.number().int(), DocNo: z.string(), Code: z.string() });
export const RemitBatchResult = z.object({
  Changed: z.number().int(),
  Refused: z.array(BatchRefusal),
  Run: RemitRun,
});
export type RemitBatchResult = z.infer<typeof RemitBatchResult>;

/** Confirms the step the run is on (the one the screen showed) and moves to the next. */
export const ConfirmStepBody = z.object({ RunID: Id, Version, Step: RemitStep });
export type ConfirmStepBody = z.infer<typeof ConfirmStepBody>;

/** Why a payment is less than what the document is owed. */
export const DEDUCTION_KINDS = ['card_private', 'loan'] as const;
export type DeductionKind = (typeof DEDUCTION_KINDS)[number];

/**
 * One amount kept back from a payment, with its source: private business-card spend (the card's last four digits,
 * the transaction's date and merchant) or a loan the claim wrote off (the loan's number). The reason is the kind, shown
 * as the label `remit.deduction.<Kind>`.
 */
export const PaymentDeduction = z.object({
  DocNo: z.string(),
  Kind: z.enum(DEDUCTION_KINDS),
  /** The card (`**** 1234`) and merchant, or the loan's document number. */
  Source: z.string(),
  Date: z.string().nullable(),
  Amount: z.string(),
});
export type PaymentDeduction = z.infer<typeof PaymentDeduction>;

/** Step 3: the remittance list, one row per bank line (payee and bank account, or document). */
export const RemitLineRow = z.object({
  LineNo: z.number().int(),
  PayeeKind: z.string(),
  PayeeCode: z.string().nullable(),
  PayeeName: z.string(),
  BankName: z.string().nullable(),
  BankAccount: z.string(),
  /** The payee's branch by CNAPS code and name, and the currency paid in. */
  BankCnaps: z.string().nullable(),
  BankBranch: z.string().nullable(),
  Currency: z.string(),
  /** What the bank's answer names the line by. */
  EndToEndID: z.string(),
  /** The bank's answer: sent (none yet), paid, failed (with its reason); null before the remittance. */
  BankStatus: z.enum(['sent', 'paid', 'failed']).nullable(),
  BankReason: z.string().nullable(),
  Documents: z.number().int(),
  DocNos: z.string(),
  /** What the documents are owed before deductions; `Amount` is what the bank pays (gross less deductions). */
  Gross: z.string(),
  Deductions: z.array(PaymentDeduction),
  Amount: z.string(),
  PaidAt: z.string().nullable(),
});
export type RemitLineRow = z.infer<typeof RemitLineRow>;
export const RemitRecordResult = z.object({
  Rows: z.array(RemitLineRow),
  Total: z.string(),
  Run: RemitRun,
});
export type RemitRecordResult = z.infer<typeof RemitRecordResult>;

/** Step 4: the payment voucher's entries. */
export const RemitEntryRow = z.object({
  LineNo: z.number().int(),
  Side: z.enum(['D', 'C']),
  GLAccount: z.string(),
  Amount: z.string(),
  EmployeeName: z.string().nullable(),
  Text: z.string().nullable(),
});
export type RemitEntryRow = z.infer<typeof RemitEntryRow>;
export const RemitPostingResult = z.object({
  Rows: z.array(RemitEntryRow),
  Debit: z.string(),
  Credit: z.string(),
  Run: RemitRun,
});
export type RemitPostingResult = z.infer<typeof RemitPostingResult>;

export const SearchRunsBody = PageQuery.extend({
  Step: RemitStep.optional(),
  DateFrom: DateOnly.optional(),
  DateTo: DateOnly.optional(),
});
export type SearchRunsBody = z.infer<typeof SearchRunsBody>;

/** Automatic remittance posting: the payment vouchers of the runs and how the ERP answered. */
export const SearchRemitPostingBody = PageQuery.extend({
  State: z.enum(['queued', 'posted', 'failed']).optional(),
  Keyword: Text(100).optional(),
});
export type SearchRemitPostingBody = z.infer<typeof SearchRemitPostingBody>;
export const RemitPostingRow = z.object({
  RunID: z.number().int(),
  RunNo: z.string(),
  VoucherID: z.number().int(),
  State: z.string(),
  Amount: z.string(),
  PostingDate: z.string(),
  Period: z.string(),
  ErpDocNo: z.string().nullable(),
  LastError: z.string().nullable(),
  PostRemark: z.string().nullable(),
  RemittedAt: z.string().nullable(),
  Version: z.number().int(),
});
export type RemitPostingRow = z.infer<typeof RemitPostingRow>;

export const ResendRemitPostingBody = z.object({ RunIDs: IdList });
export type ResendRemitPostingBody = z.infer<typeof ResendRemitPostingBody>;
export const ResendResult = z.object({
  Queued: z.number().int(),
  Refused: z.array(z.object({ RunID: z.number().int(), Code: z.string() })),
});
export type ResendResult = z.infer<typeof ResendResult>;

export const SavePostRemarkBody = z.object({ RunID: Id, Version, Remark: Text(500) });
export type SavePostRemarkBody = z.infer<typeof SavePostRemarkBody>;

/** Account completion: paid documents, closed one by one. */
export const SearchPaidBody = PageQuery.extend({
  Keyword: Text(100).optional(),
  RunID: Id.optional(),
  DocType: z.enum(['loan', 'deputy']).optional(),
});
export type SearchPaidBody = z.infer<typeof SearchPaidBody>;
export const PaidDocumentRow = z.object({
  ID: z.number().int(),
  DocNo: z.string(),
  DocType: z.string(),
  ApplicantName: z.string(),
  PayeeName: z.string(),
  Amount: z.string(),
  RunID: z.number().int().nullable(),
  RunNo: z.string().nullable(),
  PaidAt: z.string().nullable(),
  Version: z.number().int(),
});
export type PaidDocumentRow = z.infer<typeof PaidDocumentRow>;

export const CompleteAccountBody = z.object({
  Documents: z
    .array(z.object({ ID: Id, Version }))
    .min(1)
    .max(500),
});
export type CompleteAccountBody = z.infer<typeof CompleteAccountBody>;
export const CompleteAccountResult = z.object({ Changed: z.number().int(), Refused: z.array(BatchRefusal) });
export type CompleteAccountResult = z.infer<typeof CompleteAccountResult>;

/** What to pay: posted documents not in a run, by payee, with how long they have waited. */
export const SearchPaySuggestBody = PageQuery.extend({ Keyword: Text(100).optional(), TeamID: Id.optional() });
export type SearchPaySuggestBody = z.infer<typeof SearchPaySuggestBody>;
export const PaySuggestRow = z.object({
  PayeeKey: z.string(),
  PayeeKind: z.string(),
  PayeeCode: z.string().nullable(),
  PayeeName: z.string(),
  BankAccount: z.string().nullable(),
  Documents: z.number().int(),
  DocumentIDs: z.array(z.number().int()),
  Amount: z.string(),
  OldestPostedAt: z.string().nullable(),
  MaxDaysWaiting: z.number().int().nullable(),
});
export type PaySuggestRow = z.infer<typeof PaySuggestRow>;
export const PaySuggestPage = z.object({
  Total: z.number().int(),
  Rows: z.array(PaySuggestRow),
  TotalAmount: z.string(),
  TotalDocuments: z.number().int(),
});
export type PaySuggestPage = z.infer<typeof PaySuggestPage>;

/** The payment of one document as its employee sees it: what it was owed, what was kept back and why, what was paid. */
export const DocumentPaymentBody = z.object({ ID: Id });
export const DocumentPayment = z.object({
  RunNo: z.string(),
  /** `remitting` while in a run, `paid` once remitted, `failed` when the bank refused it (waiting again). */
  Status: z.string(),
  /** The bank's answer on the payment: sent (none yet), paid or failed; null before the remittance. */
  BankStatus: z.enum(['sent', 'paid', 'failed']).nullable(),
  /** Why the bank refused the payment, as it answered. */
  FailureReason: z.string().nullable(),
  PayeeName: z.string(),
  BankName: z.string().nullable(),
  BankAccount: z.string().nullable(),
  BankBranch: z.string().nullable(),
  Gross: z.string(),
  Deductions: z.array(PaymentDeduction),
  Net: z.string(),
  PaidAt: z.string().nullable(),
});
export type DocumentPayment = z.infer<typeof DocumentPayment>;
export const DocumentPaymentResult = z.object({ Payment: DocumentPayment.nullable() });
export type DocumentPaymentResult = z.infer<typeof DocumentPaymentResult>;
