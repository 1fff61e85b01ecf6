import {
  ApproveBody,
  BatchApproveBody,
  BatchApproveResult,
  ConfirmBody,
  type DocType,
  DocumentDetail,
  DocumentIdBody,
  Id,
  PendingQuery,
  PendingRow,
  pageOf,
  RoutePreview,
  RouteView,
  SubmitBody,
  Version,
} from '@ems/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { currentUser, post } from '../../../core/http';
import * as approval from './approval.service';
import * as pending from './pending.service';

const tags = ['approval'];
const AREAS: [string, DocType][] = [
  ['Apply', 'apply'],
  ['Loan', 'loan'],
  ['Deputy', 'deputy'],
];

/** The Idempotency-Key header of a state-changing call, if the client sent one. */
export function keyOf(req: FastifyRequest): string | undefined {
  const k = req.headers['idempotency-key'];
  return typeof k === 'string' && /^[\w.:-]{8,100}$/.test(k) ? k : undefined;
}

export async function approvalRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const [name, docType] of AREAS) {
    post(
      app,
      `/api/DocumentSubmit/Submit${name}`,
      {
        permission: 'personalExpense',
        summary: `Submit a ${docType} document into approval (Idempotency-Key honoured)`,
        tags,
        body: SubmitBody,
        response: DocumentDetail,
      },
      async (req) =>
        approval.submit(
          ctx,
          currentUser(req),
          docType,
          {
            id: req.body.ID,
            version: req.body.Version,
            confirmWarnings: req.body.ConfirmLimitWarnings === true,
            key: keyOf(req),
            requestId: String(req.id),
          },
          req.culture,
        ),
    );
    post(
      app,
      `/api/DocumentApprove/Approve${name}`,
      {
        permission: 'approveCenter',
        summary: `Approve or reject the current step of a ${docType} document`,
        tags,
        body: ApproveBody,
        response: DocumentDetail,
      },
      async (req) =>
        approval.decide(
          ctx,
          currentUser(req),
          docType,
          {
            id: req.body.ID,
            pass: req.body.Pass,
            comment: req.body.Comment,
            version: req.body.Version,
            key: keyOf(req),
            requestId: String(req.id),
          },
          req.culture,
        ),
    );
  }
  post(
    app,
    '/api/DocumentApprove/ResponsibleConfirm',
    {
      permission: 'personalExpense',
      summary: 'The applicant confirms (or declines) what a fill-in proxy prepared',
      tags,
      body: ConfirmBody,
      response: DocumentDetail,
    },
    async (req) =>
      approval.confirm(
        ctx,
        currentUser(req),
        {
          id: req.body.ID,
          version: req.body.Version,
          accept: req.body.Accept,
          comment: req.body.Comment,
          confirmWarnings: req.body.ConfirmLimitWarnings === true,
          key: keyOf(req),
          requestId: String(req.id),
        },
        req.culture,
      ),
  );
  post(
    app,
    '/api/Workflow/GetApproveUIList',
    {
      permission: 'authenticated',
      summary: 'The approval route of a document, every round, with who acted and when',
      tags,
      body: DocumentIdBody,
      response: RouteView,
    },
    async (req) => approval.approveUiList(ctx.db, currentUser(req), req.body.ID, req.culture),
  );
  post(
    app,
    '/api/Workflow/PreviewRoute',
    {
      permission: 'personalExpense',
      summary: 'Who would approve the document if it were submitted now, and why',
      tags,
      body: DocumentIdBody,
      response: RoutePreview,
    },
    async (req) => approval.previewRoute(ctx.db, currentUser(req), req.body.ID, req.culture),
  );
  post(
    app,
    '/api/ApproveCenter/QueryPendingList',
    {
      permission: 'approveCenter',
      summary: 'Documents waiting for me, or for those I approve for as proxy',
      tags,
      body: PendingQuery,
      response: pageOf(PendingRow),
    },
    async (req) => pending.pending(ctx.db, currentUser(req), req.body, req.culture),
  );
  post(
    app,
    '/api/ApproveCenter/QueryPending',
    {
      permission: 'approveCenter',
      summary: 'How many documents wait for me, and how many of them are overdue',
      tags,
      response: z.object({ Count: z.number().int(), Overdue: z.number().int() }),
    },
    async (req) => pending.pendingCount(ctx.db, currentUser(req)),
  );
  post(
    app,
    '/api/ApproveCenter/BatchApprove',
    {
      permission: 'approveCenter',
      summary: 'Approve-all: approves each document’s current step, each on its own, answering per document',
      tags,
      body: BatchApproveBody,
      response: BatchApproveResult,
    },
    async (req) => ({
      Rows: await pending.batchApprove(
        ctx,
        currentUser(req),
        req.body,
        { key: keyOf(req), requestId: String(req.id) },
        req.culture,
      ),
    }),
  );
  post(
    app,
    '/api/ApproveCenter/CheckCurrentApprover',
    {
      permission: 'authenticated',
      summary: 'Whether the signed-in user holds the document’s current step',
      tags,
      body: DocumentIdBody,
      response: z.object({ IsCurrentApprover: z.boolean() }),
    },
    async (req) => ({ IsCurrentApprover: await pending.isCurrentApprover(ctx.db, currentUser(req), req.body.ID) }),
  );
  post(
    app,
    '/api/system/UpateDocumentState',
    {
      permission: 'workflow',
      summary: 'An administrator cancels a document at any open state, with a reason (audited)',
      tags,
      body: z.object({
        ID: Id,
        Version,
        Status: z.literal('cancelled'),
        Reason: z.string().trim().min(1).max(1000),
      }),
      response: DocumentDetail,
    },
    async (req) =>
      approval.adminCancel(
        ctx,
        currentUser(req),
        { id: req.body.ID, version: req.body.Version, reason: req.body.Reason, requestId: String(req.id) },
        req.culture,
      ),
  );
  post(
    app,
    '/api/DocumentApprove/IsManager',
    {
      permission: 'authenticated',
      summary: 'Whether anyone reports to the signed-in user',
      tags,
      response: z.object({ IsManager: z.boolean() }),
    },
    async (req) => ({ IsManager: await approval.isManager(ctx.db, currentUser(req)) }),
  );
}
