import type {
  EmployeeInfo,
  EmployeeRecord,
  EmployeeRow,
  ImportResult,
  Page,
  SaveEmployeeBody,
  SaveEmployeeTeamRelationBody,
  TeamOption,
  UpdateEmployeeStatusBody,
} from '@ems/contracts';
import { http } from '../../../app/api';
import type { Success } from '../../../app/apiTypes';

type Body<T> = Partial<T> & Record<string, unknown>;
export interface EmployeeVersion {
  EmployeeID: number;
  Status: string;
  Version: number;
}

/** People of the company (System area): search, edit, status, limits, companies, Excel. */
export const peopleApi = {
  search: (body: Record<string, unknown>) => http.post<Page<EmployeeRow>>('/api/system/SearchEmployee', body),
  export: (filters: Record<string, unknown>) => http.download('/api/system/ExportEmployee', filters, { overlay: true }),
  import: (file: File) => http.upload<ImportResult>('/api/system/ImportEmployee', file, {}, { overlay: true }),
  select: (id: number) => http.post<EmployeeRecord>('/api/system/SelectEmployee', { EmployeeID: id }),
  info: (id: number) => http.post<EmployeeInfo>('/api/system/GetEmployeeInfo', { EmployeeID: id }),
  save: (body: Body<SaveEmployeeBody>) =>
    http.post<{ EmployeeID: number; Version: number; TemporaryPassword: string | null }>(
      '/api/system/SaveEmployee',
      body,
    ),
  remove: (ids: number[]) => http.post<Success>('/api/system/DeleteEmployee', { IDs: ids }),
  setStatus: (body: UpdateEmployeeStatusBody) => http.post<EmployeeVersion>('/api/system/UpdateEmployeeStatus', body),
  setApproveLimit: (body: { EmployeeID: number; ApprovalLimit: string | null; Version: number }) =>
    http.post<{ ApprovalLimit: string | null; Version: number }>('/api/system/SaveEmployeeApproveLimit', body),
  saveCompanies: (body: SaveEmployeeTeamRelationBody) =>
    http.post<Success>('/api/system/SaveEmployeeTeamRelation', body),
  resetPassword: (id: number) =>
    http.post<{ TemporaryPassword: string }>('/api/System/ResetPassword', { TargetUserID: id }),
  companyTeams: (companyId: number) =>
    http.post<{ Rows: TeamOption[] }>('/api/RoleDefine/SearchCompanyTeam', { TargetCompanyID: companyId }),
};
