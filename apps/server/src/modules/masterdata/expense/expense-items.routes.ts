import {
  DeleteByIdsBody,
  ExpenseItemOptions,
  ExpenseItemRow,
  InsertSubExpenseItemBody,
  ItemConfigLookupBody,
  ItemConfigRow,
  MasterOptions,
  Ok,
  pageOf,
  SaveExpenseItemBody,
  SaveItemConfigBody,
  SaveSubExpenseItemBody,
  SearchExpenseItemAllBody,
  SearchExpenseItemSponsorBody,
  SearchItemConfigBody,
  SearchSubExpenseItemBody,
  SearchSubExpenseItemListBody,
  SubExpenseItemOptions,
  SubExpenseItemRow,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { post, postGroup } from '../../../core/http';
import * as itemsRepo from './expense-items.repository';
import * as items from './expense-items.service';
import { itemOption } from './expense-items.service';
import { EXPENSE_MASTER_READERS, expenseTypeRoutes } from './expense-types.routes';
import * as config from './item-config.service';

const tags = ['expense master data'];
const ok = { Success: true as const };
const SUB_MANAGE = 'expenseSubManage';
const CONFIG = 'mainExpenseItemConfig';

/** Expense types, items, sub-items, their setups per document type and their GL mapping. */
export async function expenseMasterRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const configCall = postGroup(app, { base: '/api/MainExpenseItemConfig', permission: CONFIG, tags });
  const call = postGroup(app, { base: '/api/system', permission: SUB_MANAGE, tags });
  await expenseTypeRoutes(app, ctx);

  call(
    'SearchExpenseItemAll',
    {
      permission: EXPENSE_MASTER_READERS,
      summary: 'Expense items of the company, paged, with filters',
      body: SearchExpenseItemAllBody,
      response: pageOf(ExpenseItemRow),
    },
    async (req) => items.searchItems(ctx.db, actorOf(req), req.body),
  );
  call(
    'SaveExpenseItem',
    {
      summary: 'Create (no ID) or update an expense item; the code does not change',
      body: SaveExpenseItemBody,
      response: ExpenseItemRow,
    },
    async (req) => items.saveItem(ctx.db, actorOf(req), req.body),
  );
  call(
    'DeleteExpenseItem',
    {
      summary: 'Delete expense items nothing refers to (items in use are stopped instead)',
      body: DeleteByIdsBody,
      response: Ok,
    },
    async (req) => {
      await items.deleteItems(ctx.db, actorOf(req), req.body.IDs);
      return ok;
    },
  );
  call(
    'SearchExpenseItemSponsor',
    {
      permission: 'authenticated',
      summary: 'Active items whose lines name HCP/HCO attendees (sponsorship), optionally of a document type or type',
      body: SearchExpenseItemSponsorBody,
      response: ExpenseItemOptions,
    },
    async (req) => {
      const actor = actorOf(req);
      const rows = await itemsRepo.sponsorItems(ctx.db, actor.companyId, {
        docType: req.body.DocType,
        typeId: req.body.ExpenseTypeID,
      });
      return { Rows: rows.map((i) => itemOption(i, actor.culture)) };
    },
  );

  call(
    'SearchSubExpenseItem',
    {
      permission: 'authenticated',
      summary: 'Active sub-items of an expense item, for document lines',
      body: SearchSubExpenseItemBody,
      response: SubExpenseItemOptions,
    },
    async (req) => items.subItemOptions(ctx.db, actorOf(req), req.body.ExpenseItemID),
  );
  call(
    'SearchSubExpenseItemList',
    {
      summary: 'Sub-items, paged, of one item or all',
      body: SearchSubExpenseItemListBody,
      response: pageOf(SubExpenseItemRow),
    },
    async (req) => items.searchSubItems(ctx.db, actorOf(req), req.body),
  );
  call(
    'InsertSubExpenseItem',
    {
      summary: 'Create a sub-item of an active expense item',
      body: InsertSubExpenseItemBody,
      response: SubExpenseItemRow,
    },
    async (req) => items.insertSubItem(ctx.db, actorOf(req), req.body),
  );
  call(
    'SaveSubExpenseItem',
    {
      summary: 'Rename, sort, start or stop a sub-item',
      body: SaveSubExpenseItemBody,
      response: SubExpenseItemRow,
    },
    async (req) => items.saveSubItem(ctx.db, actorOf(req), req.body),
  );
  call('DeleteSubExpenseItem', { summary: 'Delete sub-items', body: DeleteByIdsBody, response: Ok }, async (req) => {
    await items.deleteSubItems(ctx.db, actorOf(req), req.body.IDs);
    return ok;
  });

  configCall(
    'SearchList',
    {
      summary: 'GL mappings of expense items per document type and cost-centre type or product',
      body: SearchItemConfigBody,
      response: pageOf(ItemConfigRow),
    },
    async (req) => config.search(ctx.db, actorOf(req), req.body),
  );
  configCall(
    'Save',
    {
      summary: 'Create (no ID) or update a GL mapping; only started ledger expenses and active items can be chosen',
      body: SaveItemConfigBody,
      response: ItemConfigRow,
    },
    async (req) => config.save(ctx.db, actorOf(req), req.body),
  );
  configCall('Delete', { summary: 'Delete GL mappings', body: DeleteByIdsBody, response: Ok }, async (req) => {
    await config.remove(ctx.db, actorOf(req), req.body.IDs);
    return ok;
  });
  const lookups = [
    ['SearchMainExpenseItem', 'Started ledger expenses (GL accounts) a mapping may name', config.ledgerOptions],
    ['SearchDeputyExpenseItem', 'Active items offered for a document type (deputy unless given)', config.itemOptions],
    ['SearchProduct', 'Active products a mapping may name', config.productOptions],
    [
      'SearchCostCenter',
      'Kinds of cost centre a mapping may name, with how many are started',
      (db, actor, q) => config.costCentreTypeOptions(db, ctx.messages, actor, q),
    ],
  ] as const satisfies readonly (readonly [string, string, typeof config.ledgerOptions])[];
  for (const [action, summary, lookup] of lookups) {
    post(
      app,
      `/api/MainExpenseItemConfig/${action}`,
      { permission: CONFIG, summary, tags, body: ItemConfigLookupBody, response: MasterOptions },
      async (req) => ({ Rows: await lookup(ctx.db, actorOf(req), req.body) }),
    );
  }
}
