import {
  type Culture,
  ExportFixedAssetBody,
  type FixedAssetRow,
  pageOf,
  FixedAssetRow as Row,
  SearchFixedAssetBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../../core/actor';
import type { AppContext } from '../../../../core/context';
import { type ExportColumn, sendXlsx } from '../../../../core/export';
import { postGroup } from '../../../../core/http';
import * as assets from './assets.service';

/** The fixed-asset records (screen fixedAssets): search and Excel export. */
export async function fixedAssetRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const call = postGroup(app, { base: '/api/FixedAssets', permission: 'fixedAssets', tags: ['finance'] });
  call(
    'Search',
    {
      summary: 'Fixed-asset records of booked claims: keyword, cost centre, state, acquisition dates, paged',
      body: SearchFixedAssetBody,
      response: pageOf(Row),
    },
    async (req) => assets.search(ctx.db, actorOf(req), req.body),
  );
  call(
    'ExportExcel',
    {
      summary: 'The records with the same filters and sort as Excel, headers in the caller’s language',
      body: ExportFixedAssetBody,
    },
    async (req, reply) => {
      const rows = await assets.exportRows(ctx.db, actorOf(req), req.body);
      const t = (k: string) => ctx.messages.t(k, req.culture);
      return sendXlsx(reply, `${t('menu.account.fixedAssets')}.xlsx`, 'fixedAssets', columns(ctx, req.culture), rows);
    },
  );
}

function columns(ctx: AppContext, culture: Culture): ExportColumn<FixedAssetRow>[] {
  const h = (k: string) => ctx.messages.t(`fin.asset.field.${k}`, culture);
  return [
    { header: h('assetNo'), width: 18, value: (r) => r.AssetNo },
    { header: h('docNo'), width: 18, value: (r) => r.DocNo },
    { header: h('lineNo'), width: 8, value: (r) => r.LineNo },
    { header: h('item'), width: 20, value: (r) => r.ItemName },
    { header: h('description'), width: 30, value: (r) => r.Description },
    { header: h('costCentre'), width: 24, value: (r) => r.CostCenterName },
    { header: h('product'), width: 20, value: (r) => r.ProductName },
    { header: h('employee'), width: 14, value: (r) => r.EmployeeName },
    { header: h('acquiredOn'), width: 12, value: (r) => r.AcquiredOn },
    { header: h('amount'), width: 14, value: (r) => r.Amount },
    { header: h('glAccount'), width: 12, value: (r) => r.GLAccount },
    { header: h('period'), width: 10, value: (r) => r.Period },
    { header: h('state'), width: 10, value: (r) => ctx.messages.t(`fin.asset.state.${r.State}`, culture) },
    { header: h('erpDocNo'), width: 14, value: (r) => r.ErpDocNo },
  ];
}
