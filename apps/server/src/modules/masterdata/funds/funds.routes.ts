import {
  ChangedResult,
  ChargeableRow,
  DeleteByIdsBody,
  FundsPermissionRow,
  pageOf,
  QueryFundsPermissionBody,
  QueryFundsPermissionResult,
  SaveFundsPermissionBody,
  SearchChargeableBody,
  SearchFundsPermissionBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { currentUser, post } from '../../../core/http';
import * as service from './funds.service';

const SET = 'fundsPermission';
const QUERY = 'queryFundsPermission';
const tags = ['fund permission'];
const base = '/api/FundsPermission';

/** Fund permission: who may charge which cost centres and internal orders beyond their own, set and queried. */
export async function fundsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  post(
    app,
    `${base}/Search`,
    {
      permission: SET,
      summary: 'Grants by grantee, cost centre, internal order or validity',
      tags,
      body: SearchFundsPermissionBody,
      response: pageOf(FundsPermissionRow),
    },
    async (req) => service.search(ctx.db, actorOf(req), req.body),
  );
  post(
    app,
    `${base}/Save`,
    {
      permission: SET,
      summary:
        'Grant (no FundsPermissionID) or change a grant: one employee or team, one cost centre or internal order',
      tags,
      body: SaveFundsPermissionBody,
      response: FundsPermissionRow,
    },
    async (req) => service.save(ctx, actorOf(req), req.body),
  );
  post(
    app,
    `${base}/Delete`,
    { permission: SET, summary: 'Withdraw grants', tags, body: DeleteByIdsBody, response: ChangedResult },
    async (req) => ({ Success: true as const, Changed: await service.remove(ctx, actorOf(req), req.body.IDs) }),
  );
  post(
    app,
    `${base}/Query`,
    {
      permission: [QUERY, SET],
      summary: 'Which cost centres and internal orders a person may charge on a day, and why',
      tags,
      body: QueryFundsPermissionBody,
      response: QueryFundsPermissionResult,
    },
    async (req) => service.query(ctx.db, currentUser(req), req.body, req.culture),
  );
  post(
    app,
    `${base}/SearchChargeable`,
    {
      permission: 'authenticated',
      summary: 'The signed-in user’s own choosable cost centres and internal orders (for documents)',
      tags,
      body: SearchChargeableBody,
      response: pageOf(ChargeableRow),
    },
    async (req) => service.ownChargeable(ctx.db, currentUser(req), req.body, req.culture),
  );
}
