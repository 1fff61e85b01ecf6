import type { Culture, InternalOrderRow, SaveInternalOrderBody, SearchInternalOrderBody } from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { duplicateOn, guarded, requireVersion } from '../../../core/checks';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { conflict, fieldError, notFound } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { audit } from '../../audit/audit.service';
import { checkValidity, isChoosable, today } from '../finance-shared';
import type { LifecycleSpec } from '../lifecycle';
import * as repo from './internalorder.repository';

export function toRow(r: repo.InternalOrderListRow, culture: Culture, day = today()): InternalOrderRow {
  const o = r.io;
  return {
    InternalOrderID: o.id,
    InternalOrderCode: o.code,
    Name: localName(culture, o.nameZh, o.nameEn),
    NameZH: o.nameZh,
    NameEN: o.nameEn,
    CostCenterID: o.costCentreId,
    CostCenterCode: r.ccCode,
    CostCenterName: r.ccZh === null ? null : localName(culture, r.ccZh, r.ccEn),
    Status: o.status,
    ValidFrom: o.validFrom,
    ValidTo: o.validTo,
    Choosable: isChoosable(o, day) && (r.ccStatus === null || r.ccStatus === 'started'),
    Version: o.version,
    UpdatedAt: o.updatedAt.toISOString(),
  };
}

export async function search(db: Db, actor: Actor, body: SearchInternalOrderBody) {
  const { companyId, culture } = actor;
  const day = today();
  const { total, rows } = await repo.search(db, companyId, body, culture, day);
  return { Total: total, Rows: rows.map((r) => toRow(r, culture, day)) };
}

function entry(actor: Actor, action: string, id: number, detail: Record<string, unknown>) {
  return {
    companyId: actor.companyId,
    actorId: actor.userId,
    action,
    entity: 'internal_order',
    entityId: id,
    detail,
    requestId: actor.requestId,
  };
}

/** A new or re-pointed order may only hang on a started cost centre of the company. */
async function checkCostCentre(db: Db, companyId: number, id: number | null | undefined, previous: number | null) {
  if (!id) return;
  const c = await repo.costCentreOf(db, companyId, id);
  if (!c) throw fieldError('CostCenterID', 'internal_order.cost_centre_unknown');
  if (c.status !== 'started' && id !== previous) throw fieldError('CostCenterID', 'internal_order.cost_centre_stopped');
}

export async function save(ctx: AppContext, actor: Actor, body: SaveInternalOrderBody) {
  const { culture } = actor;
  checkValidity(body.ValidFrom, body.ValidTo);
  const values: repo.InternalOrderValues = {
    code: body.InternalOrderCode,
    nameZh: body.NameZH,
    nameEn: body.NameEN,
    costCentreId: body.CostCenterID ?? null,
    validFrom: body.ValidFrom ?? null,
    validTo: body.ValidTo ?? null,
  };
  const id = await guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        if (body.InternalOrderID === undefined) {
          await checkCostCentre(tx, actor.companyId, body.CostCenterID, null);
          if ((await repo.findByCodes(tx, actor.companyId, [body.InternalOrderCode])).length)
            throw duplicateOn('InternalOrderCode', 'internal_order.code_duplicate', { code: body.InternalOrderCode });
          const row = await repo.insert(tx, actor.companyId, values);
          await audit(tx, entry(actor, 'create', row.id, { code: row.code }));
          return row.id;
        }
        const version = requireVersion(body.Version);
        const existing = await repo.lockById(tx, actor.companyId, body.InternalOrderID);
        if (!existing) throw notFound();
        if (existing.code !== body.InternalOrderCode) throw fieldError('InternalOrderCode', 'finmd.code_immutable');
        await checkCostCentre(tx, actor.companyId, body.CostCenterID, existing.costCentreId);
        if (!(await repo.update(tx, existing.id, version, values))) throw conflict();
        await audit(tx, entry(actor, 'update', existing.id, { code: existing.code, before: existing, after: values }));
        return existing.id;
      }),
    { duplicate: 'internal_order.code_duplicate' },
  );
  const row = await repo.listRow(ctx.db, actor.companyId, id);
  return toRow(row!, culture);
}

/** Start, stop and delete (routes in lifecycle.routes.ts). */
export const lifecycle: LifecycleSpec<NonNullable<Awaited<ReturnType<typeof repo.lockById>>>> = {
  codes: 'internal_order',
  lockById: repo.lockById,
  setStatus: (tx, row, status) => repo.update(tx, row.id, row.version, { status }),
  usage: (tx, row) => repo.usage(tx, row.id),
  remove: (tx, row) => repo.remove(tx, row.id),
  record: (tx, actor, row, action) =>
    audit(tx, entry(actor, action, row.id, action === 'delete' ? { row } : { code: row.code })),
};
