import type { ImportResult, Page, SapVendorRow, SaveSapVendorBody, SaveTaxCodeBody, TaxCodeRow } from '@ems/contracts';
import { http } from '../../../app/api';

/** The SAP tax code of each fapiao kind and rate (/api/TaxCodeMapping/). */
export const taxCodeApi = {
  search: (body: Record<string, unknown>) => http.post<Page<TaxCodeRow>>('/api/TaxCodeMapping/Search', body),
  save: (body: SaveTaxCodeBody) => http.post<TaxCodeRow>('/api/TaxCodeMapping/Save', body),
  remove: (ids: number[]) => http.post('/api/TaxCodeMapping/Delete', { IDs: ids }),
};

/** People's SAP vendor accounts (/api/SapVendorAccount/). */
export const sapVendorApi = {
  search: (body: Record<string, unknown>) => http.post<Page<SapVendorRow>>('/api/SapVendorAccount/Search', body),
  save: (body: SaveSapVendorBody) => http.post<SapVendorRow>('/api/SapVendorAccount/Save', body),
  remove: (ids: number[]) => http.post('/api/SapVendorAccount/Delete', { IDs: ids }),
  export: (filters: Record<string, unknown>) =>
    http.download('/api/SapVendorAccount/Export', filters, { overlay: true }),
  import: (file: File) => http.upload<ImportResult>('/api/SapVendorAccount/Import', file, {}, { overlay: true }),
};
