import {
  BaseInfoRow,
  BaseInfoTypeRow,
  ChangedResult,
  DeleteByIdsBody,
  pageOf,
  SaveBaseInfoBody,
  SaveBaseInfoTypeBody,
  SearchBaseInfoListBody,
  SearchBaseInfoTypeBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { post } from '../../../core/http';
import * as service from './baseinfo.service';

/** Base info (/api/baseInfoSetting/): lookup lists such as chargeback reasons, S.T. reasons and payment methods. */
export async function baseInfoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const opts = { permission: 'basicInfo', tags: ['base info'] };
  const base = '/api/baseInfoSetting';
  post(
    app,
    `${base}/Search`,
    {
      ...opts,
      summary: 'Base-info types with their item counts',
      body: SearchBaseInfoTypeBody,
      response: pageOf(BaseInfoTypeRow),
    },
    async (req) => service.searchTypes(ctx.db, actorOf(req), req.body),
  );
  post(
    app,
    `${base}/Save`,
    {
      ...opts,
      summary: 'Create (no TypeID) or rename a base-info type',
      body: SaveBaseInfoTypeBody,
      response: BaseInfoTypeRow,
    },
    async (req) => service.saveType(ctx, actorOf(req), req.body),
  );
  post(
    app,
    `${base}/Delete`,
    {
      ...opts,
      summary: 'Delete empty types that are not the product’s own lists',
      body: DeleteByIdsBody,
      response: ChangedResult,
    },
    async (req) => ({
      Success: true as const,
      Changed: await service.deleteTypes(ctx, actorOf(req), req.body.IDs),
    }),
  );
  post(
    app,
    `${base}/SearchBaseInfoList`,
    {
      ...opts,
      summary: 'Items of a type (by TypeID or TypeCode)',
      body: SearchBaseInfoListBody,
      response: pageOf(BaseInfoRow),
    },
    async (req) => service.searchItems(ctx.db, actorOf(req), req.body),
  );
  post(
    app,
    `${base}/SaveBaseInfo`,
    { ...opts, summary: 'Create (no BaseInfoID) or change an item', body: SaveBaseInfoBody, response: BaseInfoRow },
    async (req) => service.saveItem(ctx, actorOf(req), req.body),
  );
  post(
    app,
    `${base}/DeleteBaseInfo`,
    { ...opts, summary: 'Delete items', body: DeleteByIdsBody, response: ChangedResult },
    async (req) => ({ Success: true as const, Changed: await service.deleteItems(ctx, actorOf(req), req.body.IDs) }),
  );
}
