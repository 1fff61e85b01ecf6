import { z } from 'zod';
import { DateOnly, Id, Version } from './common';
import { DocState, DocType } from './documents';
import { PageQuery } from './paging';

/** How a step was decided: by its approver (or their proxy), automatically with an earlier step, or rejected. */
export const DECISIONS = ['approved', 'auto_approved', 'rejected'] as const;
export const Decision = z.enum(DECISIONS);
export type Decision = z.infer<typeof Decision>;

const historyFilters = {
  DocType: DocType.optional(),
  Decision: Decision.optional(),
  /** Decided on or after this day (Asia/Shanghai). */
  ActedAtFrom: DateOnly.optional(),
  /** Decided on or before this day (Asia/Shanghai). */
  ActedAtTo: DateOnly.optional(),
  /** Part of the document number or of the applicant's name. */
  Keyword: z.string().trim().max(100).optional(),
};

/** Personal approval history: steps the user decided, or that were decided in the user's name by a proxy. */
export const ApproveHistoryQuery = PageQuery.extend(historyFilters);
export type ApproveHistoryQuery = z.infer<typeof ApproveHistoryQuery>;
export const ApproveHistoryExportBody = z.object({
  ...historyFilters,
  SortField: z.string().max(64).optional(),
  SortOrder: z.enum(['ascend', 'descend']).optional(),
});
export type ApproveHistoryExportBody = z.infer<typeof ApproveHistoryExportBody>;

export const ApproveHistoryRow = z.object({
  /** The decided step. */
  StepID: Id,
  /** The document. */
  ID: Id,
  DocNo: z.string(),
  DocType,
  ApplicantName: z.string(),
  ExpenseTypeName: z.string().nullable(),
  Currency: z.string(),
  TotalAmount: z.string(),
  Round: z.number().int(),
  StepName: z.string(),
  Decision,
  Comment: z.string().nullable(),
  ActedAt: z.string().nullable(),
  ActedByID: Id.nullable(),
  ActedByName: z.string().nullable(),
  /** The step's approver, when someone else (an approval proxy) acted for them. */
  ForApproverID: Id.nullable(),
  ForApproverName: z.string().nullable(),
  /** The document's status now. */
  Status: DocState,
});
export type ApproveHistoryRow = z.infer<typeof ApproveHistoryRow>;

/** Documents in approval that still have to reach the user (or whom the user approves for). */
export const ComingQuery = PageQuery.extend({
  DocType: DocType.optional(),
  Keyword: z.string().trim().max(100).optional(),
});
export type ComingQuery = z.infer<typeof ComingQuery>;

export const ComingRow = z.object({
  /** The user's step. */
  StepID: Id,
  /** The document. */
  ID: Id,
  DocNo: z.string(),
  DocType,
  ApplicantName: z.string(),
  ExpenseTypeName: z.string().nullable(),
  Currency: z.string(),
  TotalAmount: z.string(),
  SubmittedAt: z.string().nullable(),
  /** The user's step: pending (now) or waiting (later in the route). */
  StepName: z.string(),
  MyStepStatus: z.enum(['waiting', 'pending']),
  /** The user's step's place in the route: Position of StepCount. */
  Position: z.number().int(),
  StepCount: z.number().int(),
  CurrentStepName: z.string().nullable(),
  CurrentApproverName: z.string().nullable(),
  ForApproverID: Id.nullable(),
  ForApproverName: z.string().nullable(),
  Version: Version,
});
export type ComingRow = z.infer<typeof ComingRow>;

/** Approve-all: approves the current step of each document as the caller, each on its own. */
export const BatchApproveBody = z.object({
  Items: z
    .array(z.object({ ID: Id, Version }))
    .min(1)
    .max(100),
  Comment: z.string().trim().max(1000).nullish(),
});
export type BatchApproveBody = z.infer<typeof BatchApproveBody>;

export const BatchApproveItemResult = z.object({
  ID: Id,
  /** Null when the document is not visible to the user. */
  DocNo: z.string().nullable(),
  Ok: z.boolean(),
  ErrorCode: z.string().nullable(),
  /** The refusal in the request's language. */
  Message: z.string().nullable(),
});
export type BatchApproveItemResult = z.infer<typeof BatchApproveItemResult>;
export const BatchApproveResult = z.object({ Rows: z.array(BatchApproveItemResult) });
export type BatchApproveResult = z.infer<typeof BatchApproveResult>;
