import {
  ChangedResult,
  DeleteByIdsBody,
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
  StartStopBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { currentUser, post } from '../../../core/http';
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
    async (req) => orders.search(ctx.db, currentUser(req).companyId, req.body, req.culture),
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
    async (req) => orders.save(ctx, actorOf(req), req.body, req.culture),
  );
  for (const [action, status] of [
    ['Start', 'started'],
    ['Stop', 'stopped'],
  ] as const) {
    post(
      app,
      `${io}/${action}`,
      { permission: ORDERS, summary: `${action} internal orders`, tags, body: StartStopBody, response: ChangedResult },
      async (req) => ({
        Success: true as const,
        Changed: await orders.setStatus(ctx, actorOf(req), req.body.Items, status),
      }),
    );
  }
  post(
    app,
    `${io}/Delete`,
    {
      permission: ORDERS,
      summary: 'Delete internal orders never used; one in use is refused (stop it instead)',
      tags,
      body: DeleteByIdsBody,
      response: ChangedResult,
    },
    async (req) => ({
      Success: true as const,
      Changed: await orders.remove(ctx, actorOf(req), req.body.IDs),
    }),
  );
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
    async (req) => ledger.search(ctx.db, currentUser(req).companyId, req.body, req.culture),
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
    async (req) => ledger.detail(ctx.db, currentUser(req).companyId, req.body.MainExpenseID, req.culture),
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
    async (req) => ledger.save(ctx, actorOf(req), req.body, req.culture),
  );
  for (const [action, status] of [
    ['StartExpense', 'started'],
    ['StopExpense', 'stopped'],
  ] as const) {
    post(
      app,
      `${me}/${action}`,
      {
        permission: LEDGER,
        summary: `${status === 'started' ? 'Start' : 'Stop'} ledger expenses`,
        tags: ltags,
        body: StartStopBody,
        response: ChangedResult,
      },
      async (req) => ({
        Success: true as const,
        Changed: await ledger.setStatus(ctx, actorOf(req), req.body.Items, status),
      }),
    );
  }
  post(
    app,
    `${me}/Delete`,
    {
      permission: LEDGER,
      summary: 'Delete ledger expenses nothing posts to; one in use is refused (stop it instead)',
      tags: ltags,
      body: DeleteByIdsBody,
      response: ChangedResult,
    },
    async (req) => ({
      Success: true as const,
      Changed: await ledger.remove(ctx, actorOf(req), req.body.IDs),
    }),
  );
}
