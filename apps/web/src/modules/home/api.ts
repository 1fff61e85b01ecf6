import type {
  CapsAtRisk,
  DocumentCounts,
  FailedJobs,
  FinanceQueues,
  HomeMoney,
  MySpend,
  TeamBudget,
} from '@ems/contracts';
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
  /** The HCPs and HCOs near their caps this year, per kind the caller's reports cover. */
  capsAtRisk: () => http.post<CapsAtRisk>('/api/Home/GetCapsAtRisk'),
  /** The calls to systems outside that failed (the interface log's). */
  failedJobs: () => http.post<FailedJobs>('/api/Home/GetFailedJobs'),
  /** The claimant's reimbursements approved this year, per month. */
  mySpend: () => http.post<MySpend>('/api/Home/GetMySpend'),
  /** This year's budgets of the teams the caller leads, per month. */
  teamBudget: () => http.post<TeamBudget>('/api/Home/GetTeamBudget'),
};
