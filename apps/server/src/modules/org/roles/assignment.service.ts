import type {
  Culture,
  EmployeeRoleTeamRow,
  InsertEmployeeRoleTeamBody,
  SearchEmployeeRoleTeamBody,
  SearchRoleCandidateBody,
  SearchRoleEmployeeListBody,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import type { Db } from '../../../core/db';
import { fieldError, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { audit, auditEntry } from '../../audit/audit.service';
import * as orgRepo from '../org.repository';
import { employeeOption } from '../org.service';
import * as teamRepo from '../teams/team.repository';
import * as repo from './role.repository';

function toRow(a: repo.AssignmentRow, culture: Culture): EmployeeRoleTeamRow {
  return {
    ID: a.a.id,
    EmployeeID: a.e.id,
    EmployeeCode: a.e.code,
    EmployeeName: localName(culture, a.e.nameZh, a.e.nameEn),
    HomeTeamName: localName(culture, a.homeZh, a.homeEn),
    Status: a.e.status,
    RoleID: a.r.id,
    RoleCode: a.r.code,
    RoleName: localName(culture, a.r.nameZh, a.r.nameEn),
    TeamID: a.a.teamId,
    TeamName: localName(culture, a.scopeZh, a.scopeEn),
  };
}

export async function search(db: Db, actor: Actor, body: SearchEmployeeRoleTeamBody) {
  const { companyId, culture } = actor;
  const { total, rows } = await repo.searchAssignments(db, companyId, body);
  return { Total: total, Rows: rows.map((r) => toRow(r, culture)) };
}

export async function roleEmployees(db: Db, actor: Actor, body: SearchRoleEmployeeListBody) {
  const { companyId, culture } = actor;
  if (!(await repo.findRole(db, companyId, body.RoleID))) throw notFound();
  const { total, rows } = await repo.searchAssignments(db, companyId, body);
  return { Total: total, Rows: rows.map((r) => toRow(r, culture)) };
}

export async function candidates(db: Db, actor: Actor, body: SearchRoleCandidateBody) {
  const { companyId, culture } = actor;
  if (body.RoleID !== undefined && !(await repo.findRole(db, companyId, body.RoleID))) throw notFound();
  const { total, rows } = await repo.candidates(db, companyId, body);
  return {
    Total: total,
    Rows: rows.map((r) => employeeOption(r, culture)),
  };
}

/** Gives people a role, for one team's data or (no team) the whole company; their next call sees it. */
export async function insert(db: Db, actor: Actor, body: InsertEmployeeRoleTeamBody) {
  return db.transaction(async (tx) => {
    const r = await repo.findRole(tx, actor.companyId, body.RoleID);
    if (!r) throw notFound();
    if (!r.active) throw refused('org.role_stopped');
    const teamId = body.TeamID ?? null;
    if (teamId !== null && !(await orgRepo.teamIsInCompany(tx, teamId, actor.companyId)))
      throw fieldError('TeamID', 'org.team_not_found');
    const ids = [...new Set(body.EmployeeIDs)];
    for (const id of ids) if (!(await teamRepo.belongsToCompany(tx, id, actor.companyId))) throw notFound();
    const inserted = await repo.insertAssignments(tx, r.id, ids, teamId);
    await repo.bumpEmployees(
      tx,
      inserted.map((i) => i.employeeId),
    );
    await audit(
      tx,
      auditEntry(actor, {
        action: 'assign_role',
        entity: 'role',
        entityId: r.id,
        detail: { code: r.code, teamId, employees: inserted.map((i) => i.employeeId) },
      }),
    );
    return { Inserted: inserted.length };
  });
}

/** Takes roles away; the company always keeps at least one administrator. */
export async function remove(db: Db, actor: Actor, ids: number[]) {
  await db.transaction(async (tx) => {
    const rows = await repo.assignmentsByIds(tx, ids, actor.companyId);
    if (rows.length !== new Set(ids).size) throw notFound();
    const removed = await repo.deleteAssignments(tx, ids);
    if (rows.some((r) => r.r.isAdmin) && (await repo.adminHolders(tx, actor.companyId)).length === 0)
      throw refused('org.last_admin');
    await repo.bumpEmployees(
      tx,
      removed.map((r) => r.employeeId),
    );
    await audit(
      tx,
      auditEntry(actor, {
        action: 'unassign_role',
        entity: 'employee_role_team',
        entityId: ids.join(','),
        detail: { removed: removed.map((r) => ({ employeeId: r.employeeId, roleId: r.roleId })) },
      }),
    );
  });
}

/** Teams of the signed-in company, or of another company the user belongs to. */
export async function companyTeams(
  db: Db,
  user: SessionUser,
  target: number | undefined,
  keyword: string | undefined,
  culture: Culture,
) {
  const companyId = target ?? user.companyId;
  if (companyId !== user.companyId) {
    const mine = await orgRepo.companiesOf(db, user.userId);
    if (!mine.some((c) => c.companyId === companyId)) throw notFound();
  }
  return {
    Rows: (await repo.teamsOfCompany(db, companyId, keyword)).map((t) => ({
      TeamID: t.id,
      Code: t.code,
      Name: localName(culture, t.nameZh, t.nameEn),
    })),
  };
}
