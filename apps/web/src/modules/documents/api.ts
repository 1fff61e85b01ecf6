import type {
  ChargeableOptions,
  ClaimSources,
  DocType,
  DocumentCounts,
  DocumentDetail,
  DocumentListRow,
  ExpenseTypeDetailInfo,
  ExpenseTypeMainInfo,
  LimitPreview,
  LimitPreviewBody,
  Page,
  RoutePreview,
  RouteView,
  SaveDocumentBody,
  ViewCenterRow,
} from '@ems/contracts';
import { http } from '../../app/api';
import { withLimitConfirm } from './limitConfirm';

/** The spec names the apply document "plan" in its document calls, and "apply" in submit and approve calls. */
const DOC_AREA: Record<DocType, string> = { apply: 'Plan', loan: 'Loan', deputy: 'Deputy' };
const FLOW_AREA: Record<DocType, string> = { apply: 'Apply', loan: 'Loan', deputy: 'Deputy' };

export type ViewList = 'personal' | 'all' | 'compliance' | 'audit' | 'follow' | 'long_term';
const VIEW_URL: Record<ViewList, string> = {
  personal: 'SearchList',
  all: 'SearchList',
  compliance: 'SearchComplianceList',
  audit: 'SearchAuditList',
  follow: 'SearchFollowList',
  long_term: 'SearchLongTermApply',
};

export const documentApi = {
  search: (body: Record<string, unknown>) => http.post<Page<DocumentListRow>>('/api/document/SearchDocument', body),
  counts: () => http.post<DocumentCounts>('/api/document/GetDocumentCount'),
  load: (id: number) => http.post<DocumentDetail>('/api/document/SearchDocumentDetail', { ID: id }),
  save: (docType: DocType, body: SaveDocumentBody) =>
    http.post<DocumentDetail>(`/api/document/Save${DOC_AREA[docType]}Detail`, body as never, { overlay: true }),
  remove: (id: number, version: number) => http.post('/api/document/DeleteDocument', { ID: id, Version: version }),
  add: (docType: DocType, copyFromId?: number) =>
    http.post<DocumentDetail>('/api/document/AddDocument', { DocType: docType, CopyFromID: copyFromId }),
  mainInfo: (docType: DocType) =>
    http.post<ExpenseTypeMainInfo>('/api/document/getExpenseTypeMainInfo', { DocType: docType }),
  detailInfo: (docType: DocType, typeId: number) =>
    http.post<ExpenseTypeDetailInfo>('/api/document/getExpenseTypeDetailInfo', {
      DocType: docType,
      ExpenseTypeID: typeId,
    }),
  chargeable: () => http.post<ChargeableOptions>('/api/document/SearchChargeable'),
  claimSources: () => http.post<ClaimSources>('/api/document/SearchClaimSources'),
  /**
   * The key makes a retried submit (lost answer, double click) submit once. Budget or cap warnings are shown for the
   * applicant to confirm, then the submit is sent again, confirmed (`withLimitConfirm`); null when they decline.
   */
  submit: (docType: DocType, id: number, version: number, key: string) =>
    withLimitConfirm((confirmed) =>
      http.post<DocumentDetail>(
        `/api/DocumentSubmit/Submit${FLOW_AREA[docType]}`,
        { ID: id, Version: version, ...(confirmed ? { ConfirmLimitWarnings: true } : {}) },
        { overlay: true, headers: { 'Idempotency-Key': confirmed ? `${key}.confirmed` : key } },
      ),
    ),
  /** The applicant's confirm of what their proxy prepared is their submit: budget warnings are confirmed alike. */
  confirm: (id: number, version: number, accept: boolean, comment?: string) =>
    withLimitConfirm((confirmed) =>
      http.post<DocumentDetail>('/api/DocumentApprove/ResponsibleConfirm', {
        ID: id,
        Version: version,
        Accept: accept,
        Comment: comment,
        ...(confirmed ? { ConfirmLimitWarnings: true } : {}),
      }),
    ),
  /** Where a form's lines stand against their budgets and attendees' caps, before it is saved (decision 065). */
  limitPreview: (body: LimitPreviewBody) => http.post<LimitPreview>('/api/Limits/Preview', body),
  route: (id: number) => http.post<RouteView>('/api/Workflow/GetApproveUIList', { ID: id }),
  previewRoute: (id: number) => http.post<RoutePreview>('/api/Workflow/PreviewRoute', { ID: id }),
};

export const viewCentreApi = {
  search: (list: ViewList, body: Record<string, unknown>) =>
    http.post<Page<ViewCenterRow>>(`/api/DocumentViewCenter/${VIEW_URL[list]}`, {
      ...body,
      ...(list === 'all' ? { All: true } : {}),
    }),
  export: (list: ViewList, body: Record<string, unknown>) =>
    http.download(
      '/api/DocumentViewCenter/DownloadList',
      { ...body, List: list === 'all' ? 'personal' : list, ...(list === 'all' ? { All: true } : {}) },
      { overlay: true },
    ),
  stopApply: (id: number, version: number) =>
    http.post<DocumentDetail>('/api/DocumentViewCenter/StopApply', { ID: id, Version: version }),
  startApply: (id: number, version: number) =>
    http.post<DocumentDetail>('/api/DocumentViewCenter/StartApply', { ID: id, Version: version }),
};
