import {
  ChangeApproveBody,
  ChangeApproveResult,
  ChangeApproversBody,
  ChangeApproversResult,
  ChangeProgramManagerBody,
  ChangeProgramManagerResult,
  HeadOfRow,
  HeldStepRow,
  pageOf,
  SearchHeadsByPersonBody,
  SearchPendingByApproverBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context';
import { currentUser, post } from '../../../core/http';
import * as reassign from './reassign.service';

const tags = ['approval'];

/** Giving approvals to someone else: one document, a person's open steps in bulk, or their cost centres. */
export async function reassignRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  post(
    app,
    '/api/document/ChangeApprove',
    {
      permission: 'authenticated',
      summary: 'Hand the pending step of a document to another employee (administrator or the approver’s manager)',
      tags,
      body: ChangeApproveBody,
      response: ChangeApproveResult,
    },
    async (req) =>
      reassign.changeApprove(ctx, currentUser(req), {
        id: req.body.ID,
        version: req.body.Version,
        newApproverId: req.body.NewApproverID,
        comment: req.body.Comment,
        requestId: String(req.id),
      }),
  );
  post(
    app,
    '/api/Workflow/SearchPendingByApprover',
    {
      permission: 'ChangeApprovers',
      summary: 'Pending and waiting steps of in-flight documents held by one person',
      tags,
      body: SearchPendingByApproverBody,
      response: pageOf(HeldStepRow),
    },
    async (req) => reassign.searchHeldSteps(ctx.db, currentUser(req), req.body, req.culture),
  );
  post(
    app,
    '/api/Workflow/ChangeApprovers',
    {
      permission: 'ChangeApprovers',
      summary: 'Replace a person in the open steps of in-flight documents (all, or those chosen)',
      tags,
      body: ChangeApproversBody,
      response: ChangeApproversResult,
    },
    async (req) => reassign.changeApprovers(ctx, currentUser(req), req.body, String(req.id)),
  );
  post(
    app,
    '/api/CostCenterMaster/SearchHeadsByPerson',
    {
      permission: 'changeprogramManager',
      summary: 'Cost centres a person heads (programme manager), with their open head steps',
      tags,
      body: SearchHeadsByPersonBody,
      response: pageOf(HeadOfRow),
    },
    async (req) => reassign.searchHeads(ctx.db, currentUser(req), req.body, req.culture),
  );
  post(
    app,
    '/api/CostCenterMaster/ChangeProgramManager',
    {
      permission: 'changeprogramManager',
      summary: 'Replace a person as head of cost centres, optionally in their open head steps too',
      tags,
      body: ChangeProgramManagerBody,
      response: ChangeProgramManagerResult,
    },
    async (req) => reassign.changeProgramManager(ctx, currentUser(req), req.body, String(req.id)),
  );
}
