import type { Culture, DocumentType, SaveAllotBody, SaveFormOrderBody, SaveHeadBody } from '@ems/contracts';
import Decimal from 'decimal.js';
import type { Actor } from '../../../core/actor';
import { guarded } from '../../../core/checks';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { AppError, conflict, fieldError, notFound, refused } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import * as repo from './costcentre.repository';
import { checkHeads, detail } from './costcentre.service';
import * as history from './history';
import * as parts from './parts.repository';

/**
 * Every change of a head, allotment or form order locks its cost centre, checks the version the user saw,
 * moves the version on and writes a history snapshot, all in one transaction; the answer is the new detail.
 */
async function changePart(
  ctx: AppContext,
  actor: Actor,
  ref: { CostCenterID: number; Version: number },
  action: string,
  _culture: Culture,
  work: (tx: Db, row: repo.CostCentreRow) => Promise<void>,
) {
  await guarded(() =>
    ctx.db.transaction(async (tx) => {
      const row = await repo.lockById(tx, actor.companyId, ref.CostCenterID);
      if (!row) throw notFound();
      if (row.version !== ref.Version) throw conflict();
      await work(tx, row);
      await repo.update(tx, row.id, row.version, {});
      await history.record(tx, actor, row.id, action);
    }),
  );
  return detail(ctx.db, actor, ref.CostCenterID);
}

/* ---------- allotments ---------- */

/** What is left to allot: 100 % less the other allotments (all but `exclude`). */
export async function restAllot(db: Db, companyId: number, costCentreId: number, exclude?: number) {
  if (!(await repo.findById(db, companyId, costCentreId))) throw notFound();
  const rows = await parts.allotments(db, costCentreId);
  const allotted = rows.filter((r) => r.id !== exclude).reduce((s, r) => s.plus(r.percent), new Decimal(0));
  return {
    CostCenterID: costCentreId,
    Allotted: allotted.toFixed(2),
    Rest: new Decimal(100).minus(allotted).toFixed(2),
  };
}

export function saveAllot(ctx: AppContext, actor: Actor, body: SaveAllotBody, culture: Culture) {
  return changePart(ctx, actor, body, 'allot_save', culture, async (tx, row) => {
    const current = await parts.allotments(tx, row.id);
    const editing = body.AllotID === undefined ? undefined : current.find((a) => a.id === body.AllotID);
    if (body.AllotID !== undefined && !editing) throw notFound();
    if (body.TargetCostCenterID === row.id) throw fieldError('TargetCostCenterID', 'costcentre.allot_self');
    const target = await repo.findById(tx, actor.companyId, body.TargetCostCenterID);
    if (!target) throw fieldError('TargetCostCenterID', 'costcentre.allot_target_unknown');
    if (target.status !== 'started' && editing?.targetId !== target.id)
      throw fieldError('TargetCostCenterID', 'costcentre.allot_target_stopped');
    if (current.some((a) => a.targetId === target.id && a.id !== body.AllotID))
      throw fieldError('TargetCostCenterID', 'costcentre.allot_target_duplicate');
    const others = current.filter((a) => a.id !== body.AllotID).reduce((s, a) => s.plus(a.percent), new Decimal(0));
    if (others.plus(body.Percent).greaterThan(100)) {
      const params = { rest: new Decimal(100).minus(others).toFixed(2) };
      throw new AppError(422, 'costcentre.allot_over_100', params, [
        { field: 'Percent', code: 'costcentre.allot_over_100', params },
      ]);
    }
    const percent = new Decimal(body.Percent).toFixed(2);
    if (editing) await parts.updateAllot(tx, editing.id, target.id, percent);
    else await parts.insertAllot(tx, row.id, target.id, percent);
  });
}

export function deleteAllot(
  ctx: AppContext,
  actor: Actor,
  body: { CostCenterID: number; Version: number; AllotIDs: number[] },
  culture: Culture,
) {
  return changePart(ctx, actor, body, 'allot_delete', culture, async (tx, row) => {
    const removed = await parts.deleteAllots(tx, row.id, body.AllotIDs);
    if (removed.length !== new Set(body.AllotIDs).size) throw notFound();
  });
}

/* ---------- heads ---------- */

