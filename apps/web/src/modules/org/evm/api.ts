import type { EvmRelationRow, Page, SaveEvmRelationBody } from '@ems/contracts';
import { http } from '../../../app/api';
import type { Success } from '../../../app/apiTypes';

export interface EvmSendRow {
  ID: number;
  Status: string;
  Reference: string | null;
  Error: string | null;
}

/** EVM team relations (System area); sending goes to the EVM meeting system. */
export const evmApi = {
  search: (body: Record<string, unknown>) => http.post<Page<EvmRelationRow>>('/api/system/SearchEVMTeamRelation', body),
  create: (body: SaveEvmRelationBody) => http.post<EvmRelationRow>('/api/system/SaveEVMTeamRelation', body),
  update: (body: SaveEvmRelationBody & { ID: number; Version: number }) =>
    http.post<EvmRelationRow>('/api/system/UpdateEVMTeamRelation', body),
  remove: (ids: number[]) => http.post<Success>('/api/system/DeleteEVMTeamRelation', { IDs: ids }),
  send: (ids: number[]) =>
    http.post<{ Rows: EvmSendRow[] }>('/api/system/SendEVMTeamRelation', { IDs: ids }, { overlay: true }),
  resend: (ids: number[]) =>
    http.post<{ Rows: EvmSendRow[] }>('/api/system/ResendEVMTeamRelation', { IDs: ids }, { overlay: true }),
};
