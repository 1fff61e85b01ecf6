import type {
  DocumentDetail,
  LoanAccountPage,
  LoanBatchResult,
  LoanEmployeeRow,
  LoanMovementList,
  LoanPostingRow,
  Page,
} from '@ems/contracts';
import { http } from '../../../app/api';

/** The calls of loan account management: accounts, movements, repayments, cancels, loan posting and paid marks. */
export const loansApi = {
  search: (body: Record<string, unknown>) => http.post<LoanAccountPage>('/api/LoanAccount/Search', body),
  searchEmployees: (body: Record<string, unknown>) =>
    http.post<Page<LoanEmployeeRow>>('/api/LoanAccount/SearchEmployee', body),
  export: (filters: Record<string, unknown>) => http.download('/api/LoanAccount/Export', filters, { overlay: true }),
  movements: (loanId: number) => http.post<LoanMovementList>('/api/LoanAccount/Movements', { LoanID: loanId }),
  repay: (body: { LoanID: number; Amount: string; Open: string; RepaidOn: string; Note?: string }) =>
    http.post<LoanMovementList>('/api/LoanAccount/Repay', body),
  cancelWriteOff: (body: { MovementID: number; Reason: string }) =>
    http.post<LoanMovementList>('/api/LoanAccount/CancelWriteOff', body),
  searchPosting: (body: Record<string, unknown>) => http.post<Page<LoanPostingRow>>('/api/LoanPosting/Search', body),
  exportPosting: (filters: Record<string, unknown>) =>
    http.download('/api/LoanPosting/Export', filters, { overlay: true }),
  startPosting: (ids: number[]) => http.post<LoanBatchResult>('/api/LoanPosting/StartPosting', { IDs: ids }),
  resendPosting: (ids: number[]) => http.post<LoanBatchResult>('/api/LoanPosting/ResendPosting', { IDs: ids }),
  payed: (ids: number[]) => http.post<LoanBatchResult>('/api/LoanPosting/Payed', { IDs: ids }),
  payedFor: (docType: 'loan' | 'deputy', id: number, version: number) =>
    http.post<DocumentDetail>(`/api/document/PayedFor${docType === 'loan' ? 'Loan' : 'Deputy'}`, {
      ID: id,
      Version: version,
    }),
  completeUnpaid: (id: number, version: number) =>
    http.post<DocumentDetail>('/api/document/OnlyAirTicketCompleted', { ID: id, Version: version }),
};
