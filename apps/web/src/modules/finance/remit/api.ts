import type {
  BankReturnResult,
  CompleteAccountResult,
  ConfirmStepBody,
  DocumentPaymentResult,
  GenerateDataBody,
  LoadMainExpenseDataResult,
  Page,
  PaidDocumentRow,
  PaySuggestPage,
  RemitBatchResult,
  RemitDocumentRow,
  RemitPostingResult,
  RemitPostingRow,
  RemitRecordResult,
  RemitRun,
  ResendResult,
  TeamNode,
} from '@ems/contracts';
import { http } from '../../../app/api';

const R = '/api/RemittancePosting';
type Docs = { ID: number; Version: number }[];

/** The remittance's calls: the six-step run, payment postings, account completion and the pay suggestion. */
export const remitApi = {
  teams: () => http.post<{ Rows: TeamNode[] }>(`${R}/GetTeamTree`, {}),
  load: (runId?: number) =>
    http.post<LoadMainExpenseDataResult>(`${R}/LoadMainExpenseData`, runId ? { RunID: runId } : {}),
  generate: (body: GenerateDataBody) => http.post<RemitRun>(`${R}/GenerateData`, body),
  documents: (body: Record<string, unknown>) => http.post<Page<RemitDocumentRow>>(`${R}/SearchDocuments`, body),
  pass: (runId: number, docs: Docs) => http.post<RemitBatchResult>(`${R}/Pass`, { RunID: runId, Documents: docs }),
  noPass: (runId: number, docs: Docs) => http.post<RemitBatchResult>(`${R}/NoPass`, { RunID: runId, Documents: docs }),
  confirm: (body: ConfirmStepBody) => http.post<RemitRun>(`${R}/ConfirmStep`, body),
  record: (runId: number) => http.post<RemitRecordResult>(`${R}/SearchRecord`, { RunID: runId }),
  entries: (runId: number) => http.post<RemitPostingResult>(`${R}/SearchPostingData`, { RunID: runId }),
  print: (runId: number) => http.download(`${R}/PrintList`, { RunID: runId }, { overlay: true }),
  remit: (runId: number, version: number) => http.post<RemitRun>(`${R}/Remit`, { RunID: runId, Version: version }),
  documentPayment: (id: number) => http.post<DocumentPaymentResult>('/api/DocumentPayment/Load', { ID: id }),
  sapPost: (runId: number) => http.post<RemitRun>(`${R}/SapPost`, { RunID: runId }),
  importReturn: (file: File) => http.upload<BankReturnResult>(`${R}/ImportReturn`, file, {}, { overlay: true }),
  runs: (body: Record<string, unknown>) => http.post<Page<RemitRun>>(`${R}/SearchRuns`, body),
  postings: (body: Record<string, unknown>) => http.post<Page<RemitPostingRow>>('/api/RemitPosting/Search', body),
  resend: (runIds: number[]) => http.post<ResendResult>('/api/RemitPosting/ResendPosting', { RunIDs: runIds }),
  remark: (runId: number, version: number, remark: string) =>
    http.post<RemitRun>('/api/RemitPosting/SavePostRemark', { RunID: runId, Version: version, Remark: remark }),
  paid: (body: Record<string, unknown>) => http.post<Page<PaidDocumentRow>>('/api/PmPostiong/Search', body),
  completeAccount: (docs: Docs) =>
    http.post<CompleteAccountResult>('/api/PmPostiong/CompleteAccount', { Documents: docs }),
  suggest: (body: Record<string, unknown>) => http.post<PaySuggestPage>('/api/PaySuggest/Search', body),
};
