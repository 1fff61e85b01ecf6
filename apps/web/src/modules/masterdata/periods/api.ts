import type {
  ChangedResult,
  CutOffDayRow,
  FCSettingRow,
  Page,
  SaveFCSettingBody,
  SetCutOffDayBody,
} from '@ems/contracts';
import { http } from '../../../app/api';

/** Monthly FX rates (FCSetting). */
export const fxApi = {
  search: (body: Record<string, unknown>) => http.post<Page<FCSettingRow>>('/api/system/SearchFCSetting', body),
  save: (body: SaveFCSettingBody) => http.post<FCSettingRow>('/api/system/SaveFCSetting', body),
  remove: (ids: number[]) => http.post<ChangedResult>('/api/system/DeleteFCSetting', { IDs: ids }),
};

const CUT_OFF_CALLS = {
  general: { get: 'GetCutOffDay', set: 'SetCutOffDay', del: 'DeleteCutOffDay' },
  order: { get: 'GetOrderCutOffDay', set: 'SetOrderCutOffDay', del: 'DeleteOrderCutOffDay' },
} as const;

/** General or order cut-off days: the same calls under their two names. */
export function cutOffApi(kind: 'general' | 'order') {
  const c = CUT_OFF_CALLS[kind];
  return {
    search: (body: Record<string, unknown>) => http.post<Page<CutOffDayRow>>(`/api/system/${c.get}`, body),
    save: (body: SetCutOffDayBody) => http.post<CutOffDayRow>(`/api/system/${c.set}`, body),
    remove: (ids: number[]) => http.post<ChangedResult>(`/api/system/${c.del}`, { IDs: ids }),
  };
}
