import {
  type Culture,
  ExportFreezeBody,
  FreezeEmployeeBody,
  FreezeHistoryRow,
  FreezeLoanList,
  FreezeResult,
  FreezeRow,
  pageOf,
  SearchFreezeBody,
  SearchFreezeHistoryBody,
  SearchFreezeLoanBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { type ExportColumn, sendXlsx } from '../../core/export';
import { postGroup } from '../../core/http';
import type { FreezeScreen } from './freeze.service';
import * as freezes from './freeze.service';

const tags = ['freezes'];

/** The calls every freeze screen shares: its list, export, history and a person's open loans. */
function screenCalls(app: FastifyInstance, ctx: AppContext, screen: FreezeScreen) {
  const call = postGroup(app, { base: `/api/${screen}`, permission: screen, tags });
  call(
    'Search',
    {
      summary: 'The people this screen acts on, with their open loans, paged',
      body: SearchFreezeBody,
      response: pageOf(FreezeRow),
    },
    async (req) => freezes.search(ctx.db, actorOf(req), screen, req.body),
  );
  call(
    'Export',
    {
      summary: 'The list with the same filters and sort as Excel, headers in the caller’s language',
      body: ExportFreezeBody,
    },
    async (req, reply) => {
      const rows = await freezes.exportRows(ctx.db, actorOf(req), screen, req.body);
      return sendXlsx(
        reply,
        `${t(ctx, req.culture, `menu.expense.${screen}`)}.xlsx`,
        screen,
        exportColumns(ctx, req.culture),
        rows,
      );
    },
  );
  call(
    'SearchHistory',
    {
      summary: 'Freezes and thaws of this kind, of one person or the company, newest first',
      body: SearchFreezeHistoryBody,
      response: pageOf(FreezeHistoryRow),
    },
    async (req) => freezes.history(ctx.db, actorOf(req), screen, req.body),
  );
  call(
    'SearchLoanList',
    {
      summary: 'A person’s open loans with what each still owes and its due date',
      body: SearchFreezeLoanBody,
      response: FreezeLoanList,
    },
    async (req) => freezes.loanList(ctx.db, actorOf(req), req.body.EmployeeID),
  );
  return call;
}

const t = (ctx: AppContext, culture: Culture, key: string) => ctx.messages.t(key, culture);

function exportColumns(ctx: AppContext, culture: Culture): ExportColumn<FreezeRow>[] {
  const h = (k: string) => t(ctx, culture, `freeze.field.${k}`);
  return [
    { header: h('code'), width: 14, value: (r) => r.Code },
    { header: h('name'), width: 18, value: (r) => r.Name },
    { header: h('team'), width: 28, value: (r) => r.TeamName },
    { header: h('status'), width: 16, value: (r) => t(ctx, culture, `org.person.status.${r.Status}`) },
    { header: h('openLoans'), width: 12, value: (r) => r.OpenLoans },
    { header: h('openBalance'), width: 16, value: (r) => r.OpenBalance },
    { header: h('overdueLoans'), width: 12, value: (r) => r.OverdueLoans },
    { header: h('oldestDueDate'), width: 14, value: (r) => r.OldestDueDate },
  ];
}

/** Each screen's own change: its call, what it does, and the use case. */
const CHANGES: { screen: FreezeScreen; name: string; summary: string; run: typeof freezes.freezeOverdue }[] = [
  {
    screen: 'OverdueFreeze',
    name: 'FreezeEmployee',
    summary: 'Freeze a person with an overdue loan, with a reason',
    run: freezes.freezeOverdue,
  },
  {
    screen: 'OverdueThaw',
    name: 'ThawEmployee',
    summary: 'Thaw a person frozen for an overdue loan, with a reason',
    run: freezes.thawOverdue,
  },
  {
    screen: 'ResignationFreeze',
    name: 'FreezeEmployee',
    summary: 'Freeze a person who is leaving, with a reason',
    run: freezes.freezeResignation,
  },
];

export async function freezeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const c of CHANGES) {
    screenCalls(app, ctx, c.screen)(
      c.name,
      { summary: c.summary, body: FreezeEmployeeBody, response: FreezeResult },
      async (req) => c.run(ctx.db, actorOf(req), req.body),
    );
  }
}
