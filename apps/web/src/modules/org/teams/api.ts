import type {
  GetTeamListBody,
  Page,
  SaveTeamBody,
  SaveTherapeuticAreaBody,
  SearchTherapeuticAreaBody,
  TeamInfo,
  TeamRow,
  TherapeuticAreaRow,
} from '@ems/contracts';
import { http } from '../../../app/api';
import type { Success } from '../../../app/apiTypes';

type Body<T> = Partial<T> & Record<string, unknown>;

/** Teams, support functions and therapeutic areas (System area). */
export const teamApi = {
  list: (body: Body<GetTeamListBody>) => http.post<Page<TeamRow>>('/api/system/GetTeamList', body),
  /** Every team of the company, page by page (a company has hundreds, the call gives at most 500 at once). */
  async all(includeStopped: boolean): Promise<TeamRow[]> {
    const rows: TeamRow[] = [];
    for (let page = 1; ; page++) {
      const res = await teamApi.list({
        PageIndex: page,
        PageSize: 500,
        SortField: 'Sort',
        ...(includeStopped ? {} : { Active: true }),
      });
      rows.push(...res.Rows);
      if (rows.length >= res.Total || res.Rows.length === 0) return rows;
    }
  },
  info: (teamId: number) => http.post<TeamInfo>('/api/system/LoadTeamInfo', { TeamID: teamId }),
  save: (body: Body<SaveTeamBody>) => http.post<TeamInfo>('/api/system/SaveTeam', body),
  setSupport: (teamIds: number[], value: boolean) =>
    http.post<Success>('/api/system/SetTeamSupportFunction', { TeamIDs: teamIds, IsSupportFunction: value }),
  areas: (body: Body<SearchTherapeuticAreaBody>) =>
    http.post<Page<TherapeuticAreaRow>>('/api/system/SearchTherapeuticArea', body),
  saveArea: (body: Body<SaveTherapeuticAreaBody>) =>
    http.post<TherapeuticAreaRow>('/api/system/SaveTherapeuticArea', body),
  removeAreas: (ids: number[]) => http.post<Success>('/api/system/DeleteTherapeuticArea', { IDs: ids }),
};
