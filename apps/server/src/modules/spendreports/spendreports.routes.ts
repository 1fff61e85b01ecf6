import {
  AspExportBody,
  AspListBody,
  AspPage,
  type AspRow,
  ImportResult,
  SalesBudgetBody,
  SalesBudgetExportBody,
  SalesBudgetPage,
  type SalesBudgetRow,
  SpendDetailBody,
  SpendDetailPage,
  type SpendDetailRow,
  SpendExportBody,
  SpendListBody,
  SpendOptions,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { type ExportColumn, sendXlsx } from '../../core/export';
import { postGroup } from '../../core/http';
import { importUpload } from '../masterdata/catalog/excel';
import * as sales from './sales.service';
import * as spend from './spend.service';

/** An export holds at most this many lines; a larger one is narrowed by its filters. */
export const EXPORT_LIMIT = 100_000;

/** The four spend reports: which documents, grouped by what, and the screen (function) that opens each. */
const SPEND_REPORTS = [
  { call: 'ApplyDetailByCostCenter', screen: 'planCostReport', kind: { docType: 'apply', by: 'costCentre' } },
  { call: 'ApplyDetailByProduct', screen: 'planProductReport', kind: { docType: 'apply', by: 'product' } },
  { call: 'DeputyDetailByCostCenter', screen: 'deputyCostReport', kind: { docType: 'deputy', by: 'costCentre' } },
  { call: 'DeputyDetailByProduct', screen: 'deputyProductReport', kind: { docType: 'deputy', by: 'product' } },
] as const satisfies readonly { call: string; screen: string; kind: spend.SpendKind }[];

const SPEND_SCREENS = SPEND_REPORTS.map((r) => r.screen);

/**
 * The spend reports (apply and deputy lines by cost centre and by product, with their filter lists) and the daily
 * sales reports (ASP and budget, with their Excel imports). Reads go to the report database.
 */
export async function spendReportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const report = postGroup(app, { base: '/api/Report', permission: SPEND_SCREENS, tags: ['reports'] });
  const t = (key: string, c: Parameters<typeof ctx.messages.t>[1]) => ctx.messages.t(`salesReport.${key}`, c);

  for (const r of SPEND_REPORTS) {
    report(
      `Search${r.call}`,
      {
        permission: r.screen,
        summary: `The ${r.kind.docType} lines by ${r.kind.by === 'costCentre' ? 'cost centre' : 'product'}: one page, the total and the monthly trend`,
        body: SpendDetailBody,
        response: SpendDetailPage,
      },
      async (req) => spend.search(ctx.reportDb, actorOf(req), r.kind, req.body),
    );
    report(
      `Export${r.call}`,
      { permission: r.screen, summary: 'Every line of the same filters as an Excel file', body: SpendExportBody },
      async (req, reply) => {
        const actor = actorOf(req);
        const c = actor.culture;
        const rows = await spend.exportRows(ctx.reportDb, actor, r.kind, req.body, EXPORT_LIMIT);
        const h = (k: string) => t(`col.${k}`, c);
        const group: ExportColumn<SpendDetailRow>[] =
          r.kind.by === 'costCentre'
            ? [
                { header: h('costCentreCode'), value: (x) => x.CostCenterCode, width: 14 },
                { header: h('costCentreName'), value: (x) => x.CostCenterName, width: 24 },
              ]
            : [
                { header: h('productCode'), value: (x) => x.ProductCode, width: 14 },
                { header: h('productName'), value: (x) => x.ProductName, width: 24 },
              ];
        const cols: ExportColumn<SpendDetailRow>[] = [
          ...group,
          { header: h('docNo'), value: (x) => x.DocNo, width: 20 },
          { header: h('status'), value: (x) => ctx.messages.t(`doc.status.${x.Status}`, c), width: 12 },
          { header: h('applicantCode'), value: (x) => x.ApplicantCode, width: 12 },
          { header: h('applicant'), value: (x) => x.ApplicantName, width: 14 },
          { header: h('team'), value: (x) => x.TeamName, width: 20 },
          { header: h('expenseType'), value: (x) => x.ExpenseTypeName, width: 18 },
          { header: h('expenseItem'), value: (x) => x.ExpenseItemName, width: 18 },
          ...(r.kind.by === 'costCentre'
            ? [{ header: h('productName'), value: (x: SpendDetailRow) => x.ProductName, width: 20 }]
            : [{ header: h('costCentreName'), value: (x: SpendDetailRow) => x.CostCenterName, width: 20 }]),
          { header: h('expenseDate'), value: (x) => x.ExpenseDate, width: 12 },
          { header: h('currency'), value: (x) => x.Currency, width: 8 },
          { header: h('amount'), value: (x) => x.Amount, width: 14 },
          { header: h('amountCny'), value: (x) => x.AmountCNY, width: 14 },
        ];
        return sendXlsx(reply, `${t(`file.${r.screen}`, c)}.xlsx`, 'lines', cols, rows);
      },
    );
  }

  report(
    'ExpenseTypeList',
    {
      summary: 'The company’s expense types, of one document type when named',
      body: SpendListBody,
      response: SpendOptions,
    },
    async (req) => spend.expenseTypeList(ctx.reportDb, actorOf(req), req.body),
  );
  report(
    'ProductList',
    {
      summary: 'The company’s products',
      body: SpendListBody,
      response: SpendOptions,
      permission: [...SPEND_SCREENS, 'Daily_Sales_Report_ASP', 'Daily_Sales_Report_Budget'],
    },
    async (req) => spend.productList(ctx.reportDb, actorOf(req)),
  );
  report(
    'ItemNameList',
    {
      summary: 'The company’s expense items, of one expense type or document type when named',
      body: SpendListBody,
      response: SpendOptions,
    },
    async (req) => spend.itemNameList(ctx.reportDb, actorOf(req), req.body),
  );

  // Daily sales: the ASP report and its import.
  report(
    'GetASPList',
    {
      permission: 'Daily_Sales_Report_ASP',
      summary: 'Per month and product: the standard ASP against units, sales and the ASP achieved',
      body: AspListBody,
      response: AspPage,
    },
    async (req) => sales.aspList(ctx.reportDb, actorOf(req), req.body),
  );
  report(
    'ASPReportExport',
    {
      permission: 'Daily_Sales_Report_ASP',
      summary: 'The ASP report of the same filters as Excel',
      body: AspExportBody,
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const c = actor.culture;
      const h = (k: string) => t(`col.${k}`, c);
      const cols: ExportColumn<AspRow>[] = [
        { header: h('month'), value: (x) => x.Month, width: 10 },
        { header: h('productCode'), value: (x) => x.ProductCode, width: 14 },
        { header: h('standardAsp'), value: (x) => x.StandardASP, width: 14 },
        { header: h('productName'), value: (x) => x.ProductName, width: 24 },
        { header: h('quantity'), value: (x) => x.Quantity, width: 12 },
        { header: h('amount'), value: (x) => x.Amount, width: 16 },
        { header: h('actualAsp'), value: (x) => x.ActualASP, width: 14 },
        { header: h('variance'), value: (x) => x.VariancePercent, width: 12 },
      ];
      const rows = await sales.aspExport(ctx.reportDb, actor, req.body);
      return sendXlsx(reply, `${t('file.asp', c)}.xlsx`, 'ASP', cols, rows);
    },
  );
  report(
    'ReportASPImport',
    {
      permission: 'Daily_Sales_Report_ASP',
      summary: 'Standard ASPs per month and product from Excel (multipart); a file with any bad cell changes nothing',
      multipart: true,
      response: ImportResult,
    },
    async (req) => {
      const { data, culture } = await importUpload(req);
      return sales.importAsp(ctx, { ...actorOf(req), culture }, data);
    },
  );

  // Daily sales against the budget, and the daily sales import.
  report(
    'GetBudGetList',
    {
      permission: 'Daily_Sales_Report_Budget',
      summary: 'Daily sales against the day’s budget, with the month to date and the totals per day',
      body: SalesBudgetBody,
      response: SalesBudgetPage,
    },
    async (req) => sales.budgetList(ctx.reportDb, actorOf(req), req.body),
  );
  report(
    'BudReportExport',
    {
      permission: 'Daily_Sales_Report_Budget',
      summary: 'The budget report of the same filters as Excel',
      body: SalesBudgetExportBody,
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const c = actor.culture;
      const h = (k: string) => t(`col.${k}`, c);
      const cols: ExportColumn<SalesBudgetRow>[] = [
        { header: h('salesDate'), value: (x) => x.SalesDate, width: 12 },
        { header: h('productCode'), value: (x) => x.ProductCode, width: 14 },
        { header: h('quantity'), value: (x) => x.Quantity, width: 12 },
        { header: h('amount'), value: (x) => x.Amount, width: 16 },
        { header: h('budgetAmount'), value: (x) => x.BudgetAmount, width: 16 },
        { header: h('productName'), value: (x) => x.ProductName, width: 24 },
        { header: h('achievement'), value: (x) => x.AchievementPercent, width: 12 },
        { header: h('mtdAmount'), value: (x) => x.MonthToDateAmount, width: 16 },
        { header: h('mtdBudget'), value: (x) => x.MonthToDateBudget, width: 16 },
        { header: h('mtdAchievement'), value: (x) => x.MonthToDatePercent, width: 12 },
      ];
      const rows = await sales.budgetExport(ctx.reportDb, actor, req.body);
      return sendXlsx(reply, `${t('file.budget', c)}.xlsx`, 'sales', cols, rows);
    },
  );
  report(
    'ReportDaily_Sales_Import',
    {
      permission: 'Daily_Sales_Report_Budget',
      summary: 'Daily sales and budget per product from Excel (multipart); a file with any bad cell changes nothing',
      multipart: true,
      response: ImportResult,
    },
    async (req) => {
      const { data, culture } = await importUpload(req);
      return sales.importDaily(ctx, { ...actorOf(req), culture }, data);
    },
  );
}
