import type {
  BaseInfoRow,
  BaseInfoTypeRow,
  ChangedResult,
  Page,
  SaveBaseInfoBody,
  SaveBaseInfoTypeBody,
} from '@ems/contracts';
import { http } from '../../../app/api';

const B = '/api/baseInfoSetting';

/** Base info (/api/baseInfoSetting/): lookup-list types and their items. */
export const baseInfoApi = {
  types: () => http.post<Page<BaseInfoTypeRow>>(`${B}/Search`, { PageIndex: 1, PageSize: 500 }),
  saveType: (body: SaveBaseInfoTypeBody) => http.post<BaseInfoTypeRow>(`${B}/Save`, body),
  deleteTypes: (ids: number[]) => http.post<ChangedResult>(`${B}/Delete`, { IDs: ids }),
  items: (body: Record<string, unknown>) => http.post<Page<BaseInfoRow>>(`${B}/SearchBaseInfoList`, body),
  saveItem: (body: SaveBaseInfoBody) => http.post<BaseInfoRow>(`${B}/SaveBaseInfo`, body),
  deleteItems: (ids: number[]) => http.post<ChangedResult>(`${B}/DeleteBaseInfo`, { IDs: ids }),
};
