import type {
  CostCenterDetail,
  CostCenterRow,
  Culture,
  SaveCostCenterBody,
  SearchCostCenterBody,
} from '@ems/contracts';
import Decimal from 'decimal.js';
import type { Actor } from '../../../core/actor';
import { duplicateOn, guarded, requireVersion } from '../../../core/checks';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { conflict, fieldError, notFound, refused } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { audit, auditEntry } from '../../audit/audit.service';
import { checkValidity, isChoosable, today } from '../finance-shared';
import type { LifecycleSpec } from '../lifecycle';
import * as repo from './costcentre.repository';
import * as history from './history';
import * as parts from './parts.repository';

export function toRow(r: repo.CostCentreListRow, culture: Culture, day = today()): CostCenterRow {
  const c = r.cc;
  return {
    CostCenterID: c.id,
    CostCenterCode: c.code,
    Name: localName(culture, c.nameZh, c.nameEn),
    NameZH: c.nameZh,
    NameEN: c.nameEn,
    SapCode: c.sapCode,
    ProfitCenter: c.profitCentre,
    Type: c.type,
    OwnerTeamID: c.ownerTeamId,
    OwnerTeamCode: r.teamCode,
    OwnerTeamName: r.teamZh === null ? null : localName(culture, r.teamZh, r.teamEn),
    Status: c.status,
    ValidFrom: c.validFrom,
    ValidTo: c.validTo,
    Heads: culture === 'en-GB' ? r.headsEn : r.headsZh,
    HeadCount: r.headCount,
    Choosable: isChoosable(c, day),
    Version: c.version,
    UpdatedAt: c.updatedAt.toISOString(),
  };
}

export async function search(db: Db, actor: Actor, body: SearchCostCenterBody) {
  const { companyId, culture } = actor;
  const day = today();
  const { total, rows } = await repo.search(db, companyId, body, culture, day);
  return { Total: total, Rows: rows.map((r) => toRow(r, culture, day)) };
}

export async function detail(db: Db, actor: Actor, id: number): Promise<CostCenterDetail> {
  const { companyId, culture } = actor;
  const row = await repo.listRow(db, companyId, id);
  if (!row) throw notFound();
  const heads = await parts.heads(db, id);
  const allots = await parts.allotments(db, id);
  const orders = await parts.formOrders(db, id);
  const total = allots.reduce((sum, a) => sum.plus(a.percent), new Decimal(0));
  return {
    ...toRow(row, culture),
    HeadList: heads.map((h) => ({
      HeadID: h.id,
      EmployeeID: h.employeeId,
      EmployeeCode: h.code,
      EmployeeName: localName(culture, h.nameZh, h.nameEn),
      TeamName: h.teamZh === null ? null : localName(culture, h.teamZh, h.teamEn),
      EmployeeStatus: h.status,
      Seq: h.seq,
      AmountLimit: h.amountLimit,
    })),
    Allotments: allots.map((a) => ({
      AllotID: a.id,
      TargetCostCenterID: a.targetId,
      TargetCode: a.code,
      TargetName: localName(culture, a.nameZh, a.nameEn),
      TargetStatus: a.status,
      Percent: a.percent,
    })),
    AllotTotal: total.toFixed(2),
    AllotRest: new Decimal(100).minus(total).toFixed(2),
    FormOrders: orders.map((o) => ({
      FormOrderID: o.id,
      DocType: o.docType,
      Seq: o.seq,
      EmployeeID: o.employeeId,
      EmployeeCode: o.code,
      EmployeeName: localName(culture, o.nameZh, o.nameEn),
    })),
  };
}

/** Heads must be distinct people of the company who have not left. */
export async function checkHeads(db: Db, companyId: number, ids: number[], field: string): Promise<void> {
  if (new Set(ids).size !== ids.length) throw fieldError(field, 'costcentre.head_duplicate');
  const found = await parts.employeesInCompany(db, companyId, ids);
  if (found.length !== ids.length) throw fieldError(field, 'finmd.employee_unknown');
  if (found.some((e) => e.status === 'left')) throw fieldError(field, 'costcentre.head_left');
}

export async function checkOwnerTeam(db: Db, companyId: number, teamId: number | null | undefined) {
  if (teamId && !(await repo.teamOf(db, companyId, teamId))) throw fieldError('OwnerTeamID', 'finmd.team_unknown');
}

