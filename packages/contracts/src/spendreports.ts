import { z } from 'zod';
import { DateOnly, Id, Money, MonthSchema, OptionalDateOnly, Text } from './common';
import { DocState } from './documents';
import { PageQuery, pageOf } from './paging';

/**
 * The spend reports (`planCostReport`, `planProductReport`, `deputyCostReport`, `deputyProductReport`): the expense
 * lines of submitted applies or deputies by cost centre or by product, and the daily sales reports (ASP and budget).
 */

/** Which documents count: every submitted one that was not sent back or cancelled, only those in approval, or approved. */
export const SPEND_STAGES = ['all', 'approving', 'approved'] as const;
export const SpendStage = z.enum(SPEND_STAGES);
export type SpendStage = z.infer<typeof SpendStage>;

/** Filters of a spend report; without dates it covers the current calendar year (Shanghai). */
export const SpendDetailBody = PageQuery.extend({
  DateFrom: OptionalDateOnly,
  DateTo: OptionalDateOnly,
  CostCenterID: Id.optional(),
  /** A cost centre by the beginning of its code or a part of its name. */
  CostCenter: Text(40).optional(),
  ExpenseTypeID: Id.optional(),
  ExpenseItemID: Id.optional(),
  ProductID: Id.optional(),
  Stage: SpendStage.default('all'),
  /** The beginning of a document number. */
  Keyword: Text(30).optional(),
});
export type SpendDetailBody = z.infer<typeof SpendDetailBody>;
export const SpendExportBody = SpendDetailBody.omit({ PageIndex: true, PageSize: true });
export type SpendExportBody = z.infer<typeof SpendExportBody>;

/** One expense line of the report, with the cost centre or product it is reported under. */
export const SpendDetailRow = z.object({
  LineID: Id,
  DocumentID: Id,
  DocNo: z.string(),
  Status: DocState,
  ApplicantCode: z.string(),
  ApplicantName: z.string(),
  TeamName: z.string().nullable(),
  CostCenterCode: z.string().nullable(),
  CostCenterName: z.string().nullable(),
  ExpenseTypeName: z.string().nullable(),
  ExpenseItemName: z.string().nullable(),
  ProductCode: z.string().nullable(),
  ProductName: z.string().nullable(),
  ExpenseDate: z.string().nullable(),
  Currency: z.string(),
  Amount: z.string(),
  AmountCNY: z.string(),
});
export type SpendDetailRow = z.infer<typeof SpendDetailRow>;

/** One month of the spend the filters select (the trend chart). */
export const SpendMonth = z.object({ Month: z.string(), Lines: z.number().int(), AmountCNY: z.string() });
export type SpendMonth = z.infer<typeof SpendMonth>;

export const SpendDetailPage = pageOf(SpendDetailRow).extend({
  /** The sum in CNY of every line the filters select, not only this page's. */
  TotalAmountCNY: z.string(),
  DateFrom: DateOnly,
  DateTo: DateOnly,
  Trend: z.array(SpendMonth),
  /** The ten cost centres or products (as the report groups) with the most spend; code and name null for lines without one. */
  TopGroups: z.array(
    z.object({
      Code: z.string().nullable(),
      Name: z.string().nullable(),
      Lines: z.number().int(),
      AmountCNY: z.string(),
    }),
  ),
});
export type SpendDetailPage = z.infer<typeof SpendDetailPage>;

/** The filters' lists: expense types of the document type, products, expense items (optionally of one type). */
export const SpendListBody = z.object({
  DocType: z.enum(['apply', 'deputy']).optional(),
  ExpenseTypeID: Id.optional(),
});
export type SpendListBody = z.infer<typeof SpendListBody>;
export const SpendOption = z.object({ ID: Id, Code: z.string(), Name: z.string() });
export type SpendOption = z.infer<typeof SpendOption>;
export const SpendOptions = z.array(SpendOption);

/* ---------------- Daily sales ---------------- */

/** A quantity of units: a decimal string with at most two places. */
export const Quantity = Money;

