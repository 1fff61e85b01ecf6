import type { FreezeHistoryRow, FreezeLoanList, FreezeResult, FreezeRow, Page } from '@ems/contracts';
import { http } from '../../app/api';

export type FreezeScreen = 'OverdueFreeze' | 'OverdueThaw' | 'ResignationFreeze';

/** The calls of one freeze screen: its list and export, a person's open loans, the history, the freeze or thaw. */
export function freezeApi(screen: FreezeScreen) {
  const base = `/api/${screen}`;
  return {
    search: (body: Record<string, unknown>) => http.post<Page<FreezeRow>>(`${base}/Search`, body),
    export: (filters: Record<string, unknown>) => http.download(`${base}/Export`, filters, { overlay: true }),
    loans: (employeeId: number) => http.post<FreezeLoanList>(`${base}/SearchLoanList`, { EmployeeID: employeeId }),
    history: (body: { EmployeeID?: number; PageIndex: number; PageSize: number }) =>
      http.post<Page<FreezeHistoryRow>>(`${base}/SearchHistory`, body),
    act: (body: { EmployeeID: number; Version: number; Reason: string }) =>
      http.post<FreezeResult>(`${base}/${screen === 'OverdueThaw' ? 'ThawEmployee' : 'FreezeEmployee'}`, body),
  };
}
