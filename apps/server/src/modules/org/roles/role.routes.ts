import {
  EmployeeOption,
  EmployeeRoleTeamRow,
  IdsBody,
  InsertEmployeeRoleTeamBody,
  InsertedCount,
  Ok,
  pageOf,
  RoleFunctionOption,
  RoleFunctions,
  RoleIdBody,
  RoleOption,
  RoleReportOption,
  RoleRow,
  RoleVersion,
  SaveRoleAndFunctionBody,
  SaveRoleReportBody,
  SearchCompanyTeamBody,
  SearchEmployeeRoleTeamBody,
  SearchRoleCandidateBody,
  SearchRoleEmployeeListBody,
  SearchRoleFunctionBody,
  SearchRoleListBody,
  SSCDeputyResult,
  TeamOption,
  UserReports,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { currentUser, post, postGroup } from '../../../core/http';
import * as assignments from './assignment.service';
import * as roles from './role.service';

const tags = ['roles'];
const ROLES = 'roleManagement';
/** Both screens give people roles: the role screen per role, the assignment screen per person and team. */
const ASSIGNERS = ['roleManagement', 'userRoleAssign'] as const;
const AREA = '/api/RoleDefine';

export async function roleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const call = postGroup(app, { base: AREA, permission: ROLES, tags });
  call(
    'SearchRoleList',
    { summary: 'Roles of the company', body: SearchRoleListBody, response: pageOf(RoleRow) },
    async (req) => roles.list(ctx.db, currentUser(req).companyId, req.body, req.culture),
  );

  call('LoadRoleRecord', { summary: 'One role', body: RoleIdBody, response: RoleRow }, async (req) =>
    roles.record(ctx.db, actorOf(req), req.body.RoleID),
  );

  call(
    'LoadRoleFunction',
    { summary: 'The functions a role holds', body: RoleIdBody, response: RoleFunctions },
    async (req) => roles.functions(ctx.db, currentUser(req).companyId, req.body.RoleID),
  );

  call(
    'SearchRoleFunction',
    {
      summary: 'Every function a role may hold, by menu group, with the role’s own ticked',
      body: SearchRoleFunctionBody,
      response: z.object({ Rows: z.array(RoleFunctionOption) }),
    },
    async (req) => roles.functionCatalogue(ctx.db, currentUser(req).companyId, req.body.RoleID),
  );

  call(
    'SearchEmployeeList',
    {
      permission: ASSIGNERS,
      summary: 'People who may be given a role',
      body: SearchRoleCandidateBody,
      response: pageOf(EmployeeOption),
    },
    async (req) => assignments.candidates(ctx.db, actorOf(req), req.body),
  );

  call(
    'SearchRoleEmployeeList',
    {
      permission: ASSIGNERS,
      summary: 'People holding a role, with the team each holds it for',
      body: SearchRoleEmployeeListBody,
      response: pageOf(EmployeeRoleTeamRow),
    },
    async (req) => assignments.roleEmployees(ctx.db, actorOf(req), req.body),
  );

  call(
    'LoadRoleReport',
    {
      summary: 'The reports a role may open, among all report screens',
      body: RoleIdBody,
      response: z.object({ Rows: z.array(RoleReportOption) }),
    },
    async (req) => roles.reports(ctx.db, currentUser(req).companyId, req.body.RoleID),
  );

  call(
    'SaveRoleReport',
    { summary: 'Replace a role’s reports', body: SaveRoleReportBody, response: RoleVersion },
    async (req) => roles.saveReports(ctx.db, actorOf(req), req.body.RoleID, req.body.ReportCodes, req.body.Version),
  );

  call(
    'LoadRoleReportByUserId',
    { permission: 'authenticated', summary: 'The reports the signed-in user may open', response: UserReports },
    async (req) => roles.reportsOfUser(ctx.db, currentUser(req)),
  );

  call(
    'InsertEmployeeRoleTeam',
    {
      permission: ASSIGNERS,
      summary: 'Give people a role, for a team or (no team) the whole company',
      body: InsertEmployeeRoleTeamBody,
      response: InsertedCount,
    },
    async (req) => assignments.insert(ctx.db, actorOf(req), req.body),
  );

  call(
    'DeleteEmployeeRoleTeam',
    { permission: ASSIGNERS, summary: 'Take roles away', body: IdsBody, response: Ok },
    async (req) => {
      await assignments.remove(ctx.db, actorOf(req), req.body.IDs);
      return { Success: true as const };
    },
  );

  call(
    'SearchEmployeeRoleTeam',
    {
      permission: ASSIGNERS,
      summary: 'Role assignments of the company: person, role, team',
      body: SearchEmployeeRoleTeamBody,
      response: pageOf(EmployeeRoleTeamRow),
    },
    async (req) => assignments.search(ctx.db, actorOf(req), req.body),
  );

  call(
    'SearchCompanyTeam',
    {
      permission: [...ASSIGNERS, 'personManage'],
      summary: 'Active teams of the signed-in company or another the user belongs to',
      body: SearchCompanyTeamBody,
      response: z.object({ Rows: z.array(TeamOption) }),
    },
    async (req) =>
      assignments.companyTeams(ctx.db, currentUser(req), req.body.TargetCompanyID, req.body.Keyword, req.culture),
  );

  call(
    'SaveRoleAndFunction',
    {
      summary: 'Create or update a role with its functions (and reports) in one transaction',
      body: SaveRoleAndFunctionBody,
      response: RoleRow,
    },
    async (req) => roles.saveRoleAndFunction(ctx.db, actorOf(req), req.body),
  );

  call(
    'SearchAllRole',
    {
      permission: ASSIGNERS,
      summary: 'Every role of the company, for pickers',
      response: z.object({ Rows: z.array(RoleOption) }),
    },
    async (req) => roles.allRoles(ctx.db, currentUser(req).companyId, req.culture),
  );

  post(
    app,
    '/api/system/CheckIsSSCDeputy',
    {
      permission: 'authenticated',
      summary: 'Whether the signed-in user holds the shared-service-centre role’s functions',
      tags,
      response: SSCDeputyResult,
    },
    async (req) => roles.isSscDeputy(ctx.db, currentUser(req)),
  );
}
