import { CompanyList, GetCompanyListBody, IndexResult, MasterInfo, MenuResult } from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../core/context';
import { currentUser, post } from '../../core/http';
import * as system from './system.service';

const tags = ['system'];

const TmcParam = z.object({
  Key: z.string(),
  Value: z.string(),
  Description: z.string().nullable(),
  CompanyID: z.number().int().nullable(),
});

export async function systemRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  post(
    app,
    '/api/System/Index',
    {
      permission: 'public',
      summary: 'Start-up information: versions, announcements, session timings',
      tags,
      response: IndexResult,
    },
    async (req) => system.index(ctx, req.culture),
  );

  post(
    app,
    '/api/System/GetCompanyListByUserName',
    {
      permission: 'public',
      summary: 'Companies a user may sign in to (an unknown user gets a one-company answer of the same shape)',
      tags,
      body: GetCompanyListBody,
      response: CompanyList,
      rateLimit: { max: 120, timeWindow: 60_000 },
    },
    async (req) => ({ Rows: await system.companiesForUsername(ctx, req.body.UserName, req.culture) }),
  );

  post(
    app,
    '/api/System/getMenu',
    {
      permission: 'authenticated',
      summary: 'The signed-in user’s menu, from their functions',
      tags,
      response: MenuResult,
    },
    async (req) => system.menu(ctx.db, currentUser(req)),
  );

  post(
    app,
    '/api/System/getMasterInfo',
    {
      permission: 'authenticated',
      summary: 'Lists every screen needs: companies, currencies, cultures, public parameters',
      tags,
      response: MasterInfo,
    },
    async (req) => system.masterInfo(ctx.db, ctx.messages, currentUser(req), req.culture),
  );

  post(
    app,
    '/api/System/SearchTMCParam',
    {
      permission: 'authenticated',
      summary: 'Technical parameters in force for the company (public ones)',
      tags,
      body: z.object({ Key: z.string().max(100).optional() }),
      response: z.object({ Rows: z.array(TmcParam) }),
    },
    async (req) => ({ Rows: await system.tmcParams(ctx.db, currentUser(req).companyId, req.body.Key) }),
  );
}
