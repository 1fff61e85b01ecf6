import type { Culture, ProxyGrant, ProxyKind, SaveProxyBody, SearchProxyBody } from '@ems/contracts';
import type { DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { conflict, fieldError, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { shanghaiToday } from '../../../core/time';
import { audit } from '../../audit/audit.service';
import { activeInCompany } from '../../org/org.service';
import * as repo from './proxy.repository';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findById>>>;

function statusOf(g: Row['g'], today: string): ProxyGrant['Status'] {
  if (g.freedAt) return 'freed';
  if (g.endDate < today) return 'lapsed';
  if (g.startDate > today) return 'future';
  return 'active';
}

function toApi(r: Row, culture: Culture, today: string): ProxyGrant {
  return {
    ID: r.g.id,
    PrincipalID: r.principal.id,
    PrincipalCode: r.principal.code,
    PrincipalName: localName(culture, r.principal.nameZh, r.principal.nameEn),
    ProxyUserID: r.proxy.id,
    ProxyUserCode: r.proxy.code,
    ProxyUserName: localName(culture, r.proxy.nameZh, r.proxy.nameEn),
    StartDate: r.g.startDate,
    EndDate: r.g.endDate,
    Status: statusOf(r.g, today),
    Remark: r.g.remark,
    Version: r.g.version,
  };
}

export async function search(db: Db, kind: ProxyKind, user: SessionUser, q: SearchProxyBody, culture: Culture) {
  const today = shanghaiToday();
  const { total, rows } = await repo.search(db, kind, user.companyId, user.userId, q, today);
  return { Total: total, Rows: rows.map((r) => toApi(r, culture, today)) };
}

/** A grant is visible to its two people and to the company's administrators. */
async function visible(db: Db, kind: ProxyKind, user: SessionUser, id: number): Promise<Row> {
  const row = await repo.findById(db, kind, id);
  const mine = row && (row.g.principalId === user.userId || row.g.proxyId === user.userId);
  if (!row || row.g.companyId !== user.companyId || !(mine || user.isAdmin)) throw notFound();
  return row;
}

/** Only the principal (or an administrator) changes a grant. */
async function owned(db: Db, kind: ProxyKind, user: SessionUser, id: number): Promise<Row> {
  const row = await visible(db, kind, user, id);
  if (row.g.principalId !== user.userId && !user.isAdmin) throw refused('proxy.not_principal');
  return row;
}

export async function load(db: Db, kind: ProxyKind, user: SessionUser, id: number, culture: Culture) {
  return toApi(await visible(db, kind, user, id), culture, shanghaiToday());
}

export async function save(
  ctx: DbContext,
  kind: ProxyKind,
  user: SessionUser,
  body: SaveProxyBody,
  culture: Culture,
  requestId: string,
) {
  const today = shanghaiToday();
  const principalId = body.PrincipalID ?? user.userId;
  if (principalId !== user.userId && !user.isAdmin) throw refused('proxy.not_principal');
  if (body.ProxyUserID === principalId) throw fieldError('ProxyUserID', 'proxy.self');
  if (!(await activeInCompany(ctx.db, body.ProxyUserID, user.companyId)))
    throw fieldError('ProxyUserID', 'proxy.user_inactive');
  if (!(await activeInCompany(ctx.db, principalId, user.companyId)))
    throw fieldError('PrincipalID', 'proxy.user_inactive');
  if (body.EndDate < today) throw fieldError('EndDate', 'proxy.end_in_past');

  const id = await ctx.db.transaction(async (tx) => {
    const v = {
      proxyId: body.ProxyUserID,
      startDate: body.StartDate,
      endDate: body.EndDate,
      remark: body.Remark ?? null,
    };
    if (await repo.overlapping(tx, { kind, principalId, ...v, excludeId: body.ID })) throw conflict('proxy.overlap');
    let grantId: number;
    if (body.ID) {
      const before = await owned(tx, kind, user, body.ID);
      if (before.g.freedAt) throw conflict('proxy.already_freed');
      if (before.g.principalId !== principalId) throw fieldError('PrincipalID', 'proxy.principal_fixed');
      const row = await repo.update(tx, body.ID, body.Version ?? -1, v);
      if (!row) throw conflict('common.stale_version');
      grantId = row.id;
    } else {
      grantId = (await repo.insert(tx, { companyId: user.companyId, kind, principalId, ...v })).id;
    }
    await audit(tx, {
      companyId: user.companyId,
      actorId: user.userId,
      principalId,
      action: body.ID ? 'update' : 'create',
      entity: `proxy_${kind}`,
      entityId: grantId,
      detail: { proxyId: v.proxyId, startDate: v.startDate, endDate: v.endDate },
      requestId,
    });
    return grantId;
  });
  return load(ctx.db, kind, user, id, culture);
}

/** Ends a grant at once; the proxy can do nothing through it any more. */
export async function free(
  ctx: DbContext,
  kind: ProxyKind,
  user: SessionUser,
  id: number,
  culture: Culture,
  requestId: string,
) {
  await ctx.db.transaction(async (tx) => {
    const row = await owned(tx, kind, user, id);
    if (!(await repo.free(tx, id))) throw conflict('proxy.already_freed');
    await audit(tx, {
      companyId: user.companyId,
      actorId: user.userId,
      principalId: row.g.principalId,
      action: 'free',
      entity: `proxy_${kind}`,
      entityId: id,
      requestId,
    });
  });
  return load(ctx.db, kind, user, id, culture);
}

/** Approval proxies that have not started yet may be deleted outright; others are freed and kept. */
export async function remove(ctx: DbContext, user: SessionUser, id: number, requestId: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await owned(tx, 'approve', user, id);
    if (statusOf(row.g, shanghaiToday()) !== 'future') throw conflict('proxy.delete_started');
    await repo.remove(tx, id);
    await audit(tx, {
      companyId: user.companyId,
      actorId: user.userId,
      principalId: row.g.principalId,
      action: 'delete',
      entity: 'proxy_approve',
      entityId: id,
      requestId,
    });
  });
}

/** Whom the signed-in user may act for today, through which kinds of grant. */
export async function principals(db: Db, user: SessionUser, culture: Culture) {
  const rows = await repo.principalsOf(db, user.companyId, user.userId, shanghaiToday());
  const byPrincipal = new Map<
    number,
    { ProxyId: number; Code: string; Name: string; Kinds: ProxyKind[]; EndDate: string }
  >();
  for (const r of rows) {
    const entry = byPrincipal.get(r.principal.id) ?? {
      ProxyId: r.principal.id,
      Code: r.principal.code,
      Name: localName(culture, r.principal.nameZh, r.principal.nameEn),
      Kinds: [],
      EndDate: r.endDate,
    };
    if (!entry.Kinds.includes(r.kind)) entry.Kinds.push(r.kind);
    if (r.endDate > entry.EndDate) entry.EndDate = r.endDate;
    byPrincipal.set(r.principal.id, entry);
  }
  return [...byPrincipal.values()].sort((a, b) => a.Code.localeCompare(b.Code));
}

/** For the security layer: the kinds through which the user acts for `principalId` today. */
export function actingKinds(
  db: Db,
  user: { userId: number; companyId: number },
  principalId: number,
): Promise<ProxyKind[]> {
  return repo.kindsActing(db, user.companyId, user.userId, principalId, shanghaiToday());
}
