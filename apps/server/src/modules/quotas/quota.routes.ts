import {
  ArchiveQuotaBody,
  ArchiveQuotaResult,
  ExportQuotaBody,
  ImportResult,
  Ok,
  pageOf,
  QuotaDetailDeleteBody,
  QuotaDetailList,
  QuotaDetailSaveBody,
  QuotaDetailSearchBody,
  QuotaIdsBody,
  QuotaItemSearchBody,
  QuotaOptions,
  QuotaRow,
  QuotaSaved,
  QuotaSubjectSearchBody,
  SearchQuotaBody,
  SetQuotaLimitStatusBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { postGroup, sendFile } from '../../core/http';
import { importUpload } from '../masterdata/catalog/excel';
import { exportQuotas, importQuotas, template } from './quota.excel';
import * as quotas from './quota.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Quotas (screen quotaManagement, DESIGN §11): yearly caps, their monthly caps, Excel, archive and limit status. */
export async function quotaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const call = postGroup(app, { base: '/api/quota', permission: 'quotaManagement', tags: ['quota'] });
  call(
    'Search',
    {
      summary: 'Quotas of the company: year, kind, keyword, limit status, archived; each with its use, paged',
      body: SearchQuotaBody,
      response: pageOf(QuotaRow),
    },
    async (req) => quotas.search(ctx.db, actorOf(req), req.body),
  );
  call(
    'DetailSearch',
    {
      summary: 'One quota with its monthly caps and what each month used',
      body: QuotaDetailSearchBody,
      response: QuotaDetailList,
    },
    async (req) => quotas.detailSearch(ctx.db, actorOf(req), req.body.QuotaID),
  );
  call(
    'DetailSave',
    {
      summary: 'Adds a quota or changes one (at its version) with its monthly caps',
      body: QuotaDetailSaveBody,
      response: QuotaSaved,
    },
    async (req) => quotas.detailSave(ctx, actorOf(req), req.body),
  );
  call(
    'SearchSubject',
    {
      summary:
        'Subjects a quota of the kind can name (HCP, HCO, clinical-trial HCO, employee, overseas item), by keyword or id',
      body: QuotaSubjectSearchBody,
      response: QuotaOptions,
    },
    async (req) => quotas.subjectOptions(ctx.db, actorOf(req), req.body),
  );
  call(
    'SearchExpenseItem',
    {
      summary: 'Expense items a quota may be limited to, by keyword or id',
      body: QuotaItemSearchBody,
      response: QuotaOptions,
    },
    async (req) => quotas.itemOptions(ctx.db, actorOf(req), req.body),
  );
  call(
    'DetailDelete',
    { summary: 'Removes monthly caps of a quota (at its version)', body: QuotaDetailDeleteBody, response: QuotaSaved },
    async (req) => quotas.detailDelete(ctx, actorOf(req), req.body),
  );
  call('Delete', { summary: 'Deletes quotas with their monthly caps', body: QuotaIdsBody, response: Ok }, async (req) =>
    quotas.remove(ctx, actorOf(req), req.body),
  );
  call(
    'Archive',
    {
      summary: 'Closes a year: its quotas no longer limit submissions and leave the default list',
      body: ArchiveQuotaBody,
      response: ArchiveQuotaResult,
    },
    async (req) => quotas.archive(ctx, actorOf(req), req.body),
  );
  call(
    'SetBudgetLimitStatus',
    {
      summary: 'Sets the limit status of quotas: 0 no control, 1 warn, 2 block',
      body: SetQuotaLimitStatusBody,
      response: Ok,
    },
    async (req) => quotas.setLimitStatus(ctx, actorOf(req), req.body),
  );
  call(
    'ExportExcel',
    { summary: 'The quotas the filters select as Excel, in the import layout', body: ExportQuotaBody },
    async (req, reply) => exportQuotas(ctx, actorOf(req), req.body, reply),
  );
  call(
    'DownloadTemplateFile',
    { summary: 'The import template, headers in the caller’s language', body: z.object({}).loose() },
    async (req, reply) =>
      sendFile(
        reply,
        `${ctx.messages.t('quota.templateFile', req.culture)}.xlsx`,
        XLSX,
        await template(ctx, req.culture),
      ),
  );
  call(
    'Import',
    {
      summary: 'Creates or updates quotas from Excel (multipart); a file with any bad cell changes nothing',
      multipart: true,
      response: ImportResult,
    },
    async (req) => {
      const { data, culture } = await importUpload(req);
      return importQuotas(ctx, { ...actorOf(req), culture }, data);
    },
  );
}