export function saveHead(ctx: AppContext, actor: Actor, body: SaveHeadBody, culture: Culture) {
  return changePart(ctx, actor, body, 'head_save', culture, async (tx, row) => {
    const current = await parts.heads(tx, row.id);
    const editing = body.HeadID === undefined ? undefined : current.find((h) => h.id === body.HeadID);
    if (body.HeadID !== undefined && !editing) throw notFound();
    if (current.some((h) => h.employeeId === body.EmployeeID && h.id !== body.HeadID))
      throw fieldError('EmployeeID', 'costcentre.head_duplicate');
    if (editing?.employeeId !== body.EmployeeID) await checkHeads(tx, actor.companyId, [body.EmployeeID], 'EmployeeID');
    if (editing && editing.employeeId !== body.EmployeeID) {
      if ((await parts.formOrderCountOf(tx, row.id, [editing.employeeId])) > 0)
        throw refused('costcentre.head_in_form_order');
    }
    const limit = body.AmountLimit ?? null;
    if (limit !== null && new Decimal(limit).isNegative()) throw fieldError('AmountLimit', 'finmd.amount_negative');
    if (editing) await parts.updateHead(tx, editing.id, { employeeId: body.EmployeeID, amountLimit: limit });
    else await parts.insertHead(tx, row.id, body.EmployeeID, (current.at(-1)?.seq ?? 0) + 1, limit);
  });
}

export function deleteHead(
  ctx: AppContext,
  actor: Actor,
  body: { CostCenterID: number; Version: number; HeadIDs: number[] },
  culture: Culture,
) {
  return changePart(ctx, actor, body, 'head_delete', culture, async (tx, row) => {
    const current = await parts.heads(tx, row.id);
    const gone = current.filter((h) => body.HeadIDs.includes(h.id));
    if (gone.length !== new Set(body.HeadIDs).size) throw notFound();
    if (
      (await parts.formOrderCountOf(
        tx,
        row.id,
        gone.map((h) => h.employeeId),
      )) > 0
    )
      throw refused('costcentre.head_in_form_order');
    await parts.deleteHeads(tx, row.id, body.HeadIDs);
    const kept = current.filter((h) => !body.HeadIDs.includes(h.id));
    for (const [i, h] of kept.entries()) await parts.setHeadSeq(tx, h.id, i + 1);
  });
}

/** Puts the heads in the given order; the list must name every head once. */
export function orderHeads(
  ctx: AppContext,
  actor: Actor,
  body: { CostCenterID: number; Version: number; HeadIDs: number[] },
  culture: Culture,
) {
  return changePart(ctx, actor, body, 'head_order', culture, async (tx, row) => {
    const current = await parts.heads(tx, row.id);
    const same =
      body.HeadIDs.length === current.length &&
      new Set(body.HeadIDs).size === current.length &&
      current.every((h) => body.HeadIDs.includes(h.id));
    if (!same) throw fieldError('HeadIDs', 'costcentre.head_order_mismatch');
    for (const [i, id] of body.HeadIDs.entries()) await parts.setHeadSeq(tx, id, i + 1);
  });
}

export async function headList(db: Db, actor: Actor, costCentreId: number) {
  const d = await detail(db, actor, costCentreId);
  return { Total: d.HeadList.length, Rows: d.HeadList };
}

/* ---------- form orders: which heads approve which kind of document, in order ---------- */

export async function formOrderList(db: Db, actor: Actor, costCentreId: number, docType: DocumentType | undefined) {
  const d = await detail(db, actor, costCentreId);
  const rows = docType ? d.FormOrders.filter((o) => o.DocType === docType) : d.FormOrders;
  return { Total: rows.length, Rows: rows };
}

/** Heads not yet in the approval order of `docType`: the ones that can be added. */
export async function formOrderCandidates(db: Db, actor: Actor, costCentreId: number, docType: DocumentType) {
  const d = await detail(db, actor, costCentreId);
  const taken = new Set(d.FormOrders.filter((o) => o.DocType === docType).map((o) => o.EmployeeID));
  const rows = d.HeadList.filter((h) => !taken.has(h.EmployeeID));
  return { Total: rows.length, Rows: rows };
}

export function saveFormOrder(ctx: AppContext, actor: Actor, body: SaveFormOrderBody, culture: Culture) {
  return changePart(ctx, actor, body, 'form_order_save', culture, async (tx, row) => {
    if (new Set(body.EmployeeIDs).size !== body.EmployeeIDs.length)
      throw fieldError('EmployeeIDs', 'costcentre.head_duplicate');
    const heads = new Set(await repo.headIds(tx, row.id));
    if (body.EmployeeIDs.some((id) => !heads.has(id)))
      throw fieldError('EmployeeIDs', 'costcentre.form_order_not_head');
    await parts.replaceFormOrder(tx, row.id, body.DocType, body.EmployeeIDs);
  });
}

