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
import { currentUser, postGroup } from '../../../core/http';
import { uploadedFile } from '../../../core/import';
import { exportPeople, importPeople } from './employee.excel';
import * as people from './employee.service';
import * as change from './employee-change.service';

const tags = ['org'];
const MANAGE = 'personManage';

export async function employeeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const call = postGroup(app, { base: '/api/system', permission: MANAGE, tags });
  call(
    'SearchEmployee',
    {
      summary: 'People of the company, paged, with filters',
      body: SearchEmployeeBody,
      response: pageOf(EmployeeRow),
    },
    async (req) => people.search(ctx.db, actorOf(req), req.body),
  );

  call(
    'ExportEmployee',
    {
      summary: 'People matching the filters as Excel, headers in the caller’s language (the import’s layout)',
      body: ExportEmployeeBody,
    },
    async (req, reply) => exportPeople(ctx, reply, currentUser(req).companyId, req.body, req.culture, currentUser(req)),
  );

  call(
    'ImportEmployee',
    {
      summary: 'Create or update people from an Excel file in the export’s layout; all or nothing',
      multipart: true,
      response: ImportResult,
    },
    async (req) => importPeople(ctx, actorOf(req), (await uploadedFile(req)).data, req.culture),
  );

  call(
    'SelectEmployee',
    { summary: 'One person, for editing', body: EmployeeIdBody, response: EmployeeRecord },
    async (req) => people.select(ctx.db, actorOf(req), req.body.EmployeeID),
  );

  call(
    'GetEmployeeInfo',
    {
      summary: 'One person with roles, companies and status history',
      body: EmployeeIdBody,
      response: EmployeeInfo,
    },
    async (req) => people.info(ctx.db, actorOf(req), req.body.EmployeeID),
  );

  call(
    'SaveEmployee',
    {
      summary: 'Create or update a person, with their sign-in name',
      body: SaveEmployeeBody,
      response: SaveEmployeeResult,
    },
    async (req) => people.save(ctx.db, actorOf(req), req.body),
  );

  call(
    'DeleteEmployee',
    {
      summary: 'Delete people nothing refers to yet',
      body: IdsBody,
      response: Ok,
    },
    async (req) => {
      await people.remove(ctx.db, actorOf(req), req.body.IDs);
      return { Success: true as const };
    },
  );

  call(
    'UpdateEmployeeStatus',
    {
      summary: 'Set a person active, overdue-frozen, resignation-frozen or left, with a reason',
      body: UpdateEmployeeStatusBody,
      response: EmployeeVersion,
    },
    async (req) => change.updateStatus(ctx.db, actorOf(req), req.body),
  );

  call(
    'UpdateEmployeeInfo',
    {
      summary: 'Change some of a person’s fields: team, line manager, contact, bank',
      body: UpdateEmployeeInfoBody,
      response: EmployeeVersion,
    },
    async (req) => change.updateInfo(ctx.db, actorOf(req), req.body),
  );

  call(
    'SaveEmployeeTeamRelation',
    {
      summary: 'The other companies a person may sign in to, and their team in each',
      body: SaveEmployeeTeamRelationBody,
      response: Ok,
    },
    async (req) => {
      await change.saveRelations(ctx.db, actorOf(req), req.body);
      return { Success: true as const };
    },
  );

  call(
    'SearchEmployeeApproveLimit',
    {
      summary: 'People with their approval limits',
      body: SearchEmployeeApproveLimitBody,
      response: pageOf(ApproveLimitRow),
    },
    async (req) => change.searchApproveLimits(ctx.db, currentUser(req).companyId, req.body, req.culture),
  );

  call(
    'SaveEmployeeApproveLimit',
    {
      summary: 'Set or remove a person’s approval limit (money, not negative)',
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
