import { randomInt } from 'node:crypto';
import type { Db } from '../../../core/db';
import { AppError, fieldError, notFound, refused } from '../../../core/errors';
import * as teamRepo from '../teams/team.repository';
import * as repo from './employee.repository';

/** A person may be changed only in their home company; elsewhere they are listed, not edited. */
export async function editable(db: Db, companyId: number, id: number): Promise<repo.EmployeeEntity> {
  const e = await repo.findEmployee(db, id);
  if (!e || !(await teamRepo.belongsToCompany(db, id, companyId))) throw notFound();
  if (e.companyId !== companyId) {
    const home = await repo.homeCompanyName(db, e.companyId);
    throw refused('org.employee_home_elsewhere', { company: home?.code ?? '' });
  }
  return e;
}

/** The team must be an active team of the company (an unchanged team may stay even if stopped since). */
export async function checkTeam(db: Db, companyId: number, teamId: number, current: number | null): Promise<void> {
  if (teamId === current) return;
  const t = await teamRepo.findTeam(db, teamId);
  if (!t || t.companyId !== companyId) throw fieldError('TeamID', 'org.team_not_found');
  if (!t.active) throw fieldError('TeamID', 'org.team_stopped');
}

/** A line manager belongs to the company, has not left, and is never the person or one of their reports. */
export async function checkManager(db: Db, companyId: number, employeeId: number | null, managerId: number) {
  if (employeeId !== null && managerId === employeeId) throw refused('org.manager_cycle');
  const m = await repo.findEmployee(db, managerId);
  if (!m || !(await teamRepo.belongsToCompany(db, managerId, companyId)))
    throw fieldError('LineManagerID', 'org.manager_not_found');
  if (m.status === 'left') throw fieldError('LineManagerID', 'org.manager_left');
  if (employeeId === null) return;
  // Walk up from the new manager; meeting the person means they would manage themselves through the chain.
  let current: number | null | undefined = managerId;
  const seen = new Set<number>();
  while (current !== null && current !== undefined && !seen.has(current)) {
    if (current === employeeId) throw refused('org.manager_cycle');
    seen.add(current);
    current = await repo.managerOf(db, current);
  }
}

/** A sign-in name belongs to one person across all companies. */
export async function checkUsername(db: Db, username: string, employeeId: number | null): Promise<void> {
  const taken = await repo.accountByUsername(db, username);
  if (taken && taken.employeeId !== employeeId) {
    throw new AppError(409, 'org.username_taken', undefined, [{ field: 'Username', code: 'org.username_taken' }]);
  }
}

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';

/** A first password the person must change at first sign-in. */
export function temporaryPassword(): string {
  const letters = Array.from({ length: 4 }, () => LETTERS[randomInt(LETTERS.length)]).join('');
  return `${letters}${randomInt(1000, 10000)}!`;
}
