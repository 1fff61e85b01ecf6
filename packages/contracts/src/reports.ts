import { z } from 'zod';
import { DateOnly, Id, MonthSchema, Text } from './common';
import { DocState, DocType } from './documents';
import { PageQuery, pageOf } from './paging';

/**
 * The document and finance reports of the report group (`/api/Report/`): document status, approve-amount data, the
 * month report (approved spend per month) and the current-account report (the employees' advance and payable
 * accounts from posted vouchers).
 */

/** Who or what a report may be narrowed to; another company's team or cost centre answers 404. */
const Scope = {
  TeamID: Id.optional(),
  CostCenterID: Id.optional(),
};

export const DocumentStatusQuery = PageQuery.extend({
  DocType: DocType.optional(),
  Status: DocState.optional(),
  /** The start of a document number, an applicant's code. */
  Keyword: Text(100).optional(),
  ...Scope,
  /** Created from, to (inclusive, business days). */
  DateFrom: DateOnly.optional(),
  DateTo: DateOnly.optional(),
});
export type DocumentStatusQuery = z.infer<typeof DocumentStatusQuery>;

export const DocumentStatusRow = z.object({
  ID: Id,
  DocNo: z.string(),
  DocType,
  Status: DocState,
  ApplicantCode: z.string(),
  ApplicantName: z.string(),
  TeamName: z.string().nullable(),
  CostCenterCode: z.string().nullable(),
  Currency: z.string(),
  TotalAmountCNY: z.string(),
  CreatedAt: z.string(),
  SubmittedAt: z.string().nullable(),
  ApprovedAt: z.string().nullable(),
  /** Who the document waits for while it is being approved. */
  CurrentApproverName: z.string().nullable(),
});
export type DocumentStatusRow = z.infer<typeof DocumentStatusRow>;

/** How many documents of the filter are in each state (the status chart). */
export const StatusCount = z.object({ Status: DocState, Count: z.number().int() });
export type StatusCount = z.infer<typeof StatusCount>;

export const DocumentStatusPage = pageOf(DocumentStatusRow).extend({ ByStatus: z.array(StatusCount) });
export type DocumentStatusPage = z.infer<typeof DocumentStatusPage>;

export const APPROVE_DECISIONS = ['approved', 'auto_approved', 'rejected'] as const;
export const ApproveDecision = z.enum(APPROVE_DECISIONS);

export const ApproveAmountQuery = PageQuery.extend({
  DocType: DocType.optional(),
  Decision: ApproveDecision.optional(),
  /** The approver (their employee id). */
  ApproverID: Id.optional(),
  /** The start of a document number. */
  Keyword: Text(100).optional(),
  TeamID: Id.optional(),
  /** Decided from, to (inclusive, business days). */
  DateFrom: DateOnly.optional(),
  DateTo: DateOnly.optional(),
});
export type ApproveAmountQuery = z.infer<typeof ApproveAmountQuery>;

/** One decision of an approval step and the amount it decided on. */
export const ApproveAmountRow = z.object({
  StepID: Id,
  DocumentID: Id,
  DocNo: z.string(),
  DocType,
  Status: DocState,
  ApplicantName: z.string(),
  ApproverCode: z.string(),
  ApproverName: z.string(),
  /** Set when someone else (an approval proxy) decided in the approver's place. */
  ActedByName: z.string().nullable(),
  StepName: z.string(),
  Decision: ApproveDecision,
  DecidedAt: z.string(),
  TotalAmountCNY: z.string(),
});
export type ApproveAmountRow = z.infer<typeof ApproveAmountRow>;

export const ApproveAmountPage = pageOf(ApproveAmountRow).extend({
  /** Over every decision of the filter: how many approved and the amount they approved (CNY). */
  Approved: z.number().int(),
  ApprovedAmountCNY: z.string(),
  Rejected: z.number().int(),
});
export type ApproveAmountPage = z.infer<typeof ApproveAmountPage>;

export const REPORT_RECORD_KINDS = ['month', 'current'] as const;
export const SPEND_GROUPS = ['expenseType', 'costCentre', 'team'] as const;
export const SpendGroup = z.enum(SPEND_GROUPS);

const Year = z.coerce.number().int().min(2000).max(2100);

/** What both spend reports count: approved documents of a type, by expense type, cost centre or team. */
const Spend = {
  DocType: DocType.default('deputy'),
  GroupBy: SpendGroup.default('expenseType'),
  ...Scope,
};

/** The month report: approved spend of a year, per month and group. */
export const MonthReportQuery = PageQuery.extend({ Report: z.literal('month'), Year, ...Spend });

/** The current-period report: one month's approved spend per group, beside the year to date and last year's. */
export const CurrentReportQuery = PageQuery.extend({ Report: z.literal('current'), Period: MonthSchema, ...Spend });

export const GetReportRecordBody = z.discriminatedUnion('Report', [MonthReportQuery, CurrentReportQuery]);
export type GetReportRecordBody = z.infer<typeof GetReportRecordBody>;
export type MonthReportQuery = z.infer<typeof MonthReportQuery>;
export type CurrentReportQuery = z.infer<typeof CurrentReportQuery>;

export const MonthAmount = z.object({ Month: z.number().int(), Documents: z.number().int(), AmountCNY: z.string() });
export type MonthAmount = z.infer<typeof MonthAmount>;

/** One group (expense type, cost centre or team) of a spend report; `Key` is its id, or `none`. */
const GroupRow = {
  Key: z.string(),
  Code: z.string().nullable(),
  Name: z.string(),
};

export const MonthReportRow = z.object({
  ...GroupRow,
  /** January to December, CNY. */
  Months: z.array(z.string()).length(12),
  Documents: z.number().int(),
  TotalCNY: z.string(),
});
export type MonthReportRow = z.infer<typeof MonthReportRow>;

export const CurrentReportRow = z.object({
  ...GroupRow,
  PeriodDocuments: z.number().int(),
  PeriodCNY: z.string(),
  YearToDateCNY: z.string(),
  LastYearPeriodCNY: z.string(),
  LastYearToDateCNY: z.string(),
  /** Year to date against last year's, in per cent with one decimal; none when last year had nothing. */
  ChangePercent: z.string().nullable(),
});
export type CurrentReportRow = z.infer<typeof CurrentReportRow>;

export const SpendTotals = z.object({
  AmountCNY: z.string(),
  PeriodCNY: z.string(),
  YearToDateCNY: z.string(),
  LastYearPeriodCNY: z.string(),
  LastYearToDateCNY: z.string(),
});

export const ReportRecordPage = z.object({
  Report: z.enum(REPORT_RECORD_KINDS),
  Total: z.number().int(),
  /** The month report's rows. */
  MonthRows: z.array(MonthReportRow),
  /** Twelve months over every group: the month report's year, or the current report's year to its period. */
  Months: z.array(MonthAmount),
  /** The current-period report's rows. */
  CurrentRows: z.array(CurrentReportRow),
  /** Sums over every group of the filter. */
  Totals: SpendTotals,
});
export type ReportRecordPage = z.infer<typeof ReportRecordPage>;
