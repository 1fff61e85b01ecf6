import type { Culture, GetTeamListBody, SaveTeamBody, TeamInfo, TeamOption, TeamRow } from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { duplicateOn, isUniqueViolation, requireVersion, staleVersion } from '../../../core/checks';
import type { Db } from '../../../core/db';
import { fieldError, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { audit, auditEntry } from '../../audit/audit.service';
import { pathTo, subtree, wouldCycle } from '../org.tree';
import * as repo from './team.repository';

export function toTeamRow(r: repo.TeamListRow, culture: Culture): TeamRow {
  const t = r.t;
  return {
    TeamID: t.id,
    Code: t.code,
    Name: localName(culture, t.nameZh, t.nameEn),
    NameZH: t.nameZh,
    NameEN: t.nameEn,
    ParentID: t.parentId,
    ParentName: localName(culture, r.parentZh, r.parentEn),
    BU: t.bu,
    IsEVM: t.isEvm,
    IsSupportFunction: t.isSupportFunction,
    TherapeuticAreaID: t.therapeuticAreaId,
    TherapeuticAreaName: localName(culture, r.taZh, r.taEn),
    Active: t.active,
    Sort: t.sort,
    MemberCount: r.members,
    Version: t.version,
  };
}

export async function list(db: Db, user: SessionUser, body: GetTeamListBody, culture: Culture) {
  const { total, rows } = await repo.searchTeams(db, user.companyId, body);
  return { Total: total, Rows: rows.map((r) => toTeamRow(r, culture)) };
}

export async function info(db: Db, actor: Actor, teamId: number): Promise<TeamInfo> {
  const { companyId, culture } = actor;
  const row = await repo.loadTeam(db, companyId, teamId);
  if (!row) throw notFound();
  const all = await repo.companyTeams(db, companyId);
  return {
    ...toTeamRow(row, culture),
    Path: pathTo(all, teamId).map((p) => ({
      TeamID: p.id,
      Code: p.code,
      Name: localName(culture, p.nameZh, p.nameEn),
    })),
    ChildCount: await repo.childCount(db, teamId),
  };
}

/** Creates or updates a team: code unique in the company, parent in the same company, never a loop. */
export async function save(db: Db, actor: Actor, body: SaveTeamBody): Promise<TeamInfo> {
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const existing = body.TeamID ? await repo.findTeam(tx, body.TeamID) : undefined;
      if (body.TeamID && (!existing || existing.companyId !== actor.companyId)) throw notFound();
      const same = await repo.teamByCode(tx, actor.companyId, body.Code);
      if (same && same.id !== body.TeamID) throw duplicateOn('Code', 'org.code_duplicate');

      const parentId = body.ParentID ?? null;
      if (parentId !== null) {
        const parent = await repo.findTeam(tx, parentId);
        if (!parent || parent.companyId !== actor.companyId) throw fieldError('ParentID', 'org.team_parent_not_found');
        if (existing && wouldCycle(await repo.companyTeams(tx, actor.companyId), existing.id, parentId)) {
          throw refused('org.team_cycle');
        }
        if (body.Active && !parent.active) throw refused('org.team_parent_stopped');
      }
      if (body.TherapeuticAreaID && body.TherapeuticAreaID !== existing?.therapeuticAreaId) {
        const area = await repo.findArea(tx, actor.companyId, body.TherapeuticAreaID);
        if (!area?.active) throw fieldError('TherapeuticAreaID', 'org.ta_not_found');
      }
      if (existing?.active && !body.Active) {
        const usage = await repo.teamUsage(tx, existing.id);
        if (usage.children > 0) throw refused('org.team_has_active_children', { count: usage.children });
        if (usage.members > 0) throw refused('org.team_has_members', { count: usage.members });
      }
      if (existing?.isEvm && !body.IsEVM && (await repo.hasEvmRelation(tx, existing.id))) {
        throw refused('org.team_evm_relation_exists');
      }

      const values = {
        companyId: actor.companyId,
        code: body.Code,
        nameZh: body.NameZH,
        nameEn: body.NameEN,
        parentId,
        bu: body.BU ?? null,
        isEvm: body.IsEVM,
        isSupportFunction: body.IsSupportFunction,
        therapeuticAreaId: body.TherapeuticAreaID ?? null,
        active: body.Active,
        sort: body.Sort,
      };
      let saved: repo.TeamEntity;
      if (existing) {
        const row = await repo.updateTeam(tx, existing.id, requireVersion(body.Version), values);
        if (!row) throw staleVersion();
        saved = row;
      } else saved = await repo.insertTeam(tx, values);
      await audit(
        tx,
        auditEntry(actor, {
          action: existing
            ? existing.active !== saved.active
              ? saved.active
                ? 'start'
                : 'stop'
              : 'update'
            : 'create',
          entity: 'team',
          entityId: saved.id,
          detail: { code: saved.code, parentId: saved.parentId, active: saved.active, isEvm: saved.isEvm },
        }),
      );
      return saved.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateOn('Code', 'org.code_duplicate');
    throw err;
  }
  return info(db, actor, id);
}

