import type {
  ChangedResult,
  ImportResult,
  InternalOrderRow,
  MainExpenseDetail,
  MainExpenseRow,
  Page,
  SaveInternalOrderBody,
  SaveMainExpenseBody,
} from '@ems/contracts';
import { http } from '../../../app/api';

type Items = { ID: number; Version: number }[];

/** Internal orders (/api/InsideOrder/). */
export const internalOrderApi = {
  search: (body: Record<string, unknown>) => http.post<Page<InternalOrderRow>>('/api/InsideOrder/Search', body),
  save: (body: SaveInternalOrderBody) => http.post<InternalOrderRow>('/api/InsideOrder/Save', body),
  start: (items: Items) => http.post<ChangedResult>('/api/InsideOrder/Start', { Items: items }),
  stop: (items: Items) => http.post<ChangedResult>('/api/InsideOrder/Stop', { Items: items }),
  remove: (ids: number[]) => http.post<ChangedResult>('/api/InsideOrder/Delete', { IDs: ids }),
  export: (filters: Record<string, unknown>) =>
    http.download('/api/InsideOrder/ExportInsideOrder', filters, { overlay: true }),
  import: (file: File) => http.upload<ImportResult>('/api/InsideOrder/ImportInsideOrder', file, {}, { overlay: true }),
};

/** Ledger (main) expenses (/api/MainExpense/). */
export const mainExpenseApi = {
  search: (body: Record<string, unknown>) => http.post<Page<MainExpenseRow>>('/api/MainExpense/Search', body),
  load: (id: number) => http.post<MainExpenseDetail>('/api/MainExpense/LoadRecord', { MainExpenseID: id }),
  save: (body: SaveMainExpenseBody) => http.post<MainExpenseDetail>('/api/MainExpense/Save', body),
  start: (items: Items) => http.post<ChangedResult>('/api/MainExpense/StartExpense', { Items: items }),
  stop: (items: Items) => http.post<ChangedResult>('/api/MainExpense/StopExpense', { Items: items }),
  remove: (ids: number[]) => http.post<ChangedResult>('/api/MainExpense/Delete', { IDs: ids }),
};
