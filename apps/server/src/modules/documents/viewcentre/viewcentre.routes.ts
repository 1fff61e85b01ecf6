import { DocumentDetail, pageOf, StartStopApplyBody, ViewCenterQuery, ViewCenterRow } from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { sendXlsx } from '../../../core/export';
import { currentUser, post } from '../../../core/http';
import { shanghaiToday } from '../../../core/time';
import * as repo from './viewcentre.repository';
import * as view from './viewcentre.service';

const tags = ['document view centre'];
const VIEWERS = ['documentViewCenter', 'documentViewCenterAll', 'documentViewCompliance', 'documentViewAudit'];
const EXPORT_LIMIT = 100_000;

const LISTS: { url: string; list: view.ViewList; permission: string | string[]; summary: string }[] = [
  {
    url: 'SearchList',
    list: 'personal',
    permission: ['documentViewCenter', 'documentViewCenterAll'],
    summary: 'Documents I applied for, prepared or approve and those of my teams; with All, the company’s',
  },
  {
    url: 'SearchComplianceList',
    list: 'compliance',
    permission: 'documentViewCompliance',
    summary: 'Submitted documents with spend on healthcare professionals, for compliance viewers',
  },
  {
    url: 'SearchAuditList',
    list: 'audit',
    permission: 'documentViewAudit',
    summary: 'Every submitted document of the company, for audit viewers',
  },
  {
    url: 'SearchFollowList',
    list: 'follow',
    permission: VIEWERS,
    summary: 'Documents of others whose approval route I am on',
  },
  {
    url: 'SearchLongTermApply',
    list: 'long_term',
    permission: VIEWERS,
    summary: 'Approved long-term applies (mine, or the company’s with the all-documents view)',
  },
];

/** The lists (but long-term) and the export read `ctx.reportDb`, the replica when there is one; changes use `ctx.db`. */
export async function viewCentreRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const l of LISTS) {
    post(
      app,
      `/api/DocumentViewCenter/${l.url}`,
      { permission: l.permission, summary: l.summary, tags, body: ViewCenterQuery, response: pageOf(ViewCenterRow) },
      // The long-term list is reloaded right after its own Stop/Start, so it must show that change (and the new
      // Version the next action sends): the primary's. The other lists only read.
      async (req) =>
        view.search(l.list === 'long_term' ? ctx.db : ctx.reportDb, currentUser(req), l.list, req.body, req.culture),
    );
  }
  for (const [url, stop] of [
    ['StopApply', true],
    ['StartApply', false],
  ] as const) {
    post(
      app,
      `/api/DocumentViewCenter/${url}`,
      {
        permission: VIEWERS,
        summary: stop ? 'Stop a long-term apply taking new claims' : 'Let a stopped long-term apply take claims again',
        tags,
        body: StartStopApplyBody,
        response: DocumentDetail,
      },
      async (req) => view.startStopApply(ctx, currentUser(req), req.body, stop, req.culture, String(req.id)),
    );
  }
  post(
    app,
    '/api/DocumentViewCenter/DownloadList',
    {
      permission: VIEWERS,
      summary: 'One of the view-centre lists, with the same filters, as an Excel file',
      tags,
      body: ViewCenterQuery.omit({ PageIndex: true, PageSize: true }).extend({
        List: z.enum(view.VIEW_LISTS).default('personal'),
      }),
    },
    async (req, reply) => {
      const user = currentUser(req);
      const c = req.culture;
      const q = { ...req.body, PageIndex: 1, PageSize: EXPORT_LIMIT };
      const scope = await view.scopeOf(ctx.reportDb, user, q.All && q.List === 'personal' ? 'all' : q.List);
      const t = (k: string) => ctx.messages.t(`export.documents.${k}`, c);
      const rows = (async function* () {
        for await (const r of repo.all(ctx.reportDb, user.companyId, scope, q, EXPORT_LIMIT)) yield view.toRow(r, c);
      })();
      return sendXlsx(
        reply,
        `${t('fileName')}.xlsx`,
        t('sheet'),
        [
          { header: t('docNo'), value: (r) => r.DocNo, width: 20 },
          { header: t('docType'), value: (r) => ctx.messages.t(`doc.type.${r.DocType}`, c), width: 12 },
          { header: t('status'), value: (r) => ctx.messages.t(`doc.status.${r.Status}`, c), width: 14 },
          { header: t('applicantCode'), value: (r) => r.ApplicantCode, width: 12 },
          { header: t('applicant'), value: (r) => r.ApplicantName, width: 16 },
          { header: t('team'), value: (r) => r.TeamName, width: 24 },
          { header: t('expenseType'), value: (r) => r.ExpenseTypeName, width: 24 },
          { header: t('costCentre'), value: (r) => r.CostCenterCode, width: 14 },
          { header: t('currency'), value: (r) => r.Currency, width: 8 },
          { header: t('amount'), value: (r) => r.TotalAmount, width: 16 },
          { header: t('amountCny'), value: (r) => r.TotalAmountCNY, width: 16 },
          { header: t('reason'), value: (r) => r.Reason, width: 40 },
          { header: t('currentApprover'), value: (r) => r.CurrentApproverName, width: 16 },
          { header: t('createdAt'), value: (r) => shanghaiToday(new Date(r.CreatedAt)), width: 12 },
          {
            header: t('submittedAt'),
            value: (r) => r.SubmittedAt && shanghaiToday(new Date(r.SubmittedAt)),
            width: 12,
          },
          { header: t('approvedAt'), value: (r) => r.ApprovedAt && shanghaiToday(new Date(r.ApprovedAt)), width: 12 },
        ],
        rows,
      );
    },
  );
}
