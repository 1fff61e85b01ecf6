import type { BankBranchRow, ImportResult, Page, PayerAccountRow, SavePayerAccountBody } from '@ems/contracts';
import { http } from '../../../app/api';

/** The bank-branch directory (/api/BankBranch/). */
export const bankBranchApi = {
  search: (body: Record<string, unknown>) => http.post<Page<BankBranchRow>>('/api/BankBranch/Search', body),
  /** Active branches, for whoever keeps bank details. */
  pick: (body: Record<string, unknown>) =>
    http.post<Page<BankBranchRow>>('/api/BankBranch/Pick', { PageIndex: 1, PageSize: 20, ...body }),
  setStatus: (items: { ID: number; Version: number }[], status: 'active' | 'inactive') =>
    http.post('/api/BankBranch/SetStatus', { Items: items, Status: status }),
  import: (file: File) => http.upload<ImportResult>('/api/BankBranch/Import', file, {}, { overlay: true }),
};

/** The company's paying accounts (/api/PayerAccount/). */
export const payerAccountApi = {
  search: (body: Record<string, unknown>) => http.post<Page<PayerAccountRow>>('/api/PayerAccount/Search', body),
  pick: (body: Record<string, unknown>) =>
    http.post<Page<PayerAccountRow>>('/api/PayerAccount/Pick', { PageIndex: 1, PageSize: 20, ...body }),
  save: (body: SavePayerAccountBody) => http.post<PayerAccountRow>('/api/PayerAccount/Save', body),
};
