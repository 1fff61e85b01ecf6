import {
  type Culture,
  type ErpCallRow,
  OutboundJobRow,
  pageOf,
  RetryOutboundJobBody,
  SearchOutboundJobBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import { forbidden } from '../../core/errors';
import { type ExportColumn, sendXlsx } from '../../core/export';
import { currentUser, post, type SessionUser } from '../../core/http';
import { erpCallsOfJobs } from '../finance/posting/posting.service';
import * as outbound from './outbound.service';

const tags = ['outbound'];
/** The interface log screen: every call to a system outside, its attempts and its last error. */
const VIEW = 'rfcLog';
/** The posting centre shows the ERP's part of the log (its RFC tab). */
const POSTING = 'postIntoAccount';

export async function outboundRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  post(
    app,
    '/api/document/SearchRFCLog',
    {
      permission: [VIEW, POSTING],
      summary:
        'Calls to systems outside (mail, EVM, ERP): state, attempts, last error, the request that caused them; ' +
        'an ERP call with each request and response',
      tags,
      body: SearchOutboundJobBody,
      response: pageOf(OutboundJobRow),
    },
    // A log to read: the replica's copy serves; a retry below answers with its row from the primary.
    async (req) => {
      const user = currentUser(req);
      const page = await outbound.search(ctx.reportDb, user.companyId, scoped(user, req.body));
      return { ...page, Rows: await withErpCalls(ctx, user.companyId, page.Rows) };
    },
  );

  post(
    app,
    '/api/document/ExportRFCLog',
    {
      permission: [VIEW, POSTING],
      summary: 'The interface log with the same filters as Excel; an ERP call gives a row per request and response',
      tags,
      body: SearchOutboundJobBody,
    },
    async (req, reply) => {
      const user = currentUser(req);
      const page = await outbound.search(ctx.reportDb, user.companyId, {
        ...scoped(user, req.body),
        PageIndex: 1,
        PageSize: 20_000,
      });
      const jobs = await withErpCalls(ctx, user.companyId, page.Rows);
      const lines = jobs.flatMap((job): Line[] =>
        job.ErpCalls?.length ? job.ErpCalls.map((call) => ({ job, call })) : [{ job, call: null }],
      );
      const c = req.culture;
      return sendXlsx(reply, `${t(ctx, c, 'posting.file.rfc')}.xlsx`, 'rfc', exportColumns(ctx, c), lines);
    },
  );

  post(
    app,
    '/api/document/RetryRFCLog',
    {
      permission: VIEW,
      summary: 'Gives a failed call a new round of attempts (administrators)',
      tags,
      body: RetryOutboundJobBody,
      response: OutboundJobRow,
    },
    async (req) => {
      const user = currentUser(req);
      // Auditors read the log; only an administrator sends again.
      if (!user.isAdmin) throw forbidden('auth.function_missing');
      return outbound.retry(
        ctx.db,
        { userId: user.userId, companyId: user.companyId, requestId: String(req.id) },
        req.body.ID,
      );
    },
  );
}

/** Without the interface log's own function (the posting centre's RFC tab), only the ERP's calls. */
function scoped(user: SessionUser, body: SearchOutboundJobBody): SearchOutboundJobBody {
  return user.functions.has(VIEW) || user.isAdmin ? body : { ...body, Queue: 'erp' };
}

async function withErpCalls(ctx: AppContext, companyId: number, rows: OutboundJobRow[]): Promise<OutboundJobRow[]> {
  const ids = rows.filter((r) => r.Queue === 'erp').map((r) => r.ID);
  if (ids.length === 0) return rows;
  const calls = await erpCallsOfJobs(ctx.reportDb, companyId, ids);
  return rows.map((r) => (r.Queue === 'erp' ? { ...r, ErpCalls: calls.get(r.ID) ?? [] } : r));
}

const t = (ctx: AppContext, culture: Culture, key: string) => ctx.messages.t(key, culture);

type Line = { job: OutboundJobRow; call: ErpCallRow | null };

function exportColumns(ctx: AppContext, culture: Culture): ExportColumn<Line>[] {
  const o = (k: string) => t(ctx, culture, `outbound.field.${k}`);
  const p = (k: string) => t(ctx, culture, `posting.field.${k}`);
  return [
    { header: o('id'), width: 8, value: (r) => r.job.ID },
    { header: o('queue'), width: 14, value: (r) => t(ctx, culture, `outbound.queue.${r.job.Queue}`) },
    { header: o('state'), width: 10, value: (r) => r.job.State },
    { header: o('attempts'), width: 8, value: (r) => r.job.Attempts },
    { header: o('lastError'), width: 30, value: (r) => r.job.LastError },
    { header: o('createdAt'), width: 22, value: (r) => r.job.CreatedAt },
    { header: o('completedAt'), width: 22, value: (r) => r.job.CompletedAt },
    { header: p('docNo'), width: 18, value: (r) => r.call?.DocNo },
    { header: p('postingRef'), width: 38, value: (r) => r.call?.PostingRef },
    { header: p('gateway'), width: 20, value: (r) => r.call?.Gateway },
    {
      header: p('outcome'),
      width: 12,
      value: (r) => (r.call ? t(ctx, culture, `posting.outcome.${r.call.Outcome}`) : ''),
    },
    { header: p('erpDocNo'), width: 14, value: (r) => r.call?.ErpDocNo },
    { header: p('request'), width: 60, value: (r) => r.call?.Request },
    { header: p('response'), width: 40, value: (r) => r.call?.Response },
    { header: p('at'), width: 22, value: (r) => r.call?.StartedAt },
  ];
}
