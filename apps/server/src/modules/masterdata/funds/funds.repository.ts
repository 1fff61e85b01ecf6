import type { Culture, SearchFundsPermissionBody } from '@ems/contracts';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { contains, orderFrom, paged } from '../../../core/list';
import { insertOne, updateVersioned } from '../../../core/versioned';
import { employee, employeeCompany, team } from '../../org/org.table';
import { costCentre as cc, fundPermission as fp, internalOrder as io } from '../costcentre.table';

export type GrantRow = typeof fp.$inferSelect;

const columns = {
  fp,
  empCode: employee.code,
  empZh: employee.nameZh,
  empEn: employee.nameEn,
  teamCode: team.code,
  teamZh: team.nameZh,
  teamEn: team.nameEn,
  ccCode: cc.code,
  ccZh: cc.nameZh,
  ccEn: cc.nameEn,
  ccStatus: cc.status,
  ioCode: io.code,
  ioZh: io.nameZh,
  ioEn: io.nameEn,
  ioStatus: io.status,
};

/** Valid on `day`: no bounds, or bounds around it. */
export function validOn(day: string): SQL {
  return and(or(isNull(fp.validFrom), lte(fp.validFrom, day)), or(isNull(fp.validTo), gte(fp.validTo, day))) as SQL;
}

function where(companyId: number, f: SearchFundsPermissionBody): SQL {
  const w: (SQL | undefined)[] = [eq(fp.companyId, companyId)];
  if (f.Grantee) {
    const k = contains(f.Grantee);
    w.push(
      or(
        ilike(employee.code, k),
        ilike(employee.nameZh, k),
        ilike(employee.nameEn, k),
        ilike(team.code, k),
        ilike(team.nameZh, k),
        ilike(team.nameEn, k),
      ),
    );
  }
  if (f.EmployeeID) w.push(eq(fp.employeeId, f.EmployeeID));
  if (f.TeamID) w.push(eq(fp.teamId, f.TeamID));
  if (f.CostCenterID) w.push(eq(fp.costCentreId, f.CostCenterID));
  if (f.InternalOrderID) w.push(eq(fp.internalOrderId, f.InternalOrderID));
  if (f.GranteeKind) w.push(f.GranteeKind === 'employee' ? isNotNull(fp.employeeId) : isNotNull(fp.teamId));
  if (f.TargetKind) w.push(f.TargetKind === 'cost_centre' ? isNotNull(fp.costCentreId) : isNotNull(fp.internalOrderId));
  if (f.ActiveOn) w.push(validOn(f.ActiveOn));
  return and(...w) as SQL;
}

function from(db: Db) {
  return db
    .select(columns)
    .from(fp)
    .leftJoin(employee, eq(employee.id, fp.employeeId))
    .leftJoin(team, eq(team.id, fp.teamId))
    .leftJoin(cc, eq(cc.id, fp.costCentreId))
    .leftJoin(io, eq(io.id, fp.internalOrderId));
}

export type GrantListRow = Awaited<ReturnType<typeof search>>['rows'][number];

export async function search(db: Db, companyId: number, f: SearchFundsPermissionBody, culture: Culture) {
  const w = where(companyId, f);
  const en = culture === 'en-GB';
  const grantee = sql`coalesce(${en ? employee.nameEn : employee.nameZh}, ${en ? team.nameEn : team.nameZh})`;
  const target = sql`coalesce(${cc.code}, ${io.code})`;
  // The screen's columns name these by the field they show.
  const sortable = {
    Grantee: grantee,
    EmployeeName: grantee,
    Target: target,
    CostCenterCode: target,
    ValidFrom: fp.validFrom,
    ValidTo: fp.validTo,
    CreatedAt: fp.createdAt,
  };
  return paged(
    f,
    db
      .select({ n: count() })
      .from(fp)
      .leftJoin(employee, eq(employee.id, fp.employeeId))
      .leftJoin(team, eq(team.id, fp.teamId))
      .where(w),
    from(db)
      .where(w)
      .orderBy(f.SortField ? orderFrom(sortable, f, fp.createdAt) : desc(fp.createdAt), asc(fp.id)),
  );
}

export async function listRow(db: Db, companyId: number, id: number) {
  const [row] = await from(db).where(and(eq(fp.companyId, companyId), eq(fp.id, id)));
  return row;
}

export async function lockById(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(fp)
    .where(and(eq(fp.companyId, companyId), eq(fp.id, id)))
    .for('update');
  return row;
}

type Values = Pick<
  typeof fp.$inferInsert,
  'employeeId' | 'teamId' | 'costCentreId' | 'internalOrderId' | 'validFrom' | 'validTo' | 'remark'
>;

/** The grant of the same grantee on the same target, if there is one. */
export async function findSame(db: Db, companyId: number, v: Values) {
  const same = (col: AnyColumn, value: number | null | undefined) => (value ? eq(col, value) : isNull(col));
  const [row] = await db
    .select({ id: fp.id })
    .from(fp)
    .where(
      and(
        eq(fp.companyId, companyId),
        same(fp.employeeId, v.employeeId),
        same(fp.teamId, v.teamId),
        same(fp.costCentreId, v.costCentreId),
        same(fp.internalOrderId, v.internalOrderId),
      ),
    );
  return row;
}

export async function insert(db: Db, companyId: number, v: Values) {
  return insertOne(db, fp, { ...v, companyId });
}

export async function update(db: Db, id: number, version: number, v: Values) {
  return updateVersioned(db, fp, id, version, v);
}

export async function removeMany(db: Db, companyId: number, ids: number[]) {
  return db
    .delete(fp)
    .where(and(eq(fp.companyId, companyId), inArray(fp.id, ids)))
    .returning();
}

/* ---------- what a person may charge ---------- */

