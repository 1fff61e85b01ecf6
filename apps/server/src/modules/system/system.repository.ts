import { and, asc, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { type Db, prepared } from '../../core/db';
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
export async function parameters(db: Db, companyId: number, onlyPublic: boolean, key?: string) {
  const rows = await db
    .select()
    .from(technicalParameter)
    .where(
      and(
        or(isNull(technicalParameter.companyId), eq(technicalParameter.companyId, companyId)),
        onlyPublic ? eq(technicalParameter.isPublic, true) : undefined,
        key ? eq(technicalParameter.key, key) : undefined,
      ),
    )
    .orderBy(...PARAMETER_ORDER);
  return inForce(rows);
}

const PARAMETER_ORDER = [
  asc(technicalParameter.sort),
  asc(technicalParameter.key),
  sql`${technicalParameter.companyId} nulls first`,
];

/** The company's row of each key where it has one, else the group-wide one (rows in PARAMETER_ORDER). */
function inForce<T extends { key: string }>(rows: T[]): T[] {
  const byKey = new Map<string, T>();
  for (const r of rows) byKey.set(r.key, r);
  return [...byKey.values()];
}

const valuesRead = prepared((db) =>
  db
    .select({ key: technicalParameter.key, value: technicalParameter.value })
    .from(technicalParameter)
    .where(
      and(
        or(isNull(technicalParameter.companyId), eq(technicalParameter.companyId, sql.placeholder('companyId'))),
        sql`${technicalParameter.key} = any(${sql.placeholder('keys')}::text[])`,
      ),
    )
    .orderBy(...PARAMETER_ORDER)
    .prepare('ems_parameter_values'),
);

/** Values in force of several parameters of a company, public or not, in one read. */
export async function parameterValues(db: Db, companyId: number, keys: readonly string[]) {
  return inForce(await valuesRead(db).execute({ companyId, keys }));
}

export async function findCompany(db: Db, id: number) {
  const [row] = await db.select().from(company).where(eq(company.id, id));
  return row;
}

/** Every company's id, in order: the daily jobs go through them one by one. */
export async function companyIds(db: Db): Promise<number[]> {
  return (await db.select({ id: company.id }).from(company).orderBy(company.id)).map((r) => r.id);
}
