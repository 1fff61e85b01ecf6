import type {
  SearchEmployeeRoleTeamBody,
  SearchRoleCandidateBody,
  SearchRoleEmployeeListBody,
  SearchRoleListBody,
} from '@ems/contracts';
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db';
import { contains, keywordIn, orderFrom, paged } from '../../../core/list';
import { insertOne, updateVersioned } from '../../../core/versioned';
import { peopleWithTeams } from '../org.repository';
import { appFunction, employee, employeeRoleTeam as ert, role, roleFunction, roleReport, team } from '../org.table';

export type RoleEntity = typeof role.$inferSelect;
export type RoleValues = Omit<typeof role.$inferInsert, 'id' | 'version'>;

// Correlated subqueries name the outer table in full: drizzle leaves columns unqualified in single-table selects.
const functionCount = sql<number>`(select count(*)::int from role_function rf where rf.role_id = "role"."id")`;
const employeeCount = sql<number>`(select count(distinct x.employee_id)::int from employee_role_team x where x.role_id = "role"."id")`;
const SORTABLE = { Code: role.code, Name: role.nameZh, NameZH: role.nameZh, NameEN: role.nameEn, Active: role.active };

export async function searchRoles(db: Db, companyId: number, f: SearchRoleListBody) {
  const where = and(
    eq(role.companyId, companyId),
    keywordIn(f.Keyword, [role.code, role.nameZh, role.nameEn]),
    f.Active !== undefined ? eq(role.active, f.Active) : undefined,
  );
  return paged(
    f,
    db.select({ n: count() }).from(role).where(where),
    db
      .select({ r: role, functions: functionCount, employees: employeeCount })
      .from(role)
      .where(where)
      .orderBy(orderFrom(SORTABLE, f, role.code), asc(role.code)),
  );
}

export async function loadRole(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ r: role, functions: functionCount, employees: employeeCount })
    .from(role)
    .where(and(eq(role.id, id), eq(role.companyId, companyId)));
  return row;
}

export async function findRole(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(role)
    .where(and(eq(role.id, id), eq(role.companyId, companyId)));
  return row;
}

export async function roleByCode(db: Db, companyId: number, code: string) {
  const [row] = await db
    .select()
    .from(role)
    .where(and(eq(role.companyId, companyId), sql`lower(${role.code}) = lower(${code})`));
  return row;
}

export async function allRoles(db: Db, companyId: number) {
  return db.select().from(role).where(eq(role.companyId, companyId)).orderBy(asc(role.code));
}

export async function insertRole(db: Db, v: RoleValues) {
  return insertOne(db, role, v);
}

export async function updateRole(db: Db, id: number, version: number, v: Partial<RoleValues>) {
  return updateVersioned(db, role, id, version, v);
}

/** Moves the role's version on (reports saved alone still change the role). */
export async function touchRole(db: Db, id: number, version: number) {
  return updateRole(db, id, version, {});
}

export async function functionsOfRole(db: Db, roleId: number): Promise<string[]> {
  const rows = await db
    .select({ code: roleFunction.functionCode })
    .from(roleFunction)
    .where(eq(roleFunction.roleId, roleId))
    .orderBy(asc(roleFunction.functionCode));
  return rows.map((r) => r.code);
}

export async function replaceFunctions(db: Db, roleId: number, codes: string[]) {
  await db.delete(roleFunction).where(eq(roleFunction.roleId, roleId));
  if (codes.length) await db.insert(roleFunction).values(codes.map((functionCode) => ({ roleId, functionCode })));
}

export async function reportsOfRole(db: Db, roleId: number): Promise<string[]> {
  const rows = await db.select({ code: roleReport.reportCode }).from(roleReport).where(eq(roleReport.roleId, roleId));
  return rows.map((r) => r.code);
}

export async function replaceReports(db: Db, roleId: number, codes: string[]) {
  await db.delete(roleReport).where(eq(roleReport.roleId, roleId));
  if (codes.length) await db.insert(roleReport).values(codes.map((reportCode) => ({ roleId, reportCode })));
}

export async function functionCatalogue(db: Db) {
  return db.select().from(appFunction).orderBy(asc(appFunction.sort), asc(appFunction.code));
}

/** Report codes of the user's active roles in a company. */
export async function reportsOfUser(db: Db, employeeId: number, companyId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ code: roleReport.reportCode })
    .from(ert)
    .innerJoin(role, eq(role.id, ert.roleId))
    .innerJoin(roleReport, eq(roleReport.roleId, role.id))
    .where(and(eq(ert.employeeId, employeeId), eq(role.companyId, companyId), eq(role.active, true)));
  return rows.map((r) => r.code);
}

/** Tells every holder of the roles that their permissions changed. */
export async function bumpHolders(db: Db, roleIds: number[]) {
  if (roleIds.length === 0) return;
  const holders = db.selectDistinct({ id: ert.employeeId }).from(ert).where(inArray(ert.roleId, roleIds));
  await db
    .update(employee)
    .set({ rolesVersion: sql`${employee.rolesVersion} + 1` })
    .where(inArray(employee.id, holders));
}

export async function bumpEmployees(db: Db, employeeIds: number[]) {
  if (employeeIds.length === 0) return;
  await db
    .update(employee)
    .set({ rolesVersion: sql`${employee.rolesVersion} + 1` })
    .where(inArray(employee.id, employeeIds));
}

