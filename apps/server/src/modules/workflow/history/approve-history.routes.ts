import {
  ApproveHistoryExportBody,
  ApproveHistoryQuery,
  ApproveHistoryRow,
  ComingQuery,
  ComingRow,
  pageOf,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context';
import { currentUser, post } from '../../../core/http';
import * as history from './approve-history.service';

const tags = ['approval'];
const permission = 'personalApproveHistory';

export async function approveHistoryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  post(
    app,
    '/api/PersonalApproveHistory/Search_Requisition_List',
    {
      permission,
      summary: 'Approval steps I decided (also as approval proxy), or that a proxy decided in my name',
      tags,
      body: ApproveHistoryQuery,
      response: pageOf(ApproveHistoryRow),
    },
    async (req) => history.decidedList(ctx.db, currentUser(req), req.body, req.culture),
  );
  post(
    app,
    '/api/PersonalApproveHistory/Export',
    {
      permission,
      summary: 'My approval history with the list’s filters and sort, as an Excel file',
      tags,
      body: ApproveHistoryExportBody,
    },
    async (req, reply) => history.exportDecided(ctx, reply, currentUser(req), req.body, req.culture),
  );
  post(
    app,
    '/api/PersonalApproveHistory/Search_Requisition_Pending',
    {
      permission,
      summary: 'Documents in approval still coming my way (my step waiting or pending), with their place in the route',
      tags,
      body: ComingQuery,
      response: pageOf(ComingRow),
    },
    async (req) => history.comingList(ctx.db, currentUser(req), req.body, req.culture),
  );
}
