import type {
  ApproveHistoryRow,
  BatchApproveResult,
  ComingRow,
  DocType,
  DocumentDetail,
  Page,
  PendingRow,
} from '@ems/contracts';
import { http } from '../../../app/api';

const APPROVE_PATH: Record<DocType, string> = {
  apply: '/api/DocumentApprove/ApproveApply',
  loan: '/api/DocumentApprove/ApproveLoan',
  deputy: '/api/DocumentApprove/ApproveDeputy',
};

export interface DecisionRequest {
  ID: number;
  DocType: DocType;
  /** The version the approver loaded; required, a stale one answers 409. */
  Version: number;
  Pass: boolean;
  Comment?: string | undefined;
  /** The approver the user acts for as approval proxy, when the step is not the user's own. */
  ForApproverID?: number | null | undefined;
}

/** The approve centre and the personal approval history. */
export const approvalApi = {
  pending: (body: Record<string, unknown>) => http.post<Page<PendingRow>>('/api/ApproveCenter/QueryPendingList', body),
  /** Approves or rejects the current step once per `key` (Idempotency-Key): a retry never decides twice. */
  decide: (r: DecisionRequest, key: string) =>
    http.post<DocumentDetail>(
      APPROVE_PATH[r.DocType],
      {
        ID: r.ID,
        Pass: r.Pass,
        Version: r.Version,
        ...(r.Comment ? { Comment: r.Comment } : {}),
      },
      { headers: { 'Idempotency-Key': key }, ...(r.ForApproverID ? { proxyId: r.ForApproverID } : {}) },
    ),
  batchApprove: (items: { ID: number; Version: number }[], key: string) =>
    http.post<BatchApproveResult>(
      '/api/ApproveCenter/BatchApprove',
      { Items: items },
      { headers: { 'Idempotency-Key': key }, overlay: true },
    ),
  history: (body: Record<string, unknown>) =>
    http.post<Page<ApproveHistoryRow>>('/api/PersonalApproveHistory/Search_Requisition_List', body),
  exportHistory: (filters: Record<string, unknown>) =>
    http.download('/api/PersonalApproveHistory/Export', filters, { overlay: true }),
  coming: (body: Record<string, unknown>) =>
    http.post<Page<ComingRow>>('/api/PersonalApproveHistory/Search_Requisition_Pending', body),
};
