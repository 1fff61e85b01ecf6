import type { DeleteF110Result, F110Item, F110Run, Page } from '@ems/contracts';
import { http } from '../../../app/api';
import type { ExportProgress } from '../../../shared/list-page';

const P = '/api/pipl';

/** The payment runs' personal data (PIPL): runs, their items, the export and the deletion after retention. */
export const piplApi = {
  runs: (body: Record<string, unknown>) => http.post<Page<F110Run>>(`${P}/SearchF110Main`, body),
  items: (body: Record<string, unknown>) => http.post<Page<F110Item>>(`${P}/SearchF110Detail`, body),
  export: (body: Record<string, unknown>, progress: ExportProgress) => http.download(`${P}/ExportF110`, body, progress),
  remove: (runs: { RunID: number; Version: number }[]) =>
    http.post<DeleteF110Result>(`${P}/DeleteF110`, { Runs: runs }),
};
