import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { SCREENS, type TokenResponse } from '@ems/contracts';
import { hash, verify } from '@node-rs/argon2';
import { type CryptoKey, jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../core/context';
import type { Db } from '../../core/db';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../core/errors';
import type { SessionUser } from '../../core/http';
import { type AccessClaims, AUDIENCE, ISSUER } from '../../core/security';
import { audit } from '../audit/audit.service';
import { companiesOf, findEmployee, isAdminIn, profile } from '../org/org.service';
import * as repo from './auth.repository';

type Account = NonNullable<Awaited<ReturnType<typeof repo.accountById>>>;
type Origin = 'password' | 'sso' | 'amex';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Compared against when the username is unknown, so both answers take the same time.
let dummyHash: Promise<string> | undefined;

function sha256(v: string): string {
  return createHash('sha256').update(v).digest('hex');
}

function usable(a: {
  account: Pick<Account['account'], 'active'>;
  employee: Pick<Account['employee'], 'status'>;
}): boolean {
  return a.account.active && a.employee.status !== 'left';
}

async function signAccess(
  ctx: AppContext,
  a: Account,
  companyId: number,
  teamId: number | null,
  familyId: string,
): Promise<string> {
  const claims: Omit<AccessClaims, 'sub'> = {
    acc: a.account.id,
    cid: companyId,
    tid: teamId,
    fam: familyId,
    typ: 'access',
  };
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(a.employee.id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ctx.config.accessTokenTtl}s`)
    .sign(ctx.keys.jwtSecret);
}

/** Issues an access token and a new refresh token of `familyId` (a new family when absent) for one company. */
async function issue(
  ctx: AppContext,
  db: Db,
  a: Account,
  companyId: number | undefined,
  origin: Origin,
  familyId?: string,
): Promise<TokenResponse> {
  const companies = await companiesOf(db, a.employee.id);
  const target = companyId === undefined ? companies[0] : companies.find((c) => c.companyId === companyId);
  if (!target) throw forbidden('auth.company_not_allowed');
  const employeeProfile = await profile(db, a.employee.id, target.companyId);
  const isAdmin = await isAdminIn(db, a.employee.id, target.companyId);
  const refresh = randomBytes(32).toString('base64url');
  const family = familyId ?? randomUUID();
  await repo.insertRefresh(db, {
    familyId: family,
    tokenHash: sha256(refresh),
    accountId: a.account.id,
    companyId: target.companyId,
    origin,
    expiresAt: new Date(Date.now() + ctx.config.refreshTokenTtl * 1000),
  });
  return {
    access_token: await signAccess(ctx, a, target.companyId, target.teamId, family),
    token_type: 'Bearer',
    expires_in: ctx.config.accessTokenTtl,
    refresh_token: refresh,
    refresh_expires_in: ctx.config.refreshTokenTtl,
    UserID: a.employee.id,
    UserCode: a.employee.code,
    UserName: a.employee.nameZh,
    UserNameZH: a.employee.nameZh,
    UserNameEN: a.employee.nameEn,
    Account: a.account.username,
    CompanyID: target.companyId,
    CompanyCode: target.code,
    CompanyName: target.nameZh,
    CompanyNameZH: target.nameZh,
    CompanyNameEN: target.nameEn,
    teamID: target.teamId,
    TeamName: employeeProfile?.teamZh ?? null,
    MustChangePassword: a.account.mustChangePassword,
    IsAdmin: isAdmin,
  };
}

function localised(t: TokenResponse, culture: string): TokenResponse {
  if (culture !== 'en-GB') return t;
  return { ...t, UserName: t.UserNameEN, CompanyName: t.CompanyNameEN };
}

export async function signIn(
  ctx: AppContext,
  v: { username: string; password: string; companyId?: number | undefined; culture: string; requestId: string },
): Promise<TokenResponse> {
  const found = await repo.accountByUsername(ctx.db, v.username.trim());
  if (!found || !usable(found)) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, v.password).catch(() => false);
    throw badRequest('auth.invalid_credentials');
  }
  const { account } = found;
  // One attempt at a time per account, decided on the state the one before left: the lock check and the count
  // happen under the account's row lock, so a burst of guesses cannot all pass a check made before
  // any of them was counted (decision 052).
  // The password is checked before the lock is taken: the hash's work (tens of milliseconds) holds no row lock and,
  // on the embedded database, not its one connection. Whether it counts is decided under the lock.
  const passwordRight = await verify(account.passwordHash, v.password).catch(() => false);
  const outcome = await ctx.db.transaction(async (tx) => {
    const state = await repo.lockSignInState(tx, account.id);
    // A lock is told only to whoever knows the password: to anyone else a locked account answers like an unknown one.
    if (state?.lockedUntil && state.lockedUntil > new Date()) {
      if (!passwordRight) return { refused: badRequest('auth.invalid_credentials') };
      const minutes = Math.max(1, Math.ceil((state.lockedUntil.getTime() - Date.now()) / 60_000));
      return { refused: new AppError(423, 'auth.locked', { minutes }) };
    }
    if (!passwordRight) {
      const r = await repo.recordFailure(tx, account.id, ctx.config.loginMaxFailures, ctx.config.loginLockMinutes);
      const nowLocked = !!r?.lockedUntil && r.lockedUntil > new Date();
      // Someone may be guessing the password: the account's open sessions end with the lock.
      if (nowLocked) await repo.revokeAccount(tx, account.id);
      await audit(tx, {
        actorId: found.employee.id,
        action: nowLocked ? 'sign_in_locked' : 'sign_in_failed',
        entity: 'user_account',
        entityId: account.id,
        requestId: v.requestId,
      });
      // Committed, not rolled back: the failure must count.
      return { refused: badRequest('auth.invalid_credentials') };
    }
    await repo.recordSuccess(tx, account.id);
    const t = await issue(ctx, tx, found, v.companyId, 'password');
    await audit(tx, {
      companyId: t.CompanyID,
      actorId: found.employee.id,
      action: 'sign_in',
      entity: 'user_account',
      entityId: account.id,
      requestId: v.requestId,
    });
    return { tokens: t };
  });
  if ('refused' in outcome) throw outcome.refused;
  return localised(outcome.tokens, v.culture);
}

/**
 * The companies the login screen offers for a username. An unknown (or disabled) username gets what a user of one
 * company gets: one company, the default, picked by a keyed hash of the name so the same name always gets the same
 * answer. Both paths run the same queries, so neither the answer nor its time tells the two apart.
 */
export async function companiesForSignIn(ctx: AppContext, username: string) {
  const name = username.trim().toLowerCase();
  const found = await repo.accountByUsername(ctx.db, name);
  const real = found && usable(found) ? found.employee.id : 0;
  const companies = await companiesOf(ctx.db, real);
  const all = await repo.activeCompanies(ctx.db);
  if (real !== 0 || all.length === 0) return companies;
  const mac = await crypto.subtle.sign('HMAC', ctx.keys.jwtSecret, new TextEncoder().encode(`company-list:${name}`));
  const pick = new DataView(mac).getUint32(0);
  const decoy = all[pick % all.length];
  return decoy ? [{ ...decoy, teamId: null, isDefault: true }] : [];
}

/** Rotates a refresh token. Presenting one already used revokes its whole family: it was copied. */
export async function refresh(
  ctx: AppContext,
  token: string,
  culture: string,
  expectOrigin?: Origin,
): Promise<TokenResponse> {
  const row = await repo.refreshByHash(ctx.db, sha256(token));
  if (!row || row.revokedAt || row.expiresAt <= new Date()) throw unauthorized('auth.refresh_invalid');
  if (expectOrigin && row.origin !== expectOrigin) throw unauthorized('auth.refresh_invalid');
  if (row.usedAt || !(await repo.markUsed(ctx.db, row.id))) {
    await ctx.db.transaction(async (tx) => {
      await repo.revokeFamily(tx, row.familyId);
      await audit(tx, {
        companyId: row.companyId,
        action: 'refresh_reused',
        entity: 'refresh_family',
        entityId: row.familyId,
      });
    });
    throw unauthorized('auth.refresh_reused');
  }
  const a = await repo.accountById(ctx.db, row.userAccountId);
  if (!a || !usable(a)) throw unauthorized('auth.refresh_invalid');
  const t = await ctx.db.transaction((tx) => issue(ctx, tx, a, row.companyId, row.origin as Origin, row.familyId));
  return localised(t, culture);
}

export async function logout(ctx: AppContext, user: SessionUser, token: string | undefined, requestId: string) {
  await ctx.db.transaction(async (tx) => {
    if (user.familyId) await repo.revokeFamily(tx, user.familyId);
    const row = token ? await repo.refreshByHash(tx, sha256(token)) : undefined;
    if (row && row.userAccountId === user.accountId && row.familyId !== user.familyId)
      await repo.revokeFamily(tx, row.familyId);
    await audit(tx, {
      companyId: user.companyId,
      actorId: user.userId,
      action: 'sign_out',
      entity: 'user_account',
      entityId: user.accountId,
      requestId,
    });
  });
}

export async function shiftCompany(
  ctx: AppContext,
  user: SessionUser,
  target: number,
  culture: string,
  requestId: string,
) {
  const a = await repo.accountById(ctx.db, user.accountId);
  if (!a || !usable(a)) throw unauthorized('auth.token_invalid');
  const t = await ctx.db.transaction(async (tx) => {
    const tokens = await issue(ctx, tx, a, target, 'password');
    await audit(tx, {
      companyId: target,
      actorId: user.userId,
      action: 'shift_company',
      entity: 'user_account',
      entityId: a.account.id,
      detail: { from: user.companyId },
      requestId,
    });
    return tokens;
  });
  return localised(t, culture);
}

/** Single sign-on: a JWT signed by the configured identity provider names the user. */
export async function externalSignIn(
  ctx: AppContext,
  origin: 'sso' | 'amex',
  token: string,
  companyId: number | undefined,
  culture: string,
  requestId: string,
) {
  const key: CryptoKey | undefined = origin === 'sso' ? ctx.keys.sso : ctx.keys.amex;
  const cfg = origin === 'sso' ? ctx.config.sso : ctx.config.amex;
  if (!key || !cfg) throw new AppError(503, origin === 'sso' ? 'auth.sso_not_configured' : 'auth.amex_not_configured');
  let username: string | undefined;
  try {
    const audience = origin === 'sso' ? ctx.config.sso?.audience : undefined;
    const { payload } = await jwtVerify(token, key, {
      ...(cfg.issuer ? { issuer: cfg.issuer } : {}),
      ...(audience ? { audience } : {}),
    });
    const claim = payload.preferred_username ?? payload.upn ?? payload.sub;
    username = typeof claim === 'string' ? claim : undefined;
  } catch {
    throw unauthorized('auth.sso_token_invalid');
  }
  const a = username ? await repo.accountByUsername(ctx.db, username) : undefined;
  if (!a || !usable(a)) throw unauthorized('auth.sso_user_unknown');
  const t = await ctx.db.transaction(async (tx) => {
    await repo.recordSuccess(tx, a.account.id);
    const tokens = await issue(ctx, tx, a, companyId, origin);
    await audit(tx, {
      companyId: tokens.CompanyID,
      actorId: a.employee.id,
      action: `sign_in_${origin}`,
      entity: 'user_account',
      entityId: a.account.id,
      requestId,
    });
    return tokens;
  });
  return localised(t, culture);
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(sha256(a));
  const y = Buffer.from(sha256(b));
  return timingSafeEqual(x, y);
}

/** Client-credential tokens for other systems, limited to the scopes their configuration allows. */
export async function openApiToken(
  ctx: AppContext,
  v: { ClientId: string; ClientSecret: string; Scope?: string | undefined },
) {
  if (ctx.config.openApiClients.length === 0) throw new AppError(503, 'auth.openapi_not_configured');
  const client = ctx.config.openApiClients.find((c) => c.ClientId === v.ClientId);
  if (!client || !sameSecret(client.Secret, v.ClientSecret)) throw unauthorized('auth.client_invalid');
  const asked = v.Scope ? v.Scope.split(/\s+/).filter(Boolean) : client.Scopes;
  const denied = asked.filter((s) => !client.Scopes.includes(s));
  if (denied.length) throw forbidden('auth.scope_not_allowed', { scope: denied.join(' ') });
  const scope = asked.join(' ');
  const access_token = await new SignJWT({ scope, typ: 'openapi' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(client.ClientId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ctx.config.accessTokenTtl}s`)
    .sign(ctx.keys.jwtSecret);
  return { access_token, token_type: 'Bearer' as const, expires_in: ctx.config.accessTokenTtl, scope };
}

