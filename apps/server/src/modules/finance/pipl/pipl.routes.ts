import {
  type Culture,
  DeleteF110Body,
  DeleteF110Result,
  ExportF110Body,
  F110Item,
  F110Run,
  pageOf,
  SearchF110DetailBody,
  SearchF110MainBody,
} from '@ems/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { forbidden } from '../../../core/errors';
import { type ExportColumn, sendXlsx } from '../../../core/export';
import { currentUser, postGroup } from '../../../core/http';
import * as pipl from './pipl.service';

/** An export holds at most this many items; a larger one is narrowed by its filters. */
export const EXPORT_LIMIT = 100_000;

const userOf = (req: FastifyRequest): pipl.PiplUser => ({ ...actorOf(req), user: currentUser(req) });

/**
 * PIPL (`/api/pipl/`): the payment runs' personal data (the SAP F110 payment-run data of the specification) by run
 * and item, their export, and their deletion after the retention period.
 */
export async function piplRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const route = postGroup(app, { base: '/api/pipl', permission: 'PaymentManage', tags: ['pipl'] });
  const t = (key: string, c: Culture) => ctx.messages.t(`pipl.${key}`, c);

  route(
    'SearchF110Main',
    {
      summary: 'Paid runs: payees, items, total, and whether and when their personal data were deleted',
      body: SearchF110MainBody,
      response: pageOf(F110Run),
    },
    async (req) => pipl.searchMain(ctx.db, userOf(req), req.body),
  );
  route(
    'SearchF110Detail',
    {
      summary: 'The items of one paid run: document, payee, bank and account (masked unless the user pays), amount',
      body: SearchF110DetailBody,
      response: pageOf(F110Item),
    },
    async (req) => pipl.searchDetail(ctx.db, userOf(req), req.body),
  );
  route(
    'ExportF110',
    { summary: 'Every item of the runs the filters select as Excel, masked as on screen', body: ExportF110Body },
    async (req, reply) => {
      const u = userOf(req);
      const c = u.culture;
      const h = (k: string) => t(`col.${k}`, c);
      const columns: ExportColumn<pipl.F110ExportLine>[] = [
        { header: h('runNo'), value: (x) => x.RunNo, width: 12 },
        { header: h('creditingDate'), value: (x) => x.CreditingDate, width: 12 },
        { header: h('remittedAt'), value: (x) => x.RemittedAt, width: 22 },
        { header: h('docNo'), value: (x) => x.DocNo, width: 18 },
        { header: h('lineNo'), value: (x) => x.LineNo, width: 8 },
        { header: h('payeeCode'), value: (x) => x.PayeeCode, width: 14 },
        { header: h('payeeName'), value: (x) => x.PayeeName, width: 20 },
        { header: h('bankName'), value: (x) => x.BankName, width: 20 },
        { header: h('bankAccount'), value: (x) => x.BankAccount, width: 24 },
        { header: h('amount'), value: (x) => x.Amount, width: 14 },
      ];
      const rows = pipl.exportLines(ctx.db, u, req.body, EXPORT_LIMIT);
      return sendXlsx(reply, `${t('export.fileName', c)}.xlsx`, 'F110', columns, rows);
    },
  );
  route(
    'DeleteF110',
    {
      summary: 'Delete the personal data of paid runs past their retention (amounts and documents stay)',
      body: DeleteF110Body,
      response: DeleteF110Result,
    },
    async (req) => {
      const u = userOf(req);
      if (!pipl.mayDelete(u.user)) throw forbidden('pipl.delete_forbidden');
      return pipl.deletePersonalData(ctx, u, req.body);
    },
  );
}
