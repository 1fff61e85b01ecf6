import type {
  AddCoverageBody,
  ChangedResult,
  CoverageRow,
  HcoRow,
  HcpRow,
  ImportResult,
  Page,
  SaveHcoBody,
  SaveHcpBody,
} from '@ems/contracts';
import { http } from '../../../app/api';

const B = '/api/customerMaster';
type Body = Record<string, unknown>;
type Items = { ID: number; Version: number }[];

/** The HCO, HCP and coverage screens (/api/customerMaster/). */
export const hcoApi = {
  search: (body: Body) => http.post<Page<HcoRow>>(`${B}/SearchHCO`, body),
  save: (body: Partial<SaveHcoBody>) => http.post<HcoRow>(`${B}/SaveHCO`, body),
  start: (items: Items) => http.post<ChangedResult>(`${B}/StartHCO`, { Items: items }),
  stop: (items: Items) => http.post<ChangedResult>(`${B}/StopHCO`, { Items: items }),
  remove: (ids: number[]) => http.post<ChangedResult>(`${B}/DeleteHCO`, { IDs: ids }),
  export: (filters: Body) => http.download(`${B}/ExportHCO`, filters, { overlay: true }),
  import: (file: File) => http.upload<ImportResult>(`${B}/ImportHCO`, file, {}, { overlay: true }),
};

export const hcpApi = {
  search: (body: Body) => http.post<Page<HcpRow>>(`${B}/SearchHCP`, body),
  save: (body: Partial<SaveHcpBody>) => http.post<HcpRow>(`${B}/SaveHCP`, body),
  start: (items: Items) => http.post<ChangedResult>(`${B}/StartHCP`, { Items: items }),
  stop: (items: Items) => http.post<ChangedResult>(`${B}/StopHCP`, { Items: items }),
  remove: (ids: number[]) => http.post<ChangedResult>(`${B}/DeleteHCP`, { IDs: ids }),
  export: (filters: Body) => http.download(`${B}/ExportHCP`, filters, { overlay: true }),
  import: (file: File) => http.upload<ImportResult>(`${B}/ImportHCP`, file, {}, { overlay: true }),
};

export const coverageApi = {
  search: (body: Body) => http.post<Page<CoverageRow>>(`${B}/SearchCoverage`, body),
  add: (body: AddCoverageBody) => http.post<ChangedResult>(`${B}/AddCoverage`, body),
  remove: (ids: number[]) => http.post<ChangedResult>(`${B}/RemoveCoverage`, { IDs: ids }),
  export: (filters: Body) => http.download(`${B}/ExportCoverage`, filters, { overlay: true }),
  import: (file: File) => http.upload<ImportResult>(`${B}/ImportCoverage`, file, {}, { overlay: true }),
};