export async function modifyPassword(
  ctx: AppContext,
  user: SessionUser,
  oldPassword: string,
  newPassword: string,
  requestId: string,
) {
  const a = await repo.accountById(ctx.db, user.accountId);
  if (!a) throw unauthorized('auth.token_invalid');
  if (!(await verify(a.account.passwordHash, oldPassword).catch(() => false))) {
    throw new AppError(400, 'validation.failed', undefined, [
      { field: 'OldPassword', code: 'auth.old_password_wrong' },
    ]);
  }
  if (oldPassword === newPassword) {
    throw new AppError(400, 'validation.failed', undefined, [
      { field: 'NewPassword', code: 'auth.password_unchanged' },
    ]);
  }
  const h = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    await repo.setPassword(tx, a.account.id, h, false);
    // Whoever else holds a session of this account (perhaps with the old password) is signed out; this one goes on.
    await repo.revokeAccount(tx, a.account.id, user.familyId);
    await audit(tx, {
      companyId: user.companyId,
      actorId: user.userId,
      action: 'modify_password',
      entity: 'user_account',
      entityId: a.account.id,
      requestId,
    });
  });
}

/** An administrator gives a user a temporary password, to be changed at the next sign-in; their sessions end. */
export async function resetPassword(ctx: AppContext, admin: SessionUser, targetUserId: number, requestId: string) {
  const target = await findEmployee(ctx.db, targetUserId);
  const companies = target ? await companiesOf(ctx.db, target.id) : [];
  if (!target || !companies.some((c) => c.companyId === admin.companyId)) throw notFound();
  const account = await repo.accountByEmployee(ctx.db, target.id);
  if (!account) throw notFound('auth.account_missing');
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';
  const temporary = `${Array.from({ length: 4 }, () => letters[randomInt(letters.length)]).join('')}${randomInt(1000, 10000)}!`;
  const h = await hashPassword(temporary);
  await ctx.db.transaction(async (tx) => {
    await repo.setPassword(tx, account.id, h, true);
    await repo.revokeAccount(tx, account.id);
    await audit(tx, {
      companyId: admin.companyId,
      actorId: admin.userId,
      action: 'reset_password',
      entity: 'user_account',
      entityId: account.id,
      detail: { employeeId: target.id },
      requestId,
    });
  });
  return temporary;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const REPORT_SCREENS = new Set(SCREENS.filter((s) => s.group === 'report').map((s) => s.functionCode));

/**
 * The functions a session holds: a report screen needs both the function and the report access of one of the
 * user's roles (`LoadRoleReportByUserId`), so taking a report from a role closes its screen and its calls.
 */
function grantedFunctions(s: { functions: string[]; reports: string[] }): Set<string> {
  const reports = new Set(s.reports);
  return new Set(s.functions.filter((f) => !REPORT_SCREENS.has(f) || reports.has(f)));
}

/**
 * Builds the request's user from a verified access token. The token ends at once, not at its expiry, when the
 * account may no longer act, is locked, or its refresh family was revoked (sign-out, reuse, password change/reset).
 */
export async function loadSession(db: Db, claims: AccessClaims) {
  const s = UUID.test(claims.fam) ? await repo.sessionOf(db, claims.acc, claims.fam, claims.cid) : undefined;
  if (!s || !usable(s) || String(s.employee.id) !== claims.sub) throw unauthorized('auth.token_invalid');
  if (s.locked) throw unauthorized('auth.account_locked');
  if (!s.live) throw unauthorized('auth.session_ended');
  const mustChangePassword = s.account.mustChangePassword;
  // A temporary password opens nothing but its own change: no functions to look up.
  const { functions, isAdmin } = mustChangePassword
    ? { functions: new Set<string>(), isAdmin: false }
    : { functions: grantedFunctions(s), isAdmin: s.isAdmin };
  const user: SessionUser = {
    userId: s.employee.id,
    accountId: s.account.id,
    familyId: claims.fam,
    companyId: claims.cid,
    teamId: claims.tid,
    isAdmin,
    functions,
    actingFor: null,
  };
  return { user, mustChangePassword };
}

/** No refresh family: a signed link is not a sign-in, so whether one is live does not matter to it. */
const NO_FAMILY = '00000000-0000-0000-0000-000000000000';

/**
 * The user a signed link was issued by, as they are now (their functions in the link's company), so the link opens
 * only what its issuer may still see. Undefined when the account may no longer act or is locked.
 */
export async function linkIssuer(
  db: Db,
  v: { accountId: number; employeeId: number; companyId: number; teamId: number | null },
): Promise<SessionUser | undefined> {
  const s = await repo.sessionOf(db, v.accountId, NO_FAMILY, v.companyId);
  if (!s || !usable(s) || s.employee.id !== v.employeeId || s.locked || s.account.mustChangePassword) return undefined;
  return {
    userId: s.employee.id,
    accountId: s.account.id,
    companyId: v.companyId,
    teamId: v.teamId,
    isAdmin: s.isAdmin,
    functions: grantedFunctions(s),
    actingFor: null,
  };
}

/** Ends every session of the account, but the token family named (the caller's own). */
export function revokeAccount(db: Db, accountId: number, exceptFamily?: string) {
  return repo.revokeAccount(db, accountId, exceptFamily);
}
