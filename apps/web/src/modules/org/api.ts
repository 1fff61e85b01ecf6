import type { ChooseEmployeeBody, EmployeeOption, Page, TeamNode } from '@ems/contracts';
import { http } from '../../app/api';

/** People and teams of the signed-in company, for pickers everywhere. */
export const orgApi = {
  chooseEmployee: (body: Partial<ChooseEmployeeBody>) =>
    http.post<Page<EmployeeOption>>('/api/system/ChooseEmployee', body),
  teamTree: (includeInactive = false) =>
    http.post<{ Rows: TeamNode[] }>('/api/system/GetTeamTree', { IncludeInactive: includeInactive }),
};
