import type { GetTeamListBody, SearchTherapeuticAreaBody } from '@ems/contracts';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../core/list';
import { insertOne, updateVersioned } from '../../../core/versioned';
import { evmTeamRelation } from '../evm.table';
import { employee, employeeCompany, employeeRoleTeam, role, therapeuticArea as ta, team } from '../org.table';

export type TeamEntity = typeof team.$inferSelect;
export type TeamValues = Omit<typeof team.$inferInsert, 'id' | 'version'>;
const parent = alias(team, 'parent');

// Correlated subqueries name the outer table in full: drizzle leaves columns unqualified in single-table selects.
const memberCount = sql<number>`(select count(*)::int from employee e where e.team_id = "team"."id" and e.status <> 'left')`;

function teamColumns() {
  return {
    t: team,
    parentZh: parent.nameZh,
    parentEn: parent.nameEn,
    taZh: ta.nameZh,
    taEn: ta.nameEn,
    members: memberCount,
  };
}

const SORTABLE = {
  Code: team.code,
  Name: team.nameZh,
  NameZH: team.nameZh,
  NameEN: team.nameEn,
  BU: team.bu,
  Sort: team.sort,
  Active: team.active,
  MemberCount: memberCount,
};

function listWhere(companyId: number, f: Omit<GetTeamListBody, 'PageIndex' | 'PageSize'>): SQL | undefined {
  return and(
    eq(team.companyId, companyId),
    keywordIn(f.Keyword, [team.code, team.nameZh, team.nameEn]),
    f.ParentID !== undefined ? eq(team.parentId, f.ParentID) : undefined,
    f.IsEVM !== undefined ? eq(team.isEvm, f.IsEVM) : undefined,
    f.IsSupportFunction !== undefined ? eq(team.isSupportFunction, f.IsSupportFunction) : undefined,
    f.TherapeuticAreaID !== undefined ? eq(team.therapeuticAreaId, f.TherapeuticAreaID) : undefined,
    f.Active !== undefined ? eq(team.active, f.Active) : undefined,
  );
}

export async function searchTeams(db: Db, companyId: number, f: GetTeamListBody) {
  const where = listWhere(companyId, f);
  return paged(
    f,
    db.select({ n: count() }).from(team).where(where),
    db
      .select(teamColumns())
      .from(team)
      .leftJoin(parent, eq(parent.id, team.parentId))
      .leftJoin(ta, eq(ta.id, team.therapeuticAreaId))
      .where(where)
      .orderBy(orderFrom(SORTABLE, f, team.sort), asc(team.code)),
  );
}

export type TeamListRow = Awaited<ReturnType<typeof searchTeams>>['rows'][number];

export async function loadTeam(db: Db, companyId: number, teamId: number) {
  const [row] = await db
    .select(teamColumns())
    .from(team)
    .leftJoin(parent, eq(parent.id, team.parentId))
    .leftJoin(ta, eq(ta.id, team.therapeuticAreaId))
    .where(and(eq(team.id, teamId), eq(team.companyId, companyId)));
  return row;
}

export async function findTeam(db: Db, teamId: number): Promise<TeamEntity | undefined> {
  const [row] = await db.select().from(team).where(eq(team.id, teamId));
  return row;
}

/** Every team of a company (id, parent, code, names): small enough to walk trees in memory. */
export async function companyTeams(db: Db, companyId: number) {
  return db
    .select({
      id: team.id,
      parentId: team.parentId,
      code: team.code,
      nameZh: team.nameZh,
      nameEn: team.nameEn,
      active: team.active,
    })
    .from(team)
    .where(eq(team.companyId, companyId))
    .orderBy(asc(team.sort), asc(team.code));
}

export async function teamByCode(db: Db, companyId: number, code: string) {
  const [row] = await db
    .select()
    .from(team)
    .where(and(eq(team.companyId, companyId), sql`lower(${team.code}) = lower(${code})`));
  return row;
}

export async function insertTeam(db: Db, v: TeamValues) {
  return insertOne(db, team, v);
}

export async function updateTeam(db: Db, id: number, version: number, v: Partial<TeamValues>) {
  return updateVersioned(db, team, id, version, v);
}

export async function setSupportFunction(db: Db, companyId: number, ids: number[], value: boolean) {
  return db
    .update(team)
    .set({ isSupportFunction: value, version: sql`${team.version} + 1` })
    .where(and(eq(team.companyId, companyId), inArray(team.id, ids)))
    .returning({ id: team.id, code: team.code });
}

/** What still hangs on a team that is about to stop: active sub-teams and people who have not left. */
export async function teamUsage(db: Db, teamId: number) {
  const [children] = await db
    .select({ n: count() })
    .from(team)
    .where(and(eq(team.parentId, teamId), eq(team.active, true)));
  const [members] = await db
    .select({ n: count() })
    .from(employee)
    .where(and(eq(employee.teamId, teamId), sql`${employee.status} <> 'left'`));
  return { children: children?.n ?? 0, members: members?.n ?? 0 };
}

export async function childCount(db: Db, teamId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(team).where(eq(team.parentId, teamId));
  return row?.n ?? 0;
}

export async function hasEvmRelation(db: Db, teamId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: evmTeamRelation.id })
    .from(evmTeamRelation)
    .where(eq(evmTeamRelation.teamId, teamId))
    .limit(1);
  return !!row;
}

