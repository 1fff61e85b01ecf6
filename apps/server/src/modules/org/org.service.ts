import type { ChooseEmployeeBody, Culture, DefaultInfo, ModifyPersonalInfoBody, TeamNode } from '@ems/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../core/context';
import type { Db } from '../../core/db';
import { conflict, fieldError, notFound, refused, unauthorized } from '../../core/errors';
import type { SessionUser } from '../../core/http';
import { localName } from '../../core/i18n';
import { audit } from '../audit/audit.service';
import { branchFields, requireBranch } from '../masterdata/banks/banks.service';
import { chargeableFor } from '../masterdata/funds/chargeable';
import * as repo from './org.repository';
import type { employee } from './org.table';

export async function defaultInfo(db: Db, user: SessionUser, culture: Culture): Promise<DefaultInfo> {
  const p = await repo.profile(db, user.userId, user.companyId);
  if (!p) throw unauthorized('auth.token_invalid');
  const e = p.e;
  return {
    UserID: e.id,
    UserCode: e.code,
    UserName: localName(culture, e.nameZh, e.nameEn) ?? e.nameZh,
    UserNameZH: e.nameZh,
    UserNameEN: e.nameEn,
    Account: p.account,
    Email: e.email,
    Mobile: e.mobile,
    CompanyID: user.companyId,
    CompanyName: localName(culture, p.companyZh, p.companyEn) ?? p.companyZh,
    TeamID: p.teamId,
    TeamName: localName(culture, p.teamZh, p.teamEn),
    LineManagerName: localName(culture, p.managerZh, p.managerEn),
    BankName: e.bankName,
    BankAccount: e.bankAccount,
    BankAccountName: e.bankAccountName,
    BankCnaps: e.bankCnaps,
    BankBranch: e.bankBranch,
    DefaultCostCenterID: e.defaultCostCentreId,
    DefaultCostCenterCode: p.costCentreCode,
    DefaultCostCenterName: p.costCentreZh === null ? null : localName(culture, p.costCentreZh, p.costCentreEn),
    Status: e.status,
    Language: e.language,
    MustChangePassword: p.mustChange,
    Functions: [...user.functions].sort(),
    Version: e.version,
  };
}

export async function modifyPersonalInfo(
  ctx: AppContext,
  user: SessionUser,
  body: z.infer<typeof ModifyPersonalInfoBody>,
  culture: Culture,
  requestId: string,
) {
  const { Version, ...fields } = body;
  const changes = {
    ...(fields.Email !== undefined ? { email: fields.Email } : {}),
    ...(fields.Mobile !== undefined ? { mobile: fields.Mobile } : {}),
    ...(fields.BankName !== undefined ? { bankName: fields.BankName } : {}),
    ...(fields.BankAccount !== undefined ? { bankAccount: fields.BankAccount?.replace(/\s+/g, '') ?? null } : {}),
    ...(fields.BankAccountName !== undefined ? { bankAccountName: fields.BankAccountName || null } : {}),
    ...(fields.Language !== undefined ? { language: fields.Language } : {}),
    ...(fields.DefaultCostCenterID !== undefined ? { defaultCostCentreId: fields.DefaultCostCenterID } : {}),
  };
  if (fields.DefaultCostCenterID !== undefined) {
    // Only a cost centre the user may charge in this company today: the one the document form would offer.
    const found = await chargeableFor(ctx.db, user.companyId, user.userId, culture);
    const ok = found?.rows.some((r) => r.Kind === 'cost_centre' && r.ID === fields.DefaultCostCenterID && r.Choosable);
    if (!ok) throw fieldError('DefaultCostCenterID', 'org.cost_centre_not_chargeable');
  }
  await ctx.db.transaction(async (tx) => {
    const before = await repo.findEmployee(tx, user.userId);
    // The branch from the directory, checked against the bank the account is (now) with.
    const branch = await branchFields(tx, user.companyId, fields.BankCnaps, changes.bankName ?? before?.bankName);
    if (fields.BankAccount !== undefined || fields.BankCnaps !== undefined)
      requireBranch({
        bankAccount: changes.bankAccount !== undefined ? changes.bankAccount : before?.bankAccount,
        bankCnaps: branch ? branch.bankCnaps : before?.bankCnaps,
      });
    const row = await repo.updatePersonalInfo(tx, user.userId, Version, { ...changes, ...branch });
    if (!row) throw conflict('common.stale_version');
    await audit(tx, {
      companyId: user.companyId,
      actorId: user.userId,
      action: 'modify_personal_info',
      entity: 'employee',
      entityId: user.userId,
      detail: {
        changed: Object.keys(changes),
        ...(before && changes.bankAccount !== undefined
          ? { bankAccountChanged: before.bankAccount !== row.bankAccount }
          : {}),
      },
      requestId,
    });
  });
  return defaultInfo(ctx.db, user, culture);
}

