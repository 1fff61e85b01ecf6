import type { PageQuery, SearchEmployeeApproveLimitBody, SearchEmployeeBody } from '@ems/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db';
import { gramsMatch, orderFrom, paged } from '../../../core/list';
import { insertOne, updateVersioned } from '../../../core/versioned';
import { refreshToken, userAccount } from '../../auth/auth.table';
import { costCentreFormOrder, costCentreHead, fundPermission } from '../../masterdata/costcentre.table';
import { applyAuthority } from '../../masterdata/expense.table';
import { company } from '../../system/system.table';
import { employee, employeeCompany, employeeRoleTeam, employeeStatusHistory, role, team } from '../org.table';

export type EmployeeEntity = typeof employee.$inferSelect;
export type EmployeeValues = Omit<typeof employee.$inferInsert, 'id' | 'version'>;

const manager = alias(employee, 'manager');
const ec = alias(employeeCompany, 'ec');
const actor = alias(employee, 'actor');
const named = alias(employee, 'named');
const account = alias(userAccount, 'account');

/**
 * People whose code, names or e-mail (and `username`, the username) contain the keyword: their ids, read through the
 * grams indexes before the list, rather than every person's columns tested one by one.
 */
export function peopleMatching(keyword: string | undefined, username = false): SQL | undefined {
  if (!keyword) return undefined;
  const parts = [
    sql`select ${named.id} from ${employee} as ${sql.identifier('named')} where ${gramsMatch(keyword, named.keywordGrams, [named.code, named.nameZh, named.nameEn, named.email])}`,
  ];
  if (username) {
    parts.push(
      sql`select ${account.employeeId} from ${userAccount} as ${sql.identifier('account')} where ${gramsMatch(keyword, account.usernameGrams, [account.username])}`,
    );
  }
  return sql`${employee.id} = any(array(${sql.join(parts, sql` union `)}))`;
}

/** The person's team in the listed company: the home team there, else the team of their employee_company row. */
const teamHere = (companyId: number) =>
  sql<number | null>`case when ${employee.companyId} = ${companyId} then ${employee.teamId} else ${ec.teamId} end`;

function inCompany(companyId: number): SQL {
  return or(eq(employee.companyId, companyId), isNotNull(ec.employeeId))!;
}

export type EmployeeFilters = Omit<SearchEmployeeBody, 'PageIndex' | 'PageSize'> & { teamIds?: number[] };

function where(companyId: number, f: EmployeeFilters): SQL | undefined {
  return and(
    inCompany(companyId),
    peopleMatching(f.Keyword, true),
    f.teamIds ? inArray(teamHere(companyId), f.teamIds.length ? f.teamIds : [0]) : undefined,
    f.Status ? eq(employee.status, f.Status) : undefined,
    f.LineManagerID !== undefined ? eq(employee.lineManagerId, f.LineManagerID) : undefined,
    f.HasAccount === true ? isNotNull(userAccount.id) : f.HasAccount === false ? isNull(userAccount.id) : undefined,
  );
}

function baseQuery(db: Db, companyId: number) {
  return db
    .select({
      e: employee,
      teamId: team.id,
      teamZh: team.nameZh,
      teamEn: team.nameEn,
      teamCode: team.code,
      managerZh: manager.nameZh,
      managerEn: manager.nameEn,
      managerCode: manager.code,
      username: userAccount.username,
    })
    .from(employee)
    .leftJoin(ec, and(eq(ec.employeeId, employee.id), eq(ec.companyId, companyId)))
    .leftJoin(team, eq(team.id, teamHere(companyId)))
    .leftJoin(manager, eq(manager.id, employee.lineManagerId))
    .leftJoin(userAccount, eq(userAccount.employeeId, employee.id));
}

export type EmployeeListRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

const SORTABLE = {
  Code: employee.code,
  Name: employee.nameZh,
  NameZH: employee.nameZh,
  NameEN: employee.nameEn,
  TeamName: team.nameZh,
  Status: employee.status,
  ApprovalLimit: employee.approvalLimit,
  Username: userAccount.username,
};

/** One page of people under `w`, in the list's order; both people lists count and read the same joins. */
function pageOfPeople(
  db: Db,
  companyId: number,
  f: Pick<PageQuery, 'PageIndex' | 'PageSize' | 'SortField' | 'SortOrder'>,
  w: SQL | undefined,
) {
  return paged(
    f,
    db
      .select({ n: count() })
      .from(employee)
      .leftJoin(ec, and(eq(ec.employeeId, employee.id), eq(ec.companyId, companyId)))
      .leftJoin(userAccount, eq(userAccount.employeeId, employee.id))
      .where(w),
    baseQuery(db, companyId)
      .where(w)
      .orderBy(orderFrom(SORTABLE, f, employee.code), asc(employee.code)),
  );
}

