import type {
  AuthorityAssignBody,
  AuthorityListBody,
  EmployeeOption,
  ExpenseTypeTeamRow,
  SearchExpenseTypeTeamBody,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import type { Db } from '../../../core/db';
import { fieldError, notFound } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { audit, auditEntry } from '../../audit/audit.service';
import * as types from './expense-types.repository';
import * as repo from './type-relations.repository';

export async function searchTypeTeams(db: Db, actor: Actor, q: SearchExpenseTypeTeamBody) {
  const { total, rows } = await repo.searchTypeTeams(db, actor.companyId, q, actor.culture);
  return {
    Total: total,
    Rows: rows.map(
      (r): ExpenseTypeTeamRow => ({
        Key: `${r.type.id}-${r.team.id}`,
        ExpenseTypeID: r.type.id,
        DocType: r.type.docType,
        ExpenseTypeCode: r.type.code,
        ExpenseTypeName: localName(actor.culture, r.type.nameZh, r.type.nameEn),
        TeamID: r.team.id,
        TeamCode: r.team.code,
        TeamName: localName(actor.culture, r.team.nameZh, r.team.nameEn),
      }),
    ),
  };
}

/** Limits an expense type to teams (and the teams below them); a type with no teams is open to all. */
export async function saveTypeTeams(db: Db, actor: Actor, body: { ExpenseTypeID: number; TeamIDs: number[] }) {
  await db.transaction(async (tx) => {
    const type = await types.lockType(tx, actor.companyId, body.ExpenseTypeID);
    if (!type) throw fieldError('ExpenseTypeID', 'expense_master.type_unknown');
    const ids = [...new Set(body.TeamIDs)];
    const teams = await repo.teamsByIds(tx, actor.companyId, ids);
    if (teams.length !== ids.length) throw fieldError('TeamIDs', 'expense_master.team_unknown');
    const added = await repo.insertTypeTeams(tx, type.id, ids);
    await audit(
      tx,
      auditEntry(actor, {
        action: 'limit_to_teams',
        entity: 'expense_type',
        entityId: type.id,
        detail: { code: type.code, teams: teams.filter((t) => added.includes(t.id)).map((t) => t.code) },
      }),
    );
  });
}

export async function deleteTypeTeams(db: Db, actor: Actor, items: { ExpenseTypeID: number; TeamID: number }[]) {
  await db.transaction(async (tx) => {
    for (const item of items) {
      const type = await types.lockType(tx, actor.companyId, item.ExpenseTypeID);
      if (!type || !(await repo.deleteTypeTeam(tx, type.id, item.TeamID))) throw notFound();
      await audit(
        tx,
        auditEntry(actor, {
          action: 'unlimit_team',
          entity: 'expense_type',
          entityId: type.id,
          detail: { code: type.code, teamId: item.TeamID },
        }),
      );
    }
  });
}

async function applyType(db: Db, actor: Actor, id: number) {
  const type = await types.findType(db, actor.companyId, id);
  if (type?.docType !== 'apply') throw notFound();
  return type;
}

export async function authorityList(db: Db, actor: Actor, q: AuthorityListBody, selected: boolean) {
  await applyType(db, actor, q.ExpenseTypeID);
  const { total, rows } = await repo.authorityList(db, actor.companyId, q.ExpenseTypeID, selected, q);
  return {
    Total: total,
    Rows: rows.map(
      ({ e, teamZh, teamEn }): EmployeeOption => ({
        EmployeeID: e.id,
        Code: e.code,
        Name: localName(actor.culture, e.nameZh, e.nameEn),
        NameZH: e.nameZh,
        NameEN: e.nameEn,
        TeamID: e.teamId,
        TeamName: localName(actor.culture, teamZh, teamEn),
        Status: e.status,
      }),
    ),
  };
}

/** Assigns (or takes back) a restricted apply type to employees of the company. */
export async function assignAuthority(db: Db, actor: Actor, body: AuthorityAssignBody, grant: boolean) {
  await db.transaction(async (tx) => {
    const type = await applyType(tx, actor, body.ExpenseTypeID);
    const ids = [...new Set(body.EmployeeIDs)];
    const people = await repo.employeesOfCompany(tx, actor.companyId, ids);
    if (people.length !== ids.length) throw fieldError('EmployeeIDs', 'expense_master.employee_unknown');
    const changed = grant ? await repo.insertAuthority(tx, type.id, ids) : await repo.deleteAuthority(tx, type.id, ids);
    await audit(
      tx,
      auditEntry(actor, {
        action: grant ? 'assign_authority' : 'remove_authority',
        entity: 'expense_type',
        entityId: type.id,
        detail: { code: type.code, employees: people.filter((p) => changed.includes(p.id)).map((p) => p.code) },
      }),
    );
  });
}
