import {
  type Culture,
  compareMoney,
  money,
  type SaveEmployeeApproveLimitBody,
  type SaveEmployeeTeamRelationBody,
  type SearchEmployeeApproveLimitBody,
  type UpdateEmployeeInfoBody,
  type UpdateEmployeeStatusBody,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { staleVersion } from '../../../core/checks';
import type { Db } from '../../../core/db';
import { fieldError, refused } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { keptAccount } from '../../../core/masking';
import { audit, auditEntry } from '../../audit/audit.service';
import { revokeAccount } from '../../auth/auth.service';
import { branchFields, requireBranch } from '../../masterdata/banks/banks.service';
import * as orgRepo from '../org.repository';
import * as repo from './employee.repository';
import { checkManager, checkTeam, editable } from './employee.rules';
import { teamScope } from './employee.service';

/** Freezes, thaws, leaving: each with a reason, kept in the person's status history. */
export async function updateStatus(db: Db, actor: Actor, body: UpdateEmployeeStatusBody) {
  return db.transaction(async (tx) => {
    const e = await editable(tx, actor.companyId, body.EmployeeID);
    if (e.status === body.Status) throw refused('org.status_unchanged');
    if (body.Status === 'left') {
      const reports = await repo.directReports(tx, e.id, true);
      if (reports > 0) throw refused('org.employee_has_reports', { count: reports });
    }
    const row = await repo.updateEmployee(tx, e.id, body.Version, { status: body.Status });
    if (!row) throw staleVersion();
    await repo.insertStatusHistory(tx, {
      employeeId: e.id,
      companyId: actor.companyId,
      fromStatus: e.status,
      toStatus: body.Status,
      reason: body.Reason,
      actorId: actor.userId,
    });
    // Someone who left must not keep a session open.
    if (body.Status === 'left') {
      const account = await repo.accountOf(tx, e.id);
      if (account) await revokeAccount(tx, account.id);
    }
    await audit(
      tx,
      auditEntry(actor, {
        action: 'update_status',
        entity: 'employee',
        entityId: e.id,
        detail: { from: e.status, to: body.Status, reason: body.Reason },
      }),
    );
    return { EmployeeID: row.id, Status: row.status, Version: row.version };
  });
}

/** Changes only the fields given: a transfer (team, line manager) or new contact and bank details. */
export async function updateInfo(db: Db, actor: Actor, body: UpdateEmployeeInfoBody) {
  return db.transaction(async (tx) => {
    const e = await editable(tx, actor.companyId, body.EmployeeID);
    const changes: Partial<repo.EmployeeValues> = {};
    if (body.TeamID !== undefined) {
      await checkTeam(tx, actor.companyId, body.TeamID, e.teamId);
      changes.teamId = body.TeamID;
    }
    if (body.LineManagerID !== undefined) {
      if (body.LineManagerID !== null && body.LineManagerID !== e.lineManagerId)
        await checkManager(tx, actor.companyId, e.id, body.LineManagerID);
      changes.lineManagerId = body.LineManagerID;
    }
    if (body.Email !== undefined) changes.email = body.Email;
    if (body.Mobile !== undefined) changes.mobile = body.Mobile;
    if (body.BankName !== undefined) changes.bankName = body.BankName;
    if (body.BankAccount !== undefined) changes.bankAccount = keptAccount(body.BankAccount, e.bankAccount);
    if (body.BankAccountName !== undefined) changes.bankAccountName = body.BankAccountName || null;
    Object.assign(changes, await branchFields(tx, actor.companyId, body.BankCnaps, changes.bankName ?? e.bankName));
    if (body.BankAccount !== undefined || body.BankCnaps !== undefined)
      requireBranch({
        bankAccount: changes.bankAccount !== undefined ? changes.bankAccount : e.bankAccount,
        bankCnaps: changes.bankCnaps !== undefined ? changes.bankCnaps : e.bankCnaps,
      });
    const row = await repo.updateEmployee(tx, e.id, body.Version, changes);
    if (!row) throw staleVersion();
    await audit(
      tx,
      auditEntry(actor, {
        action: 'update_info',
        entity: 'employee',
        entityId: e.id,
        detail: {
          changed: Object.keys(changes),
          ...(changes.teamId !== undefined ? { teamId: changes.teamId } : {}),
          ...(changes.lineManagerId !== undefined ? { lineManagerId: changes.lineManagerId } : {}),
        },
      }),
    );
    return { EmployeeID: row.id, Status: row.status, Version: row.version };
  });
}

/** The other companies a person may sign in to; only companies the administrator belongs to, each team of its company. */
export async function saveRelations(db: Db, actor: Actor, body: SaveEmployeeTeamRelationBody) {
  await db.transaction(async (tx) => {
    const e = await editable(tx, actor.companyId, body.EmployeeID);
    const mine = new Set((await orgRepo.companiesOf(tx, actor.userId)).map((c) => c.companyId));
    const seen = new Set<number>();
    for (const [i, r] of body.Relations.entries()) {
      if (r.CompanyID === e.companyId) throw fieldError(`Relations.${i}.CompanyID`, 'org.relation_home_company');
      if (seen.has(r.CompanyID)) throw fieldError(`Relations.${i}.CompanyID`, 'org.relation_duplicate');
      if (!mine.has(r.CompanyID)) throw fieldError(`Relations.${i}.CompanyID`, 'org.relation_company_not_allowed');
      seen.add(r.CompanyID);
      if (r.TeamID && !(await orgRepo.teamIsInCompany(tx, r.TeamID, r.CompanyID)))
        throw fieldError(`Relations.${i}.TeamID`, 'org.team_not_found');
    }
    if (body.Relations.filter((r) => r.IsDefault).length > 1) throw refused('org.relation_one_default');
    const before = await repo.relationsOf(tx, e.id);
    await repo.replaceRelations(
      tx,
      e.id,
      body.Relations.map((r) => ({ companyId: r.CompanyID, teamId: r.TeamID ?? null, isDefault: r.IsDefault })),
    );
    // Roles in a company the person no longer belongs to would only linger unseen.
    const dropped = await repo.dropRolesOutside(tx, e.id, [e.companyId, ...seen]);
    if (dropped.length) await repo.updateEmployee(tx, e.id, null, { rolesVersion: e.rolesVersion + 1 });
    await audit(
      tx,
      auditEntry(actor, {
        action: 'save_company_relations',
        entity: 'employee',
        entityId: e.id,
        detail: {
          before: before.map((b) => ({ companyId: b.companyId, teamId: b.teamId })),
          after: body.Relations.map((r) => ({ companyId: r.CompanyID, teamId: r.TeamID ?? null })),
          rolesDropped: dropped.length,
        },
      }),
    );
  });
}

export async function searchApproveLimits(
  db: Db,
  companyId: number,
  body: SearchEmployeeApproveLimitBody,
  culture: Culture,
) {
  const teamIds = await teamScope(db, companyId, body.TeamID, true);
  const { total, rows } = await repo.searchApproveLimits(db, companyId, { ...body, ...(teamIds ? { teamIds } : {}) });
  return {
    Total: total,
    Rows: rows.map((r) => ({
      EmployeeID: r.e.id,
      Code: r.e.code,
      Name: localName(culture, r.e.nameZh, r.e.nameEn),
      TeamName: localName(culture, r.teamZh, r.teamEn),
      ApprovalLimit: r.e.approvalLimit,
      Version: r.e.version,
    })),
  };
}

/** The amount up to which the person's approval suffices (money, never negative); null removes it. */
export async function saveApproveLimit(db: Db, actor: Actor, body: SaveEmployeeApproveLimitBody) {
  const limit = body.ApprovalLimit === null ? null : money(body.ApprovalLimit);
  if (limit !== null && compareMoney(limit, '0') < 0)
    throw fieldError('ApprovalLimit', 'validation.too_small', { min: 0 });
  return db.transaction(async (tx) => {
    const e = await editable(tx, actor.companyId, body.EmployeeID);
    const row = await repo.updateEmployee(tx, e.id, body.Version, { approvalLimit: limit });
    if (!row) throw staleVersion();
    await audit(
      tx,
      auditEntry(actor, {
        action: 'update_approval_limit',
        entity: 'employee',
        entityId: e.id,
        detail: { from: e.approvalLimit, to: limit },
      }),
    );
    return { EmployeeID: row.id, ApprovalLimit: row.approvalLimit, Version: row.version };
  });
}