export async function searchEmployees(
  db: Db,
  companyId: number,
  f: EmployeeFilters & { PageIndex: number; PageSize: number },
) {
  const w = where(companyId, f);
  return pageOfPeople(db, companyId, f, w);
}

export async function allEmployees(db: Db, companyId: number, f: EmployeeFilters, limit: number) {
  return baseQuery(db, companyId)
    .where(where(companyId, f))
    .orderBy(orderFrom(SORTABLE, f, employee.code), asc(employee.code))
    .limit(limit);
}

export async function loadEmployee(db: Db, companyId: number, id: number) {
  const [row] = await baseQuery(db, companyId).where(and(eq(employee.id, id), inCompany(companyId)));
  return row;
}

export async function findEmployee(db: Db, id: number): Promise<EmployeeEntity | undefined> {
  const [row] = await db.select().from(employee).where(eq(employee.id, id));
  return row;
}

export async function employeeByCode(db: Db, companyId: number, code: string) {
  const [row] = await db
    .select()
    .from(employee)
    .where(and(eq(employee.companyId, companyId), sql`lower(${employee.code}) = lower(${code})`));
  return row;
}

/** Code, id, line manager and status of every person whose home is the company (imports check against these). */
export async function companyPeople(db: Db, companyId: number) {
  return db
    .select({
      id: employee.id,
      code: employee.code,
      parentId: employee.lineManagerId,
      status: employee.status,
      teamId: employee.teamId,
      hasAccount: sql<boolean>`${employee.bankAccount} is not null and ${employee.bankAccount} <> ''`,
      bankCnaps: employee.bankCnaps,
    })
    .from(employee)
    .where(eq(employee.companyId, companyId));
}

export async function managerOf(db: Db, id: number): Promise<number | null | undefined> {
  const [row] = await db.select({ m: employee.lineManagerId }).from(employee).where(eq(employee.id, id));
  return row ? row.m : undefined;
}

export async function insertEmployee(db: Db, v: EmployeeValues) {
  return insertOne(db, employee, v);
}

/** Updates when the version matches (or always, without one: imports overwrite). */
export async function updateEmployee(db: Db, id: number, version: number | null, v: Partial<EmployeeValues>) {
  return updateVersioned(db, employee, id, version, v, { touch: true });
}

export async function accountOf(db: Db, employeeId: number) {
  const [row] = await db.select().from(userAccount).where(eq(userAccount.employeeId, employeeId));
  return row;
}

export async function accountByUsername(db: Db, username: string) {
  const [row] = await db.select().from(userAccount).where(eq(userAccount.username, username.toLowerCase()));
  return row;
}

export async function usernamesTaken(db: Db, usernames: string[]) {
  if (usernames.length === 0) return [];
  return db
    .select({ username: userAccount.username, employeeId: userAccount.employeeId })
    .from(userAccount)
    .where(
      inArray(
        userAccount.username,
        usernames.map((u) => u.toLowerCase()),
      ),
    );
}

export async function insertAccount(db: Db, employeeId: number, username: string, passwordHash: string) {
  await db
    .insert(userAccount)
    .values({ employeeId, username: username.toLowerCase(), passwordHash, mustChangePassword: true });
}

export async function renameAccount(db: Db, accountId: number, username: string) {
  await db.update(userAccount).set({ username: username.toLowerCase() }).where(eq(userAccount.id, accountId));
}

/** What refers to a person, by kind, so a delete can say why it is refused. */
export async function usage(db: Db, id: number) {
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
  return {
    reports: await n(db.select({ n: count() }).from(employee).where(eq(employee.lineManagerId, id))),
    costCentreHead: await n(db.select({ n: count() }).from(costCentreHead).where(eq(costCentreHead.employeeId, id))),
    formOrder: await n(
      db.select({ n: count() }).from(costCentreFormOrder).where(eq(costCentreFormOrder.employeeId, id)),
    ),
    roles: await n(db.select({ n: count() }).from(employeeRoleTeam).where(eq(employeeRoleTeam.employeeId, id))),
    fundPermission: await n(db.select({ n: count() }).from(fundPermission).where(eq(fundPermission.employeeId, id))),
    applyAuthority: await n(db.select({ n: count() }).from(applyAuthority).where(eq(applyAuthority.employeeId, id))),
    signedIn: await n(
      db
        .select({ n: count() })
        .from(userAccount)
        .where(and(eq(userAccount.employeeId, id), isNotNull(userAccount.lastLoginAt))),
    ),
  };
}