/** Replaces the heads with `ids` in order; a head who still approves in a form order may not be dropped. */
export async function replaceHeads(tx: Db, costCentreId: number, ids: number[]) {
  const current = await parts.heads(tx, costCentreId);
  const dropped = current.filter((h) => !ids.includes(h.employeeId)).map((h) => h.employeeId);
  if ((await parts.formOrderCountOf(tx, costCentreId, dropped)) > 0) throw refused('costcentre.head_in_form_order');
  const limits = new Map(current.map((h) => [h.employeeId, h.amountLimit]));
  await parts.deleteHeads(tx, costCentreId);
  for (const [i, id] of ids.entries()) await parts.insertHead(tx, costCentreId, id, i + 1, limits.get(id) ?? null);
}

export async function save(ctx: AppContext, actor: Actor, body: SaveCostCenterBody) {
  checkValidity(body.ValidFrom, body.ValidTo);
  const values: repo.CostCentreValues = {
    code: body.CostCenterCode,
    nameZh: body.NameZH,
    nameEn: body.NameEN,
    sapCode: body.SapCode ?? null,
    // Left as it is when the body does not name it (an older client, the import).
    ...(body.ProfitCenter === undefined ? {} : { profitCentre: body.ProfitCenter }),
    type: body.Type,
    ownerTeamId: body.OwnerTeamID ?? null,
    validFrom: body.ValidFrom ?? null,
    validTo: body.ValidTo ?? null,
  };
  const duplicate = () => duplicateOn('CostCenterCode', 'costcentre.code_duplicate', { code: body.CostCenterCode });
  const id = await guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        await checkOwnerTeam(tx, actor.companyId, body.OwnerTeamID);
        if (body.HeadIDs) await checkHeads(tx, actor.companyId, body.HeadIDs, 'HeadIDs');
        if (body.CostCenterID === undefined) {
          if (await repo.findByCode(tx, actor.companyId, body.CostCenterCode)) throw duplicate();
          const row = await repo.insert(tx, actor.companyId, values);
          if (body.HeadIDs) await replaceHeads(tx, row.id, body.HeadIDs);
          await history.record(tx, actor, row.id, 'create');
          return row.id;
        }
        const version = requireVersion(body.Version);
        const existing = await repo.lockById(tx, actor.companyId, body.CostCenterID);
        if (!existing) throw notFound();
        // The code is the key SAP postings and imports refer to; it never changes.
        if (existing.code !== body.CostCenterCode) throw fieldError('CostCenterCode', 'finmd.code_immutable');
        const updated = await repo.update(tx, existing.id, version, values);
        if (!updated) throw conflict();
        if (body.HeadIDs) await replaceHeads(tx, existing.id, body.HeadIDs);
        await history.record(tx, actor, existing.id, 'update');
        return existing.id;
      }),
    { duplicate: 'costcentre.code_duplicate' },
  );
  return detail(ctx.db, actor, id);
}

/** Start, stop and delete (routes in lifecycle.routes.ts). */
export const lifecycle: LifecycleSpec<repo.CostCentreRow> = {
  codes: 'costcentre',
  lockById: repo.lockById,
  setStatus: (tx, row, status) => repo.update(tx, row.id, row.version, { status }),
  usage: (tx, row) => repo.usage(tx, row.id),
  async record(tx, actor, row, action) {
    if (action !== 'delete') {
      await history.record(tx, actor, row.id, action);
      return;
    }
    const snapshot = await history.snapshotOf(tx, actor.companyId, row.id);
    await audit(
      tx,
      auditEntry(actor, {
        action: 'delete',
        entity: 'cost_centre',
        entityId: row.id,
        detail: { code: row.code, snapshot },
      }),
    );
  },
  async remove(tx, row) {
    await parts.deleteFormOrders(tx, row.id);
    await parts.deleteHeads(tx, row.id);
    // Its own allotments go with it; allotments to it were refused as a use.
    await parts.deleteAllAllots(tx, row.id);
    await repo.remove(tx, row.id);
  },
};

/**
 * Renames a cost centre in both languages, kept in its history like every other change. For other screens that
 * edit names (master-data languages): pass their transaction, or none to run in one of its own.
 */
export async function renameCostCentre(
  db: Db,
  actor: Actor,
  id: number,
  names: { nameZh: string; nameEn: string },
  version?: number,
): Promise<void> {
  const work = async (tx: Db) => {
    const row = await repo.lockById(tx, actor.companyId, id);
    if (!row) throw notFound();
    if (version !== undefined && row.version !== version) throw conflict();
    await repo.update(tx, row.id, row.version, names);
    await history.record(tx, actor, row.id, 'rename');
  };
  await db.transaction(work);
}

/** Locks the cost centre row for the caller's transaction. */
export function lockCostCentre(tx: Db, companyId: number, id: number) {
  return repo.lockById(tx, companyId, id);
}

/** Bumps the version (and modified time) so that open screens see the change of a part. */
export function touchCostCentre(tx: Db, id: number, version: number) {
  return repo.update(tx, id, version, {});
}