/** The ASP report: per month and product, the standard average selling price against the one sales achieved. */
export const AspListBody = PageQuery.extend({
  MonthFrom: MonthSchema.optional(),
  MonthTo: MonthSchema.optional(),
  ProductID: Id.optional(),
});
export type AspListBody = z.infer<typeof AspListBody>;
export const AspExportBody = AspListBody.omit({ PageIndex: true, PageSize: true });
export type AspExportBody = z.infer<typeof AspExportBody>;

export const AspRow = z.object({
  /** Month and product: the row's key. */
  Key: z.string(),
  Month: z.string(),
  ProductID: Id,
  ProductCode: z.string(),
  ProductName: z.string(),
  /** Imported standard ASP; null when the month has sales but no plan. */
  StandardASP: z.string().nullable(),
  Quantity: z.string(),
  Amount: z.string(),
  /** Amount ÷ quantity, four places; null without units sold. */
  ActualASP: z.string().nullable(),
  /** (actual − standard) ÷ standard, in per cent with two places. */
  VariancePercent: z.string().nullable(),
});
export type AspRow = z.infer<typeof AspRow>;
export const AspPage = pageOf(AspRow).extend({ Quantity: z.string(), Amount: z.string() });
export type AspPage = z.infer<typeof AspPage>;

/** The budget report: daily sales against the day's budget, with the month to date. */
export const SalesBudgetBody = PageQuery.extend({
  DateFrom: OptionalDateOnly,
  DateTo: OptionalDateOnly,
  ProductID: Id.optional(),
});
export type SalesBudgetBody = z.infer<typeof SalesBudgetBody>;
export const SalesBudgetExportBody = SalesBudgetBody.omit({ PageIndex: true, PageSize: true });
export type SalesBudgetExportBody = z.infer<typeof SalesBudgetExportBody>;

export const SalesBudgetRow = z.object({
  ID: Id,
  SalesDate: z.string(),
  ProductID: Id,
  ProductCode: z.string(),
  ProductName: z.string(),
  Quantity: z.string(),
  Amount: z.string(),
  BudgetAmount: z.string(),
  /** Amount ÷ budget in per cent; null when the budget is zero. */
  AchievementPercent: z.string().nullable(),
  MonthToDateAmount: z.string(),
  MonthToDateBudget: z.string(),
  MonthToDatePercent: z.string().nullable(),
});
export type SalesBudgetRow = z.infer<typeof SalesBudgetRow>;

export const SalesBudgetDay = z.object({
  SalesDate: z.string(),
  Amount: z.string(),
  BudgetAmount: z.string(),
  /** Running sums from the first day of the filter. */
  CumulativeAmount: z.string(),
  CumulativeBudget: z.string(),
});
export const SalesBudgetPage = pageOf(SalesBudgetRow).extend({
  Amount: z.string(),
  BudgetAmount: z.string(),
  AchievementPercent: z.string().nullable(),
  DateFrom: DateOnly,
  DateTo: DateOnly,
  /** Sales and budget per day over the filters (the chart), at most 400 days. */
  Days: z.array(SalesBudgetDay),
});
export type SalesBudgetPage = z.infer<typeof SalesBudgetPage>;

/** A row of the daily sales import: the day, the product, units, net sales and the day's budget. */
export const DailySalesImportRow = z.object({
  SalesDate: DateOnly,
  ProductCode: z.string().trim().min(1).max(40),
  Quantity,
  Amount: Money,
  BudgetAmount: Money,
});
export type DailySalesImportRow = z.infer<typeof DailySalesImportRow>;

/** A row of the ASP import: the month, the product and its standard average selling price (four places). */
export const AspImportRow = z.object({
  // Excel turns a typed 2026-04 into a date: the cell then reads 2026-04-01, which names the same month.
  Month: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{4}-\d{2}-01$/.test(v.trim()) ? v.trim().slice(0, 7) : v),
    MonthSchema,
  ),
  ProductCode: z.string().trim().min(1).max(40),
  StandardASP: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,4})?$/, { message: 'not an amount' }),
});
export type AspImportRow = z.infer<typeof AspImportRow>;
