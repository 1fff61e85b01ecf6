import type {
  Culture,
  EmployeeInfo,
  EmployeeRecord,
  EmployeeRow,
  SaveEmployeeBody,
  SearchEmployeeBody,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { duplicateOn, isUniqueViolation, requireVersion, staleVersion } from '../../../core/checks';
import type { Db } from '../../../core/db';
import { notFound, refused } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { keptAccount, wholeAccount } from '../../../core/masking';
import { audit, auditEntry } from '../../audit/audit.service';
import { hashPassword } from '../../auth/auth.service';
import { branchFields, requireBranch } from '../../masterdata/banks/banks.service';
import { subtree } from '../org.tree';
import * as teamRepo from '../teams/team.repository';
import * as repo from './employee.repository';
import { checkManager, checkTeam, checkUsername, editable, temporaryPassword } from './employee.rules';

export function toRow(r: repo.EmployeeListRow, culture: Culture): EmployeeRow {
  const e = r.e;
  return {
    EmployeeID: e.id,
    Code: e.code,
    Name: localName(culture, e.nameZh, e.nameEn),
    NameZH: e.nameZh,
    NameEN: e.nameEn,
    Email: e.email,
    Mobile: e.mobile,
    TeamID: r.teamId,
    TeamName: localName(culture, r.teamZh, r.teamEn),
    LineManagerID: e.lineManagerId,
    LineManagerName: localName(culture, r.managerZh, r.managerEn),
    Status: e.status,
    ApprovalLimit: e.approvalLimit,
    Username: r.username,
    Version: e.version,
  };
}

/** The team filter as the set of teams it covers (with their sub-teams when asked). */
export async function teamScope(db: Db, companyId: number, teamId: number | undefined, withSubTeams: boolean) {
  if (teamId === undefined) return undefined;
  if (!withSubTeams) return [teamId];
  return [...subtree(await teamRepo.companyTeams(db, companyId), [teamId])];
}

export async function search(db: Db, actor: Actor, body: SearchEmployeeBody) {
  const { companyId, culture } = actor;
  const teamIds = await teamScope(db, companyId, body.TeamID, body.IncludeSubTeams ?? false);
  const { total, rows } = await repo.searchEmployees(db, companyId, { ...body, ...(teamIds ? { teamIds } : {}) });
  return { Total: total, Rows: rows.map((r) => toRow(r, culture)) };
}

async function relations(db: Db, employeeId: number, culture: Culture) {
  return (await repo.relationsOf(db, employeeId)).map((r) => ({
    CompanyID: r.companyId,
    CompanyName: localName(culture, r.companyZh, r.companyEn),
    TeamID: r.teamId,
    TeamName: localName(culture, r.teamZh, r.teamEn),
    IsDefault: r.isDefault,
  }));
}

export async function select(db: Db, actor: Actor, id: number): Promise<EmployeeRecord> {
  const { companyId, culture } = actor;
  const r = await repo.loadEmployee(db, companyId, id);
  if (!r) throw notFound();
  const e = r.e;
  return {
    EmployeeID: e.id,
    Code: e.code,
    NameZH: e.nameZh,
    NameEN: e.nameEn,
    Email: e.email,
    Mobile: e.mobile,
    TeamID: r.teamId,
    TeamName: localName(culture, r.teamZh, r.teamEn),
    LineManagerID: e.lineManagerId,
    LineManagerName: r.managerZh ? `${localName(culture, r.managerZh, r.managerEn)} (${r.managerCode})` : null,
    BankName: e.bankName,
    // The one-person edit form of HR (personManage): the whole number, by purpose (core/masking).
    BankAccount: wholeAccount(e.bankAccount, 'editing'),
    BankAccountName: e.bankAccountName,
    BankCnaps: e.bankCnaps,
    BankBranch: e.bankBranch,
    Language: e.language,
    Status: e.status,
    ApprovalLimit: e.approvalLimit,
    Username: r.username,
    Companies: await relations(db, e.id, culture),
    Version: e.version,
  };
}

export async function info(db: Db, actor: Actor, id: number): Promise<EmployeeInfo> {
  const { companyId, culture } = actor;
  const r = await repo.loadEmployee(db, companyId, id);
  if (!r) throw notFound();
  const e = r.e;
  const home = await repo.homeCompanyName(db, e.companyId);
  const account = await repo.accountOf(db, e.id);
  return {
    EmployeeID: e.id,
    Code: e.code,
    Name: localName(culture, e.nameZh, e.nameEn),
    NameZH: e.nameZh,
    NameEN: e.nameEn,
    Email: e.email,
    Mobile: e.mobile,
    CompanyName: home ? localName(culture, home.nameZh, home.nameEn) : '',
    TeamName: localName(culture, r.teamZh, r.teamEn),
    LineManagerName: localName(culture, r.managerZh, r.managerEn),
    Status: e.status,
    ApprovalLimit: e.approvalLimit,
    Username: account?.username ?? null,
    LastLoginAt: account?.lastLoginAt?.toISOString() ?? null,
    DirectReports: await repo.directReports(db, e.id, true),
    Roles: (await repo.rolesOf(db, e.id, companyId)).map((x) => ({
      RoleID: x.roleId,
      RoleName: localName(culture, x.roleZh, x.roleEn),
      TeamName: localName(culture, x.teamZh, x.teamEn),
    })),
    Companies: await relations(db, e.id, culture),
    StatusHistory: (await repo.statusHistory(db, e.id)).map((h) => ({
      FromStatus: h.h.fromStatus,
      ToStatus: h.h.toStatus,
      Reason: h.h.reason,
      ActorName: localName(culture, h.actorZh, h.actorEn),
      At: h.h.at.toISOString(),
    })),
  };
}

/** Creates or updates a person (home company: the signed-in one); a new sign-in name gets a temporary password. */
export async function save(db: Db, actor: Actor, body: SaveEmployeeBody) {
  try {
    return await db.transaction(async (tx) => {
      const existing = body.EmployeeID ? await editable(tx, actor.companyId, body.EmployeeID) : undefined;
      const same = await repo.employeeByCode(tx, actor.companyId, body.Code);
      if (same && same.id !== existing?.id) throw duplicateOn('Code', 'org.code_duplicate');
      await checkTeam(tx, actor.companyId, body.TeamID, existing?.teamId ?? null);
      const managerId = body.LineManagerID ?? null;
      if (managerId !== null && managerId !== existing?.lineManagerId)
        await checkManager(tx, actor.companyId, existing?.id ?? null, managerId);
      if (body.Username) await checkUsername(tx, body.Username, existing?.id ?? null);

      const values = {
        code: body.Code,
        nameZh: body.NameZH,
        nameEn: body.NameEN,
        email: body.Email ?? null,
        mobile: body.Mobile ?? null,
        teamId: body.TeamID,
        lineManagerId: managerId,
        bankName: body.BankName ?? null,
        bankAccount: keptAccount(body.BankAccount ?? null, existing?.bankAccount),
        bankAccountName: body.BankAccountName || null,
        // The branch from the directory, checked against the bank (a save without a code clears it).
        ...(await branchFields(tx, actor.companyId, body.BankCnaps ?? null, body.BankName)),
        language: body.Language,
      };
      requireBranch(values);
      let saved: repo.EmployeeEntity;
      if (existing) {
        const row = await repo.updateEmployee(tx, existing.id, requireVersion(body.Version), values);
        if (!row) throw staleVersion();
        saved = row;
      } else saved = await repo.insertEmployee(tx, { ...values, companyId: actor.companyId });

      let temporary: string | null = null;
      if (body.Username) {
        const account = await repo.accountOf(tx, saved.id);
        if (!account) {
          temporary = temporaryPassword();
          await repo.insertAccount(tx, saved.id, body.Username, await hashPassword(temporary));
        } else if (account.username !== body.Username.toLowerCase()) {
          await repo.renameAccount(tx, account.id, body.Username);
        }
      }
      await audit(
        tx,
        auditEntry(actor, {
          action: existing ? 'update' : 'create',
          entity: 'employee',
          entityId: saved.id,
          detail: {
            code: saved.code,
            teamId: saved.teamId,
            lineManagerId: saved.lineManagerId,
            ...(body.Username ? { username: body.Username.toLowerCase() } : {}),
            accountCreated: temporary !== null,
          },
        }),
      );
      return { EmployeeID: saved.id, Version: saved.version, TemporaryPassword: temporary };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateOn('Code', 'org.code_duplicate');
    throw err;
  }
}

/** Why a person cannot be deleted, in the order a user would look for it. */
const IN_USE: { key: keyof Awaited<ReturnType<typeof repo.usage>>; code: string }[] = [
  { key: 'reports', code: 'org.employee_in_use_reports' },
  { key: 'costCentreHead', code: 'org.employee_in_use_cost_centre' },
  { key: 'formOrder', code: 'org.employee_in_use_cost_centre' },
  { key: 'roles', code: 'org.employee_in_use_roles' },
  { key: 'fundPermission', code: 'org.employee_in_use_fund_permission' },
  { key: 'applyAuthority', code: 'org.employee_in_use_apply_authority' },
  { key: 'signedIn', code: 'org.employee_in_use_signed_in' },
];

/** Deletes people nothing refers to yet (a mistaken entry); anyone in use is set to left instead. */
export async function remove(db: Db, actor: Actor, ids: number[]) {
  await db.transaction(async (tx) => {
    const codes: string[] = [];
    for (const id of new Set(ids)) {
      const e = await editable(tx, actor.companyId, id);
      const used = await repo.usage(tx, id);
      const reason = IN_USE.find((u) => used[u.key] > 0);
      if (reason) throw refused(reason.code, { code: e.code, count: used[reason.key] });
      await repo.deleteEmployee(tx, id);
      codes.push(e.code);
    }
    await audit(
      tx,
      auditEntry(actor, {
        action: 'delete',
        entity: 'employee',
        entityId: ids.join(','),
        detail: { codes },
      }),
    );
  });
}
