import {
  ClaimResult,
  ExportDidiOrderBody,
  ImportResult,
  pageOf,
  RideOrderRow,
  SaveDidiOrderBody,
  SearchDidiOrderBody,
  SearchDidiOrderProxyBody,
  TurnDidiOrderBody,
  TurnResult,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { type ExportColumn, sendXlsx } from '../../../core/export';
import { currentUser, postGroup } from '../../../core/http';
import { importUpload } from '../../masterdata/catalog/excel';
import * as rides from './rides.service';
import { importOrders } from './rides.statement';

export const EXPORT_LIMIT = 100_000;

/**
 * My ride-hailing orders (`/manage/myDidiOrder`): the employee's orders, turned private or business, business ones
 * claimed into a deputy until their claim deadline, the fill-in proxy's view, export; the provider's statement
 * import for those who pay (`expenseRemittance`).
 */
export async function rideOrderRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const route = postGroup(app, { base: '/api/document', permission: 'myDidiOrder', tags: ['cards'] });
  route(
    'SearchDidiOrder',
    {
      summary: "The employee's ride-hailing orders with their state and claim deadline",
      body: SearchDidiOrderBody,
      response: pageOf(RideOrderRow),
    },
    async (req) => rides.search(ctx.db, currentUser(req), req.body),
  );
  route(
    'SearchDidiOrderProxy',
    {
      summary: "A fill-in proxy's view of the principal's orders",
      body: SearchDidiOrderProxyBody,
      response: pageOf(RideOrderRow),
    },
    async (req) => rides.searchProxy(ctx.db, currentUser(req), req.body),
  );
  route(
    'ExportDidiOrder',
    { summary: 'The orders the filters select as Excel', body: ExportDidiOrderBody },
    async (req, reply) => {
      const c = req.culture;
      const h = (k: string) => ctx.messages.t(`cards.column.${k}`, c);
      const columns: ExportColumn<RideOrderRow>[] = [
        { header: h('orderNo'), value: (x) => x.OrderNo, width: 20 },
        { header: h('provider'), value: (x) => x.Provider, width: 10 },
        { header: h('orderDate'), value: (x) => x.OrderDate, width: 12 },
        { header: h('fromPlace'), value: (x) => x.FromPlace, width: 24 },
        { header: h('toPlace'), value: (x) => x.ToPlace, width: 24 },
        { header: h('amount'), value: (x) => x.Amount, width: 12 },
        { header: h('status'), value: (x) => ctx.messages.t(`cards.orderStatus.${x.Status}`, c), width: 10 },
        { header: h('claimableUntil'), value: (x) => x.ClaimableUntil, width: 12 },
        { header: h('docNo'), value: (x) => x.DocNo ?? '', width: 18 },
      ];
      const rows = rides.exportRows(ctx.db, currentUser(req), req.body, EXPORT_LIMIT);
      return sendXlsx(reply, `${ctx.messages.t('cards.export.orderFile', c)}.xlsx`, 'Orders', columns, rows);
    },
  );
  route(
    'TurnDidiOrderPrivate',
    { summary: 'Turn orders private (not claimable)', body: TurnDidiOrderBody, response: TurnResult },
    async (req) => rides.turn(ctx, currentUser(req), 'private', req.body, String(req.id)),
  );
  route(
    'TurnDidiOrderBusiness',
    { summary: 'Turn orders business (to claim)', body: TurnDidiOrderBody, response: TurnResult },
    async (req) => rides.turn(ctx, currentUser(req), 'business', req.body, String(req.id)),
  );
  route(
    'SaveDidiOrder',
    {
      summary: 'Claim business orders into a draft deputy (new or given), the trip as the line, each claimed once',
      body: SaveDidiOrderBody,
      response: ClaimResult,
    },
    async (req) => rides.claim(ctx, currentUser(req), req.culture, String(req.id), req.body),
  );
  route(
    'ImportDidiOrderStatement',
    {
      summary: "The ride-hailing provider's statement (multipart .xlsx): any bad row changes nothing",
      permission: 'expenseRemittance',
      multipart: true,
      response: ImportResult,
    },
    async (req) => {
      const { data, culture } = await importUpload(req);
      return importOrders(ctx, { ...actorOf(req), culture }, data);
    },
  );
}
