import type {
  ImportResult,
  Page,
  QuotaDetailList,
  QuotaDetailSaveBody,
  QuotaItemSearchBody,
  QuotaOptions,
  QuotaRow,
  QuotaSubjectSearchBody,
  UsageReport,
  YearUsedDetailPage,
  YearUsedPage,
} from '@ems/contracts';
import { shanghaiToday } from '@ems/contracts';
import { http } from '../../app/api';

/** The quota calls (screen quotaManagement). */
export const quotaApi = {
  search: (body: Record<string, unknown>) => http.post<Page<QuotaRow>>('/api/quota/Search', body),
  detail: (quotaId: number) => http.post<QuotaDetailList>('/api/quota/DetailSearch', { QuotaID: quotaId }),
  save: (body: QuotaDetailSaveBody) => http.post<{ QuotaID: number; Version: number }>('/api/quota/DetailSave', body),
  remove: (ids: number[]) => http.post('/api/quota/Delete', { IDs: ids }),
  archive: (year: number) => http.post<{ Archived: number }>('/api/quota/Archive', { Year: year }),
  setLimitStatus: (ids: number[], status: number) =>
    http.post('/api/quota/SetBudgetLimitStatus', { IDs: ids, LimitStatus: status }),
  export: (filters: Record<string, unknown>) => http.download('/api/quota/ExportExcel', filters, { overlay: true }),
  template: () => http.download('/api/quota/DownloadTemplateFile', {}, { overlay: true }),
  import: (file: File) => http.upload<ImportResult>('/api/quota/Import', file),
  subjects: (body: QuotaSubjectSearchBody) => http.post<QuotaOptions>('/api/quota/SearchSubject', body),
  items: (body: QuotaItemSearchBody) => http.post<QuotaOptions>('/api/quota/SearchExpenseItem', body),
};

/** The yearly-used reports (Report group): one set of calls per report. */
export const usageApi = {
  search: (report: UsageReport, body: Record<string, unknown>) =>
    http.post<YearUsedPage>(`/api/Report/Search${report}YearUsedAmount`, body),
  detail: (report: UsageReport, body: Record<string, unknown>) =>
    http.post<YearUsedDetailPage>(`/api/Report/Search${report}YearUsedAmountDetail`, body),
  export: (report: UsageReport, body: Record<string, unknown>) =>
    http.download(`/api/Report/Export${report}YearUsedAmount`, body, { overlay: true }),
};

/** The year a list or report opens on: the current one in the business time zone (Asia/Shanghai). */
export const thisYear = () => Number(shanghaiToday().slice(0, 4));

/** The years the filters offer: this year and the four before it. */
export const yearOptions = () =>
  Array.from({ length: 5 }, (_, i) => ({ value: thisYear() - i, label: String(thisYear() - i) }));
