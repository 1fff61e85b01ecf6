import {
  IsProxyResult,
  MyProxies,
  Ok,
  ProxyGrant,
  ProxyIdBody,
  type ProxyKind,
  pageOf,
  SaveProxyBody,
  SearchProxyBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context';
import { currentUser, post } from '../../../core/http';
import { audit } from '../../audit/audit.service';
import * as proxies from './proxy.service';

const tags = ['proxies'];

/** The two proxy areas share their calls: fill-in proxies (ProxyUser) and approval proxies (ProxyApproveUser). */
function grantRoutes(app: FastifyInstance, ctx: AppContext, area: string, kind: ProxyKind, permission: string) {
  post(
    app,
    `/api/${area}/Search`,
    {
      permission,
      summary: `Search ${kind} proxy grants given or received`,
      tags,
      body: SearchProxyBody,
      response: pageOf(ProxyGrant),
    },
    async (req) => proxies.search(ctx.db, kind, currentUser(req), req.body, req.culture),
  );
  post(
    app,
    `/api/${area}/LoadProxyUser`,
    { permission, summary: `One ${kind} proxy grant`, tags, body: ProxyIdBody, response: ProxyGrant },
    async (req) => proxies.load(ctx.db, kind, currentUser(req), req.body.ID, req.culture),
  );
  post(
    app,
    `/api/${area}/SaveOrUpdateProxyUser`,
    { permission, summary: `Create or change a ${kind} proxy grant`, tags, body: SaveProxyBody, response: ProxyGrant },
    async (req) => proxies.save(ctx, kind, currentUser(req), req.body, req.culture, String(req.id)),
  );
  post(
    app,
    `/api/${area}/FreeProxyUser`,
    { permission, summary: `End a ${kind} proxy grant now`, tags, body: ProxyIdBody, response: ProxyGrant },
    async (req) => proxies.free(ctx, kind, currentUser(req), req.body.ID, req.culture, String(req.id)),
  );
}

export async function proxyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  grantRoutes(app, ctx, 'ProxyUser', 'fill_in', 'proxyUser');
  grantRoutes(app, ctx, 'ProxyApproveUser', 'approve', 'proxyApproveUser');
  post(
    app,
    '/api/ProxyApproveUser/DeleteProxyUser',
    {
      permission: 'proxyApproveUser',
      summary: 'Delete an approval proxy grant that has not started',
      tags,
      body: ProxyIdBody,
      response: Ok,
    },
    async (req) => {
      await proxies.remove(ctx, currentUser(req), req.body.ID, String(req.id));
      return { Success: true as const };
    },
  );

  post(
    app,
    '/api/System/GetMyProxy',
    { permission: 'authenticated', summary: 'Whom the signed-in user may act for today', tags, response: MyProxies },
    async (req) => ({ Rows: await proxies.principals(ctx.db, currentUser(req), req.culture) }),
  );
  post(
    app,
    '/api/System/CheckIsProxy',
    {
      permission: 'authenticated',
      summary: 'Whether the signed-in user may act for anyone today',
      tags,
      response: IsProxyResult,
    },
    async (req) => {
      const rows = await proxies.principals(ctx.db, currentUser(req), req.culture);
      return { IsProxy: rows.length > 0, Count: rows.length };
    },
  );
  post(
    app,
    '/api/System/ProxyReturn',
    { permission: 'authenticated', summary: 'Stop acting for another user (recorded)', tags, response: Ok },
    async (req) => {
      const user = currentUser(req);
      await audit(ctx.db, {
        companyId: user.companyId,
        actorId: user.userId,
        principalId: user.actingFor?.principalId ?? user.userId,
        action: 'proxy_return',
        entity: 'session',
        entityId: user.accountId,
        requestId: String(req.id),
      });
      return { Success: true as const };
    },
  );
}
