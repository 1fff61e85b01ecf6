import type { ProxyKind, SearchProxyBody } from '@ems/contracts';
import { and, count, eq, gt, gte, isNotNull, isNull, lt, lte, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { type Db, prepared } from '../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../core/list';
import { employee } from '../../org/org.table';
import { proxyGrant as g } from './proxy.table';

const principal = alias(employee, 'principal');
const proxy = alias(employee, 'proxy');

/** A grant acts today when its dates cover today and it was not freed. */
function activeOn(today: string | Placeholder): SQL {
  return and(isNull(g.freedAt), lte(g.startDate, today), gte(g.endDate, today))!;
}

function statusIs(status: NonNullable<SearchProxyBody['Status']>, today: string): SQL {
  switch (status) {
    case 'freed':
      return isNotNull(g.freedAt);
    case 'lapsed':
      return and(isNull(g.freedAt), lt(g.endDate, today))!;
    case 'future':
      return and(isNull(g.freedAt), gt(g.startDate, today))!;
    default:
      return activeOn(today);
  }
}

const SORTABLE = {
  StartDate: g.startDate,
  EndDate: g.endDate,
  PrincipalName: principal.nameZh,
  ProxyUserName: proxy.nameZh,
};

export async function search(
  db: Db,
  kind: ProxyKind,
  companyId: number,
  userId: number,
  q: SearchProxyBody,
  today: string,
) {
  const other = q.Direction === 'granted' ? proxy : principal;
  const where = and(
    eq(g.kind, kind),
    eq(g.companyId, companyId),
    q.Direction === 'granted' ? eq(g.principalId, userId) : eq(g.proxyId, userId),
    q.Status ? statusIs(q.Status, today) : undefined,
    keywordIn(q.Keyword, [other.code, other.nameZh, other.nameEn]),
  );
  // Both the count and the page join the two people: the keyword filters on one of them.
  const withPeople = <T extends PgSelect>(query: T) =>
    query.innerJoin(principal, eq(principal.id, g.principalId)).innerJoin(proxy, eq(proxy.id, g.proxyId)).where(where);
  return paged(
    q,
    withPeople(db.select({ n: count() }).from(g).$dynamic()),
    withPeople(db.select({ g, principal, proxy }).from(g).$dynamic()).orderBy(
      orderFrom(SORTABLE, q, g.startDate),
      sql`${g.id} desc`,
    ),
  );
}

export async function findById(db: Db, kind: ProxyKind, id: number) {
  const [row] = await db
    .select({ g, principal, proxy })
    .from(g)
    .innerJoin(principal, eq(principal.id, g.principalId))
    .innerJoin(proxy, eq(proxy.id, g.proxyId))
    .where(and(eq(g.id, id), eq(g.kind, kind)));
  return row;
}

/** Another live grant of the same kind between the same two people whose dates overlap. */
export async function overlapping(
  db: Db,
  v: {
    kind: ProxyKind;
    principalId: number;
    proxyId: number;
    startDate: string;
    endDate: string;
    excludeId?: number | undefined;
  },
): Promise<boolean> {
  const [row] = await db
    .select({ id: g.id })
    .from(g)
    .where(
      and(
        eq(g.kind, v.kind),
        eq(g.principalId, v.principalId),
        eq(g.proxyId, v.proxyId),
        isNull(g.freedAt),
        lte(g.startDate, v.endDate),
        gte(g.endDate, v.startDate),
        v.excludeId ? ne(g.id, v.excludeId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

export async function insert(
  db: Db,
  v: {
    companyId: number;
    kind: ProxyKind;
    principalId: number;
    proxyId: number;
    startDate: string;
    endDate: string;
    remark: string | null;
  },
) {
  const [row] = await db.insert(g).values(v).returning();
  return row!;
}

export async function update(
  db: Db,
  id: number,
  version: number,
  v: { proxyId: number; startDate: string; endDate: string; remark: string | null },
) {
  const [row] = await db
    .update(g)
    .set({ ...v, version: sql`${g.version} + 1` })
    .where(and(eq(g.id, id), eq(g.version, version), isNull(g.freedAt)))
    .returning();
  return row;
}

export async function free(db: Db, id: number) {
  const [row] = await db
    .update(g)
    .set({ freedAt: new Date(), version: sql`${g.version} + 1` })
    .where(and(eq(g.id, id), isNull(g.freedAt)))
    .returning();
  return row;
}

export async function remove(db: Db, id: number) {
  const rows = await db.delete(g).where(eq(g.id, id)).returning({ id: g.id });
  return rows.length === 1;
}

/** The kinds of grant through which `proxyId` may act for `principalId` today. */
export async function kindsActing(
  db: Db,
  companyId: number,
  proxyId: number,
  principalId: number,
  today: string,
): Promise<ProxyKind[]> {
  const rows = await db
    .selectDistinct({ kind: g.kind })
    .from(g)
    .where(and(eq(g.companyId, companyId), eq(g.proxyId, proxyId), eq(g.principalId, principalId), activeOn(today)));
  return rows.map((r) => r.kind);
}

const approvalPrincipalRead = prepared((db) =>
  db
    .selectDistinct({ id: g.principalId })
    .from(g)
    .where(
      and(
        eq(g.companyId, sql.placeholder('companyId')),
        eq(g.proxyId, sql.placeholder('proxyId')),
        eq(g.kind, 'approve'),
        activeOn(sql.placeholder('today')),
      ),
    )
    .prepare('ems_approval_principals'),
);

/** Whom `proxyId` approves for today through an approval proxy (every approver list reads it). */
export async function approvalPrincipalIds(db: Db, companyId: number, proxyId: number, today: string) {
  const rows = await approvalPrincipalRead(db).execute({ companyId, proxyId, today });
  return rows.map((r) => r.id);
}

/** Everyone `proxyId` may act for today, with the kinds of grant and the latest end date. */
export async function principalsOf(db: Db, companyId: number, proxyId: number, today: string) {
  return db
    .select({ principal, kind: g.kind, endDate: g.endDate })
    .from(g)
    .innerJoin(principal, eq(principal.id, g.principalId))
    .where(and(eq(g.companyId, companyId), eq(g.proxyId, proxyId), activeOn(today)));
}
