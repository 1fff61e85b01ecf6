import { z } from 'zod';
import { Id, Money, Text, Version } from './common';
import { DOC_STATES, DOC_TYPES } from './documents';
import { Year } from './fin-common';
import { PageQuery } from './paging';

/** Budgets and their ledger (DESIGN §11). */

/** 0 no control, 1 warn (the applicant confirms), 2 block (submit is refused). */
export const LIMIT_STATUSES = [0, 1, 2] as const;
export const LimitStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type LimitStatus = z.infer<typeof LimitStatus>;

/**
 * The period a budget's stop and warn are measured on: the whole year, the expense's month alone, or the months of
 * the year up to the expense's month (cumulative month-to-date). Decision 056.
 */
export const BUDGET_CONTROL_PERIODS = ['year', 'month', 'cumulative'] as const;
export const ControlPeriod = z.enum(BUDGET_CONTROL_PERIODS);
export type ControlPeriod = z.infer<typeof ControlPeriod>;

/** How a ledger row moves a budget: hold at submit, reserve (apply) or consume (deputy) at approval, etc. */
export const BUDGET_LEDGER_KINDS = ['hold', 'reserve', 'consume', 'trueup', 'release'] as const;
export type BudgetLedgerKind = (typeof BUDGET_LEDGER_KINDS)[number];

const MonthNo = z.number().int().min(1).max(12);

export const BudgetMonth = z.object({ Month: MonthNo, Amount: Money });
export type BudgetMonth = z.infer<typeof BudgetMonth>;

/** Twelve months at most, each once. */
const Months = z
  .array(BudgetMonth)
  .max(12)
  .refine((ms) => new Set(ms.map((m) => m.Month)).size === ms.length, { message: 'month repeated' });

export const SearchBudgetBody = PageQuery.extend({
  Year: Year.optional(),
  CostCenterID: Id.optional(),
  ExpenseItemID: Id.optional(),
  ProductID: Id.optional(),
  LimitStatus: LimitStatus.optional(),
  ControlPeriod: ControlPeriod.optional(),
  Keyword: Text(100).optional(),
});
export type SearchBudgetBody = z.infer<typeof SearchBudgetBody>;

/** A budget with where it stands: its amount, what documents hold, reserve and consume, and what is left. */
export const BudgetRow = z.object({
  ID: z.number().int(),
  Year: z.number().int(),
  CostCenterID: z.number().int(),
  CostCenterCode: z.string(),
  CostCenterName: z.string(),
  TeamName: z.string().nullable(),
  ExpenseItemID: z.number().int(),
  ExpenseItemCode: z.string(),
  ExpenseItemName: z.string(),
  ProductID: z.number().int().nullable(),
  ProductCode: z.string().nullable(),
  ProductName: z.string().nullable(),
  Amount: z.string(),
  LimitStatus: z.number().int(),
  ControlPeriod,
  Held: z.string(),
  Reserved: z.string(),
  Consumed: z.string(),
  Available: z.string(),
  Version: z.number().int(),
});
export type BudgetRow = z.infer<typeof BudgetRow>;

export const AddBudgetBody = z.object({
  Year,
  CostCenterID: Id,
  ExpenseItemID: Id,
  ProductID: Id.nullish(),
  LimitStatus: LimitStatus.default(0),
  ControlPeriod: ControlPeriod.default('year'),
  Details: Months.default([]),
});
export type AddBudgetBody = z.infer<typeof AddBudgetBody>;

export const BudgetVersionItems = z.object({
  Items: z
    .array(z.object({ ID: Id, Version }))
    .min(1)
    .max(500),
});
export type BudgetVersionItems = z.infer<typeof BudgetVersionItems>;

export const DeleteBudgetBody = BudgetVersionItems;
export type DeleteBudgetBody = z.infer<typeof DeleteBudgetBody>;

export const SetBudgetLimitStatusBody = BudgetVersionItems.extend({ LimitStatus });
export type SetBudgetLimitStatusBody = z.infer<typeof SetBudgetLimitStatusBody>;

