import {
  ChooseEmployeeTeamBody,
  EmployeeTeams,
  GetTeamIsEVMBody,
  GetTeamListBody,
  IdsBody,
  Ok,
  pageOf,
  SaveTeamBody,
  SaveTherapeuticAreaBody,
  SearchTherapeuticAreaBody,
  SetTeamSupportFunctionBody,
  TeamAuth,
  TeamIdBody,
  TeamInfo,
  TeamIsEVM,
  TeamRow,
  TherapeuticAreaRow,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { currentUser, post } from '../../../core/http';
import * as areas from './ta.service';
import * as teams from './team.service';

const tags = ['org'];
/** Screens that show or pick teams with their details. */
export const TEAM_READERS = [
  'teamManage',
  'supportFuncManage',
  'taManage',
  'EVMManage',
  'personManage',
  'userRoleAssign',
  'roleManagement',
] as const;

export async function teamRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  post(
    app,
    '/api/system/GetTeamList',
    {
      permission: TEAM_READERS,
      summary: 'The company’s teams as a paged list, with filters',
      tags,
      body: GetTeamListBody,
      response: pageOf(TeamRow),
    },
    async (req) => teams.list(ctx.db, currentUser(req), req.body, req.culture),
  );

  post(
    app,
    '/api/system/LoadTeamInfo',
    { permission: TEAM_READERS, summary: 'One team with its path', tags, body: TeamIdBody, response: TeamInfo },
    async (req) => teams.info(ctx.db, actorOf(req), req.body.TeamID),
  );

  post(
    app,
    '/api/system/SaveTeam',
    {
      permission: 'teamManage',
      summary: 'Create or update a team (parent in the same company, never a loop; Active false stops it)',
      tags,
      body: SaveTeamBody,
      response: TeamInfo,
    },
    async (req) => teams.save(ctx.db, actorOf(req), req.body),
  );

  post(
    app,
    '/api/system/GetTeamIsEVM',
    {
      permission: 'authenticated',
      summary: 'Whether a team (default: the signed-in user’s) takes part in the EVM meeting system',
      tags,
      body: GetTeamIsEVMBody,
      response: TeamIsEVM,
    },
    async (req) => teams.isEvm(ctx.db, currentUser(req), req.body.TeamID),
  );

  post(
    app,
    '/api/system/getTeamAuth',
    {
      permission: 'authenticated',
      summary: 'Teams whose data the signed-in user may see through their roles',
      tags,
      response: TeamAuth,
    },
    async (req) => teams.teamAuth(ctx.db, currentUser(req), req.culture),
  );

  post(
    app,
    '/api/system/ChooseEmployeeTeam',
    {
      permission: 'authenticated',
      summary: 'The teams of an employee (default: the signed-in user) in the signed-in company',
      tags,
      body: ChooseEmployeeTeamBody,
      response: EmployeeTeams,
    },
    async (req) => teams.employeeTeams(ctx.db, currentUser(req), req.body.EmployeeID, req.culture),
  );

  post(
    app,
    '/api/system/SetTeamSupportFunction',
    {
      permission: 'supportFuncManage',
      summary: 'Mark or unmark teams as support functions',
      tags,
      body: SetTeamSupportFunctionBody,
      response: Ok,
    },
    async (req) => {
      await teams.setSupportFunction(ctx.db, actorOf(req), req.body.TeamIDs, req.body.IsSupportFunction);
      return { Success: true as const };
    },
  );

  post(
    app,
    '/api/system/SearchTherapeuticArea',
    {
      permission: ['taManage', 'teamManage'],
      summary: 'Therapeutic areas of the company',
      tags,
      body: SearchTherapeuticAreaBody,
      response: pageOf(TherapeuticAreaRow),
    },
    async (req) => areas.search(ctx.db, actorOf(req), req.body),
  );

  post(
    app,
    '/api/system/SaveTherapeuticArea',
    {
      permission: 'taManage',
      summary: 'Create or update a therapeutic area',
      tags,
      body: SaveTherapeuticAreaBody,
      response: TherapeuticAreaRow,
    },
    async (req) => areas.save(ctx.db, actorOf(req), req.body),
  );

  post(
    app,
    '/api/system/DeleteTherapeuticArea',
    {
      permission: 'taManage',
      summary: 'Delete therapeutic areas no team works in',
      tags,
      body: IdsBody,
      response: Ok,
    },
    async (req) => {
      await areas.remove(ctx.db, actorOf(req), req.body.IDs);
      return { Success: true as const };
    },
  );
}
