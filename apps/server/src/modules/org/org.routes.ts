import {
  ChooseEmployeeBody,
  CompanyInfo,
  DefaultInfo,
  EmployeeOption,
  ModifyPersonalInfoBody,
  pageOf,
  TeamTree,
  TeamTreeBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import { currentUser, post } from '../../core/http';
import * as org from './org.service';

const tags = ['org'];

export async function orgRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  post(
    app,
    '/api/System/GetDefaultInfo',
    { permission: 'authenticated', summary: 'The signed-in user’s profile and functions', tags, response: DefaultInfo },
    async (req) => org.defaultInfo(ctx.db, currentUser(req), req.culture),
  );

  post(
    app,
    '/api/System/ModifyPersonalinfo',
    {
      permission: 'authenticated',
      summary: 'Change one’s own e-mail, mobile, bank account or language',
      tags,
      body: ModifyPersonalInfoBody,
      response: DefaultInfo,
    },
    async (req) => org.modifyPersonalInfo(ctx, currentUser(req), req.body, req.culture, String(req.id)),
  );

  post(
    app,
    '/api/system/ChooseEmployee',
    {
      permission: 'authenticated',
      summary: 'People of the company by code or name, for pickers',
      tags,
      body: ChooseEmployeeBody,
      response: pageOf(EmployeeOption),
    },
    async (req) => org.chooseEmployees(ctx.db, currentUser(req), req.body, req.culture),
  );

  post(
    app,
    '/api/system/GetCompanpyInfo',
    { permission: 'authenticated', summary: 'The signed-in company', tags, response: CompanyInfo },
    async (req) => org.companyInfo(ctx.db, currentUser(req).companyId, req.culture),
  );

  post(
    app,
    '/api/system/GetTeamTree',
    {
      permission: 'authenticated',
      summary: 'The company’s teams as a tree',
      tags,
      body: TeamTreeBody,
      response: TeamTree,
    },
    async (req) => ({
      Rows: await org.teamTree(ctx.db, currentUser(req), req.body.IncludeInactive ?? false, req.culture),
    }),
  );
}
