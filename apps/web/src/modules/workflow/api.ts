import type {
  ChangeApproversResult,
  ChangeProgramManagerResult,
  HeadOfRow,
  HeldStepRow,
  MasterOption,
  Page,
  ProxyGrant,
  ProxyKind,
  SaveProxyBody,
  WorkflowDetail,
  WorkflowRow,
} from '@ems/contracts';
import { http } from '../../app/api';

type Body = Record<string, unknown>;

export interface WorkflowHeaderInput {
  ID?: number;
  Code: string;
  DocType: 'apply' | 'loan' | 'deputy';
  ExpenseTypeID?: number | null;
  NameZH: string;
  NameEN: string;
  Active: boolean;
  AllowBatchApprove: boolean;
  Version?: number;
}
export interface WorkflowWithDetails {
  Workflow: WorkflowRow;
  Details: WorkflowDetail[];
}

/** Route templates (/api/workflowSetting/). */
export const workflowApi = {
  search: (body: Body) => http.post<Page<WorkflowRow>>('/api/workflowSetting/SearchWorkflowList', body),
  load: (id: number) => http.post<WorkflowWithDetails>('/api/workflowSetting/SearchDetailList', { WorkflowID: id }),
  save: (body: { Workflow: WorkflowHeaderInput; Details: WorkflowDetail[] }) =>
    http.post<WorkflowWithDetails>('/api/workflowSetting/SaveDetail', body),
  roles: () => http.post<{ Rows: { Code: string; Name: string }[] }>('/api/workflowSetting/SearchRoleCodeList', {}),
  /** Expense items of one category (the named lookup every screen may use). */
  itemsOf: (category: string) =>
    http.post<{ Rows: MasterOption[] }>('/api/system/GetCommonSql', {
      Name: 'ExpenseItemsByCategory',
      Params: { Category: category },
    }),
  categories: () => http.post<{ Rows: MasterOption[] }>('/api/system/GetCommonSql', { Name: 'ExpenseCategories' }),
};

const PROXY_AREA: Record<ProxyKind, string> = { fill_in: 'ProxyUser', approve: 'ProxyApproveUser' };

/** Fill-in and approval proxy grants share their calls under two areas. */
export function proxyApi(kind: ProxyKind) {
  const area = PROXY_AREA[kind];
  return {
    search: (body: Body) => http.post<Page<ProxyGrant>>(`/api/${area}/Search`, body),
    save: (body: SaveProxyBody) => http.post<ProxyGrant>(`/api/${area}/SaveOrUpdateProxyUser`, body),
    free: (id: number) => http.post<ProxyGrant>(`/api/${area}/FreeProxyUser`, { ID: id }),
    remove: (id: number) => http.post<{ Success: true }>('/api/ProxyApproveUser/DeleteProxyUser', { ID: id }),
  };
}

/** Replacing people in approvals and as cost-centre heads. */
export const reassignApi = {
  heldSteps: (body: Body) => http.post<Page<HeldStepRow>>('/api/Workflow/SearchPendingByApprover', body),
  changeApprovers: (body: { FromApproverID: number; ToApproverID: number; DocumentIDs?: number[] }) =>
    http.post<ChangeApproversResult>('/api/Workflow/ChangeApprovers', body),
  headsOf: (body: Body) => http.post<Page<HeadOfRow>>('/api/CostCenterMaster/SearchHeadsByPerson', body),
  changeProgramManager: (body: {
    FromEmployeeID: number;
    ToEmployeeID: number;
    CostCenterIDs?: number[];
    AlsoPendingSteps: boolean;
  }) => http.post<ChangeProgramManagerResult>('/api/CostCenterMaster/ChangeProgramManager', body),
};