const scopeTeam = alias(team, 'scope_team');
const homeTeam = alias(team, 'home_team');

function assignmentQuery(db: Db) {
  return db
    .select({
      a: ert,
      e: {
        id: employee.id,
        code: employee.code,
        nameZh: employee.nameZh,
        nameEn: employee.nameEn,
        status: employee.status,
      },
      r: { id: role.id, code: role.code, nameZh: role.nameZh, nameEn: role.nameEn, isAdmin: role.isAdmin },
      scopeZh: scopeTeam.nameZh,
      scopeEn: scopeTeam.nameEn,
      homeZh: homeTeam.nameZh,
      homeEn: homeTeam.nameEn,
    })
    .from(ert)
    .innerJoin(role, eq(role.id, ert.roleId))
    .innerJoin(employee, eq(employee.id, ert.employeeId))
    .leftJoin(scopeTeam, eq(scopeTeam.id, ert.teamId))
    .leftJoin(homeTeam, eq(homeTeam.id, employee.teamId));
}
export type AssignmentRow = Awaited<ReturnType<ReturnType<typeof assignmentQuery>['execute']>>[number];

const ASSIGNMENT_SORTABLE = {
  EmployeeCode: employee.code,
  EmployeeName: employee.nameZh,
  RoleCode: role.code,
  RoleName: role.nameZh,
  TeamName: scopeTeam.nameZh,
};

function keyword(k: string | undefined): SQL | undefined {
  return k
    ? or(ilike(employee.code, contains(k)), ilike(employee.nameZh, contains(k)), ilike(employee.nameEn, contains(k)))
    : undefined;
}

export async function searchAssignments(
  db: Db,
  companyId: number,
  f: SearchEmployeeRoleTeamBody | (SearchRoleEmployeeListBody & { EmployeeID?: undefined; TeamID?: undefined }),
) {
  const where = and(
    eq(role.companyId, companyId),
    keyword(f.Keyword),
    f.EmployeeID !== undefined ? eq(ert.employeeId, f.EmployeeID) : undefined,
    f.RoleID !== undefined ? eq(ert.roleId, f.RoleID) : undefined,
    f.TeamID !== undefined ? eq(ert.teamId, f.TeamID) : undefined,
  );
  return paged(
    f,
    db
      .select({ n: count() })
      .from(ert)
      .innerJoin(role, eq(role.id, ert.roleId))
      .innerJoin(employee, eq(employee.id, ert.employeeId))
      .where(where),
    assignmentQuery(db)
      .where(where)
      .orderBy(orderFrom(ASSIGNMENT_SORTABLE, f, employee.code), asc(employee.code), asc(role.code)),
  );
}

export async function assignmentsByIds(db: Db, ids: number[], companyId: number) {
  return assignmentQuery(db).where(and(inArray(ert.id, ids), eq(role.companyId, companyId)));
}

export async function insertAssignments(db: Db, roleId: number, employeeIds: number[], teamId: number | null) {
  return db
    .insert(ert)
    .values(employeeIds.map((employeeId) => ({ employeeId, roleId, teamId })))
    .onConflictDoNothing()
    .returning({ id: ert.id, employeeId: ert.employeeId });
}

export async function deleteAssignments(db: Db, ids: number[]) {
  return db
    .delete(ert)
    .where(inArray(ert.id, ids))
    .returning({ id: ert.id, employeeId: ert.employeeId, roleId: ert.roleId });
}

/** People who hold an active administrator role of the company and have not left. */
export async function adminHolders(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: ert.employeeId })
    .from(ert)
    .innerJoin(role, eq(role.id, ert.roleId))
    .innerJoin(employee, eq(employee.id, ert.employeeId))
    .where(
      and(eq(role.companyId, companyId), eq(role.isAdmin, true), eq(role.active, true), ne(employee.status, 'left')),
    );
  return rows.map((r) => r.id);
}

/** People of the company to add to a role; those holding it for the whole company already are left out. */
export async function candidates(db: Db, companyId: number, f: SearchRoleCandidateBody) {
  const member = or(
    eq(employee.companyId, companyId),
    sql`exists (select 1 from employee_company ec where ec.employee_id = "employee"."id" and ec.company_id = ${companyId})`,
  );
  const where = and(
    member,
    ne(employee.status, 'left'),
    keyword(f.Keyword),
    f.TeamID !== undefined ? eq(employee.teamId, f.TeamID) : undefined,
    f.RoleID !== undefined
      ? sql`not exists (select 1 from employee_role_team x where x.employee_id = "employee"."id" and x.role_id = ${f.RoleID} and x.team_id is null)`
      : undefined,
  );
  return peopleWithTeams(db, f, where);
}

export async function teamsOfCompany(db: Db, companyId: number, k: string | undefined) {
  return db
    .select()
    .from(team)
    .where(
      and(
        eq(team.companyId, companyId),
        eq(team.active, true),
        k
          ? or(ilike(team.code, contains(k)), ilike(team.nameZh, contains(k)), ilike(team.nameEn, contains(k)))
          : undefined,
      ),
    )
    .orderBy(asc(team.sort), asc(team.code));
}