export async function chooseEmployees(db: Db, user: SessionUser, q: ChooseEmployeeBody, culture: Culture) {
  const { total, rows } = await repo.chooseEmployees(db, user.companyId, q);
  return {
    Total: total,
    Rows: rows.map((r) => employeeOption(r, culture)),
  };
}

/** A person as the pickers offer them: the name in the user's language, with their team. */
export function employeeOption(
  r: { e: typeof employee.$inferSelect; teamZh: string | null; teamEn: string | null },
  culture: Culture,
) {
  const { e } = r;
  return {
    EmployeeID: e.id,
    Code: e.code,
    Name: localName(culture, e.nameZh, e.nameEn),
    NameZH: e.nameZh,
    NameEN: e.nameEn,
    TeamID: e.teamId,
    TeamName: localName(culture, r.teamZh, r.teamEn),
    Status: e.status,
  };
}

/** The company's teams as a tree (roots first, children in sort order). */
export async function teamTree(
  db: Db,
  user: SessionUser,
  includeInactive: boolean,
  culture: Culture,
): Promise<TeamNode[]> {
  const teams = await repo.teamsOf(db, user.companyId, includeInactive);
  const nodes = new Map<number, TeamNode>(
    teams.map((t) => [
      t.id,
      {
        TeamID: t.id,
        Code: t.code,
        Name: localName(culture, t.nameZh, t.nameEn),
        ParentID: t.parentId,
        IsEVM: t.isEvm,
        Active: t.active,
        Children: [],
      },
    ]),
  );
  const roots: TeamNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.ParentID === null ? undefined : nodes.get(node.ParentID);
    if (parent) parent.Children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** GetCompanpyInfo (the specification's spelling): the signed-in company. */
export async function companyInfo(db: Db, companyId: number, culture: Culture) {
  const c = await repo.companyById(db, companyId);
  if (!c) throw notFound();
  return {
    CompanyID: c.id,
    Code: c.code,
    Name: localName(culture, c.nameZh, c.nameEn),
    NameZH: c.nameZh,
    NameEN: c.nameEn,
    SapCode: c.sapCode,
    Currency: c.currency,
  };
}

// Other modules reach the organisation through these; each takes the caller's db or transaction.

export function findEmployee(db: Db, id: number) {
  return repo.findEmployee(db, id);
}

/** The companies an employee may sign in to, with their team in each; the home company first. */
export function companiesOf(db: Db, employeeId: number) {
  return repo.companiesOf(db, employeeId);
}

export function isAdminIn(db: Db, employeeId: number, companyId: number): Promise<boolean> {
  return repo.isAdminIn(db, employeeId, companyId);
}

export function menuFunctions(db: Db, codes: string[]) {
  return repo.menuFunctions(db, codes);
}

export function profile(db: Db, employeeId: number, companyId: number) {
  return repo.profile(db, employeeId, companyId);
}

export function activeInCompany(db: Db, employeeId: number, companyId: number) {
  return repo.activeInCompany(db, employeeId, companyId);
}

export function companyById(db: Db, companyId: number) {
  return repo.companyById(db, companyId);
}

/**
 * The specification's two user rules, read from the user's own profile (never from the document): without a default
 * cost centre the expense pages are closed (`org.no_cost_centre`, telling them to set it in their profile); without a
 * bank account loans and reimbursements cannot be filled in (`org.no_bank_account`); approving needs neither.
 */
export async function requireExpenseUser(db: Db, userId: number, docType: 'apply' | 'loan' | 'deputy') {
  const p = await repo.expenseProfile(db, userId);
  if (!p?.costCentreId) throw refused('org.no_cost_centre');
  if (docType !== 'apply' && !p.bankAccount) throw refused('org.no_bank_account');
}
