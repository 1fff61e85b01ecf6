import type {
  EmployeeRoleTeamRow,
  InsertEmployeeRoleTeamBody,
  Page,
  RoleFunctionOption,
  RoleOption,
  RoleRow,
  SaveRoleAndFunctionBody,
} from '@ems/contracts';
import { http } from '../../../app/api';
import type { Success } from '../../../app/apiTypes';

/** Roles with their functions, reports and people (RoleDefine area). */
export const roleApi = {
  search: (body: Record<string, unknown>) => http.post<Page<RoleRow>>('/api/RoleDefine/SearchRoleList', body),
  functions: (roleId?: number) =>
    http.post<{ Rows: RoleFunctionOption[] }>('/api/RoleDefine/SearchRoleFunction', roleId ? { RoleID: roleId } : {}),
  reports: (roleId: number) =>
    http.post<{ Rows: { ReportCode: string; LabelKey: string; Checked: boolean }[] }>(
      '/api/RoleDefine/LoadRoleReport',
      { RoleID: roleId },
    ),
  save: (body: SaveRoleAndFunctionBody) => http.post<RoleRow>('/api/RoleDefine/SaveRoleAndFunction', body),
  holders: (body: Record<string, unknown>) =>
    http.post<Page<EmployeeRoleTeamRow>>('/api/RoleDefine/SearchRoleEmployeeList', body),
  assignments: (body: Record<string, unknown>) =>
    http.post<Page<EmployeeRoleTeamRow>>('/api/RoleDefine/SearchEmployeeRoleTeam', body),
  assign: (body: InsertEmployeeRoleTeamBody) =>
    http.post<{ Inserted: number }>('/api/RoleDefine/InsertEmployeeRoleTeam', body),
  unassign: (ids: number[]) => http.post<Success>('/api/RoleDefine/DeleteEmployeeRoleTeam', { IDs: ids }),
  all: () => http.post<{ Rows: RoleOption[] }>('/api/RoleDefine/SearchAllRole', {}),
};
