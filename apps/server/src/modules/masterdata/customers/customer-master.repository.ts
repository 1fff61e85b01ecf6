import type { Culture, SearchCoverageMasterBody, SearchHcoMasterBody, SearchHcpMasterBody } from '@ems/contracts';
import { and, asc, count, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../core/list';
import { insertOne, updateVersioned } from '../../../core/versioned';
import { employee } from '../../org/org.table';
import { customerCoverage as coverage, customerHco as hco, customerHcp as hcp } from './customer.table';

/** The customer master screens' reads and writes (the document pickers read through customer.repository.ts). */

export type HcoRecord = typeof hco.$inferSelect;
export type HcpRecord = typeof hcp.$inferSelect;
export type HcoValues = Pick<HcoRecord, 'nameZh' | 'nameEn' | 'level' | 'cityZh' | 'cityEn' | 'clinicalTrial'>;
export type HcpValues = Pick<HcpRecord, 'nameZh' | 'nameEn' | 'hcoId' | 'titleZh' | 'titleEn' | 'department'> & {
  idNumber?: string;
};
type Filters<T> = Omit<T, 'PageIndex' | 'PageSize'>;

// HCOs

const hcpCount = sql<number>`(select count(*)::int from customer_hcp p where p.hco_id = customer_hco.id)`;

function hcoWhere(companyId: number, f: Filters<SearchHcoMasterBody>): SQL | undefined {
  return and(
    eq(hco.companyId, companyId),
    keywordIn(f.Keyword, [hco.code, hco.nameZh, hco.nameEn, hco.cityZh, hco.cityEn]),
    f.ClinicalTrial === undefined ? undefined : eq(hco.clinicalTrial, f.ClinicalTrial),
    f.Status ? eq(hco.active, f.Status === 'active') : undefined,
    f.HCOIDs?.length ? inArray(hco.id, f.HCOIDs) : undefined,
  );
}

const hcoSortable = (culture: Culture) => ({
  Code: hco.code,
  Name: culture === 'en-GB' ? hco.nameEn : hco.nameZh,
  NameZH: hco.nameZh,
  NameEN: hco.nameEn,
  Level: hco.level,
  City: culture === 'en-GB' ? hco.cityEn : hco.cityZh,
  IsClinicalTrial: hco.clinicalTrial,
  Active: hco.active,
});

export async function searchHcos(db: Db, companyId: number, q: SearchHcoMasterBody, culture: Culture) {
  const where = hcoWhere(companyId, q);
  return paged(
    q,
    db.select({ n: count() }).from(hco).where(where),
    db
      .select({ hco, hcpCount })
      .from(hco)
      .where(where)
      .orderBy(orderFrom(hcoSortable(culture), q, hco.code), asc(hco.id)),
  );
}

export async function allHcos(db: Db, companyId: number, f: Filters<SearchHcoMasterBody>, limit: number) {
  return db.select({ hco, hcpCount }).from(hco).where(hcoWhere(companyId, f)).orderBy(asc(hco.code)).limit(limit);
}

export async function findHco(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ hco, hcpCount })
    .from(hco)
    .where(and(eq(hco.companyId, companyId), eq(hco.id, id)));
  return row;
}

export async function lockHco(db: Db, companyId: number, id: number): Promise<HcoRecord | undefined> {
  const [row] = await db
    .select()
    .from(hco)
    .where(and(eq(hco.companyId, companyId), eq(hco.id, id)))
    .for('update');
  return row;
}

/** The company's rows of these codes; `lock` reads them under a row lock, for an import checked against them. */
export async function hcosByCodes(
  db: Db,
  companyId: number,
  codes: string[],
  lock?: 'update' | 'share',
): Promise<HcoRecord[]> {
  if (!codes.length) return [];
  const rows = db
    .select()
    .from(hco)
    .where(and(eq(hco.companyId, companyId), inArray(hco.code, codes)));
  return lock ? rows.for(lock) : rows;
}

export async function hcosByIds(db: Db, companyId: number, ids: number[]): Promise<HcoRecord[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(hco)
    .where(and(eq(hco.companyId, companyId), inArray(hco.id, ids)));
}

export async function insertHco(db: Db, v: typeof hco.$inferInsert): Promise<HcoRecord> {
  return insertOne(db, hco, v);
}

