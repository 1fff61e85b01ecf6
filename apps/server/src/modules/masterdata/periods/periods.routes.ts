import {
  ChangedResult,
  CutOffDayRow,
  DeleteByIdsBody,
  FCSettingRow,
  GetCutOffDayBody,
  pageOf,
  SaveFCSettingBody,
  SearchFCSettingBody,
  SetCutOffDayBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { currentUser, post } from '../../../core/http';
import * as service from './periods.service';

/** Monthly FX rates (FCSetting) and the general and order cut-off days. */
export async function periodRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const fx = { permission: 'FCSetting', tags: ['FX rates'] };
  post(
    app,
    '/api/system/SearchFCSetting',
    { ...fx, summary: 'Monthly FX rates into CNY', body: SearchFCSettingBody, response: pageOf(FCSettingRow) },
    async (req) => service.searchFx(ctx.db, currentUser(req).companyId, req.body),
  );
  post(
    app,
    '/api/system/SaveFCSetting',
    {
      ...fx,
      summary: 'Set (no FCSettingID) or change the rate of a currency for a month (six decimals)',
      body: SaveFCSettingBody,
      response: FCSettingRow,
    },
    async (req) => service.saveFx(ctx, actorOf(req), req.body),
  );
  post(
    app,
    '/api/system/DeleteFCSetting',
    { ...fx, summary: 'Delete FX rates', body: DeleteByIdsBody, response: ChangedResult },
    async (req) => ({ Success: true as const, Changed: await service.deleteFx(ctx, actorOf(req), req.body.IDs) }),
  );

  for (const { kind, permission, get, set, del, what } of [
    {
      kind: 'order' as const,
      permission: 'OrderCutOffDay',
      get: 'GetOrderCutOffDay',
      set: 'SetOrderCutOffDay',
      del: 'DeleteOrderCutOffDay',
      what: 'order cut-off day (ride-hailing orders of the month can be claimed until then)',
    },
    {
      kind: 'general' as const,
      permission: 'SetCutOffDay',
      get: 'GetCutOffDay',
      set: 'SetCutOffDay',
      del: 'DeleteCutOffDay',
      what: 'general cut-off day (postings after it go to the next period)',
    },
  ]) {
    const tags = ['cut-off days'];
    post(
      app,
      `/api/system/${get}`,
      { permission, tags, summary: `Each month’s ${what}`, body: GetCutOffDayBody, response: pageOf(CutOffDayRow) },
      async (req) => service.searchCutOff(ctx.db, currentUser(req).companyId, kind, req.body),
    );
    post(
      app,
      `/api/system/${set}`,
      {
        permission,
        tags,
        summary: `Set (no CutOffDayID) or move a month’s ${what}; a passed one is closed`,
        body: SetCutOffDayBody,
        response: CutOffDayRow,
      },
      async (req) => service.setCutOff(ctx, actorOf(req), kind, req.body),
    );
    post(
      app,
      `/api/system/${del}`,
      {
        permission,
        tags,
        summary: `Delete months’ ${what} that have not passed`,
        body: DeleteByIdsBody,
        response: ChangedResult,
      },
      async (req) => ({
        Success: true as const,
        Changed: await service.deleteCutOff(ctx, actorOf(req), kind, req.body.IDs),
      }),
    );
  }
}
