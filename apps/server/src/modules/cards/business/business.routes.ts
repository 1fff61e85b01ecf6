import {
  BusinessCardRow,
  CardTxnRow,
  ClaimResult,
  DeleteBusinessCardBody,
  ExportBusinessCardBody,
  ExportBusinessCardRegistryBody,
  ImportResult,
  Ok,
  pageOf,
  SaveBusinessCardBody,
  SaveClaimDetailBody,
  SearchBusinessCardBody,
  SearchBusinessCardRegistryBody,
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
import { importRegistry } from './registry.import';
import * as registry from './registry.service';

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

  registryRoutes(app, ctx);
}

/**
 * The card registry on the business-card screen, for those who receive the issuer's statements (`expenseRemittance`):
 * search, export, add, edit (cancel, re-activate) and remove an unused card. Numbers are served masked.
 */
function registryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = postGroup(app, { base: '/api/document', permission: 'expenseRemittance', tags: ['cards'] });
  route(
    'SearchBusinessCardRegistry',
    {
      summary: "The company's business cards: holder, masked number, name on card, valid until, active, transactions",
      body: SearchBusinessCardRegistryBody,
      response: pageOf(BusinessCardRow),
    },
    async (req) => registry.search(ctx.db, actorOf(req), req.body),
  );
  route(
    'ExportBusinessCardRegistry',
    { summary: 'The cards the filters select as Excel, numbers masked', body: ExportBusinessCardRegistryBody },
    async (req, reply) => {
      const c = req.culture;
      const h = (k: string) => ctx.messages.t(`cards.column.${k}`, c);
      const columns: ExportColumn<BusinessCardRow>[] = [
        { header: h('employeeCode'), value: (x) => x.EmployeeCode, width: 14 },
        { header: h('employeeName'), value: (x) => x.EmployeeName, width: 18 },
        { header: h('cardNo'), value: (x) => x.CardNo, width: 22 },
        { header: h('holderName'), value: (x) => x.HolderName, width: 22 },
        { header: h('validUntil'), value: (x) => x.ValidUntil ?? '', width: 12 },
        { header: h('active'), value: (x) => ctx.messages.t(`cards.cardActive.${x.Active}`, c), width: 10 },
        { header: h('transactions'), value: (x) => x.Transactions, width: 12 },
      ];
      const rows = registry.exportRows(ctx.db, actorOf(req), req.body, EXPORT_LIMIT);
      return sendXlsx(reply, `${ctx.messages.t('cards.export.registryFile', c)}.xlsx`, 'Cards', columns, rows);
    },
  );
  route(
    'ImportBusinessCardRegistry',
    {
      summary:
        'Cards from a sheet (employee code, card number, name on card, valid until); any bad row changes nothing',
      multipart: true,
      response: ImportResult,
    },
    async (req) => {
      const { data, culture } = await importUpload(req);
      return importRegistry(ctx, { ...actorOf(req), culture }, data);
    },
  );
  route(
    'SaveBusinessCard',
    {
      summary: 'Add a card to an employee, or edit one (holder, name on card, valid until, cancel or re-activate)',
      body: SaveBusinessCardBody,
      response: BusinessCardRow,
    },
    async (req) => registry.save(ctx, actorOf(req), req.body),
  );
  route(
    'DeleteBusinessCard',
    {
      summary: 'Remove a card no transaction names; a card with transactions is cancelled instead (409)',
      body: DeleteBusinessCardBody,
      response: Ok,
    },
    async (req) => {
      await registry.remove(ctx, actorOf(req), req.body);
      return { Success: true as const };
    },
  );
}