/** The person's team in the company: home team, or the team listed for that company. */
export async function personInCompany(db: Db, companyId: number, employeeId: number) {
  const [row] = await db
    .select({
      id: employee.id,
      code: employee.code,
      nameZh: employee.nameZh,
      nameEn: employee.nameEn,
      homeCompanyId: employee.companyId,
      homeTeamId: employee.teamId,
      otherTeamId: employeeCompany.teamId,
      otherCompanyId: employeeCompany.companyId,
      defaultCostCentreId: employee.defaultCostCentreId,
    })
    .from(employee)
    .leftJoin(
      employeeCompany,
      and(eq(employeeCompany.employeeId, employee.id), eq(employeeCompany.companyId, companyId)),
    )
    .where(eq(employee.id, employeeId));
  if (!row) return undefined;
  if (row.homeCompanyId === companyId) return { ...row, teamId: row.homeTeamId };
  if (row.otherCompanyId === companyId) return { ...row, teamId: row.otherTeamId };
  return undefined;
}

export async function personByCode(db: Db, companyId: number, code: string) {
  const [row] = await db
    .select({ id: employee.id })
    .from(employee)
    .where(
      and(
        sql`lower(${employee.code}) = lower(${code})`,
        or(
          eq(employee.companyId, companyId),
          sql`exists (select 1 from ${employeeCompany} ec where ec.employee_id = employee.id and ec.company_id = ${companyId})`,
        ),
      ),
    )
    .orderBy(sql`${employee.companyId} <> ${companyId}`)
    .limit(1);
  return row;
}

export async function teamsOf(db: Db, companyId: number) {
  return db
    .select({ id: team.id, code: team.code, nameZh: team.nameZh, nameEn: team.nameEn, parentId: team.parentId })
    .from(team)
    .where(eq(team.companyId, companyId));
}

/**
 * A team of the company and the teams above it, nearest first, in one recursive read: up to the top, to a parent
 * outside the company, or to where it would repeat a team (bad master data).
 */
export async function teamChain(db: Db, companyId: number, teamId: number) {
  const rows = await db.execute(sql`with recursive chain(id, parent_id, name_zh, name_en, path) as (
      select ${team.id}, ${team.parentId}, ${team.nameZh}, ${team.nameEn}, array[${team.id}]
        from ${team} where ${team.companyId} = ${companyId} and ${team.id} = ${teamId}
      union all
      select t.id, t.parent_id, t.name_zh, t.name_en, c.path || t.id
        from ${team} t join chain c on t.id = c.parent_id
        where t.company_id = ${companyId} and not t.id = any(c.path)
    )
    select id, name_zh, name_en from chain order by cardinality(path)`);
  return (rows as unknown as { rows: { id: number; name_zh: string; name_en: string }[] }).rows.map((r) => ({
    id: Number(r.id),
    nameZh: r.name_zh,
    nameEn: r.name_en,
  }));
}

const ccColumns = {
  id: cc.id,
  code: cc.code,
  nameZh: cc.nameZh,
  nameEn: cc.nameEn,
  status: cc.status,
  validFrom: cc.validFrom,
  validTo: cc.validTo,
  ownerTeamId: cc.ownerTeamId,
};

/** The company's cost centres `teamId` owns and those of `ids`, in one read. */
export async function costCentresOwnedOr(db: Db, companyId: number, teamId: number | null, ids: number[]) {
  if (teamId === null && ids.length === 0) return [];
  return db
    .select(ccColumns)
    .from(cc)
    .where(
      and(
        eq(cc.companyId, companyId),
        or(teamId === null ? undefined : eq(cc.ownerTeamId, teamId), ids.length ? inArray(cc.id, ids) : undefined),
      ),
    );
}

export async function costCentresByIds(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(ccColumns)
    .from(cc)
    .where(and(eq(cc.companyId, companyId), inArray(cc.id, ids)));
}

export async function internalOrdersWhere(db: Db, companyId: number, ids: number[], costCentreIds: number[]) {
  if (ids.length === 0 && costCentreIds.length === 0) return [];
  return db
    .select({
      id: io.id,
      code: io.code,
      nameZh: io.nameZh,
      nameEn: io.nameEn,
      status: io.status,
      validFrom: io.validFrom,
      validTo: io.validTo,
      costCentreId: io.costCentreId,
      ccStatus: cc.status,
      ccCode: cc.code,
    })
    .from(io)
    .leftJoin(cc, eq(cc.id, io.costCentreId))
    .where(
      and(
        eq(io.companyId, companyId),
        or(
          ids.length ? inArray(io.id, ids) : undefined,
          costCentreIds.length ? inArray(io.costCentreId, costCentreIds) : undefined,
        ),
      ),
    );
}

/** Grants to the person or to any of `teamIds`, valid on `day`. */
export async function grantsFor(db: Db, companyId: number, employeeId: number, teamIds: number[], day: string) {
  return db
    .select({ fp, teamZh: team.nameZh, teamEn: team.nameEn })
    .from(fp)
    .leftJoin(team, eq(team.id, fp.teamId))
    .where(
      and(
        eq(fp.companyId, companyId),
        or(eq(fp.employeeId, employeeId), teamIds.length ? inArray(fp.teamId, teamIds) : undefined),
        validOn(day),
      ),
    );
}

export async function costCentreIn(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select(ccColumns)
    .from(cc)
    .where(and(eq(cc.companyId, companyId), eq(cc.id, id)));
  return row;
}

export async function internalOrderIn(db: Db, companyId: number, id: number) {
  const [row] = await internalOrdersWhere(db, companyId, [id], []);
  return row;
}

export async function teamIn(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ id: team.id })
    .from(team)
    .where(and(eq(team.companyId, companyId), eq(team.id, id)));
  return row;
}
