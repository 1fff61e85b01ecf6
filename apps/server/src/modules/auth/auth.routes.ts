import {
  AuthorizeBody,
  AuthorizeResult,
  JwtLoginBody,
  JwtLoginRefreshBody,
  ModifyPasswordBody,
  Ok,
  OpenApiTokenBody,
  OpenApiTokenResult,
  ResetPasswordBody,
  ResetPasswordResult,
  ShiftCompanyBody,
  TokenForm,
  TokenResponse,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../core/context';
import { currentUser, post } from '../../core/http';
import * as auth from './auth.service';

const tags = ['auth'];

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const rateLimit = { max: ctx.config.tokenRateLimitPerMinute, timeWindow: 60_000 };

  post(
    app,
    '/api/auth/Token',
    {
      permission: 'public',
      summary: 'Sign in (grant_type=password) or renew (grant_type=refresh_token); form-encoded',
      tags,
      body: TokenForm,
      response: TokenResponse,
      rateLimit,
    },
    async (req) => {
      const b = req.body;
      if (b.grant_type === 'password') {
        return auth.signIn(ctx, {
          username: b.username,
          password: b.password,
          companyId: b.CompanyID,
          culture: req.culture,
          requestId: String(req.id),
        });
      }
      return auth.refresh(ctx, b.refresh_token, req.culture);
    },
  );

  post(
    app,
    '/api/System/JWTLogin',
    {
      permission: 'public',
      summary: 'Single sign-on with the identity provider’s JWT',
      tags,
      body: JwtLoginBody,
      response: TokenResponse,
      rateLimit,
    },
    async (req) => auth.externalSignIn(ctx, 'sso', req.body.Token, req.body.CompanyID, req.culture, String(req.id)),
  );

  post(
    app,
    '/api/System/JWTLoginRefresh',
    {
      permission: 'public',
      summary: 'Renew a single-sign-on session',
      tags,
      body: JwtLoginRefreshBody,
      response: TokenResponse,
      rateLimit,
    },
    async (req) => {
      if (!ctx.keys.sso) await auth.externalSignIn(ctx, 'sso', '', undefined, req.culture, String(req.id));
      return auth.refresh(ctx, req.body.refresh_token, req.culture, 'sso');
    },
  );

  post(
    app,
    '/api/System/JWTLogin2Amex',
    {
      permission: 'public',
      summary: 'Sign in from the card portal with its JWT',
      tags,
      body: JwtLoginBody,
      response: TokenResponse,
      rateLimit,
    },
    async (req) => auth.externalSignIn(ctx, 'amex', req.body.Token, req.body.CompanyID, req.culture, String(req.id)),
  );

  post(
    app,
    '/api/System/GetOpenApiToken',
    {
      permission: 'public',
      summary: 'Client-credential token with scopes for another system',
      tags,
      body: OpenApiTokenBody,
      response: OpenApiTokenResult,
      rateLimit,
    },
    async (req) => auth.openApiToken(ctx, req.body),
  );

  post(
    app,
    '/api/System/ShiftCompany',
    {
      permission: 'authenticated',
      summary: 'Tokens for another company the user may sign in to',
      tags,
      body: ShiftCompanyBody,
      response: TokenResponse,
    },
    async (req) => auth.shiftCompany(ctx, currentUser(req), req.body.TargetCompanyID, req.culture, String(req.id)),
  );

  post(
    app,
    '/api/System/Logout',
    {
      permission: 'authenticated',
      summary: 'Sign out: the refresh token’s family is revoked',
      tags,
      body: z.object({ refresh_token: z.string().max(200).optional() }),
      response: Ok,
    },
    async (req) => {
      await auth.logout(ctx, currentUser(req), req.body.refresh_token, String(req.id));
      return { Success: true as const };
    },
  );

  post(
    app,
    '/api/System/ModifyPassword',
    { permission: 'authenticated', summary: 'Change one’s own password', tags, body: ModifyPasswordBody, response: Ok },
    async (req) => {
      await auth.modifyPassword(ctx, currentUser(req), req.body.OldPassword, req.body.NewPassword, String(req.id));
      return { Success: true as const };
    },
  );

  post(
    app,
    '/api/System/ResetPassword',
    {
      permission: 'personManage',
      summary: 'Give a user a temporary password, changed at next sign-in',
      tags,
      body: ResetPasswordBody,
      response: ResetPasswordResult,
    },
    async (req) => ({
      TemporaryPassword: await auth.resetPassword(ctx, currentUser(req), req.body.TargetUserID, String(req.id)),
    }),
  );

  post(
    app,
    '/api/System/Authorize',
    {
      permission: 'authenticated',
      summary: 'Whether the signed-in user holds a function',
      tags,
      body: AuthorizeBody,
      response: AuthorizeResult,
    },
    async (req) => ({ Authorized: currentUser(req).functions.has(req.body.FunctionCode) }),
  );
}
