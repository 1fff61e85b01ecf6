import {
  ApproveLimitRow,
  EmployeeIdBody,
  EmployeeInfo,
  EmployeeRecord,
  EmployeeRow,
  EmployeeVersion,
  ExportEmployeeBody,
  IdsBody,
  ImportResult,
  Ok,
  pageOf,
  SaveEmployeeApproveLimitBody,
  SaveEmployeeBody,
  SaveEmployeeResult,
  SaveEmployeeTeamRelationBody,
  SearchEmployeeApproveLimitBody,
  SearchEmployeeBody,
  UpdateEmployeeInfoBody,
  UpdateEmployeeStatusBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { currentUser, post } from '../../../core/http';
import { uploadedFile } from '../../../core/import';
import { exportPeople, importPeople } from './employee.excel';
import * as people from './employee.service';
import * as change from './employee-change.service';

const tags = ['org'];
const MANAGE = 'personManage';

export async function employeeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  post(
    app,
    '/api/system/SearchEmployee',
    {
      permission: MANAGE,
      summary: 'People of the company, paged, with filters',
      tags,
      body: SearchEmployeeBody,
      response: pageOf(EmployeeRow),
    },
    async (req) => people.search(ctx.db, actorOf(req), req.body),
  );

  post(
    app,
    '/api/system/ExportEmployee',
    {
      permission: MANAGE,
      summary: 'People matching the filters as Excel, headers in the caller’s language (the import’s layout)',
      tags,
      body: ExportEmployeeBody,
    },
    async (req, reply) => exportPeople(ctx, reply, currentUser(req).companyId, req.body, req.culture),
  );

  post(
    app,
    '/api/system/ImportEmployee',
    {
      permission: MANAGE,
      summary: 'Create or update people from an Excel file in the export’s layout; all or nothing',
      tags,
      multipart: true,
      response: ImportResult,
    },
    async (req) => importPeople(ctx, actorOf(req), (await uploadedFile(req)).data, req.culture),
  );

  post(
    app,
    '/api/system/SelectEmployee',
    { permission: MANAGE, summary: 'One person, for editing', tags, body: EmployeeIdBody, response: EmployeeRecord },
    async (req) => people.select(ctx.db, actorOf(req), req.body.EmployeeID),
  );

  post(
    app,
    '/api/system/GetEmployeeInfo',
    {
      permission: MANAGE,
      summary: 'One person with roles, companies and status history',
      tags,
      body: EmployeeIdBody,
      response: EmployeeInfo,
    },
    async (req) => people.info(ctx.db, actorOf(req), req.body.EmployeeID),
  );

  post(
    app,
    '/api/system/SaveEmployee',
    {
      permission: MANAGE,
      summary: 'Create or update a person, with their sign-in name',
      tags,
      body: SaveEmployeeBody,
      response: SaveEmployeeResult,
    },
    async (req) => people.save(ctx.db, actorOf(req), req.body),
  );

  post(
    app,
    '/api/system/DeleteEmployee',
    {
      permission: MANAGE,
      summary: 'Delete people nothing refers to yet',
      tags,
      body: IdsBody,
      response: Ok,
    },
    async (req) => {
      await people.remove(ctx.db, actorOf(req), req.body.IDs);
      return { Success: true as const };
    },
  );

  post(
    app,
    '/api/system/UpdateEmployeeStatus',
    {
      permission: MANAGE,
      summary: 'Set a person active, overdue-frozen, resignation-frozen or left, with a reason',
      tags,
      body: UpdateEmployeeStatusBody,
      response: EmployeeVersion,
    },
    async (req) => change.updateStatus(ctx.db, actorOf(req), req.body),
  );

  post(
    app,
    '/api/system/UpdateEmployeeInfo',
    {
      permission: MANAGE,
      summary: 'Change some of a person’s fields: team, line manager, contact, bank',
      tags,
      body: UpdateEmployeeInfoBody,
      response: EmployeeVersion,
    },
    async (req) => change.updateInfo(ctx.db, actorOf(req), req.body),
  );

  post(
    app,
    '/api/system/SaveEmployeeTeamRelation',
    {
      permission: MANAGE,
      summary: 'The other companies a person may sign in to, and their team in each',
      tags,
      body: SaveEmployeeTeamRelationBody,
      response: Ok,
    },
    async (req) => {
      await change.saveRelations(ctx.db, actorOf(req), req.body);
      return { Success: true as const };
    },
  );

  post(
    app,
    '/api/system/SearchEmployeeApproveLimit',
    {
      permission: MANAGE,
      summary: 'People with their approval limits',
      tags,
      body: SearchEmployeeApproveLimitBody,
      response: pageOf(ApproveLimitRow),
    },
    async (req) => change.searchApproveLimits(ctx.db, currentUser(req).companyId, req.body, req.culture),
  );

  post(
    app,
    '/api/system/SaveEmployeeApproveLimit',
    {
      permission: MANAGE,
      summary: 'Set or remove a person’s approval limit (money, not negative)',
      tags,
      body: SaveEmployeeApproveLimitBody,
      response: z.object({
        EmployeeID: z.number().int(),
        ApprovalLimit: z.string().nullable(),
        Version: z.number().int(),
      }),
    },
    async (req) => change.saveApproveLimit(ctx.db, actorOf(req), req.body),
  );
}
