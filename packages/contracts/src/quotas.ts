import { z } from 'zod';
import { Id, INT_MAX, Money, Text, Version } from './common';
import { PageQuery } from './paging';

/**
 * Quotas (screen quotaManagement, DESIGN §11): yearly caps per HCP or HCO (optionally per expense item), per
 * clinical-trial HCO, per overseas expense item (an overseas event kind), on lecture fees per HCP (after tax) and
 * per employee (per expense item, with optional monthly caps, e.g. the monthly phone allowance).
 */
export const QUOTA_KINDS = ['hcp', 'hco', 'clinical_hco', 'overseas', 'lecture_fee', 'employee'] as const;
export type QuotaKind = (typeof QUOTA_KINDS)[number];
export const QuotaKind = z.enum(QUOTA_KINDS);

/** 0 no control, 1 warn (the applicant confirms), 2 block. */
export const QUOTA_LIMIT_STATUSES = [0, 1, 2] as const;
export const QuotaLimitStatus = z.coerce.number().int().min(0).max(2);

export const QuotaYear = z.coerce.number().int().min(2000).max(2100);

export const SearchQuotaBody = PageQuery.extend({
  Year: QuotaYear.optional(),
  Kind: QuotaKind.optional(),
  Keyword: Text(100).optional(),
  LimitStatus: QuotaLimitStatus.optional(),
  /** Archived quotas are left out unless asked for. */
  Archived: z.boolean().optional(),
});
export type SearchQuotaBody = z.infer<typeof SearchQuotaBody>;
export const ExportQuotaBody = SearchQuotaBody.omit({ PageIndex: true, PageSize: true });
export type ExportQuotaBody = z.infer<typeof ExportQuotaBody>;

export const QuotaRow = z.object({
  QuotaID: z.number().int(),
  Year: z.number().int(),
  Kind: QuotaKind,
  SubjectID: z.number().int(),
  SubjectCode: z.string(),
  SubjectName: z.string(),
  ExpenseItemID: z.number().int().nullable(),
  ExpenseItemName: z.string().nullable(),
  Amount: z.string(),
  Used: z.string(),
  Available: z.string(),
  LimitStatus: z.number().int(),
  Archived: z.boolean(),
  Remark: z.string().nullable(),
  DetailCount: z.number().int(),
  Version: z.number().int(),
});
export type QuotaRow = z.infer<typeof QuotaRow>;

export const QuotaIdsBody = z.object({ IDs: z.array(Id).min(1).max(500) });
export type QuotaIdsBody = z.infer<typeof QuotaIdsBody>;

export const ArchiveQuotaBody = z.object({ Year: QuotaYear });
export type ArchiveQuotaBody = z.infer<typeof ArchiveQuotaBody>;
export const ArchiveQuotaResult = z.object({ Archived: z.number().int() });

export const SetQuotaLimitStatusBody = z.object({
  IDs: z.array(Id).min(1).max(500),
  LimitStatus: QuotaLimitStatus,
});
export type SetQuotaLimitStatusBody = z.infer<typeof SetQuotaLimitStatusBody>;

export const QuotaDetailSearchBody = z.object({ QuotaID: Id });
export type QuotaDetailSearchBody = z.infer<typeof QuotaDetailSearchBody>;

export const QuotaDetailRow = z.object({
  QuotaDetailID: z.number().int(),
  Month: z.number().int(),
  Amount: z.string(),
  Used: z.string(),
  Remark: z.string().nullable(),
});
export type QuotaDetailRow = z.infer<typeof QuotaDetailRow>;
export const QuotaDetailList = z.object({ Quota: QuotaRow, Rows: z.array(QuotaDetailRow) });
export type QuotaDetailList = z.infer<typeof QuotaDetailList>;

/**
 * Adds (no QuotaID) or changes a quota and replaces its monthly caps. The subject is the HCP, HCO, employee or (for
 * overseas) expense item the kind names; monthly caps may not add up to more than the yearly amount.
 */
export const QuotaDetailSaveBody = z.object({
  QuotaID: Id.optional(),
  Version: Version.optional(),
  Year: QuotaYear,
  Kind: QuotaKind,
  /** The subject by id, or by its code (the HCP's, HCO's, employee's or overseas item's), as the screen types it. */
  SubjectID: Id.optional(),
  SubjectCode: Text(40).optional(),
  ExpenseItemID: Id.nullish(),
  ItemCode: Text(40).nullish(),
  Amount: Money,
  LimitStatus: QuotaLimitStatus.default(0),
  Remark: Text(500).nullish(),
  Details: z
    .array(z.object({ Month: z.coerce.number().int().min(1).max(12), Amount: Money, Remark: Text(200).nullish() }))
    .max(12)
    .default([]),
});
export type QuotaDetailSaveBody = z.input<typeof QuotaDetailSaveBody>;

export const QuotaDetailDeleteBody = z.object({ QuotaID: Id, Version: Version, IDs: z.array(Id).min(1).max(12) });
export type QuotaDetailDeleteBody = z.infer<typeof QuotaDetailDeleteBody>;

