import type { OutboundJobRow, Page } from '@ems/contracts';
import { http } from '../../app/api';
import type { ExportProgress } from '../../shared/list-page';

/** The interface log: calls to systems outside and their outcome. */
export const outboundApi = {
  search: (body: Record<string, unknown>) => http.post<Page<OutboundJobRow>>('/api/document/SearchRFCLog', body),
  /** Streamed with its progress under the list (no overlay: the user may cancel it). */
  export: (filters: Record<string, unknown>, progress: ExportProgress) =>
    http.download('/api/document/ExportRFCLog', filters, progress),
  retry: (id: number) => http.post<OutboundJobRow>('/api/document/RetryRFCLog', { ID: id }, { overlay: true }),
};