export async function updateHco(
  db: Db,
  id: number,
  version: number | null,
  v: Partial<HcoValues & { active: boolean }>,
): Promise<HcoRecord | undefined> {
  return updateVersioned(db, hco, id, version, v, { touch: true });
}

export async function deleteHco(db: Db, id: number): Promise<void> {
  await db.delete(hco).where(eq(hco.id, id));
}

/** What keeps an HCO from being deleted: its doctors and who covers it. */
export async function hcoUsage(db: Db, id: number) {
  const [[doctors], [covers]] = await Promise.all([
    db.select({ n: count() }).from(hcp).where(eq(hcp.hcoId, id)),
    db.select({ n: count() }).from(coverage).where(eq(coverage.hcoId, id)),
  ]);
  return { hcps: doctors?.n ?? 0, coverage: covers?.n ?? 0 };
}

// HCPs

function hcpWhere(companyId: number, f: Filters<SearchHcpMasterBody>): SQL | undefined {
  return and(
    eq(hcp.companyId, companyId),
    keywordIn(f.Keyword, [hcp.code, hcp.nameZh, hcp.nameEn, hcp.department, hco.nameZh, hco.nameEn]),
    f.HCOID ? eq(hcp.hcoId, f.HCOID) : undefined,
    f.Status ? eq(hcp.active, f.Status === 'active') : undefined,
  );
}

const hcpSortable = (culture: Culture) => ({
  Code: hcp.code,
  Name: culture === 'en-GB' ? hcp.nameEn : hcp.nameZh,
  NameZH: hcp.nameZh,
  NameEN: hcp.nameEn,
  HCOName: culture === 'en-GB' ? hco.nameEn : hco.nameZh,
  Title: culture === 'en-GB' ? hcp.titleEn : hcp.titleZh,
  Department: hcp.department,
  Active: hcp.active,
});

export async function searchHcps(db: Db, companyId: number, q: SearchHcpMasterBody, culture: Culture) {
  const where = hcpWhere(companyId, q);
  return paged(
    q,
    db.select({ n: count() }).from(hcp).leftJoin(hco, eq(hco.id, hcp.hcoId)).where(where),
    db
      .select({ hcp, hco })
      .from(hcp)
      .leftJoin(hco, eq(hco.id, hcp.hcoId))
      .where(where)
      .orderBy(orderFrom(hcpSortable(culture), q, hcp.code), asc(hcp.id)),
  );
}

export async function allHcps(db: Db, companyId: number, f: Filters<SearchHcpMasterBody>, limit: number) {
  return db
    .select({ hcp, hco })
    .from(hcp)
    .leftJoin(hco, eq(hco.id, hcp.hcoId))
    .where(hcpWhere(companyId, f))
    .orderBy(asc(hcp.code))
    .limit(limit);
}

export async function findHcp(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ hcp, hco })
    .from(hcp)
    .leftJoin(hco, eq(hco.id, hcp.hcoId))
    .where(and(eq(hcp.companyId, companyId), eq(hcp.id, id)));
  return row;
}

export async function lockHcp(db: Db, companyId: number, id: number): Promise<HcpRecord | undefined> {
  const [row] = await db
    .select()
    .from(hcp)
    .where(and(eq(hcp.companyId, companyId), eq(hcp.id, id)))
    .for('update');
  return row;
}

/** The company's rows of these codes; `lock` reads them under a row lock, for an import checked against them. */
export async function hcpsByCodes(
  db: Db,
  companyId: number,
  codes: string[],
  lock?: 'update' | 'share',
): Promise<HcpRecord[]> {
  if (!codes.length) return [];
  const rows = db
    .select()
    .from(hcp)
    .where(and(eq(hcp.companyId, companyId), inArray(hcp.code, codes)));
  return lock ? rows.for(lock) : rows;
}

export async function hcpsByIds(db: Db, companyId: number, ids: number[]): Promise<HcpRecord[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(hcp)
    .where(and(eq(hcp.companyId, companyId), inArray(hcp.id, ids)));
}

export async function insertHcp(db: Db, v: typeof hcp.$inferInsert): Promise<HcpRecord> {
  return insertOne(db, hcp, v);
}

export async function updateHcp(
  db: Db,
  id: number,
  version: number | null,
  v: Partial<HcpValues & { active: boolean }>,
): Promise<HcpRecord | undefined> {
  return updateVersioned(db, hcp, id, version, v, { touch: true });
}

export async function deleteHcp(db: Db, id: number): Promise<void> {
  await db.delete(hcp).where(eq(hcp.id, id));
}

