import {
  CompanyFlag,
  DocumentDetail,
  DocumentVersionBody,
  OverApprovalQuery,
  OverApprovalResult,
  PendingTeams,
  UnlockReasonBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { currentUser, post } from '../../../core/http';
import { keyOf } from '../approval/approval.routes';
import * as centre from './approvecentre.service';

const tags = ['approval'];
const CENTRE = 'approveCenter';

/** What the approve centre asks besides its lists: overdue steps, flags, team filter, automatic approval, unlock. */
export async function approveCentreRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  post(
    app,
    '/api/ApproveCenter/CheckIsOverApproval',
    {
      permission: CENTRE,
      summary: 'Steps of the user (or whom they approve for) pending longer than the overdue days',
      tags,
      querystring: OverApprovalQuery,
      response: OverApprovalResult,
    },
    async (req) => centre.overApproval(ctx.db, currentUser(req), OverApprovalQuery.parse(req.query)),
  );
  post(
    app,
    '/api/ApproveCenter/IsSpecialApprover',
    {
      permission: CENTRE,
      summary: 'Whether the signed-in user is a special approver',
      tags,
      response: z.object({ IsSpecialApprover: z.boolean() }),
    },
    async (req) => ({ IsSpecialApprover: await centre.isSpecialApprover(ctx.db, currentUser(req)) }),
  );
  post(
    app,
    '/api/ApproveCenter/GetCompanyFlag',
    {
      permission: CENTRE,
      summary: 'Company settings the approve centre follows',
      tags,
      response: CompanyFlag,
    },
    async (req) => centre.companyFlag(ctx.db, currentUser(req)),
  );
  post(
    app,
    '/api/ApproveCenter/SearchTeam',
    {
      permission: CENTRE,
      summary: 'Teams of the documents waiting for me, with how many each',
      tags,
      response: PendingTeams,
    },
    async (req) => centre.pendingTeams(ctx.db, ctx.messages, currentUser(req), req.culture),
  );
  post(
    app,
    '/api/DocumentApprove/AutoApprove',
    {
      permission: CENTRE,
      summary: 'Approve the current step as automatic when its approver already approved an earlier one',
      tags,
      body: DocumentVersionBody,
      response: DocumentDetail,
    },
    async (req) =>
      centre.autoApprove(
        ctx,
        currentUser(req),
        { id: req.body.ID, version: req.body.Version, key: keyOf(req), requestId: String(req.id) },
        req.culture,
      ),
  );
  post(
    app,
    '/api/ApproveCenter/UpdateUnlockReason',
    {
      permission: CENTRE,
      summary: "Accept the applicant's unlock reason and release their blocked apply (line manager or administrator)",
      tags,
      body: UnlockReasonBody,
      response: DocumentDetail,
    },
    async (req) =>
      centre.unlock(
        ctx,
        currentUser(req),
        { id: req.body.ID, version: req.body.Version, reason: req.body.Reason, requestId: String(req.id) },
        req.culture,
      ),
  );
}
