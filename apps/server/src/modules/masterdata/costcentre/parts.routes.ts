import {
  CostCenterAllot,
  CostCenterDetail,
  CostCenterFormOrder,
  CostCenterHead,
  CostCenterHistoryRow,
  CostCenterIdBody,
  type Culture,
  DeleteAllotBody,
  DeleteFormOrderBody,
  DeleteHeadBody,
  pageOf,
  RestAllotResult,
  SaveAllotBody,
  SaveFormOrderBody,
  SaveHeadBody,
  SaveOrderHeadBody,
  SearchCostCenterHistoryBody,
  SearchFormOrderBody,
  SearchRestAllotBody,
  SelectFormOrderListBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type Actor, actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { currentUser, postGroup } from '../../../core/http';
import { detail } from './costcentre.service';
import * as service from './parts.service';

const tags = ['cost centres'];

/** Heads, allotments, form orders and history of a cost centre. Every change answers with the new detail. */
export async function partRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const company = (req: Parameters<typeof currentUser>[0]) => currentUser(req).companyId;
  const call = postGroup(app, { base: '/api/CostCenterMaster', permission: 'costCenterManagement', tags });
  /** A change of the cost centre's parts: the body goes to the use case, the answer is the new detail. */
  const change = <B extends z.ZodType>(
    name: string,
    summary: string,
    body: B,
    run: (c: AppContext, actor: Actor, input: z.output<B>, culture: Culture) => ReturnType<typeof service.saveAllot>,
  ) =>
    call(name, { summary, body, response: CostCenterDetail }, async (req) =>
      run(ctx, actorOf(req), req.body as z.output<B>, req.culture),
    );

  call(
    'SearchAllot',
    {
      summary: 'Allotments of a cost centre: which cost centres take which share of its spend',
      body: CostCenterIdBody,
      response: pageOf(CostCenterAllot),
    },
    async (req) => {
      const d = await detail(ctx.db, actorOf(req), req.body.CostCenterID);
      return { Total: d.Allotments.length, Rows: d.Allotments };
    },
  );
  call(
    'SearchRestAllot',
    {
      summary: 'The percentage of a cost centre still free to allot (100 less the others, ExcludeAllotID left out)',
      body: SearchRestAllotBody,
      response: RestAllotResult,
    },
    async (req) => service.restAllot(ctx.db, company(req), req.body.CostCenterID, req.body.ExcludeAllotID),
  );
  change(
    'SaveAllot',
    'Add (no AllotID) or change an allotment; a centre’s allotments add up to at most 100 %',
    SaveAllotBody,
    service.saveAllot,
  );
  change('DeleteAllot', 'Remove allotments', DeleteAllotBody, service.deleteAllot);
  call(
    'SearchHeadList',
    { summary: 'Heads of a cost centre in approval order', body: CostCenterIdBody, response: pageOf(CostCenterHead) },
    async (req) => service.headList(ctx.db, actorOf(req), req.body.CostCenterID),
  );
  change(
    'SaveHead',
    'Add a head at the end (no HeadID) or change one, with an optional amount limit',
    SaveHeadBody,
    service.saveHead,
  );
  change('DeleteHead', 'Remove heads (not while they approve in a form order)', DeleteHeadBody, service.deleteHead);
  change('SaveOrderHead', 'Put the heads in a new order (every head once)', SaveOrderHeadBody, service.orderHeads);
  call(
    'SelectFormOrderList',
    {
      summary: 'Heads that can still be added to the approval order of a document type',
      body: SelectFormOrderListBody,
      response: pageOf(CostCenterHead),
    },
    async (req) => service.formOrderCandidates(ctx.db, actorOf(req), req.body.CostCenterID, req.body.DocType),
  );
  call(
    'SearchFormOrder',
    {
      summary: 'Approval orders of a cost centre per document type',
      body: SearchFormOrderBody,
      response: pageOf(CostCenterFormOrder),
    },
    async (req) => service.formOrderList(ctx.db, actorOf(req), req.body.CostCenterID, req.body.DocType),
  );
  change(
    'SaveFormOrder',
    'Set which heads approve a document type, in order',
    SaveFormOrderBody,
    service.saveFormOrder,
  );
  change(
    'DeleteFormOrder',
    'Remove approvers from form orders; the rest keep their order',
    DeleteFormOrderBody,
    service.deleteFormOrder,
  );
  call(
    'SearchCostCenterHistory',
    {
      summary: 'Every change of a cost centre, newest first, with what changed',
      body: SearchCostCenterHistoryBody,
      response: pageOf(CostCenterHistoryRow),
    },
    async (req) => service.historyOf(ctx, company(req), req.body, req.culture),
  );
}
