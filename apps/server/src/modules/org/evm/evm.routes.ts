import {
  EvmRelationIdsBody,
  EvmRelationRow,
  EvmSendResult,
  Ok,
  pageOf,
  SaveEvmRelationBody,
  SearchEvmRelationBody,
  UpdateEvmRelationBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { currentUser, post } from '../../../core/http';
import * as evm from './evm.service';

const tags = ['org'];
const MANAGE = 'EVMManage';

export async function evmRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  post(
    app,
    '/api/system/SearchEVMTeamRelation',
    {
      permission: MANAGE,
      summary: 'EVM team relations of the company',
      tags,
      body: SearchEvmRelationBody,
      response: pageOf(EvmRelationRow),
    },
    async (req) => evm.search(ctx.db, currentUser(req).companyId, req.body, req.culture),
  );

  post(
    app,
    '/api/system/SaveEVMTeamRelation',
    {
      permission: MANAGE,
      summary: 'Relate an EVM team to its unit in the EVM meeting system',
      tags,
      body: SaveEvmRelationBody,
      response: EvmRelationRow,
    },
    async (req) => evm.create(ctx.db, actorOf(req), req.body, req.culture),
  );

  post(
    app,
    '/api/system/UpdateEVMTeamRelation',
    {
      permission: MANAGE,
      summary: 'Change a relation; one already sent waits to be sent again',
      tags,
      body: UpdateEvmRelationBody,
      response: EvmRelationRow,
    },
    async (req) => evm.update(ctx.db, actorOf(req), req.body, req.culture),
  );

  post(
    app,
    '/api/system/DeleteEVMTeamRelation',
    {
      permission: MANAGE,
      summary: 'Delete relations, withdrawing those the EVM system has',
      tags,
      body: EvmRelationIdsBody,
      response: Ok,
    },
    async (req) => {
      await evm.remove(ctx.db, actorOf(req), req.body.IDs);
      return { Success: true as const };
    },
  );

  post(
    app,
    '/api/system/SendEVMTeamRelation',
    {
      permission: MANAGE,
      summary: 'Send new or changed relations to the EVM system',
      tags,
      body: EvmRelationIdsBody,
      response: EvmSendResult,
    },
    async (req) => evm.send(ctx.db, actorOf(req), req.body.IDs),
  );

  post(
    app,
    '/api/system/ResendEVMTeamRelation',
    {
      permission: MANAGE,
      summary: 'Send again relations sent before (after a failure, or to refresh them)',
      tags,
      body: EvmRelationIdsBody,
      response: EvmSendResult,
    },
    async (req) => evm.resend(ctx.db, actorOf(req), req.body.IDs),
  );
}