export function deleteFormOrder(
  ctx: AppContext,
  actor: Actor,
  body: { CostCenterID: number; Version: number; FormOrderIDs: number[] },
  culture: Culture,
) {
  return changePart(ctx, actor, body, 'form_order_delete', culture, async (tx, row) => {
    const current = await parts.formOrders(tx, row.id);
    const gone = current.filter((o) => body.FormOrderIDs.includes(o.id));
    if (gone.length !== new Set(body.FormOrderIDs).size) throw notFound();
    // The rest of each order closes up, keeping its sequence.
    for (const docType of new Set(gone.map((o) => o.docType))) {
      const kept = current.filter((o) => o.docType === docType && !body.FormOrderIDs.includes(o.id));
      await parts.replaceFormOrder(
        tx,
        row.id,
        docType,
        kept.map((o) => o.employeeId),
      );
    }
  });
}

/* ---------- lookups ---------- */

export async function relSapCodes(db: Db, companyId: number, keyword: string | undefined, culture: Culture) {
  const rows = await repo.relSapCodes(db, companyId, keyword);
  const bySap = new Map<
    string,
    { CostCenterID: number; CostCenterCode: string; Name: string; Status: 'started' | 'stopped' }[]
  >();
  for (const r of rows) {
    const list = bySap.get(r.sapCode ?? '') ?? [];
    list.push({
      CostCenterID: r.id,
      CostCenterCode: r.code,
      Name: localName(culture, r.nameZh, r.nameEn),
      Status: r.status,
    });
    bySap.set(r.sapCode ?? '', list);
  }
  return { Rows: [...bySap].map(([SapCode, CostCenters]) => ({ SapCode, CostCenters })) };
}

/** The owning team of a cost centre (or a team itself): its path from the root, head, size and cost centres. */
export async function ownerTeam(
  db: Db,
  companyId: number,
  ref: { CostCenterID?: number | undefined; TeamID?: number | undefined },
  culture: Culture,
) {
  let teamId = ref.TeamID ?? null;
  if (ref.CostCenterID !== undefined) {
    const row = await repo.findById(db, companyId, ref.CostCenterID);
    if (!row) throw notFound();
    teamId = row.ownerTeamId;
  }
  if (teamId === null) return { Team: null };
  const t = await repo.teamOf(db, companyId, teamId);
  if (!t) throw notFound();
  const teams = new Map((await repo.teamsOf(db, companyId)).map((x) => [x.id, x]));
  const path: string[] = [];
  const seen = new Set<number>();
  for (let cur = teams.get(t.id); cur && !seen.has(cur.id); cur = cur.parentId ? teams.get(cur.parentId) : undefined) {
    seen.add(cur.id);
    path.unshift(localName(culture, cur.nameZh, cur.nameEn));
  }
  const head = await repo.teamHead(db, t.id);
  const owned = await repo.ownedBy(db, companyId, t.id);
  return {
    Team: {
      TeamID: t.id,
      TeamCode: t.code,
      TeamName: localName(culture, t.nameZh, t.nameEn),
      Path: path.join(' / '),
      HeadName: head ? localName(culture, head.nameZh, head.nameEn) : null,
      MemberCount: await repo.teamMemberCount(db, t.id),
      CostCenters: owned.map((o) => ({
        CostCenterID: o.id,
        CostCenterCode: o.code,
        Name: localName(culture, o.nameZh, o.nameEn),
        Status: o.status,
      })),
    },
  };
}

export async function historyOf(
  ctx: AppContext,
  companyId: number,
  q: { CostCenterID: number; PageIndex: number; PageSize: number },
  culture: Culture,
) {
  if (!(await repo.findById(ctx.db, companyId, q.CostCenterID))) throw notFound();
  const { total, rows } = await parts.historyPage(ctx.db, q.CostCenterID, q);
  const page = rows.slice(0, q.PageSize);
  return {
    Total: total,
    Rows: page.map((r, i) => ({
      HistoryID: r.id,
      Action: r.action,
      ActorName: r.actorZh === null ? null : localName(culture, r.actorZh, r.actorEn),
      At: r.at.toISOString(),
      Changes: history.changes(
        (rows[i + 1]?.snapshot as history.Snapshot | undefined) ?? null,
        r.snapshot as history.Snapshot,
        culture,
        ctx.messages,
      ),
    })),
  };
}

export function employeesInCompany(db: Db, companyId: number, ids: number[]) {
  return parts.employeesInCompany(db, companyId, ids);
}

export function headsOf(db: Db, costCentreId: number) {
  return parts.heads(db, costCentreId);
}

/** Hands a head's place to another employee, keeping the amount limit given. */
export function changeHead(tx: Db, headId: number, v: { employeeId: number; amountLimit: string | null }) {
  return parts.updateHead(tx, headId, v);
}
