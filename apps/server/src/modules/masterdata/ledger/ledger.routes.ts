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
import { currentUser, post } from '../../../core/http';
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
  post(
    app,
    `${io}/Search`,
    {
      permission: ORDER_READERS,
      summary: 'Internal orders by code, name, status or cost centre; Choosable gives those a new document may use',
      tags,
      body: SearchInternalOrderBody,
      response: pageOf(InternalOrderRow),
    },
    async (req) => orders.search(ctx.db, actorOf(req), req.body),
  );
  post(
    app,
    `${io}/Save`,
    {
      permission: ORDERS,
      summary: 'Create (no InternalOrderID) or update an internal order',
      tags,
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
  post(
    app,
    `${io}/ExportInsideOrder`,
    {
      permission: ORDERS,
      summary: 'Export the internal orders matching the filters to Excel (the import layout)',
      tags,
      body: ExportInternalOrderBody,
    },
    async (req, reply) => exportInternalOrders(ctx, reply, currentUser(req).companyId, req.body, req.culture),
  );
  post(
    app,
    `${io}/ImportInsideOrder`,
    {
      permission: ORDERS,
      summary: 'Import internal orders from Excel in the export layout: all rows or none',
      tags,
      multipart: true,
      response: ImportResult,
    },
    async (req) => importInternalOrders(ctx, req, actorOf(req)),
  );

  const ltags = ['ledger expenses'];
  const me = '/api/MainExpense';
  post(
    app,
    `${me}/Search`,
    {
      permission: LEDGER_READERS,
      summary: 'Ledger (main) expenses by code, name, GL account or status',
      tags: ltags,
      body: SearchMainExpenseBody,
      response: pageOf(MainExpenseRow),
    },
    async (req) => ledger.search(ctx.db, actorOf(req), req.body),
  );
  post(
    app,
    `${me}/LoadRecord`,
    {
      permission: LEDGER,
      summary: 'One ledger expense with the expense-item configurations that post to it',
      tags: ltags,
      body: MainExpenseIdBody,
      response: MainExpenseDetail,
    },
    async (req) => ledger.detail(ctx.db, actorOf(req), req.body.MainExpenseID),
  );
  post(
    app,
    `${me}/Save`,
    {
      permission: LEDGER,
      summary: 'Create (no MainExpenseID) or update a ledger expense',
      tags: ltags,
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