export async function hcpUsage(db: Db, id: number) {
  const [covers] = await db.select({ n: count() }).from(coverage).where(eq(coverage.hcpId, id));
  return { coverage: covers?.n ?? 0 };
}

// Coverage

const hcpHco = alias(hco, 'hcp_hco');

function coverageWhere(companyId: number, f: Filters<SearchCoverageMasterBody>): SQL | undefined {
  return and(
    eq(coverage.companyId, companyId),
    f.EmployeeID ? eq(coverage.employeeId, f.EmployeeID) : undefined,
    f.Kind === 'HCP' ? isNotNull(coverage.hcpId) : f.Kind === 'HCO' ? isNotNull(coverage.hcoId) : undefined,
    keywordIn(f.Keyword, [
      employee.code,
      employee.nameZh,
      employee.nameEn,
      hcp.code,
      hcp.nameZh,
      hcp.nameEn,
      hco.code,
      hco.nameZh,
      hco.nameEn,
    ]),
  );
}

function coverageSelect(db: Db) {
  return db
    .select({
      c: coverage,
      employee: { code: employee.code, nameZh: employee.nameZh, nameEn: employee.nameEn },
      hcp: { code: hcp.code, nameZh: hcp.nameZh, nameEn: hcp.nameEn, active: hcp.active },
      hco: { code: hco.code, nameZh: hco.nameZh, nameEn: hco.nameEn, active: hco.active },
      hcpHco: { nameZh: hcpHco.nameZh, nameEn: hcpHco.nameEn },
    })
    .from(coverage)
    .innerJoin(employee, eq(employee.id, coverage.employeeId))
    .leftJoin(hcp, eq(hcp.id, coverage.hcpId))
    .leftJoin(hco, eq(hco.id, coverage.hcoId))
    .leftJoin(hcpHco, eq(hcpHco.id, hcp.hcoId));
}
export type CoverageRecord = Awaited<ReturnType<typeof coverageSelect>>[number];

export async function searchCoverage(db: Db, companyId: number, q: SearchCoverageMasterBody) {
  const where = coverageWhere(companyId, q);
  return paged(
    q,
    db
      .select({ n: count() })
      .from(coverage)
      .innerJoin(employee, eq(employee.id, coverage.employeeId))
      .leftJoin(hcp, eq(hcp.id, coverage.hcpId))
      .leftJoin(hco, eq(hco.id, coverage.hcoId))
      .where(where),
    coverageSelect(db)
      .where(where)
      .orderBy(asc(employee.code), asc(sql`coalesce(${hcp.code}, ${hco.code})`), asc(coverage.id)),
  );
}

export async function allCoverage(db: Db, companyId: number, f: Filters<SearchCoverageMasterBody>, limit: number) {
  return coverageSelect(db)
    .where(coverageWhere(companyId, f))
    .orderBy(asc(employee.code), asc(sql`coalesce(${hcp.code}, ${hco.code})`), asc(coverage.id))
    .limit(limit);
}

export async function coverageByIds(db: Db, companyId: number, ids: number[]) {
  return db
    .select({ id: coverage.id, employeeId: coverage.employeeId, hcpId: coverage.hcpId, hcoId: coverage.hcoId })
    .from(coverage)
    .where(and(eq(coverage.companyId, companyId), inArray(coverage.id, ids)));
}

/** Inserts the rows not there yet; answers how many were new. */
export async function addCoverage(db: Db, rows: (typeof coverage.$inferInsert)[]): Promise<number> {
  if (!rows.length) return 0;
  const added = await db.insert(coverage).values(rows).onConflictDoNothing().returning({ id: coverage.id });
  return added.length;
}

export async function deleteCoverage(db: Db, ids: number[]): Promise<void> {
  await db.delete(coverage).where(inArray(coverage.id, ids));
}

/** The company's employees among the codes or ids (to check a coverage row's representative). */
export async function employeesByCodes(db: Db, companyId: number, codes: string[]) {
  if (!codes.length) return [];
  return db
    .select({ id: employee.id, code: employee.code })
    .from(employee)
    .where(and(eq(employee.companyId, companyId), inArray(employee.code, codes)));
}

export async function employeeInCompany(db: Db, companyId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: employee.id })
    .from(employee)
    .where(and(eq(employee.companyId, companyId), eq(employee.id, id)));
  return !!row;
}
