import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type CryptoKey, errors as joseErrors, jwtVerify } from 'jose';
import { AppError, forbidden, unauthorized } from './errors';
import type { ApiClient, Permission, SessionUser } from './http';
import { cultureOf } from './i18n';

export const ISSUER = 'ems';
export const AUDIENCE = 'ems-api';

export interface AccessClaims {
  sub: string;
  /** user account id, company id, team id */
  acc: number;
  cid: number;
  tid: number | null;
  /** The refresh-token family the token was issued with: revoking the family ends the token too. */
  fam: string;
  typ: 'access';
}
export interface OpenApiClaims {
  sub: string;
  scope: string;
  typ: 'openapi';
}

/** The request's user, or a coded 401 when the session has ended (revoked, locked, left) since the token was issued. */
export type SessionLoader = (
  claims: AccessClaims,
) => Promise<{ user: SessionUser; mustChangePassword: boolean } | null>;

/** The only calls a user holding a temporary password may make until they change it. */
const WHILE_PASSWORD_MUST_CHANGE = new Set(['/api/system/modifypassword', '/api/system/logout']);
/** The kinds of proxy grant through which the user may act for `principalId` today (none: refused). */
export type ProxyResolver = (user: SessionUser, principalId: number) => Promise<readonly ('fill_in' | 'approve')[]>;

/** Tokens whose signature and issuer were checked, kept by their text (a user sends the same one until it expires). */
const VERIFIED_TOKENS = 10_000;

/**
 * Checks a token's signature once and remembers its claims: a user sends the same token on every call until it
 * expires, and checking an HMAC through the web crypto API cost a quarter of a millisecond per request. Expiry is
 * still checked on each use; whether the session behind it still stands is the session loader's job, every time.
 */
function tokenVerifier(secret: CryptoKey) {
  const verified = new Map<string, AccessClaims | OpenApiClaims>();
  return async (token: string): Promise<AccessClaims | OpenApiClaims> => {
    const known = verified.get(token);
    if (known) {
      const exp = (known as { exp?: number }).exp;
      if (exp === undefined || exp * 1000 > Date.now()) return known;
      verified.delete(token);
      throw unauthorized('auth.token_expired');
    }
    let payload: AccessClaims | OpenApiClaims;
    try {
      ({ payload } = (await jwtVerify(token, secret, { issuer: ISSUER, audience: AUDIENCE })) as unknown as {
        payload: AccessClaims | OpenApiClaims;
      });
    } catch (err) {
      throw unauthorized(err instanceof joseErrors.JWTExpired ? 'auth.token_expired' : 'auth.token_invalid');
    }
    // The oldest first out: a Map iterates in insertion order.
    if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value as string);
    verified.set(token, payload);
    return payload;
  };
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? null;
}

function wanted(permission: Permission): readonly string[] {
  return typeof permission === 'string' ? [permission] : permission;
}

function sameId(a: unknown, b: number): boolean {
  return a === undefined || a === null || a === '' || String(a) === String(b);
}

/**
 * Every /api route must declare a permission (the app refuses to start otherwise); before validation each request
 * is authenticated, checked against the route's function, and its body's UserID/CompanyID against the token.
 */
export function installSecurity(
  app: FastifyInstance,
  secret: CryptoKey,
  loadSession: SessionLoader,
  resolveProxy: ProxyResolver,
): void {
  const verify = tokenVerifier(secret);
  app.decorateRequest('user', null);
  app.decorateRequest('apiClient', null);
  app.decorateRequest('culture', 'zh-CN');

  app.addHook('onRoute', (route) => {
    const url = route.url.toLowerCase();
    // The API documentation is public and registers its own routes.
    if (url.startsWith('/api/docs')) return;
    if ((url.startsWith('/api/') || url === '/api') && route.config?.permission === undefined) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no permission (give a function or 'public')`,
      );
    }
  });

  app.addHook('onRequest', async (req) => {
    req.culture = cultureOf(undefined, req.headers['accept-language']);
  });

  app.addHook('preValidation', async (req) => {
    const body = req.body as Record<string, unknown> | undefined;
    if (body && typeof body === 'object' && !Buffer.isBuffer(body))
      req.culture = cultureOf(body.Language, req.headers['accept-language']);
    const permission = req.routeOptions.config?.permission;
    if (permission === undefined || permission === 'public') return;

    const token = bearer(req);
    if (!token) throw unauthorized();
    const payload = await verify(token);
    if (payload.typ === 'openapi') {
      const client: ApiClient = { clientId: payload.sub, scopes: payload.scope.split(' ').filter(Boolean) };
      if (permission === 'authenticated' || !wanted(permission).some((f) => client.scopes.includes(f))) {
        throw forbidden('auth.scope_missing');
      }
      req.apiClient = client;
      return;
    }
    if (payload.typ !== 'access' || typeof payload.fam !== 'string') throw unauthorized('auth.token_invalid');
    const session = await loadSession(payload);
    if (!session) throw unauthorized('auth.token_invalid');
    const { user, mustChangePassword } = session;
    if (mustChangePassword && !WHILE_PASSWORD_MUST_CHANGE.has(req.routeOptions.url?.toLowerCase() ?? '')) {
      throw forbidden('auth.password_change_required');
    }
    if (permission !== 'authenticated' && !wanted(permission).some((f) => user.functions.has(f))) {
      throw forbidden('auth.function_missing');
    }
    if (body && typeof body === 'object') {
      if (!sameId(body.UserID, user.userId) || !sameId(body.CompanyID, user.companyId)) {
        throw forbidden('auth.identity_mismatch');
      }
      // Acting for another user needs a proxy grant in force today.
      const proxyId = body.ProxyId;
      if (proxyId !== undefined && proxyId !== null && proxyId !== '' && !sameId(proxyId, user.userId)) {
        const principalId = Number(proxyId);
        const kinds = Number.isInteger(principalId) && principalId > 0 ? await resolveProxy(user, principalId) : [];
        if (kinds.length === 0) throw new AppError(403, 'auth.proxy_not_allowed');
        user.actingFor = { principalId, kinds };
      }
    }
    req.user = user;
  });
}
