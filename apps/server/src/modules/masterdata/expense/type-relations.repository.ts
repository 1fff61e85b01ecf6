import type { Culture, SearchExpenseTypeTeamBody } from '@ems/contracts';
import { and, asc, count, eq, exists, inArray, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../core/list';
import { employee, employeeCompany, team } from '../../org/org.table';
import { applyAuthority, expenseType, expenseTypeTeam } from '../expense.table';

// Teams that may use an expense type

const teamSortable = (culture: Culture) => ({
  DocType: expenseType.docType,
  ExpenseTypeCode: expenseType.code,
  ExpenseTypeName: culture === 'en-GB' ? expenseType.nameEn : expenseType.nameZh,
  TeamCode: team.code,
  TeamName: culture === 'en-GB' ? team.nameEn : team.nameZh,
});

export async function searchTypeTeams(db: Db, companyId: number, q: SearchExpenseTypeTeamBody, culture: Culture) {
  const where = and(
    eq(expenseType.companyId, companyId),
    q.DocType ? eq(expenseType.docType, q.DocType) : undefined,
    q.ExpenseTypeID ? eq(expenseType.id, q.ExpenseTypeID) : undefined,
    q.TeamID ? eq(team.id, q.TeamID) : undefined,
    keywordIn(q.Keyword, [
      expenseType.code,
      expenseType.nameZh,
      expenseType.nameEn,
      team.code,
      team.nameZh,
      team.nameEn,
    ]),
  );
  return paged(
    q,
    db
      .select({ n: count() })
      .from(expenseTypeTeam)
      .innerJoin(expenseType, eq(expenseType.id, expenseTypeTeam.expenseTypeId))
      .innerJoin(team, eq(team.id, expenseTypeTeam.teamId))
      .where(where),
    db
      .select({ type: expenseType, team })
      .from(expenseTypeTeam)
      .innerJoin(expenseType, eq(expenseType.id, expenseTypeTeam.expenseTypeId))
      .innerJoin(team, eq(team.id, expenseTypeTeam.teamId))
      .where(where)
      .orderBy(orderFrom(teamSortable(culture), q, expenseType.docType), asc(expenseType.code), asc(team.code)),
  );
}

export async function teamsByIds(db: Db, companyId: number, ids: number[]) {
  return db
    .select()
    .from(team)
    .where(and(eq(team.companyId, companyId), inArray(team.id, ids)));
}

export async function insertTypeTeams(db: Db, typeId: number, teamIds: number[]): Promise<number[]> {
  const rows = await db
    .insert(expenseTypeTeam)
    .values(teamIds.map((teamId) => ({ expenseTypeId: typeId, teamId })))
    .onConflictDoNothing()
    .returning({ teamId: expenseTypeTeam.teamId });
  return rows.map((r) => r.teamId);
}

export async function deleteTypeTeam(db: Db, typeId: number, teamId: number): Promise<boolean> {
  const rows = await db
    .delete(expenseTypeTeam)
    .where(and(eq(expenseTypeTeam.expenseTypeId, typeId), eq(expenseTypeTeam.teamId, teamId)))
    .returning({ teamId: expenseTypeTeam.teamId });
  return rows.length > 0;
}

// Employees assigned to a restricted apply type

/** People of a company: home company, or also signed in there through employee_company. */
const inCompany = (companyId: number) =>
  or(
    eq(employee.companyId, companyId),
    sql`exists (select 1 from ${employeeCompany} ec where ec.employee_id = employee.id and ec.company_id = ${companyId})`,
  );

const personSearch = (keyword: string | undefined) =>
  keywordIn(keyword, [employee.code, employee.nameZh, employee.nameEn]);

const assigned = (db: Db, typeId: number) =>
  db
    .select({ x: sql`1` })
    .from(applyAuthority)
    .where(and(eq(applyAuthority.expenseTypeId, typeId), eq(applyAuthority.employeeId, employee.id)));

export async function authorityList(
  db: Db,
  companyId: number,
  typeId: number,
  selected: boolean,
  q: { Keyword?: string | undefined; PageIndex: number; PageSize: number },
) {
  const where = and(
    inCompany(companyId),
    personSearch(q.Keyword),
    selected
      ? exists(assigned(db, typeId))
      : and(notExists(assigned(db, typeId)), inArray(employee.status, ['active', 'overdue_frozen'])),
  );
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

export async function employeesOfCompany(db: Db, companyId: number, ids: number[]) {
  return db
    .select({ id: employee.id, code: employee.code })
    .from(employee)
    .where(and(inArray(employee.id, ids), inCompany(companyId)));
}

export async function insertAuthority(db: Db, typeId: number, employeeIds: number[]): Promise<number[]> {
  const rows = await db
    .insert(applyAuthority)
    .values(employeeIds.map((employeeId) => ({ expenseTypeId: typeId, employeeId })))
    .onConflictDoNothing()
    .returning({ id: applyAuthority.employeeId });
  return rows.map((r) => r.id);
}

export async function deleteAuthority(db: Db, typeId: number, employeeIds: number[]): Promise<number[]> {
  const rows = await db
    .delete(applyAuthority)
    .where(and(eq(applyAuthority.expenseTypeId, typeId), inArray(applyAuthority.employeeId, employeeIds)))
    .returning({ id: applyAuthority.employeeId });
  return rows.map((r) => r.id);
}
