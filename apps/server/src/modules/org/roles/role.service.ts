import {
  type Culture,
  MENU_GROUPS,
  type MenuGroupCode,
  type RoleRow,
  type SaveRoleAndFunctionBody,
  SCREENS,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { duplicateOn, isUniqueViolation, requireVersion, staleVersion } from '../../../core/checks';
import type { Db } from '../../../core/db';
import { fieldError, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { audit, auditEntry } from '../../audit/audit.service';
import * as repo from './role.repository';

/** Report access is given per report screen (the report group of the screen table). */
export const REPORTS = SCREENS.filter((s) => s.group === 'report');
const REPORT_CODES = new Set(REPORTS.map((r) => r.functionCode));
/** The administrator role must keep the functions that manage roles, or nobody could give them back. */
const ADMIN_KEEPS = ['roleManagement', 'userRoleAssign'];

function toRow(r: NonNullable<Awaited<ReturnType<typeof repo.loadRole>>>, culture: Culture): RoleRow {
  return {
    RoleID: r.r.id,
    Code: r.r.code,
    Name: localName(culture, r.r.nameZh, r.r.nameEn),
    NameZH: r.r.nameZh,
    NameEN: r.r.nameEn,
    Description: r.r.description,
    IsAdmin: r.r.isAdmin,
    TeamAuthority: r.r.teamAuthority,
    Active: r.r.active,
    FunctionCount: r.functions,
    EmployeeCount: r.employees,
    Version: r.r.version,
  };
}

export async function list(db: Db, companyId: number, body: Parameters<typeof repo.searchRoles>[2], culture: Culture) {
  const { total, rows } = await repo.searchRoles(db, companyId, body);
  return { Total: total, Rows: rows.map((r) => toRow(r, culture)) };
}

export async function record(db: Db, actor: Actor, roleId: number) {
  const { companyId, culture } = actor;
  const row = await repo.loadRole(db, companyId, roleId);
  if (!row) throw notFound();
  return toRow(row, culture);
}

async function roleOf(db: Db, companyId: number, roleId: number) {
  const r = await repo.findRole(db, companyId, roleId);
  if (!r) throw notFound();
  return r;
}

export async function functions(db: Db, companyId: number, roleId: number) {
  await roleOf(db, companyId, roleId);
  return { RoleID: roleId, FunctionCodes: await repo.functionsOfRole(db, roleId) };
}

/** Every function a role may hold, in menu order, with the role's own ticked. */
export async function functionCatalogue(db: Db, companyId: number, roleId: number | undefined) {
  const held = new Set(roleId ? (await functions(db, companyId, roleId)).FunctionCodes : []);
  const groups = MENU_GROUPS as readonly string[];
  return {
    Rows: (await repo.functionCatalogue(db)).map((f) => ({
      FunctionCode: f.code,
      Group: f.menuGroup && groups.includes(f.menuGroup) ? (f.menuGroup as MenuGroupCode) : null,
      LabelKey: f.labelKey,
      Path: f.path,
      Checked: held.has(f.code),
    })),
  };
}

export async function reports(db: Db, companyId: number, roleId: number) {
  await roleOf(db, companyId, roleId);
  const held = new Set(await repo.reportsOfRole(db, roleId));
  return {
    Rows: REPORTS.map((r) => ({ ReportCode: r.functionCode, LabelKey: r.labelKey, Checked: held.has(r.functionCode) })),
  };
}

export async function reportsOfUser(db: Db, user: SessionUser) {
  const held = new Set(await repo.reportsOfUser(db, user.userId, user.companyId));
  return {
    Rows: REPORTS.filter((r) => held.has(r.functionCode)).map((r) => ({
      ReportCode: r.functionCode,
      LabelKey: r.labelKey,
      Path: r.path,
    })),
  };
}

function checkReports(codes: string[]) {
  const bad = codes.find((c) => !REPORT_CODES.has(c));
  if (bad) throw fieldError('ReportCodes', 'org.report_unknown', { code: bad });
}

export async function saveReports(db: Db, actor: Actor, roleId: number, codes: string[], version: number) {
  checkReports(codes);
  return db.transaction(async (tx) => {
    const r = await roleOf(tx, actor.companyId, roleId);
    const before = await repo.reportsOfRole(tx, r.id);
    const row = await repo.touchRole(tx, r.id, version);
    if (!row) throw staleVersion();
    await repo.replaceReports(tx, r.id, [...new Set(codes)]);
    await repo.bumpHolders(tx, [r.id]);
    await audit(
      tx,
      auditEntry(actor, {
        action: 'save_reports',
        entity: 'role',
        entityId: r.id,
        detail: { before, after: [...new Set(codes)].sort() },
      }),
    );
    return { RoleID: row.id, Version: row.version };
  });
}

/** A role with its functions (and, when given, its reports) in one transaction; every holder's roles version moves. */
export async function saveRoleAndFunction(db: Db, actor: Actor, body: SaveRoleAndFunctionBody) {
  const codes = [...new Set(body.FunctionCodes)].sort();
  const known = new Set((await repo.functionCatalogue(db)).map((f) => f.code));
  const unknown = codes.find((c) => !known.has(c));
  if (unknown) throw fieldError('FunctionCodes', 'org.function_unknown', { code: unknown });
  if (body.ReportCodes) checkReports(body.ReportCodes);
  try {
    const id = await db.transaction(async (tx) => {
      const existing = body.RoleID ? await roleOf(tx, actor.companyId, body.RoleID) : undefined;
      const same = await repo.roleByCode(tx, actor.companyId, body.Code);
      if (same && same.id !== existing?.id) throw duplicateOn('Code', 'org.code_duplicate');
      if (existing?.isAdmin && (!body.Active || ADMIN_KEEPS.some((f) => !codes.includes(f))))
        throw refused('org.admin_role_locked');
      const values = {
        companyId: actor.companyId,
        code: body.Code,
        nameZh: body.NameZH,
        nameEn: body.NameEN,
        description: body.Description ?? null,
        teamAuthority: body.TeamAuthority,
        active: body.Active,
      };
      const before = existing ? await repo.functionsOfRole(tx, existing.id) : [];
      let saved: repo.RoleEntity;
      if (existing) {
        const row = await repo.updateRole(tx, existing.id, requireVersion(body.Version), values);
        if (!row) throw staleVersion();
        saved = row;
      } else saved = await repo.insertRole(tx, values);
      await repo.replaceFunctions(tx, saved.id, codes);
      if (body.ReportCodes) await repo.replaceReports(tx, saved.id, [...new Set(body.ReportCodes)]);
      await repo.bumpHolders(tx, [saved.id]);
      await audit(
        tx,
        auditEntry(actor, {
          action: existing ? 'update' : 'create',
          entity: 'role',
          entityId: saved.id,
          detail: {
            code: saved.code,
            active: saved.active,
            added: codes.filter((c) => !before.includes(c)),
            removed: before.filter((c) => !codes.includes(c)),
            ...(body.ReportCodes ? { reports: [...new Set(body.ReportCodes)].sort() } : {}),
          },
        }),
      );
      return saved.id;
    });
    return record(db, actor, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateOn('Code', 'org.code_duplicate');
    throw err;
  }
}

export async function allRoles(db: Db, companyId: number, culture: Culture) {
  return {
    Rows: (await repo.allRoles(db, companyId)).map((r) => ({
      RoleID: r.id,
      Code: r.code,
      Name: localName(culture, r.nameZh, r.nameEn),
      IsAdmin: r.isAdmin,
      Active: r.active,
    })),
  };
}

/** Whether the user holds every function of the company's shared-service-centre role. */
export async function isSscDeputy(db: Db, user: SessionUser) {
  const ssc = await repo.roleByCode(db, user.companyId, 'SSC');
  if (!ssc?.active) return { IsSSCDeputy: false };
  const needed = await repo.functionsOfRole(db, ssc.id);
  return { IsSSCDeputy: needed.length > 0 && needed.every((f) => user.functions.has(f)) };
}
