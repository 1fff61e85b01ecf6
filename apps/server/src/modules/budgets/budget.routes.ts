import {
  AddBudgetBody,
  BudgetDetail,
  BudgetIdBody,
  BudgetOptions,
  BudgetRow,
  DeleteBudgetBody,
  DeleteBudgetDetailBody,
  ExportLimitReportBody,
  ExportLimitSubBody,
  ImportResult,
  LimitReportPage,
  LimitSubGridBody,
  LimitSubGridRow,
  Ok,
  OptionKeywordBody,
  pageOf,
  SaveBudgetDetailBody,
  SearchBudgetBody,
  SearchLimitReportBody,
  SetBudgetControlPeriodBody,
  SetBudgetLimitStatusBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { postGroup } from '../../core/http';
import { importUpload } from '../masterdata/catalog/excel';
import { exportReport, exportSub, importBudgets, template } from './budget.excel';
import * as budgets from './budget.service';

const MANAGE = 'budgetManagement';
const REPORT = 'budgeReport';
const ok = { Success: true as const };

/** Budgets (DESIGN §11): the budget screen's calls, its cost-centre list, and the limit-status report (its reads on `ctx.reportDb`). */
export async function budgetRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['budgets'];
  const call = postGroup(app, { base: '/api/budget', permission: MANAGE, tags });
  call(
    'Search',
    {
      summary: 'Budgets of the company with what is held, reserved, consumed and available',
      body: SearchBudgetBody,
      response: pageOf(BudgetRow),
    },
    async (req) => budgets.search(ctx.db, actorOf(req), req.body),
  );
  call(
    'Add',
    {
      summary: 'Create a budget (year × cost centre × expense item, optional product) with its months',
      body: AddBudgetBody,
      response: BudgetRow,
    },
    async (req) => budgets.add(ctx.db, actorOf(req), req.body),
  );
  call(
    'Delete',
    { summary: 'Delete budgets no document has moved', body: DeleteBudgetBody, response: Ok },
    async (req) => {
      await budgets.remove(ctx.db, actorOf(req), req.body);
      return ok;
    },
  );
  call(
    'DetailSearch',
    { summary: 'A budget and its monthly details', body: BudgetIdBody, response: BudgetDetail },
    async (req) => budgets.detail(ctx.db, actorOf(req), req.body.BudgetID),
  );
  call(
    'DetailSave',
    {
      summary: 'Set months of a budget; its amount becomes their sum (a blocked budget not below what is used)',
      body: SaveBudgetDetailBody,
      response: BudgetDetail,
    },
    async (req) => budgets.saveDetail(ctx.db, actorOf(req), req.body),
  );
  call(
    'DetailDelete',
    { summary: 'Remove months of a budget', body: DeleteBudgetDetailBody, response: BudgetDetail },
    async (req) => budgets.deleteDetail(ctx.db, actorOf(req), req.body),
  );
  call(
    'SetBudgetLimitStatus',
    {
      summary: 'Set the limit status of budgets: 0 none, 1 warn, 2 block',
      body: SetBudgetLimitStatusBody,
      response: z.object({ Rows: z.array(BudgetRow) }),
    },
    async (req) => ({ Rows: await budgets.setLimitStatus(ctx.db, actorOf(req), req.body) }),
  );
  call(
    'SetBudgetControlPeriod',
    {
      summary: 'Set the period budgets are controlled on: the year, the expense’s month, or the months to date',
      body: SetBudgetControlPeriodBody,
      response: z.object({ Rows: z.array(BudgetRow) }),
    },
    async (req) => ({ Rows: await budgets.setControlPeriod(ctx.db, actorOf(req), req.body) }),
  );
  call(
    'SearchExpenseItemList',
    { summary: 'Expense items a budget can be for', body: OptionKeywordBody, response: BudgetOptions },
    async (req) => budgets.expenseItems(ctx.db, actorOf(req), req.body.Keyword),
  );
  call(
    'SearchProductList',
    { summary: 'Active products a budget can be for', body: OptionKeywordBody, response: BudgetOptions },
    async (req) => budgets.products(ctx.db, actorOf(req), req.body.Keyword),
  );
  call(
    'DownloadTemplateFile',
    { summary: 'The Excel template of the budget import', body: z.object({}) },
    async (req, reply) => template(ctx, actorOf(req), reply),
  );
  call(
    'Import',
    {
      summary: 'Create or replace budgets from the template (multipart); a file with any bad cell changes nothing',
      multipart: true,
      response: ImportResult,
    },
    async (req) => {
      const { data, culture } = await importUpload(req);
      return importBudgets(ctx, { ...actorOf(req), culture }, data);
    },
  );

  const status = postGroup(app, { base: '/api/budgetLimitStatus', permission: MANAGE, tags });
  status(
    'SearchCostCenterByCompanyID',
    { summary: 'Cost centres of the company, to budget', body: OptionKeywordBody, response: BudgetOptions },
    async (req) => budgets.costCentres(ctx.db, actorOf(req), req.body.Keyword),
  );

  const report = postGroup(app, { base: '/api/BudgeLimitStatusReport', permission: REPORT, tags });
  report(
    'Search',
    {
      summary: 'Budgets of a year by team, cost centre and deputy expense item, with totals',
      body: SearchLimitReportBody,
      response: LimitReportPage,
    },
    async (req) => budgets.limitReport(ctx.reportDb, actorOf(req), req.body),
  );
  report(
    'SearchTeam',
    { summary: 'Teams of the company, to filter by', body: OptionKeywordBody, response: BudgetOptions },
    async (req) => budgets.teams(ctx.db, actorOf(req), req.body.Keyword),
  );
  report(
    'SearchCostCenterByCompanyID',
    { summary: 'Cost centres of the company, to filter by', body: OptionKeywordBody, response: BudgetOptions },
    async (req) => budgets.costCentres(ctx.db, actorOf(req), req.body.Keyword),
  );
  report(
    'SearchAllDeputyExpenseItem',
    {
      summary: 'Expense items of the deputy expense types, to filter by',
      body: OptionKeywordBody,
      response: BudgetOptions,
    },
    async (req) => budgets.deputyExpenseItems(ctx.db, actorOf(req), req.body.Keyword),
  );
  report(
    'SearchLimitSubGrid',
    {
      summary: 'The documents holding, reserving or consuming a budget',
      body: LimitSubGridBody,
      response: pageOf(LimitSubGridRow),
    },
    async (req) => budgets.subGrid(ctx.reportDb, actorOf(req), req.body),
  );
  report(
    'ExportExcel',
    { summary: 'Export every budget the filters select to Excel (streamed)', body: ExportLimitReportBody },
    async (req, reply) => exportReport(ctx, actorOf(req), req.body, reply),
  );
  report(
    'ExportSubExcel',
    { summary: 'Export the documents of a budget to Excel', body: ExportLimitSubBody },
    async (req, reply) => exportSub(ctx, actorOf(req), req.body.BudgetID, reply),
  );
}
