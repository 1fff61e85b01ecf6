import { and, asc, count, desc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { keywordIn, paged } from '../../../core/list';
import { customerCoverage as coverage, customerHco as hco, customerHcp as hcp } from './customer.table';

export interface CustomerFilter {
  keyword?: string | undefined;
  ids?: number[] | undefined;
  /** Whose coverage marks (and, with `coveredOnly`, limits) the rows. */
  coveredBy: number;
  coveredOnly?: boolean;
  clinicalTrialOnly?: boolean;
  page: { PageIndex: number; PageSize: number };
}

// An HCP is covered directly or through its hospital.
const hcpCovered = (employeeId: number) =>
  exists(
    sql`(select 1 from ${coverage} where ${coverage.employeeId} = ${employeeId}
      and (${coverage.hcpId} = ${hcp.id} or ${coverage.hcoId} = ${hcp.hcoId}))`,
  );
const hcoCovered = (employeeId: number) =>
  exists(
    sql`(select 1 from ${coverage} where ${coverage.employeeId} = ${employeeId} and ${coverage.hcoId} = ${hco.id})`,
  );

function hcpWhere(companyId: number, f: CustomerFilter): SQL | undefined {
  return and(
    eq(hcp.companyId, companyId),
    eq(hcp.active, true),
    f.ids?.length ? inArray(hcp.id, f.ids) : undefined,
    keywordIn(f.keyword, [hcp.code, hcp.nameZh, hcp.nameEn, hco.nameZh, hco.nameEn]),
    f.coveredOnly ? hcpCovered(f.coveredBy) : undefined,
  );
}

/** HCPs with their hospital, covered ones first, then by code. */
export async function searchHcps(db: Db, companyId: number, f: CustomerFilter) {
  const where = hcpWhere(companyId, f);
  const covered = hcpCovered(f.coveredBy);
  return paged(
    f.page,
    db.select({ n: count() }).from(hcp).leftJoin(hco, eq(hco.id, hcp.hcoId)).where(where),
    db
      .select({ hcp, hcoZh: hco.nameZh, hcoEn: hco.nameEn, covered: sql<boolean>`${covered}` })
      .from(hcp)
      .leftJoin(hco, eq(hco.id, hcp.hcoId))
      .where(where)
      .orderBy(desc(covered), asc(hcp.code)),
  );
}

function hcoWhere(companyId: number, f: CustomerFilter): SQL | undefined {
  return and(
    eq(hco.companyId, companyId),
    eq(hco.active, true),
    f.ids?.length ? inArray(hco.id, f.ids) : undefined,
    f.clinicalTrialOnly ? eq(hco.clinicalTrial, true) : undefined,
    keywordIn(f.keyword, [hco.code, hco.nameZh, hco.nameEn, hco.cityZh, hco.cityEn]),
    f.coveredOnly ? hcoCovered(f.coveredBy) : undefined,
  );
}

/** HCOs, covered ones first, then by code. */
export async function searchHcos(db: Db, companyId: number, f: CustomerFilter) {
  const where = hcoWhere(companyId, f);
  const covered = hcoCovered(f.coveredBy);
  return paged(
    f.page,
    db.select({ n: count() }).from(hco).where(where),
    db
      .select({ hco, covered: sql<boolean>`${covered}` })
      .from(hco)
      .where(where)
      .orderBy(desc(covered), asc(hco.code)),
  );
}

/** The company's active HCPs and HCOs among the ids (to check a choice). */
export async function activeHcps(db: Db, companyId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: hcp.id })
    .from(hcp)
    .where(and(eq(hcp.companyId, companyId), eq(hcp.active, true), inArray(hcp.id, ids)));
}

export async function activeHcos(db: Db, companyId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: hco.id, clinicalTrial: hco.clinicalTrial })
    .from(hco)
    .where(and(eq(hco.companyId, companyId), eq(hco.active, true), inArray(hco.id, ids)));
}

export type CoverageInsert = typeof coverage.$inferInsert;
export async function insertCoverage(db: Db, rows: CoverageInsert[]) {
  if (rows.length) await db.insert(coverage).values(rows).onConflictDoNothing();
}

export async function insertHcos(db: Db, rows: (typeof hco.$inferInsert)[]) {
  return rows.length ? db.insert(hco).values(rows).returning({ id: hco.id, code: hco.code }) : [];
}

export async function insertHcps(db: Db, rows: (typeof hcp.$inferInsert)[]) {
  return rows.length ? db.insert(hcp).values(rows).returning({ id: hcp.id, code: hcp.code }) : [];
}
