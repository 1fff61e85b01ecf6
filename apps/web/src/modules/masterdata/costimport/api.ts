import type { ChangedResult, CostCenterMappingRow, ImportResult, Page, YTDManualRow } from '@ems/contracts';
import { http } from '../../../app/api';

export interface YtdPage extends Page<YTDManualRow> {
  Amount: string;
}

/** Imports that feed reports: cost-centre mapping and YTD manual amounts. */
export const costImportApi = {
  mappings: (body: Record<string, unknown>) =>
    http.post<Page<CostCenterMappingRow>>('/api/system/GetCostCenterMapping', body),
  exportMappings: (filters: Record<string, unknown>) =>
    http.download('/api/system/ExportCostCenterMapping', filters, { overlay: true }),
  importMappings: (file: File) =>
    http.upload<ImportResult>('/api/system/ImportCostCenterMapping', file, {}, { overlay: true }),
  deleteMappings: (ids: number[]) => http.post<ChangedResult>('/api/system/DeleteCostCenterMapping', { IDs: ids }),
  ytd: (body: Record<string, unknown>) => http.post<YtdPage>('/api/system/GetYTDManual', body),
  exportYtd: (filters: Record<string, unknown>) =>
    http.download('/api/system/ExportYTDManual', filters, { overlay: true }),
  importYtd: (file: File) => http.upload<ImportResult>('/api/system/ImportYTDManual', file, {}, { overlay: true }),
  deleteYtd: (ids: number[]) => http.post<ChangedResult>('/api/system/DeleteYTDManual', { IDs: ids }),
};
