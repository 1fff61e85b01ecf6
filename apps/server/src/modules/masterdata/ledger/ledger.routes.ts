import {
  ExportInternalOrderBody,
  ImportResult,
  InternalOrderRow,
  MainExpenseDetail,
  MainExpenseIdBody,
  MainExpenseRow,
  pageOf,
  SaveInternalOrderBody,
  SaveMainExpenseBody,
  SearchInternalOrderBody,
  SearchMainExpenseBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { currentUser, postGroup } from '../../../core/http';
import { lifecycleRoutes } from '../lifecycle.routes';
import { exportInternalOrders, importInternalOrders } from './internalorder.excel';
import * as orders from './internalorder.service';
import * as ledger from './mainexpense.service';

const ORDERS = 'internalOrderManagement';
const ORDER_READERS = [ORDERS, 'fundsPermission', 'queryFundsPermission'];
const LEDGER = 'mainExpense';
const LEDGER_READERS = [LEDGER, 'ImportYTDManual'];

/** Internal orders (/api/InsideOrder/) and ledger (main) expenses (/api/MainExpense/): started and stopped, never deleted once used. */
export async function ledgerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['internal orders'];
  const io = '/api/InsideOrder';
  const orderCall = postGroup(app, { base: io, permission: ORDERS, tags });
  orderCall(
    'Search',
    {
      permission: ORDER_READERS,
      summary: 'Internal orders by code, name, status or cost centre; Choosable gives those a new document may use',
      body: SearchInternalOrderBody,
      response: pageOf(InternalOrderRow),
    },
    async (req) => orders.search(ctx.db, actorOf(req), req.body),
  );
  orderCall(
    'Save',
    {
      summary: 'Create (no InternalOrderID) or update an internal order',
      body: SaveInternalOrderBody,
      response: InternalOrderRow,
    },
    async (req) => orders.save(ctx, actorOf(req), req.body),
  );
  lifecycleRoutes(app, ctx, {
    spec: orders.lifecycle,
    paths: { start: `${io}/Start`, stop: `${io}/Stop`, remove: `${io}/Delete` },
    permission: ORDERS,
    tags,
    noun: 'internal orders',
  });
  orderCall(
    'ExportInsideOrder',
    {
      summary: 'Export the internal orders matching the filters to Excel (the import layout)',
      body: ExportInternalOrderBody,
    },
    async (req, reply) => exportInternalOrders(ctx, reply, currentUser(req).companyId, req.body, req.culture),
  );
  orderCall(
    'ImportInsideOrder',
    {
      summary: 'Import internal orders from Excel in the export layout: all rows or none',
      multipart: true,
      response: ImportResult,
    },
    async (req) => importInternalOrders(ctx, req, actorOf(req)),
  );

  const ltags = ['ledger expenses'];
  const me = '/api/MainExpense';
  const ledgerCall = postGroup(app, { base: me, permission: LEDGER, tags: ltags });
  ledgerCall(
    'Search',
    {
      permission: LEDGER_READERS,
      summary: 'Ledger (main) expenses by code, name, GL account or status',
      body: SearchMainExpenseBody,
      response: pageOf(MainExpenseRow),
    },
    async (req) => ledger.search(ctx.db, actorOf(req), req.body),
  );
  ledgerCall(
    'LoadRecord',
    {
      summary: 'One ledger expense with the expense-item configurations that post to it',
      body: MainExpenseIdBody,
      response: MainExpenseDetail,
    },
    async (req) => ledger.detail(ctx.db, actorOf(req), req.body.MainExpenseID),
  );
  ledgerCall(
    'Save',
    {
      summary: 'Create (no MainExpenseID) or update a ledger expense',
      body: SaveMainExpenseBody,
      response: MainExpenseDetail,
    },
    async (req) => ledger.save(ctx, actorOf(req), req.body),
  );
  lifecycleRoutes(app, ctx, {
    spec: ledger.lifecycle,
    paths: { start: `${me}/StartExpense`, stop: `${me}/StopExpense`, remove: `${me}/Delete` },
    permission: LEDGER,
    tags: ltags,
    noun: 'ledger expenses',
  });
}
