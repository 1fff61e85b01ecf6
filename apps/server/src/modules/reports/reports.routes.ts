import {
  ApproveAmountPage,
  ApproveAmountQuery,
  type ApproveAmountRow,
  type Culture,
  type CurrentReportRow,
  DocumentStatusPage,
  DocumentStatusQuery,
  type DocumentStatusRow,
  GetReportRecordBody,
  type MonthReportRow,
  ReportRecordPage,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { type ExportColumn, sendXlsx } from '../../core/export';
import { currentUser, postGroup } from '../../core/http';
import * as reports from './reports.service';

const tags = ['reports'];

/**
 * An instant as the business reads it, `yyyy-MM-dd HH:mm` in Asia/Shanghai (UTC+8 all year). Plain arithmetic: a
 * time-zone formatter per cell made a 100,000-row export take many times as long.
 */
const local = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ') : '';

/**
 * The document and spend reports of the report group: document status, approve-amount data, the month report and
 * the current-period report. Each reads the report handle (the replica when there is one) and the user's company.
 */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.reportDb;
  const t = (c: Culture, key: string) => ctx.messages.t(key, c);
  const f = (c: Culture) => (k: string) => t(c, `report.field.${k}`);
  const call = postGroup(app, { base: '/api/Report', permission: 'DocumentStatus', tags });

  call(
    'Query_DocumentStatus',
    {
      summary:
        'Documents of the company newest first with where each stands (who it waits for), and the count per state',
      body: DocumentStatusQuery,
      response: DocumentStatusPage,
    },
    async (req) => reports.documentStatus(db, actorOf(req), req.body),
  );
  call(
    'ExportDocumentStatus',
    { summary: 'Every document of the document-status filter as Excel (streamed)', body: DocumentStatusQuery },
    async (req, reply) => {
      const c = req.culture;
      const h = f(c);
      const cols: ExportColumn<DocumentStatusRow>[] = [
        { header: h('docNo'), width: 20, value: (r) => r.DocNo },
        { header: h('docType'), width: 10, value: (r) => t(c, `doc.type.${r.DocType}`) },
        { header: h('status'), width: 12, value: (r) => t(c, `doc.status.${r.Status}`) },
        { header: h('applicantCode'), width: 12, value: (r) => r.ApplicantCode },
        { header: h('applicant'), width: 14, value: (r) => r.ApplicantName },
        { header: h('team'), width: 22, value: (r) => r.TeamName },
        { header: h('costCentre'), width: 14, value: (r) => r.CostCenterCode },
        { header: h('currency'), width: 8, value: (r) => r.Currency },
        { header: h('amountCny'), width: 14, value: (r) => r.TotalAmountCNY },
        { header: h('createdAt'), width: 18, value: (r) => local(r.CreatedAt) },
        { header: h('submittedAt'), width: 18, value: (r) => local(r.SubmittedAt) },
        { header: h('approvedAt'), width: 18, value: (r) => local(r.ApprovedAt) },
        { header: h('currentApprover'), width: 14, value: (r) => r.CurrentApproverName },
      ];
      const rows = reports.exportDocumentStatus(db, actorOf(req), req.body);
      return sendXlsx(reply, t(c, 'report.file.documentStatus'), 'documents', cols, rows);
    },
  );

  call(
    'SearchApproveAmountData',
    {
      permission: 'approveAmountData',
      summary: 'Approval decisions with the amount decided on, newest first, and the approved count and amount',
      body: ApproveAmountQuery,
      response: ApproveAmountPage,
    },
    async (req) => reports.approveAmounts(db, actorOf(req), req.body),
  );
  call(
    'ExportApproveAmountData',
    {
      permission: 'approveAmountData',
      summary: 'Every decision of the approve-amount filter as Excel (streamed)',
      body: ApproveAmountQuery,
    },
    async (req, reply) => {
      const c = req.culture;
      const h = f(c);
      const cols: ExportColumn<ApproveAmountRow>[] = [
        { header: h('decidedAt'), width: 18, value: (r) => local(r.DecidedAt) },
        { header: h('approverCode'), width: 12, value: (r) => r.ApproverCode },
        { header: h('approver'), width: 14, value: (r) => r.ApproverName },
        { header: h('actedBy'), width: 14, value: (r) => r.ActedByName },
        { header: h('step'), width: 18, value: (r) => r.StepName },
        { header: h('decision'), width: 10, value: (r) => t(c, `report.decision.${r.Decision}`) },
        { header: h('docNo'), width: 20, value: (r) => r.DocNo },
        { header: h('docType'), width: 10, value: (r) => t(c, `doc.type.${r.DocType}`) },
        { header: h('status'), width: 12, value: (r) => t(c, `doc.status.${r.Status}`) },
        { header: h('applicant'), width: 14, value: (r) => r.ApplicantName },
        { header: h('amountCny'), width: 14, value: (r) => r.TotalAmountCNY },
      ];
      const rows = reports.exportApproveAmounts(db, actorOf(req), req.body);
      return sendXlsx(reply, t(c, 'report.file.approveAmount'), 'decisions', cols, rows);
    },
  );

  // Two screens share the call; the body's `Report` says which, and the caller needs that screen.
  const spend = ['MonthReport', 'CurrentReport'] as const;
  call(
    'GetReportRecord',
    {
      permission: spend,
      summary: 'Approved spend per group: the month report (a year by month) or the current-period report',
      body: GetReportRecordBody,
      response: ReportRecordPage,
    },
    async (req) => {
      reports.assertReportScreen(currentUser(req), req.body);
      return reports.reportRecord(db, actorOf(req), req.body);
    },
  );
  call(
    'ExportReportRecord',
    {
      permission: spend,
      summary: 'Every group of the month or current-period report as Excel',
      body: GetReportRecordBody,
    },
    async (req, reply) => {
      reports.assertReportScreen(currentUser(req), req.body);
      const c = req.culture;
      const h = f(c);
      const { month, current } = await reports.spendRows(db, actorOf(req), req.body);
      const group: ExportColumn<MonthReportRow | CurrentReportRow>[] = [
        { header: h('groupCode'), width: 14, value: (r) => r.Code },
        { header: h('groupName'), width: 24, value: (r) => r.Name || t(c, 'report.noGroup') },
      ];
      if (req.body.Report === 'month') {
        const cols: ExportColumn<MonthReportRow>[] = [
          ...group,
          ...Array.from({ length: 12 }, (_, i) => ({
            header: t(c, `report.month.${i + 1}`),
            width: 12,
            value: (r: MonthReportRow) => r.Months[i],
          })),
          { header: h('documents'), width: 10, value: (r) => r.Documents },
          { header: h('totalCny'), width: 14, value: (r) => r.TotalCNY },
        ];
        return sendXlsx(reply, t(c, 'report.file.month'), 'month', cols, month);
      }
      const cols: ExportColumn<CurrentReportRow>[] = [
        ...group,
        { header: h('periodDocuments'), width: 10, value: (r) => r.PeriodDocuments },
        { header: h('periodCny'), width: 14, value: (r) => r.PeriodCNY },
        { header: h('yearToDateCny'), width: 14, value: (r) => r.YearToDateCNY },
        { header: h('lastYearPeriodCny'), width: 14, value: (r) => r.LastYearPeriodCNY },
        { header: h('lastYearToDateCny'), width: 14, value: (r) => r.LastYearToDateCNY },
        { header: h('changePercent'), width: 10, value: (r) => r.ChangePercent },
      ];
      return sendXlsx(reply, t(c, 'report.file.current'), 'current', cols, current);
    },
  );
}