/** The employee's assignments of roles with team authority in a company: team null means the whole company. */
/** The teams under `roots`, themselves included, walked in the database rather than over every team of the company. */
export async function subtreeIds(db: Db, companyId: number, roots: number[]): Promise<number[]> {
  const result = await db.execute(sql`with recursive sub(id) as (
      select id from team where company_id = ${companyId} and id = any(${sql.param(roots)}::int[])
      union select t.id from team t join sub on t.parent_id = sub.id)
    select id from sub`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

/**
 * In one statement: whether a role with team authority covers the whole company (assigned without a team), and
 * otherwise the teams it covers with every team below them.
 */
export async function authoritySubtree(db: Db, employeeId: number, companyId: number) {
  const result = await db.execute(sql`with recursive assigned as (
      select ${employeeRoleTeam.teamId} as team_id from ${employeeRoleTeam}
      join ${role} on ${role.id} = ${employeeRoleTeam.roleId}
      where ${employeeRoleTeam.employeeId} = ${employeeId} and ${role.companyId} = ${companyId}
        and ${role.active} and ${role.teamAuthority}),
    sub(id) as (
      select id from team where company_id = ${companyId} and id in (select team_id from assigned)
      union select t.id from team t join sub on t.parent_id = sub.id)
    select coalesce((select bool_or(team_id is null) from assigned), false) as whole,
      array(select id from sub) as ids`);
  const [row] = (result as unknown as { rows: { whole: boolean; ids: number[] }[] }).rows;
  return { whole: !!row?.whole, ids: (row?.ids ?? []).map(Number) };
}

export async function roleTeamsOf(db: Db, employeeId: number, companyId: number) {
  return db
    .select({ teamId: employeeRoleTeam.teamId })
    .from(employeeRoleTeam)
    .innerJoin(role, eq(role.id, employeeRoleTeam.roleId))
    .where(
      and(
        eq(employeeRoleTeam.employeeId, employeeId),
        eq(role.companyId, companyId),
        eq(role.active, true),
        eq(role.teamAuthority, true),
      ),
    );
}

/** The employee's team in a company: home team there, or the team of their employee_company row. */
export async function teamsOfEmployee(db: Db, employeeId: number, companyId: number) {
  const home = await db
    .select({ id: team.id, code: team.code, nameZh: team.nameZh, nameEn: team.nameEn, isHome: sql<boolean>`true` })
    .from(employee)
    .innerJoin(team, eq(team.id, employee.teamId))
    .where(and(eq(employee.id, employeeId), eq(employee.companyId, companyId)));
  const other = await db
    .select({ id: team.id, code: team.code, nameZh: team.nameZh, nameEn: team.nameEn, isHome: sql<boolean>`false` })
    .from(employeeCompany)
    .innerJoin(team, eq(team.id, employeeCompany.teamId))
    .where(and(eq(employeeCompany.employeeId, employeeId), eq(employeeCompany.companyId, companyId)));
  return [...home, ...other];
}

// Therapeutic areas

const taTeams = sql<number>`(select count(*)::int from team x where x.therapeutic_area_id = "therapeutic_area"."id")`;
const TA_SORTABLE = { Code: ta.code, Name: ta.nameZh, NameZH: ta.nameZh, NameEN: ta.nameEn, Sort: ta.sort };

export async function searchAreas(db: Db, companyId: number, f: SearchTherapeuticAreaBody) {
  const where = and(
    eq(ta.companyId, companyId),
    keywordIn(f.Keyword, [ta.code, ta.nameZh, ta.nameEn]),
    f.Active !== undefined ? eq(ta.active, f.Active) : undefined,
  );
  return paged(
    f,
    db.select({ n: count() }).from(ta).where(where),
    db
      .select({ a: ta, teams: taTeams })
      .from(ta)
      .where(where)
      .orderBy(orderFrom(TA_SORTABLE, f, ta.sort), asc(ta.code)),
  );
}

export async function findArea(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(ta)
    .where(and(eq(ta.id, id), eq(ta.companyId, companyId)));
  return row;
}

export async function areaByCode(db: Db, companyId: number, code: string) {
  const [row] = await db
    .select()
    .from(ta)
    .where(and(eq(ta.companyId, companyId), sql`lower(${ta.code}) = lower(${code})`));
  return row;
}

export type AreaValues = Omit<typeof ta.$inferInsert, 'id' | 'version'>;

export async function insertArea(db: Db, v: AreaValues) {
  return insertOne(db, ta, v);
}

export async function updateArea(db: Db, id: number, version: number, v: Partial<AreaValues>) {
  return updateVersioned(db, ta, id, version, v);
}

export async function areaTeamCount(db: Db, ids: number[]) {
  return db
    .select({ id: team.therapeuticAreaId, n: count() })
    .from(team)
    .where(inArray(team.therapeuticAreaId, ids))
    .groupBy(team.therapeuticAreaId);
}

export async function deleteAreas(db: Db, companyId: number, ids: number[]) {
  return db
    .delete(ta)
    .where(and(eq(ta.companyId, companyId), inArray(ta.id, ids)))
    .returning({ id: ta.id, code: ta.code });
}

/** Whether the person belongs to the company: home company, or listed in employee_company. */
export async function belongsToCompany(db: Db, employeeId: number, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: employee.id })
    .from(employee)
    .where(
      and(
        eq(employee.id, employeeId),
        or(
          eq(employee.companyId, companyId),
          sql`exists (select 1 from employee_company ec where ec.employee_id = "employee"."id" and ec.company_id = ${companyId})`,
        ),
      ),
    );
  return !!row;
}
