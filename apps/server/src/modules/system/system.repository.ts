import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { announcement, company, technicalParameter } from './system.table';

export async function currentAnnouncements(db: Db, companyId: number | null, today: string) {
  return db
    .select()
    .from(announcement)
    .where(
      and(
        companyId === null
          ? isNull(announcement.companyId)
          : or(isNull(announcement.companyId), eq(announcement.companyId, companyId)),
        lte(announcement.publishDate, today),
        or(isNull(announcement.expireDate), gte(announcement.expireDate, today)),
      ),
    )
    .orderBy(asc(announcement.sort), desc(announcement.publishDate))
    .limit(20);
}

/** Parameters in force for a company: its own values over the group-wide ones. */
export async function parameters(db: Db, companyId: number, onlyPublic: boolean, keys?: string | readonly string[]) {
  const rows = await db
    .select()
    .from(technicalParameter)
    .where(
      and(
        or(isNull(technicalParameter.companyId), eq(technicalParameter.companyId, companyId)),
        onlyPublic ? eq(technicalParameter.isPublic, true) : undefined,
        typeof keys === 'string'
          ? eq(technicalParameter.key, keys)
          : keys
            ? inArray(technicalParameter.key, [...keys])
            : undefined,
      ),
    )
    .orderBy(
      asc(technicalParameter.sort),
      asc(technicalParameter.key),
      sql`${technicalParameter.companyId} nulls first`,
    );
  const byKey = new Map<string, (typeof rows)[number]>();
  for (const r of rows) byKey.set(r.key, r);
  return [...byKey.values()];
}

export async function findCompany(db: Db, id: number) {
  const [row] = await db.select().from(company).where(eq(company.id, id));
  return row;
}
