import {
  CardTxnRow,
  ClaimResult,
  ExportBusinessCardBody,
  ImportResult,
  pageOf,
  SaveClaimDetailBody,
  SearchBusinessCardBody,
  TurnPersonalItemPrivateBody,
  TurnResult,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { type ExportColumn, sendXlsx } from '../../../core/export';
import { currentUser, postGroup } from '../../../core/http';
import { importUpload } from '../../masterdata/catalog/excel';
import * as cards from './business.service';
import { importStatement } from './business.statement';

/** An export holds at most this many transactions. */
export const EXPORT_LIMIT = 100_000;

/**
 * My business card (`/manage/myBusinessCard`): the holder's transactions, marking personal ones private, claiming
 * business ones into a deputy, export; and the issuer's statement import for those who pay (`expenseRemittance`).
 */
export async function businessCardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const route = postGroup(app, { base: '/api/document', permission: 'myBusinessCard', tags: ['cards'] });
  route(
    'SearchBusinessCard',
    {
      summary: "The holder's card transactions: date, merchant, amount, masked card, state, claiming deputy",
      body: SearchBusinessCardBody,
      response: pageOf(CardTxnRow),
    },
    async (req) => cards.search(ctx.db, currentUser(req), req.body),
  );
  route(
    'ExportBusinessCard',
    { summary: 'The transactions the filters select as Excel, card numbers masked', body: ExportBusinessCardBody },
    async (req, reply) => {
      const c = req.culture;
      const h = (k: string) => ctx.messages.t(`cards.column.${k}`, c);
      const columns: ExportColumn<CardTxnRow>[] = [
        { header: h('cardNo'), value: (x) => x.CardNo, width: 22 },
        { header: h('transDate'), value: (x) => x.TransDate, width: 12 },
        { header: h('merchant'), value: (x) => x.Merchant, width: 30 },
        { header: h('amount'), value: (x) => x.Amount, width: 14 },
        { header: h('currency'), value: (x) => x.Currency, width: 8 },
        { header: h('status'), value: (x) => ctx.messages.t(`cards.cardStatus.${x.Status}`, c), width: 10 },
        { header: h('docNo'), value: (x) => x.DocNo ?? '', width: 18 },
      ];
      const rows = cards.exportRows(ctx.db, currentUser(req), req.body, EXPORT_LIMIT);
      return sendXlsx(reply, `${ctx.messages.t('cards.export.cardFile', c)}.xlsx`, 'Cards', columns, rows);
    },
  );
  route(
    'TurnPersonalItemPrivate',
    {
      summary: 'Mark open transactions private: they are deducted from the next payment to the holder',
      body: TurnPersonalItemPrivateBody,
      response: TurnResult,
    },
    async (req) => cards.turnPrivate(ctx, currentUser(req), req.body, String(req.id)),
  );
  route(
    'SaveClaimDetail',
    {
      summary: 'Claim open transactions into a draft deputy (new or given), one line each, each claimed once',
      body: SaveClaimDetailBody,
      response: ClaimResult,
    },
    async (req) => cards.claim(ctx, currentUser(req), req.culture, String(req.id), req.body),
  );
  route(
    'ImportBusinessCardStatement',
    {
      summary: "The card issuer's statement (multipart .xlsx): any bad row or unknown card changes nothing",
      permission: 'expenseRemittance',
      multipart: true,
      response: ImportResult,
    },
    async (req) => {
      const { data, culture } = await importUpload(req);
      return importStatement(ctx, { ...actorOf(req), culture }, data);
    },
  );
}
