import type {
  AddBudgetBody,
  BudgetDetail,
  BudgetOptions,
  BudgetRow,
  ControlPeriod,
  ImportResult,
  LimitReportPage,
  LimitStatus,
  LimitSubGridRow,
  Ok,
  Page,
  SaveBudgetDetailBody,
} from '@ems/contracts';
import { http } from '../../app/api';

type Items = { ID: number; Version: number }[];

/** Budgets (/api/budget/, /api/budgetLimitStatus/). */
export const budgetApi = {
  search: (body: Record<string, unknown>) => http.post<Page<BudgetRow>>('/api/budget/Search', body),
  add: (body: AddBudgetBody) => http.post<BudgetRow>('/api/budget/Add', body),
  remove: (items: Items) => http.post<Ok>('/api/budget/Delete', { Items: items }),
  detail: (id: number) => http.post<BudgetDetail>('/api/budget/DetailSearch', { BudgetID: id }),
  saveDetail: (body: SaveBudgetDetailBody) => http.post<BudgetDetail>('/api/budget/DetailSave', body),
  deleteDetail: (id: number, version: number, months: number[]) =>
    http.post<BudgetDetail>('/api/budget/DetailDelete', { BudgetID: id, Version: version, Months: months }),
  setLimitStatus: (items: Items, status: LimitStatus) =>
    http.post<{ Rows: BudgetRow[] }>('/api/budget/SetBudgetLimitStatus', { Items: items, LimitStatus: status }),
  setControlPeriod: (items: Items, period: ControlPeriod) =>
    http.post<{ Rows: BudgetRow[] }>('/api/budget/SetBudgetControlPeriod', { Items: items, ControlPeriod: period }),
  expenseItems: (keyword?: string) =>
    http.post<BudgetOptions>('/api/budget/SearchExpenseItemList', { Keyword: keyword || undefined }),
  costCentres: (keyword?: string) =>
    http.post<BudgetOptions>('/api/budgetLimitStatus/SearchCostCenterByCompanyID', { Keyword: keyword || undefined }),
  products: (keyword?: string) =>
    http.post<BudgetOptions>('/api/budget/SearchProductList', { Keyword: keyword || undefined }),
  template: () => http.download('/api/budget/DownloadTemplateFile', {}, { overlay: true }),
  import: (file: File) => http.upload<ImportResult>('/api/budget/Import', file, {}, { overlay: true }),
};

/** The limit-status report (/api/BudgeLimitStatusReport/). */
export const limitReportApi = {
  search: (body: Record<string, unknown>) => http.post<LimitReportPage>('/api/BudgeLimitStatusReport/Search', body),
  teams: (keyword?: string) =>
    http.post<BudgetOptions>('/api/BudgeLimitStatusReport/SearchTeam', { Keyword: keyword || undefined }),
  costCentres: (keyword?: string) =>
    http.post<BudgetOptions>('/api/BudgeLimitStatusReport/SearchCostCenterByCompanyID', {
      Keyword: keyword || undefined,
    }),
  deputyItems: (keyword?: string) =>
    http.post<BudgetOptions>('/api/BudgeLimitStatusReport/SearchAllDeputyExpenseItem', {
      Keyword: keyword || undefined,
    }),
  subGrid: (body: { BudgetID: number; PageIndex: number; PageSize: number }) =>
    http.post<Page<LimitSubGridRow>>('/api/BudgeLimitStatusReport/SearchLimitSubGrid', body),
  export: (filters: Record<string, unknown>) =>
    http.download('/api/BudgeLimitStatusReport/ExportExcel', filters, { overlay: true }),
  exportSub: (budgetId: number) =>
    http.download('/api/BudgeLimitStatusReport/ExportSubExcel', { BudgetID: budgetId }, { overlay: true }),
};