export const SetBudgetControlPeriodBody = BudgetVersionItems.extend({ ControlPeriod });
export type SetBudgetControlPeriodBody = z.infer<typeof SetBudgetControlPeriodBody>;

export const BudgetIdBody = z.object({ BudgetID: Id });
export type BudgetIdBody = z.infer<typeof BudgetIdBody>;

/** One month of a budget as its control sees it: the month's amount and use, and what is left in the month and so far. */
export const BudgetMonthFigure = z.object({
  Month: MonthNo,
  Amount: z.string(),
  Used: z.string(),
  Available: z.string(),
  /** The months up to this one: their amounts less their use. */
  AvailableToDate: z.string(),
});
export type BudgetMonthFigure = z.infer<typeof BudgetMonthFigure>;

export const BudgetDetail = z.object({
  Budget: BudgetRow,
  Details: z.array(BudgetMonth),
  /** All twelve months, with what the documents use in each (held, reserved and consumed). */
  Figures: z.array(BudgetMonthFigure),
});
export type BudgetDetail = z.infer<typeof BudgetDetail>;

/** Sets the given months (others stay); the budget's amount becomes the sum of its months. */
export const SaveBudgetDetailBody = z.object({ BudgetID: Id, Version, Details: Months.min(1) });
export type SaveBudgetDetailBody = z.infer<typeof SaveBudgetDetailBody>;

export const DeleteBudgetDetailBody = z.object({
  BudgetID: Id,
  Version,
  Months: z.array(MonthNo).min(1).max(12),
});
export type DeleteBudgetDetailBody = z.infer<typeof DeleteBudgetDetailBody>;

export const BudgetOption = z.object({ ID: z.number().int(), Code: z.string(), Name: z.string() });
export type BudgetOption = z.infer<typeof BudgetOption>;
export const BudgetOptions = z.object({ Rows: z.array(BudgetOption) });
export type BudgetOptions = z.infer<typeof BudgetOptions>;

export const OptionKeywordBody = z.object({ Keyword: Text(100).optional() });
export type OptionKeywordBody = z.infer<typeof OptionKeywordBody>;

/** The limit-status report (`/manage/budgeReport`): per team, cost centre and deputy expense item. */
export const SearchLimitReportBody = PageQuery.extend({
  Year,
  TeamID: Id.optional(),
  CostCenterID: Id.optional(),
  ExpenseItemID: Id.optional(),
  LimitStatus: LimitStatus.optional(),
});
export type SearchLimitReportBody = z.infer<typeof SearchLimitReportBody>;

export const LimitReportRow = BudgetRow.extend({ UsedPercent: z.string() });
export type LimitReportRow = z.infer<typeof LimitReportRow>;

export const LimitReportTotals = z.object({
  Amount: z.string(),
  Held: z.string(),
  Reserved: z.string(),
  Consumed: z.string(),
  Available: z.string(),
  UsedPercent: z.string(),
});
export type LimitReportTotals = z.infer<typeof LimitReportTotals>;

export const LimitReportPage = z.object({
  Total: z.number().int(),
  Rows: z.array(LimitReportRow),
  Totals: LimitReportTotals,
});
export type LimitReportPage = z.infer<typeof LimitReportPage>;

export const LimitSubGridBody = PageQuery.extend({ BudgetID: Id });
export type LimitSubGridBody = z.infer<typeof LimitSubGridBody>;

/** One document's position on a budget. */
export const LimitSubGridRow = z.object({
  DocumentID: z.number().int(),
  DocNo: z.string(),
  DocType: z.enum(DOC_TYPES),
  Status: z.enum(DOC_STATES),
  ApplicantName: z.string(),
  Held: z.string(),
  Reserved: z.string(),
  Consumed: z.string(),
  LastMovedAt: z.string(),
});
export type LimitSubGridRow = z.infer<typeof LimitSubGridRow>;

export const ExportLimitReportBody = SearchLimitReportBody.omit({ PageIndex: true, PageSize: true });
export type ExportLimitReportBody = z.infer<typeof ExportLimitReportBody>;
export const ExportLimitSubBody = z.object({ BudgetID: Id });
