import {
  type Culture,
  type UsageReport,
  YearUsedDetailBody,
  YearUsedDetailExportBody,
  YearUsedDetailPage,
  type YearUsedDetailRow,
  YearUsedPage,
  type YearUsedRow,
  YearUsedSearchBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { type ExportColumn, sendXlsx } from '../../core/export';
import { postGroup } from '../../core/http';
import * as usage from './usage-report.service';

/** Who may read each report: the screens that show it (the summary screen and the HCP/HCO detail report). */
const PERMISSION: Record<UsageReport, string[]> = {
  HCP: ['searchHCPYearUsedAmount', 'HCPReport'],
  LectureFee: ['searchHCPYearUsedAmount', 'HCPReport'],
  HCO: ['searchHCOYearUsedAmount', 'HCOReport'],
  Overseas: ['searchHCOYearUsedAmount', 'HCOReport'],
  ClinicalTrialHCO: ['ClinicalTrialHCOYearUsedAmount'],
};

/**
 * The yearly used amounts (Report group): by HCP, HCO, clinical-trial HCO, overseas item and lecture fee, each with
 * the documents behind a subject's use and an Excel export of the sums or the documents. They read the usage and
 * ledger rows the cap check keeps (docs/decisions/035), on the report database.
 */
export async function usageReportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const report of Object.keys(PERMISSION) as UsageReport[]) {
    const call = postGroup(app, { base: '/api/Report', permission: PERMISSION[report], tags: ['report'] });
    call(
      `Search${report}YearUsedAmount`,
      {
        summary: `Yearly used amount by ${report}: held, consumed, cap, available and % used per subject, with totals`,
        body: YearUsedSearchBody,
        response: YearUsedPage,
      },
      async (req) => usage.search(ctx.reportDb, actorOf(req), report, req.body),
    );
    call(
      `Search${report}YearUsedAmountDetail`,
      {
        summary: `The documents behind the ${report} yearly use (one subject or all), newest first`,
        body: YearUsedDetailBody,
        response: YearUsedDetailPage,
      },
      async (req) => usage.detail(ctx.reportDb, actorOf(req), report, req.body),
    );
    call(
      `Export${report}YearUsedAmount`,
      {
        summary: `The ${report} yearly use as Excel: the subjects' sums, or with Detail the documents`,
        body: YearUsedDetailExportBody,
      },
      async (req, reply) => {
        const actor = actorOf(req);
        await usage.assertSubject(ctx.reportDb, actor, report, req.body.SubjectID);
        const t = (k: string) => ctx.messages.t(k, req.culture);
        const name = `${t(`usage.report.${report}`)}-${req.body.Year}${req.body.Detail ? `-${t('usage.documents')}` : ''}`;
        if (req.body.Detail)
          return sendXlsx(
            reply,
            `${name}.xlsx`,
            t('usage.documents'),
            detailColumns(ctx, req.culture),
            usage.exportDetails(ctx.reportDb, actor, report, req.body),
          );
        return sendXlsx(
          reply,
          `${name}.xlsx`,
          t(`usage.report.${report}`),
          sumColumns(ctx, req.culture),
          usage.exportSums(ctx.reportDb, actor, report, req.body),
        );
      },
    );
  }
}

function sumColumns(ctx: AppContext, culture: Culture): ExportColumn<YearUsedRow>[] {
  const h = (k: string) => ctx.messages.t(`usage.field.${k}`, culture);
  return [
    { header: h('year'), width: 8, value: (r) => r.Year },
    { header: h('subjectCode'), width: 14, value: (r) => r.SubjectCode },
    { header: h('subjectName'), width: 24, value: (r) => r.SubjectName },
    { header: h('extra'), width: 24, value: (r) => r.Extra },
    { header: h('held'), width: 14, value: (r) => r.Held },
    { header: h('consumed'), width: 14, value: (r) => r.Consumed },
    { header: h('used'), width: 14, value: (r) => r.Used },
    { header: h('cap'), width: 14, value: (r) => r.Cap },
    { header: h('available'), width: 14, value: (r) => r.Available },
    { header: h('usedPercent'), width: 10, value: (r) => r.UsedPercent },
    { header: h('documents'), width: 10, value: (r) => r.Documents },
  ];
}

function detailColumns(ctx: AppContext, culture: Culture): ExportColumn<YearUsedDetailRow>[] {
  const h = (k: string) => ctx.messages.t(`usage.field.${k}`, culture);
  return [
    { header: h('docNo'), width: 18, value: (r) => r.DocNo },
    { header: h('docStatus'), width: 12, value: (r) => ctx.messages.t(`usage.state.${r.State}`, culture) },
    { header: h('applicant'), width: 14, value: (r) => r.ApplicantName },
    { header: h('subjectCode'), width: 14, value: (r) => r.SubjectCode },
    { header: h('subjectName'), width: 24, value: (r) => r.SubjectName },
    { header: h('item'), width: 20, value: (r) => r.ExpenseItemName },
    { header: h('month'), width: 8, value: (r) => r.Month },
    { header: h('amount'), width: 14, value: (r) => r.Amount },
  ];
}
