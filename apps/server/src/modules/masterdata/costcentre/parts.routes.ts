import {
  CostCenterAllot,
  CostCenterDetail,
  CostCenterFormOrder,
  CostCenterHead,
  CostCenterHistoryRow,
  CostCenterIdBody,
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
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { currentUser, post } from '../../../core/http';
import { detail } from './costcentre.service';
import * as service from './parts.service';

const MANAGE = 'costCenterManagement';
const tags = ['cost centres'];
const base = '/api/CostCenterMaster';

/** Heads, allotments, form orders and history of a cost centre. Every change answers with the new detail. */
export async function partRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const company = (req: Parameters<typeof currentUser>[0]) => currentUser(req).companyId;

  post(
    app,
    `${base}/SearchAllot`,
    {
      permission: MANAGE,
      summary: 'Allotments of a cost centre: which cost centres take which share of its spend',
      tags,
      body: CostCenterIdBody,
      response: pageOf(CostCenterAllot),
    },
    async (req) => {
      const d = await detail(ctx.db, actorOf(req), req.body.CostCenterID);
      return { Total: d.Allotments.length, Rows: d.Allotments };
    },
  );

  post(
    app,
    `${base}/SearchRestAllot`,
    {
      permission: MANAGE,
      summary: 'The percentage of a cost centre still free to allot (100 less the others, ExcludeAllotID left out)',
      tags,
      body: SearchRestAllotBody,
      response: RestAllotResult,
    },
    async (req) => service.restAllot(ctx.db, company(req), req.body.CostCenterID, req.body.ExcludeAllotID),
  );

  post(
    app,
    `${base}/SaveAllot`,
    {
      permission: MANAGE,
      summary: 'Add (no AllotID) or change an allotment; a centre’s allotments add up to at most 100 %',
      tags,
      body: SaveAllotBody,
      response: CostCenterDetail,
    },
    async (req) => service.saveAllot(ctx, actorOf(req), req.body, req.culture),
  );

  post(
    app,
    `${base}/DeleteAllot`,
    { permission: MANAGE, summary: 'Remove allotments', tags, body: DeleteAllotBody, response: CostCenterDetail },
    async (req) => service.deleteAllot(ctx, actorOf(req), req.body, req.culture),
  );

  post(
    app,
    `${base}/SearchHeadList`,
    {
      permission: MANAGE,
      summary: 'Heads of a cost centre in approval order',
      tags,
      body: CostCenterIdBody,
      response: pageOf(CostCenterHead),
    },
    async (req) => service.headList(ctx.db, actorOf(req), req.body.CostCenterID),
  );

  post(
    app,
    `${base}/SaveHead`,
    {
      permission: MANAGE,
      summary: 'Add a head at the end (no HeadID) or change one, with an optional amount limit',
      tags,
      body: SaveHeadBody,
      response: CostCenterDetail,
    },
    async (req) => service.saveHead(ctx, actorOf(req), req.body, req.culture),
  );

  post(
    app,
    `${base}/DeleteHead`,
    {
      permission: MANAGE,
      summary: 'Remove heads (not while they approve in a form order)',
      tags,
      body: DeleteHeadBody,
      response: CostCenterDetail,
    },
    async (req) => service.deleteHead(ctx, actorOf(req), req.body, req.culture),
  );

  post(
    app,
    `${base}/SaveOrderHead`,
    {
      permission: MANAGE,
      summary: 'Put the heads in a new order (every head once)',
      tags,
      body: SaveOrderHeadBody,
      response: CostCenterDetail,
    },
    async (req) => service.orderHeads(ctx, actorOf(req), req.body, req.culture),
  );

  post(
    app,
    `${base}/SelectFormOrderList`,
    {
      permission: MANAGE,
      summary: 'Heads that can still be added to the approval order of a document type',
      tags,
      body: SelectFormOrderListBody,
      response: pageOf(CostCenterHead),
    },
    async (req) => service.formOrderCandidates(ctx.db, actorOf(req), req.body.CostCenterID, req.body.DocType),
  );

  post(
    app,
    `${base}/SearchFormOrder`,
    {
      permission: MANAGE,
      summary: 'Approval orders of a cost centre per document type',
      tags,
      body: SearchFormOrderBody,
      response: pageOf(CostCenterFormOrder),
    },
    async (req) => service.formOrderList(ctx.db, actorOf(req), req.body.CostCenterID, req.body.DocType),
  );

  post(
    app,
    `${base}/SaveFormOrder`,
    {
      permission: MANAGE,
      summary: 'Set which heads approve a document type, in order',
      tags,
      body: SaveFormOrderBody,
      response: CostCenterDetail,
    },
    async (req) => service.saveFormOrder(ctx, actorOf(req), req.body, req.culture),
  );

  post(
    app,
    `${base}/DeleteFormOrder`,
    {
      permission: MANAGE,
      summary: 'Remove approvers from form orders; the rest keep their order',
      tags,
      body: DeleteFormOrderBody,
      response: CostCenterDetail,
    },
    async (req) => service.deleteFormOrder(ctx, actorOf(req), req.body, req.culture),
  );

  post(
    app,
    `${base}/SearchCostCenterHistory`,
    {
      permission: MANAGE,
      summary: 'Every change of a cost centre, newest first, with what changed',
      tags,
      body: SearchCostCenterHistoryBody,
      response: pageOf(CostCenterHistoryRow),
    },
    async (req) => service.historyOf(ctx, company(req), req.body, req.culture),
  );
}
