import type { LanguageResource, Page, SearchLanguageBody, UpdateLanguageBody } from '@ems/contracts';
import { http } from '../../app/api';
import type { LanguageVersion, Success } from '../../app/apiTypes';

/** Language resources (System area): search, save, delete, publish the packs, export. */
export const languageApi = {
  search: (body: SearchLanguageBody) => http.post<Page<LanguageResource>>('/api/System/SearchLanguage', body),
  save: (body: UpdateLanguageBody) => http.post<LanguageResource>('/api/System/UpdateLanguage', body),
  remove: (ids: number[]) => http.post<Success>('/api/System/DeleteLanguage', { IDs: ids }),
  publish: () => http.post<LanguageVersion>('/api/System/CreateLanguageJson', {}, { overlay: true }),
  export: (filters: Record<string, unknown>) => http.download('/api/System/ExportLanguage', filters, { overlay: true }),
};
