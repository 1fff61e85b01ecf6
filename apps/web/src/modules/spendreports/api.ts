import type { AspPage, ImportResult, SalesBudgetPage, SpendDetailPage, SpendOption } from '@ems/contracts';
import { http } from '../../app/api';

type Body = Record<string, unknown>;

/** The calls of one spend report: `ApplyDetailByCostCenter`, `DeputyDetailByProduct`, … */
export const spendApi = (call: string) => ({
  search: (body: Body) => http.post<SpendDetailPage>(`/api/Report/Search${call}`, body),
  export: (filters: Body) => http.download(`/api/Report/Export${call}`, filters, { overlay: true }),
});

/** The filters' lists. */
export const spendLists = {
  expenseTypes: (docType: 'apply' | 'deputy') =>
    http.post<SpendOption[]>('/api/Report/ExpenseTypeList', { DocType: docType }),
  items: (docType: 'apply' | 'deputy') => http.post<SpendOption[]>('/api/Report/ItemNameList', { DocType: docType }),
  products: () => http.post<SpendOption[]>('/api/Report/ProductList', {}),
};

/** The daily sales reports and their imports. */
export const salesApi = {
  asp: (body: Body) => http.post<AspPage>('/api/Report/GetASPList', body),
  exportAsp: (filters: Body) => http.download('/api/Report/ASPReportExport', filters, { overlay: true }),
  importAsp: (file: File) => http.upload<ImportResult>('/api/Report/ReportASPImport', file, {}, { overlay: true }),
  budget: (body: Body) => http.post<SalesBudgetPage>('/api/Report/GetBudGetList', body),
  exportBudget: (filters: Body) => http.download('/api/Report/BudReportExport', filters, { overlay: true }),
  importDaily: (file: File) =>
    http.upload<ImportResult>('/api/Report/ReportDaily_Sales_Import', file, {}, { overlay: true }),
};
