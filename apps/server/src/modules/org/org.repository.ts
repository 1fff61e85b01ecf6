import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../core/db';
import { paged } from '../../core/list';
import { updateVersioned } from '../../core/versioned';
import { userAccount } from '../auth/auth.table';
import { costCentre } from '../masterdata/costcentre.table';
import { company } from '../system/system.table';
import { appFunction, employee, employeeCompany, employeeRoleTeam, role, team } from './org.table';
import { peopleMatching } from './people/employee.repository';

export type EmployeeRow = typeof employee.$inferSelect;

export async function findEmployee(db: Db, id: number): Promise<EmployeeRow | undefined> {
  const [row] = await db.select().from(employee).where(eq(employee.id, id));
  return row;
}

/** The companies an employee may sign in to, with their team in each; the home company first. */
export async function companiesOf(db: Db, employeeId: number) {
  const home = await db
    .select({
      companyId: company.id,
      code: company.code,
      nameZh: company.nameZh,
      nameEn: company.nameEn,
      teamId: employee.teamId,
      isDefault: sql<boolean>`true`,
    })
    .from(employee)
    .innerJoin(company, eq(company.id, employee.companyId))
    .where(and(eq(employee.id, employeeId), eq(company.active, true)));
  const others = await db
    .select({
      companyId: company.id,
      code: company.code,
      nameZh: company.nameZh,
      nameEn: company.nameEn,
      teamId: employeeCompany.teamId,
      isDefault: employeeCompany.isDefault,
    })
    .from(employeeCompany)
    .innerJoin(company, eq(company.id, employeeCompany.companyId))
    .where(and(eq(employeeCompany.employeeId, employeeId), eq(company.active, true)))
    .orderBy(asc(company.code));
  const seen = new Set(home.map((h) => h.companyId));
  return [...home, ...others.filter((o) => !seen.has(o.companyId)).map((o) => ({ ...o, isDefault: false }))];
}

export async function isAdminIn(db: Db, employeeId: number, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: role.id })
    .from(employeeRoleTeam)
    .innerJoin(role, eq(role.id, employeeRoleTeam.roleId))
    .where(
      and(
        eq(employeeRoleTeam.employeeId, employeeId),
        eq(role.companyId, companyId),
        eq(role.isAdmin, true),
        eq(role.active, true),
      ),
    )
    .limit(1);
  return !!row;
}

export async function menuFunctions(db: Db, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select()
    .from(appFunction)
    .where(and(inArray(appFunction.code, codes), sql`${appFunction.menuGroup} is not null`))
    .orderBy(asc(appFunction.sort));
}

const manager = alias(employee, 'manager');

/** The profile shown by GetDefaultInfo. */
export async function profile(db: Db, employeeId: number, companyId: number) {
  const [row] = await db
    .select({
      e: employee,
      account: userAccount.username,
      mustChange: userAccount.mustChangePassword,
      companyZh: company.nameZh,
      companyEn: company.nameEn,
      teamZh: team.nameZh,
      teamEn: team.nameEn,
      teamId: team.id,
      managerZh: manager.nameZh,
      managerEn: manager.nameEn,
      costCentreCode: costCentre.code,
      costCentreZh: costCentre.nameZh,
      costCentreEn: costCentre.nameEn,
    })
    .from(employee)
    .innerJoin(userAccount, eq(userAccount.employeeId, employee.id))
    .innerJoin(company, eq(company.id, companyId))
    .leftJoin(
      employeeCompany,
      and(eq(employeeCompany.employeeId, employee.id), eq(employeeCompany.companyId, companyId)),
    )
    .leftJoin(
      team,
      or(
        and(eq(employee.companyId, companyId), eq(team.id, employee.teamId)),
        and(sql`${employee.companyId} <> ${companyId}`, eq(team.id, employeeCompany.teamId)),
      ),
    )
    .leftJoin(manager, eq(manager.id, employee.lineManagerId))
    .leftJoin(costCentre, eq(costCentre.id, employee.defaultCostCentreId))
    .where(eq(employee.id, employeeId));
  return row;
}

export async function updatePersonalInfo(
  db: Db,
  employeeId: number,
  version: number,
  v: Partial<
    Pick<
      EmployeeRow,
      | 'email'
      | 'mobile'
      | 'bankName'
      | 'bankAccount'
      | 'bankAccountName'
      | 'bankCnaps'
      | 'bankBranch'
      | 'language'
      | 'defaultCostCentreId'
    >
  >,
) {
  return updateVersioned(db, employee, employeeId, version, v, { touch: true });
}

export async function teamIsInCompany(db: Db, teamId: number | null, companyId: number): Promise<boolean> {
  if (teamId === null) return true;
  const [row] = await db
    .select({ id: team.id })
    .from(team)
    .where(and(eq(team.id, teamId), eq(team.companyId, companyId)));
  return !!row;
}

/** People who belong to a company: home company, or listed in employee_company. */
function inCompany(companyId: number) {
  return or(
    eq(employee.companyId, companyId),
    sql`exists (select 1 from ${employeeCompany} ec where ec.employee_id = ${employee.id} and ec.company_id = ${companyId})`,
  );
}

export async function chooseEmployees(
  db: Db,
  companyId: number,
  q: {
    Keyword?: string | undefined;
    TeamID?: number | undefined;
    EmployeeID?: number | undefined;
    IncludeInactive?: boolean | undefined;
    PageIndex: number;
    PageSize: number;
  },
) {
  const where = and(
    inCompany(companyId),
    peopleMatching(q.Keyword),
    q.TeamID ? eq(employee.teamId, q.TeamID) : undefined,
    q.EmployeeID ? eq(employee.id, q.EmployeeID) : undefined,
    q.IncludeInactive || q.EmployeeID ? undefined : inArray(employee.status, ['active', 'overdue_frozen']),
  );
  return peopleWithTeams(db, q, where);
}

/** A page of people with their team's names, by employee code: the shape every people picker lists. */
export function peopleWithTeams(db: Db, q: { PageIndex: number; PageSize: number }, where: SQL | undefined) {
  return paged(
    q,
    db.select({ n: count() }).from(employee).where(where),
    db
      .select({ e: employee, teamZh: team.nameZh, teamEn: team.nameEn })
      .from(employee)
      .leftJoin(team, eq(team.id, employee.teamId))
      .where(where)
      .orderBy(asc(employee.code)),
  );
}

export async function teamsOf(db: Db, companyId: number, includeInactive: boolean) {
  return db
    .select()
    .from(team)
    .where(and(eq(team.companyId, companyId), includeInactive ? undefined : eq(team.active, true)))
    .orderBy(asc(team.sort), asc(team.code));
}

/** An employee who may still act (not left, not resignation-frozen) and belongs to the company. */
export async function activeInCompany(db: Db, employeeId: number, companyId: number) {
  const [row] = await db
    .select({ id: employee.id })
    .from(employee)
    .where(
      and(eq(employee.id, employeeId), inCompany(companyId), inArray(employee.status, ['active', 'overdue_frozen'])),
    );
  return !!row;
}

export async function companyById(db: Db, companyId: number) {
  const [row] = await db.select().from(company).where(eq(company.id, companyId));
  return row;
}

/** What the expense pages ask of a user's profile: a default cost centre, and a bank account to be paid into. */
export async function expenseProfile(db: Db, employeeId: number) {
  const [row] = await db
    .select({ costCentreId: employee.defaultCostCentreId, bankAccount: employee.bankAccount })
    .from(employee)
    .where(eq(employee.id, employeeId));
  return row;
}
