import {
  Id,
  Ok,
  pageOf,
  SaveWorkflowBody,
  SearchWorkflowBody,
  WorkflowIdBody,
  WorkflowRow,
  WorkflowWithDetails,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../core/context';
import { currentUser, post } from '../../core/http';
import * as workflows from './workflow.service';

const tags = ['workflow'];
const MANAGE = 'workflow';

export async function workflowRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  post(
    app,
    '/api/workflowSetting/SearchWorkflowList',
    {
      permission: MANAGE,
      summary: 'Route templates of the company',
      tags,
      body: SearchWorkflowBody,
      response: pageOf(WorkflowRow),
    },
    async (req) => workflows.search(ctx.db, currentUser(req), req.body, req.culture),
  );
  post(
    app,
    '/api/workflowSetting/SearchWorkflowCodeList',
    {
      permission: MANAGE,
      summary: 'Codes and names of the active route templates, for choosing',
      tags,
      body: z.object({ DocType: z.enum(['apply', 'loan', 'deputy']).optional() }),
      response: z.object({
        Rows: z.array(z.object({ ID: z.number().int(), Code: z.string(), Name: z.string(), DocType: z.string() })),
      }),
    },
    async (req) => {
      const found = await workflows.search(
        ctx.db,
        currentUser(req),
        { ...req.body, Active: true, PageIndex: 1, PageSize: 500 },
        req.culture,
      );
      return { Rows: found.Rows.map((r) => ({ ID: r.ID, Code: r.Code, Name: r.Name, DocType: r.DocType })) };
    },
  );
  post(
    app,
    '/api/workflowSetting/SearchDetailList',
    {
      permission: MANAGE,
      summary: 'A route template with its ordered steps',
      tags,
      body: WorkflowIdBody,
      response: WorkflowWithDetails,
    },
    async (req) => workflows.load(ctx.db, currentUser(req), req.body.WorkflowID, req.culture),
  );
  post(
    app,
    '/api/workflowSetting/SaveDetail',
    {
      permission: MANAGE,
      summary: 'Save a route template and its steps together',
      tags,
      body: SaveWorkflowBody,
      response: WorkflowWithDetails,
    },
    async (req) => workflows.save(ctx, currentUser(req), req.body, req.culture, String(req.id)),
  );
  post(
    app,
    '/api/workflowSetting/deleteDetail',
    {
      permission: MANAGE,
      summary: 'Remove one step of a route template',
      tags,
      body: z.object({ ID: Id }),
      response: Ok,
    },
    async (req) => {
      await workflows.deleteDetail(ctx, currentUser(req), req.body.ID, String(req.id));
      return { Success: true as const };
    },
  );
  post(
    app,
    '/api/workflowSetting/SearchRoleCodeList',
    {
      permission: MANAGE,
      summary: 'Codes and names of the company’s active roles, for role steps',
      tags,
      response: z.object({ Rows: z.array(z.object({ Code: z.string(), Name: z.string() })) }),
    },
    async (req) => ({ Rows: await workflows.roleChoices(ctx.db, currentUser(req), req.culture) }),
  );
}