/**
 * The pickers of the quota screen: the subjects one kind of quota can name (HCPs; HCOs; clinical-trial HCOs;
 * employees; overseas expense items), and the expense items a quota may be limited to, by keyword, or by id to show
 * the label of a value already chosen. Of the caller's company only; at most 50, code first.
 */
export const QuotaSubjectSearchBody = z.object({
  Kind: QuotaKind,
  Keyword: Text(100).optional(),
  IDs: z.array(Id).min(1).max(50).optional(),
});
export type QuotaSubjectSearchBody = z.infer<typeof QuotaSubjectSearchBody>;
export const QuotaItemSearchBody = QuotaSubjectSearchBody.omit({ Kind: true });
export type QuotaItemSearchBody = z.infer<typeof QuotaItemSearchBody>;
export const QuotaOption = z.object({
  ID: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  Extra: z.string().nullable(),
});
export type QuotaOption = z.infer<typeof QuotaOption>;
export const QuotaOptions = z.object({ Rows: z.array(QuotaOption) });
export type QuotaOptions = z.infer<typeof QuotaOptions>;

export const QuotaSaved = z.object({ QuotaID: z.number().int(), Version: z.number().int() });

/* ---------------------------------------------------------------- yearly used amounts (Report group) */

/** Which yearly-used report: each reads the usage rows of one quota kind. */
export const USAGE_REPORTS = ['HCP', 'HCO', 'ClinicalTrialHCO', 'Overseas', 'LectureFee'] as const;
export type UsageReport = (typeof USAGE_REPORTS)[number];

export const YearUsedSearchBody = PageQuery.extend({
  Year: QuotaYear,
  Keyword: Text(100).optional(),
  /** Only usage on this expense item; the cap is then the quota of that item. */
  ExpenseItemID: Id.optional(),
  /** Only subjects whose used amount is at least this share of their cap, in per cent. */
  MinUsedPercent: z.coerce.number().int().min(0).max(INT_MAX).optional(),
});
export type YearUsedSearchBody = z.infer<typeof YearUsedSearchBody>;
export const YearUsedExportBody = YearUsedSearchBody.omit({ PageIndex: true, PageSize: true });
export type YearUsedExportBody = z.infer<typeof YearUsedExportBody>;

export const YearUsedRow = z.object({
  SubjectID: z.number().int(),
  SubjectCode: z.string(),
  SubjectName: z.string(),
  /** The HCP's hospital, the HCO's city; empty for others. */
  Extra: z.string().nullable(),
  Year: z.number().int(),
  Held: z.string(),
  Consumed: z.string(),
  Used: z.string(),
  Cap: z.string().nullable(),
  Available: z.string().nullable(),
  UsedPercent: z.string().nullable(),
  LimitStatus: z.number().int().nullable(),
  Documents: z.number().int(),
});
export type YearUsedRow = z.infer<typeof YearUsedRow>;
export const YearUsedPage = z.object({
  Total: z.number().int(),
  Rows: z.array(YearUsedRow),
  /** Over every subject the filters select, not only the page. */
  Totals: z.object({ Held: z.string(), Consumed: z.string(), Used: z.string(), Subjects: z.number().int() }),
});
export type YearUsedPage = z.infer<typeof YearUsedPage>;

/** The documents behind a subject's use (SubjectID), or behind every subject of the report (the HCP/HCO report). */
export const YearUsedDetailBody = PageQuery.extend({
  Year: QuotaYear,
  SubjectID: Id.optional(),
  ExpenseItemID: Id.optional(),
  Keyword: Text(100).optional(),
});
export type YearUsedDetailBody = z.infer<typeof YearUsedDetailBody>;
export const YearUsedDetailExportBody = YearUsedExportBody.extend({
  SubjectID: Id.optional(),
  /** Export the documents behind the use (true) or the subjects' sums (false, the default). */
  Detail: z.boolean().optional(),
});
export type YearUsedDetailExportBody = z.infer<typeof YearUsedDetailExportBody>;

export const YearUsedDetailRow = z.object({
  LedgerID: z.number().int(),
  DocumentID: z.number().int(),
  DocNo: z.string(),
  DocType: z.string(),
  DocStatus: z.string(),
  ApplicantName: z.string(),
  SubjectID: z.number().int(),
  SubjectCode: z.string(),
  SubjectName: z.string(),
  ExpenseItemName: z.string().nullable(),
  Month: z.number().int(),
  Amount: z.string(),
  State: z.enum(['held', 'consumed']),
});
export type YearUsedDetailRow = z.infer<typeof YearUsedDetailRow>;
export const YearUsedDetailPage = z.object({
  Total: z.number().int(),
  TotalCapped: z.boolean().optional(),
  Rows: z.array(YearUsedDetailRow),
});
export type YearUsedDetailPage = z.infer<typeof YearUsedDetailPage>;
