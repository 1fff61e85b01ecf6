import type { DocumentCounts, FinanceQueues, HomeMoney } from '@ems/contracts';
import { http } from '../../app/api';

/** The counts the home page shows, from the calls the lists they link to are built on. */
export const homeApi = {
  /** The caller's documents by type and state. */
  mine: () => http.post<DocumentCounts>('/api/document/GetDocumentCount'),
  /** How many documents wait for the caller's approval, or for those they approve for. */
  waiting: () => http.post<{ Count: number; Overdue: number }>('/api/ApproveCenter/QueryPending'),
  /** The claimant's loans falling due and what they were paid this month. */
  money: () => http.post<HomeMoney>('/api/Home/GetMyMoney'),
  /** The finance centre's queues of the company. */
  financeQueues: () => http.post<FinanceQueues>('/api/Home/GetFinanceQueues'),
};
