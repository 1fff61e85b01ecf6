import {
  AuthorityAssignBody,
  AuthorityListBody,
  DeleteExpenseTypeTeamBody,
  EmployeeOption,
  type ExpenseDocType,
  ExpenseItemOptions,
  ExpenseItemRow,
  ExpenseTypeListBody,
  ExpenseTypeRecord,
  ExpenseTypeTeamRow,
  ExpenseTypeTree,
  InsertExpenseTypeBody,
  Ok,
  pageOf,
  SaveExpenseTypeTeamBody,
  SearchExpenseItemBody,
  SearchExpenseTypeAllBody,
  SearchExpenseTypeBody,
  SearchExpenseTypeTeamBody,
  TypeItemListBody,
  TypeItemRelationBody,
  UpdateExpenseTypeBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { post, postGroup } from '../../../core/http';
import * as types from './expense-types.service';
import * as relations from './type-relations.service';

const tags = ['expense master data'];
const ok = { Success: true as const };

/** Screens whose users read the whole catalogue of expense types and items. */
export const EXPENSE_MASTER_READERS = [
  'expenseSubManage',
  'ExpenseTypeTeamRelation',
  'mainExpenseItemConfig',
  'plan',
  'advancePayment',
  'reimbursement',
  'MasterDataLanuage',
  'budgetManagement',
  'quotaManagement',
] as const;

/** The setup of each document type's expense types: its call area and the screen (function) that grants it. */
const SETUPS: { area: string; docType: ExpenseDocType; screen: string }[] = [
  { area: 'ApplyExpenseItem', docType: 'apply', screen: 'plan' },
  { area: 'LoanExpenseItem', docType: 'loan', screen: 'advancePayment' },
  { area: 'DeputyExpenseItem', docType: 'deputy', screen: 'reimbursement' },
];

export async function expenseTypeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  post(
    app,
    '/api/system/SearchExpenseType',
    {
      permission: 'authenticated',
      summary: 'Expense types of a document type the signed-in user may choose, as a tree',
      tags,
      body: SearchExpenseTypeBody,
      response: ExpenseTypeTree,
    },
    async (req) => ({ Rows: await types.typesForUser(ctx.db, actorOf(req), req.body.DocType, req.body.Keyword) }),
  );

  post(
    app,
    '/api/system/SearchExpenseTypeAll',
    {
      permission: EXPENSE_MASTER_READERS,
      summary: 'Every expense type of the company (or of one document type), as trees',
      tags,
      body: SearchExpenseTypeAllBody,
      response: ExpenseTypeTree,
    },
    async (req) => ({
      Rows: await types.typeTree(ctx.db, actorOf(req), {
        docType: req.body.DocType,
        includeInactive: req.body.IncludeInactive ?? false,
      }),
    }),
  );

  post(
    app,
    '/api/system/SearchExpenseItem',
    {
      permission: 'authenticated',
      summary: 'Active items an expense type offers, for document lines',
      tags,
      body: SearchExpenseItemBody,
      response: ExpenseItemOptions,
    },
    async (req) => types.itemsForUser(ctx.db, actorOf(req), req.body.ExpenseTypeID),
  );

  for (const { area, docType, screen } of SETUPS) {
    const base = `/api/${area}`;
    const call = postGroup(app, { base: base, permission: screen, tags });
    call(
      'SearchTypeList',
      {
        summary: `Expense types of ${docType} documents as a tree, stopped ones included`,
        body: ExpenseTypeListBody,
        response: ExpenseTypeTree,
      },
      async (req) => ({
        Rows: await types.typeTree(ctx.db, actorOf(req), {
          docType,
          includeInactive: req.body.IncludeInactive ?? true,
        }),
      }),
    );
    call(
      'SearchSelectedItemList',
      {
        summary: `Items a ${docType} expense type offers`,
        body: TypeItemListBody,
        response: pageOf(ExpenseItemRow),
      },
      async (req) => types.selectedItems(ctx.db, actorOf(req), docType, req.body),
    );
    call(
      'SearchNotSelectedItemList',
      {
        summary: `Active items a ${docType} expense type does not offer yet`,
        body: TypeItemListBody,
        response: pageOf(ExpenseItemRow),
      },
      async (req) => types.notSelectedItems(ctx.db, actorOf(req), docType, req.body),
    );
    call(
      'Insert',
      {
        summary: `Create a ${docType} expense type (under a parent type that offers no items)`,
        body: InsertExpenseTypeBody,
        response: ExpenseTypeRecord,
      },
      async (req) => types.insertType(ctx.db, actorOf(req), docType, req.body),
    );
    call(
      'Update',
      {
        summary: `Rename, move, start or stop a ${docType} expense type`,
        body: UpdateExpenseTypeBody,
        response: ExpenseTypeRecord,
      },
      async (req) => types.updateType(ctx.db, actorOf(req), docType, req.body),
    );
    call(
      'InsertRelation',
      {
        summary: `Offer active items on a ${docType} expense type without sub-types`,
        body: TypeItemRelationBody,
        response: Ok,
      },
      async (req) => {
        await types.offerItems(ctx.db, actorOf(req), docType, req.body);
        return ok;
      },
    );
    call(
      'DeleteRelation',
      {
        summary: `Withdraw items from a ${docType} expense type`,
        body: TypeItemRelationBody,
        response: Ok,
      },
      async (req) => {
        await types.withdrawItems(ctx.db, actorOf(req), docType, req.body);
        return ok;
      },
    );
  }

  for (const [action, selected] of [
    ['SearchSelectedList', true],
    ['SearchNotSelectedList', false],
  ] as const) {
    post(
      app,
      `/api/ApplyAuthorityAssign/${action}`,
      {
        permission: 'plan',
        summary: selected
          ? 'Employees assigned to a restricted apply type'
          : 'Employees of the company not assigned to an apply type',
        tags,
        body: AuthorityListBody,
        response: pageOf(EmployeeOption),
      },
      async (req) => relations.authorityList(ctx.db, actorOf(req), req.body, selected),
    );
  }
  for (const [action, grant] of [
    ['Insert', true],
    ['Delete', false],
  ] as const) {
    post(
      app,
      `/api/ApplyAuthorityAssign/${action}`,
      {
        permission: 'plan',
        summary: grant ? 'Assign a restricted apply type to employees' : 'Take a restricted apply type back',
        tags,
        body: AuthorityAssignBody,
        response: Ok,
      },
      async (req) => {
        await relations.assignAuthority(ctx.db, actorOf(req), req.body, grant);
        return ok;
      },
    );
  }

  post(
    app,
    '/api/system/SearchExpenseTypeTeamRelation',
    {
      permission: 'ExpenseTypeTeamRelation',
      summary: 'Expense types limited to teams',
      tags,
      body: SearchExpenseTypeTeamBody,
      response: pageOf(ExpenseTypeTeamRow),
    },
    async (req) => relations.searchTypeTeams(ctx.db, actorOf(req), req.body),
  );
  post(
    app,
    '/api/system/SaveExpenseTypeTeamRelation',
    {
      permission: 'ExpenseTypeTeamRelation',
      summary: 'Limit an expense type to teams (and the teams below them)',
      tags,
      body: SaveExpenseTypeTeamBody,
      response: Ok,
    },
    async (req) => {
      await relations.saveTypeTeams(ctx.db, actorOf(req), req.body);
      return ok;
    },
  );
  post(
    app,
    '/api/system/DeleteExpenseTypeTeamRelation',
    {
      permission: 'ExpenseTypeTeamRelation',
      summary: 'Remove team limits of expense types',
      tags,
      body: DeleteExpenseTypeTeamBody,
      response: Ok,
    },
    async (req) => {
      await relations.deleteTypeTeams(ctx.db, actorOf(req), req.body.Items);
      return ok;
    },
  );
}
