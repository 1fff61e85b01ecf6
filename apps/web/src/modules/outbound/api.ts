import type { OutboundJobRow, Page } from '@ems/contracts';
import { http } from '../../app/api';

/** The interface log: calls to systems outside and their outcome. */
export const outboundApi = {
  search: (body: Record<string, unknown>) => http.post<Page<OutboundJobRow>>('/api/document/SearchRFCLog', body),
  export: (filters: Record<string, unknown>) => http.download('/api/document/ExportRFCLog', filters, { overlay: true }),
  retry: (id: number) => http.post<OutboundJobRow>('/api/document/RetryRFCLog', { ID: id }, { overlay: true }),
};