export async function isEvm(db: Db, user: SessionUser, teamId: number | undefined) {
  const id = teamId ?? user.teamId;
  const t = id ? await repo.findTeam(db, id) : undefined;
  if (!t || t.companyId !== user.companyId) throw notFound();
  return { TeamID: t.id, IsEVM: t.isEvm };
}

/** Teams the user sees through their roles: a role without a team covers the whole company; a team covers its sub-teams. */
export async function teamAuth(db: Db, user: SessionUser, culture: Culture) {
  const all = await repo.companyTeams(db, user.companyId);
  const { whole, teams: visible } = await authorityTeams(db, user, all);
  const rows: TeamOption[] = all
    .filter((t) => visible.has(t.id) && t.active)
    .map((t) => ({ TeamID: t.id, Code: t.code, Name: localName(culture, t.nameZh, t.nameEn) }));
  return { WholeCompany: whole, Rows: rows };
}

/** The teams whose data the user sees through team authority (every team of the company when `whole`). */
export async function authorityTeams(
  db: Db,
  user: SessionUser,
  all?: Awaited<ReturnType<typeof repo.companyTeams>>,
): Promise<{ whole: boolean; teams: Set<number> }> {
  const assigned = await repo.roleTeamsOf(db, user.userId, user.companyId);
  const whole = user.isAdmin || assigned.some((a) => a.teamId === null);
  if (whole) return { whole, teams: new Set((all ?? (await repo.companyTeams(db, user.companyId))).map((t) => t.id)) };
  if (assigned.length === 0) return { whole, teams: new Set() };
  const roots = assigned.map((a) => a.teamId!);
  return { whole, teams: all ? subtree(all, roots) : new Set(await repo.subtreeIds(db, user.companyId, roots)) };
}

/**
 * The teams named by the user's team authority, in one statement; `whole` (and no list) when it covers the company.
 * For scopes, which read the whole company another way.
 */
export async function authorityTeamIds(db: Db, user: SessionUser): Promise<{ whole: boolean; teams: number[] }> {
  if (user.isAdmin) return { whole: true, teams: [] };
  const { whole, ids } = await repo.authoritySubtree(db, user.userId, user.companyId);
  return whole ? { whole, teams: [] } : { whole, teams: ids };
}

/**
 * The teams the user leads: those a role with team authority is held for by name (a role held for the whole company
 * leads no team), each with its name in the user's language, and with their sub-teams the ids of every team they
 * cover.
 */
export async function ledTeams(db: Db, actor: Actor): Promise<{ led: TeamOption[]; ids: number[] }> {
  const roots = new Set(
    (await repo.roleTeamsOf(db, actor.userId, actor.companyId)).flatMap((a) => (a.teamId === null ? [] : [a.teamId])),
  );
  if (roots.size === 0) return { led: [], ids: [] };
  const all = await repo.companyTeams(db, actor.companyId);
  return {
    led: all
      .filter((t) => roots.has(t.id))
      .map((t) => ({ TeamID: t.id, Code: t.code, Name: localName(actor.culture, t.nameZh, t.nameEn) })),
    ids: [...subtree(all, roots)],
  };
}

export async function employeeTeams(db: Db, user: SessionUser, employeeId: number | undefined, culture: Culture) {
  const rows = await repo.teamsOfEmployee(db, employeeId ?? user.userId, user.companyId);
  if (employeeId !== undefined && rows.length === 0 && !(await repo.belongsToCompany(db, employeeId, user.companyId)))
    throw notFound();
  return {
    Rows: rows.map((t) => ({
      TeamID: t.id,
      Code: t.code,
      Name: localName(culture, t.nameZh, t.nameEn),
      IsHome: t.isHome,
    })),
  };
}

export async function setSupportFunction(db: Db, actor: Actor, ids: number[], value: boolean) {
  await db.transaction(async (tx) => {
    const changed = await repo.setSupportFunction(tx, actor.companyId, ids, value);
    if (changed.length !== new Set(ids).size) throw notFound();
    await audit(
      tx,
      auditEntry(actor, {
        action: value ? 'mark_support_function' : 'unmark_support_function',
        entity: 'team',
        entityId: ids.join(','),
        detail: { codes: changed.map((c) => c.code) },
      }),
    );
  });
}