export async function deleteEmployee(db: Db, id: number) {
  const account = await accountOf(db, id);
  if (account) {
    await db.delete(refreshToken).where(eq(refreshToken.userAccountId, account.id));
    await db.delete(userAccount).where(eq(userAccount.id, account.id));
  }
  await db.delete(employeeCompany).where(eq(employeeCompany.employeeId, id));
  await db.delete(employee).where(eq(employee.id, id));
}

/** The other companies a person may sign in to, with their team there. */
export async function relationsOf(db: Db, employeeId: number) {
  return db
    .select({
      companyId: employeeCompany.companyId,
      companyZh: company.nameZh,
      companyEn: company.nameEn,
      teamId: employeeCompany.teamId,
      teamZh: team.nameZh,
      teamEn: team.nameEn,
      isDefault: employeeCompany.isDefault,
    })
    .from(employeeCompany)
    .innerJoin(company, eq(company.id, employeeCompany.companyId))
    .leftJoin(team, eq(team.id, employeeCompany.teamId))
    .where(eq(employeeCompany.employeeId, employeeId))
    .orderBy(asc(company.code));
}

export async function replaceRelations(
  db: Db,
  employeeId: number,
  rows: { companyId: number; teamId: number | null; isDefault: boolean }[],
) {
  await db.delete(employeeCompany).where(eq(employeeCompany.employeeId, employeeId));
  if (rows.length) await db.insert(employeeCompany).values(rows.map((r) => ({ ...r, employeeId })));
}

/** Drops a person's roles in companies they no longer belong to. */
export async function dropRolesOutside(db: Db, employeeId: number, keepCompanies: number[]) {
  const roles = db.select({ id: role.id }).from(role).where(inArray(role.companyId, keepCompanies));
  return db
    .delete(employeeRoleTeam)
    .where(and(eq(employeeRoleTeam.employeeId, employeeId), sql`${employeeRoleTeam.roleId} not in ${roles}`))
    .returning({ id: employeeRoleTeam.id });
}

export async function homeCompanyName(db: Db, companyId: number) {
  const [row] = await db.select().from(company).where(eq(company.id, companyId));
  return row;
}

export async function rolesOf(db: Db, employeeId: number, companyId: number) {
  return db
    .select({ roleId: role.id, roleZh: role.nameZh, roleEn: role.nameEn, teamZh: team.nameZh, teamEn: team.nameEn })
    .from(employeeRoleTeam)
    .innerJoin(role, eq(role.id, employeeRoleTeam.roleId))
    .leftJoin(team, eq(team.id, employeeRoleTeam.teamId))
    .where(and(eq(employeeRoleTeam.employeeId, employeeId), eq(role.companyId, companyId)))
    .orderBy(asc(role.code));
}

export async function directReports(db: Db, employeeId: number, activeOnly: boolean) {
  const [row] = await db
    .select({ n: count() })
    .from(employee)
    .where(and(eq(employee.lineManagerId, employeeId), activeOnly ? ne(employee.status, 'left') : undefined));
  return row?.n ?? 0;
}

export async function statusHistory(db: Db, employeeId: number) {
  return db
    .select({ h: employeeStatusHistory, actorZh: actor.nameZh, actorEn: actor.nameEn })
    .from(employeeStatusHistory)
    .leftJoin(actor, eq(actor.id, employeeStatusHistory.actorId))
    .where(eq(employeeStatusHistory.employeeId, employeeId))
    .orderBy(desc(employeeStatusHistory.at), desc(employeeStatusHistory.id));
}

export async function insertStatusHistory(db: Db, v: typeof employeeStatusHistory.$inferInsert) {
  await db.insert(employeeStatusHistory).values(v);
}

export async function searchApproveLimits(
  db: Db,
  companyId: number,
  f: SearchEmployeeApproveLimitBody & { teamIds?: number[] },
) {
  const w = and(
    where(companyId, { ...(f.Keyword ? { Keyword: f.Keyword } : {}), ...(f.teamIds ? { teamIds: f.teamIds } : {}) }),
    f.OnlyWithLimit ? isNotNull(employee.approvalLimit) : undefined,
    ne(employee.status, 'left'),
  );
  return pageOfPeople(db, companyId, f, w);
}
