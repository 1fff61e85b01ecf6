import type { ChangedResult, ChargeableRow, FundsPermissionRow, Page, SaveFundsPermissionBody } from '@ems/contracts';
import { http } from '../../../app/api';

export interface QueryResult extends Page<ChargeableRow> {
  Employee: { EmployeeID: number; EmployeeCode: string; EmployeeName: string; TeamName: string | null } | null;
}

/** Fund permission (/api/FundsPermission/): grants, and what a person may charge. */
export const fundsApi = {
  search: (body: Record<string, unknown>) => http.post<Page<FundsPermissionRow>>('/api/FundsPermission/Search', body),
  save: (body: SaveFundsPermissionBody) => http.post<FundsPermissionRow>('/api/FundsPermission/Save', body),
  remove: (ids: number[]) => http.post<ChangedResult>('/api/FundsPermission/Delete', { IDs: ids }),
  query: (body: Record<string, unknown>) => http.post<QueryResult>('/api/FundsPermission/Query', body),
};
