import type {
  ChangedResult,
  CostCenterDetail,
  CostCenterHead,
  CostCenterHistoryRow,
  CostCenterRow,
  DocumentType,
  ImportResult,
  Page,
  SaveCostCenterBody,
  SearchCostCenterBody,
} from '@ems/contracts';
import { http } from '../../../app/api';

const B = '/api/CostCenterMaster';
type Part = { CostCenterID: number; Version: number };
type Items = { ID: number; Version: number }[];

export interface OwnerTeamInfo {
  TeamID: number;
  TeamCode: string;
  TeamName: string;
  Path: string;
  HeadName: string | null;
  MemberCount: number;
  CostCenters: { CostCenterID: number; CostCenterCode: string; Name: string; Status: string }[];
}

/** Cost centres (/api/CostCenterMaster/): the list, the record and its parts, history, Excel. */
export const costCentreApi = {
  search: (body: Partial<SearchCostCenterBody>) => http.post<Page<CostCenterRow>>(`${B}/Search`, body),
  load: (id: number) => http.post<CostCenterDetail>(`${B}/LoadRecord`, { CostCenterID: id }),
  save: (body: SaveCostCenterBody) => http.post<CostCenterDetail>(`${B}/Save`, body),
  start: (items: Items) => http.post<ChangedResult>(`${B}/StartCenter`, { Items: items }),
  stop: (items: Items) => http.post<ChangedResult>(`${B}/StopCenter`, { Items: items }),
  remove: (ids: number[]) => http.post<ChangedResult>(`${B}/Delete`, { IDs: ids }),
  export: (filters: Record<string, unknown>) => http.download(`${B}/ExportCostCenter`, filters, { overlay: true }),
  import: (file: File) => http.upload<ImportResult>(`${B}/ImportCostCenter`, file, {}, { overlay: true }),
  relSapCodes: (keyword: string) =>
    http.post<{ Rows: { SapCode: string; CostCenters: { CostCenterCode: string; Name: string }[] }[] }>(
      `${B}/LoadRelSapCode`,
      { Keyword: keyword || undefined },
    ),
  ownerTeam: (id: number) => http.post<{ Team: OwnerTeamInfo | null }>(`${B}/LoadOwnerTeam`, { CostCenterID: id }),
  history: (id: number, page: number, size: number) =>
    http.post<Page<CostCenterHistoryRow>>(`${B}/SearchCostCenterHistory`, {
      CostCenterID: id,
      PageIndex: page,
      PageSize: size,
    }),
  restAllot: (id: number, exclude?: number) =>
    http.post<{ Allotted: string; Rest: string }>(`${B}/SearchRestAllot`, {
      CostCenterID: id,
      ExcludeAllotID: exclude,
    }),
  saveAllot: (body: Part & { AllotID?: number; TargetCostCenterID: number; Percent: string }) =>
    http.post<CostCenterDetail>(`${B}/SaveAllot`, body),
  deleteAllot: (body: Part & { AllotIDs: number[] }) => http.post<CostCenterDetail>(`${B}/DeleteAllot`, body),
  saveHead: (body: Part & { HeadID?: number; EmployeeID: number; AmountLimit?: string | null }) =>
    http.post<CostCenterDetail>(`${B}/SaveHead`, body),
  deleteHead: (body: Part & { HeadIDs: number[] }) => http.post<CostCenterDetail>(`${B}/DeleteHead`, body),
  orderHeads: (body: Part & { HeadIDs: number[] }) => http.post<CostCenterDetail>(`${B}/SaveOrderHead`, body),
  formOrderCandidates: (id: number, docType: DocumentType) =>
    http.post<Page<CostCenterHead>>(`${B}/SelectFormOrderList`, { CostCenterID: id, DocType: docType }),
  saveFormOrder: (body: Part & { DocType: DocumentType; EmployeeIDs: number[] }) =>
    http.post<CostCenterDetail>(`${B}/SaveFormOrder`, body),
  deleteFormOrder: (body: Part & { FormOrderIDs: number[] }) =>
    http.post<CostCenterDetail>(`${B}/DeleteFormOrder`, body),
};
