import type {
  AuditTrailRow,
  FinanceDocumentRow,
  OutboundJobRow,
  Page,
  PostingBatchPage,
  PostingBatchResult,
  PostingCount,
  PostingOrderRow,
  PostingSettings,
  RecordRow,
  RemitRow,
  SavePostingSettingsBody,
} from '@ems/contracts';
import { http } from '../../../app/api';

type Body = Record<string, unknown>;

/** The posting centre (`postIntoAccount`): batches to the ERP and the entry-management lists. */
export const postingApi = {
  orders: (body: Body) => http.post<Page<PostingOrderRow>>('/api/SumitExpense/SearchOrderData', body),
  exportOrders: (filters: Body) => http.download('/api/SumitExpense/ExportExcel', filters, { overlay: true }),
  count: () => http.post<PostingCount>('/api/SumitExpense/GetCount', {}),
  batches: (body: Body) => http.post<PostingBatchPage>('/api/SumitExpense/GetBatchRecord', body),
  begin: (body: { IDs?: number[]; All?: boolean }) =>
    http.post<PostingBatchResult>('/api/SumitExpense/BeginBatch', body, { overlay: true }),
  resend: (ids: number[]) =>
    http.post<PostingBatchResult>('/api/SumitExpense/ResendPosting', { IDs: ids }, { overlay: true }),
  settings: () => http.post<PostingSettings>('/api/SumitExpense/GetSettings', {}),
  saveSettings: (body: SavePostingSettingsBody) =>
    http.post<PostingSettings>('/api/SumitExpense/SaveSettings', body, { overlay: true }),
  documents: (body: Body) => http.post<Page<FinanceDocumentRow>>('/api/document/LoadDocumentData', body),
  exportDocuments: (filters: Body) => http.download('/api/document/ExportDocumentData', filters, { overlay: true }),
  records: (body: Body) => http.post<Page<RecordRow>>('/api/document/LoadRecordData', body),
  exportRecords: (filters: Body) => http.download('/api/document/ExportRecordData', filters, { overlay: true }),
  remit: (body: Body) => http.post<Page<RemitRow>>('/api/document/LoadRemitData', body),
  exportRemit: (filters: Body) => http.download('/api/document/ExportRemitData', filters, { overlay: true }),
  audit: (body: Body) => http.post<Page<AuditTrailRow>>('/api/document/SearchAuditTrailLog', body),
  exportAudit: (filters: Body) => http.download('/api/document/ExportAuditTrailLog', filters, { overlay: true }),
  rfc: (body: Body) => http.post<Page<OutboundJobRow>>('/api/document/SearchRFCLog', { ...body, Queue: 'erp' }),
  exportRfc: (filters: Body) =>
    http.download('/api/document/ExportRFCLog', { ...filters, Queue: 'erp' }, { overlay: true }),
};
