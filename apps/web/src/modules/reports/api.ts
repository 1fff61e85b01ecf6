import type {
  ApproveAmountPage,
  AuditTrailRow,
  DocumentStatusPage,
  FinanceDocumentRow,
  Page,
  RecordRow,
  RemitRow,
  ReportRecordPage,
} from '@ems/contracts';
import { http } from '../../app/api';
import type { ExportProgress } from '../../shared/list-page';

type Body = Record<string, unknown>;

/** The document and finance reports: each list and its streamed export (with progress, cancellable). */
export const reportsApi = {
  documentStatus: (body: Body) => http.post<DocumentStatusPage>('/api/Report/Query_DocumentStatus', body),
  exportDocumentStatus: (f: Body, p: ExportProgress) => http.download('/api/Report/ExportDocumentStatus', f, p),
  approveAmounts: (body: Body) => http.post<ApproveAmountPage>('/api/Report/SearchApproveAmountData', body),
  exportApproveAmounts: (f: Body, p: ExportProgress) => http.download('/api/Report/ExportApproveAmountData', f, p),
  record: (body: Body) => http.post<ReportRecordPage>('/api/Report/GetReportRecord', body),
  exportRecord: (f: Body, p: ExportProgress) => http.download('/api/Report/ExportReportRecord', f, p),
  documents: (body: Body) => http.post<Page<FinanceDocumentRow>>('/api/document/LoadDocumentData', body),
  exportDocuments: (f: Body, p: ExportProgress) => http.download('/api/document/ExportDocumentData', f, p),
  vouchers: (body: Body) => http.post<Page<RecordRow>>('/api/document/LoadRecordData', body),
  exportVouchers: (f: Body, p: ExportProgress) => http.download('/api/document/ExportRecordData', f, p),
  payables: (body: Body) => http.post<Page<RemitRow>>('/api/document/LoadRemitData', body),
  exportPayables: (f: Body, p: ExportProgress) => http.download('/api/document/ExportRemitData', f, p),
  audit: (body: Body) => http.post<Page<AuditTrailRow>>('/api/document/SearchAuditTrailLog', { ...body, All: true }),
  exportAudit: (f: Body, p: ExportProgress) =>
    http.download('/api/document/ExportAuditTrailLog', { ...f, All: true }, p),
};
