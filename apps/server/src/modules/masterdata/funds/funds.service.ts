import type {
  ChargeableRow,
  Culture,
  FundsPermissionRow,
  QueryFundsPermissionBody,
  SaveFundsPermissionBody,
  SearchChargeableBody,
  SearchFundsPermissionBody,
} from '@ems/contracts';
import type { z } from 'zod';
import type { Actor } from '../../../core/actor';
import { guarded, requireVersion } from '../../../core/checks';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { conflict, fieldError, notFound } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { offsetOf } from '../../../core/list';
import { audit, auditEntry } from '../../audit/audit.service';
import { employeesInCompany } from '../costcentre/parts.repository';
import { checkValidity, today } from '../finance-shared';
import { chargeableFor } from './chargeable';
import * as repo from './funds.repository';

function toRow(r: repo.GrantListRow, culture: Culture, day = today()): FundsPermissionRow {
  const g = r.fp;
  const name = (zh: string | null, en: string | null) => (zh === null ? null : localName(culture, zh, en));
  return {
    FundsPermissionID: g.id,
    GranteeKind: g.employeeId !== null ? 'employee' : 'team',
    EmployeeID: g.employeeId,
    EmployeeCode: r.empCode,
    EmployeeName: name(r.empZh, r.empEn),
    TeamID: g.teamId,
    TeamCode: r.teamCode,
    TeamName: name(r.teamZh, r.teamEn),
    TargetKind: g.costCentreId !== null ? 'cost_centre' : 'internal_order',
    CostCenterID: g.costCentreId,
    CostCenterCode: r.ccCode,
    CostCenterName: name(r.ccZh, r.ccEn),
    InternalOrderID: g.internalOrderId,
    InternalOrderCode: r.ioCode,
    InternalOrderName: name(r.ioZh, r.ioEn),
    TargetStatus: (r.ccStatus ?? r.ioStatus ?? 'started') as 'started' | 'stopped',
    ValidFrom: g.validFrom,
    ValidTo: g.validTo,
    Remark: g.remark,
    Active: (g.validFrom === null || g.validFrom <= day) && (g.validTo === null || g.validTo >= day),
    Version: g.version,
    CreatedAt: g.createdAt.toISOString(),
  };
}

export async function search(db: Db, actor: Actor, body: SearchFundsPermissionBody) {
  const { companyId, culture } = actor;
  const { total, rows } = await repo.search(db, companyId, body, culture);
  const day = today();
  return { Total: total, Rows: rows.map((r) => toRow(r, culture, day)) };
}

/** Exactly one grantee and one target, all of the company; a new grant needs a started target. */
async function check(db: Db, companyId: number, b: SaveFundsPermissionBody, previous?: repo.GrantRow) {
  if (!b.EmployeeID === !b.TeamID) throw fieldError('EmployeeID', 'funds.grantee_one');
  if (!b.CostCenterID === !b.InternalOrderID) throw fieldError('CostCenterID', 'funds.target_one');
  checkValidity(b.ValidFrom, b.ValidTo);
  if (b.EmployeeID && (await employeesInCompany(db, companyId, [b.EmployeeID])).length === 0)
    throw fieldError('EmployeeID', 'finmd.employee_unknown');
  if (b.TeamID && !(await repo.teamIn(db, companyId, b.TeamID))) throw fieldError('TeamID', 'finmd.team_unknown');
  if (b.CostCenterID) {
    const c = await repo.costCentreIn(db, companyId, b.CostCenterID);
    if (!c) throw fieldError('CostCenterID', 'funds.cost_centre_unknown');
    if (c.status !== 'started' && previous?.costCentreId !== c.id)
      throw fieldError('CostCenterID', 'funds.target_stopped');
  }
  if (b.InternalOrderID) {
    const o = await repo.internalOrderIn(db, companyId, b.InternalOrderID);
    if (!o) throw fieldError('InternalOrderID', 'funds.internal_order_unknown');
    if (o.status !== 'started' && previous?.internalOrderId !== o.id)
      throw fieldError('InternalOrderID', 'funds.target_stopped');
  }
}

export async function save(ctx: AppContext, actor: Actor, body: SaveFundsPermissionBody) {
  const { culture } = actor;
  const values = {
    employeeId: body.EmployeeID ?? null,
    teamId: body.TeamID ?? null,
    costCentreId: body.CostCenterID ?? null,
    internalOrderId: body.InternalOrderID ?? null,
    validFrom: body.ValidFrom ?? null,
    validTo: body.ValidTo ?? null,
    remark: body.Remark ?? null,
  };
  const id = await guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        const previous =
          body.FundsPermissionID === undefined
            ? undefined
            : await repo.lockById(tx, actor.companyId, body.FundsPermissionID);
        if (body.FundsPermissionID !== undefined && !previous) throw notFound();
        await check(tx, actor.companyId, body, previous);
        const same = await repo.findSame(tx, actor.companyId, values);
        if (same && same.id !== previous?.id) throw conflict('funds.duplicate');
        let saved: repo.GrantRow | undefined;
        if (previous) {
          saved = await repo.update(tx, previous.id, requireVersion(body.Version), values);
          if (!saved) throw conflict();
        } else saved = await repo.insert(tx, actor.companyId, values);
        await audit(
          tx,
          auditEntry(actor, {
            action: previous ? 'update' : 'create',
            entity: 'fund_permission',
            entityId: saved.id,
            detail: { before: previous ?? null, after: values },
          }),
        );
        return saved.id;
      }),
    { duplicate: 'funds.duplicate' },
  );
  return toRow((await repo.listRow(ctx.db, actor.companyId, id))!, culture);
}

export async function remove(ctx: AppContext, actor: Actor, ids: number[]) {
  return ctx.db.transaction(async (tx) => {
    const removed = await repo.removeMany(tx, actor.companyId, ids);
    if (removed.length !== new Set(ids).size) throw notFound();
    await audit(
      tx,
      auditEntry(actor, {
        action: 'delete',
        entity: 'fund_permission',
        entityId: ids.join(','),
        detail: { removed },
      }),
    );
    return removed.length;
  });
}

/** Filters and pages the chargeable rows (the whole set is small: a person's cost centres and orders). */
function page(
  rows: ChargeableRow[],
  q: { PageIndex: number; PageSize: number; Kind?: string | undefined; Keyword?: string | undefined },
) {
  const k = q.Keyword?.toLowerCase();
  const hits = rows.filter(
    (r) =>
      (!q.Kind || r.Kind === q.Kind) && (!k || r.Code.toLowerCase().includes(k) || r.Name.toLowerCase().includes(k)),
  );
  return { Total: hits.length, Rows: hits.slice(offsetOf(q), offsetOf(q) + q.PageSize) };
}

/** What a person (the signed-in user when none is named) may charge, with why. */
export async function query(db: Db, user: SessionUser, q: QueryFundsPermissionBody, culture: Culture) {
  let employeeId = q.EmployeeID ?? user.userId;
  if (!q.EmployeeID && q.EmployeeCode) {
    const p = await repo.personByCode(db, user.companyId, q.EmployeeCode);
    if (!p) throw fieldError('EmployeeCode', 'finmd.employee_code_unknown', { code: q.EmployeeCode });
    employeeId = p.id;
  }
  const result = await chargeableFor(db, user.companyId, employeeId, culture, q.OnDate ?? today());
  if (!result) throw notFound();
  const { person } = result;
  const team = person.teamId ? (await repo.teamsOf(db, user.companyId)).find((t) => t.id === person.teamId) : undefined;
  return {
    ...page(result.rows, q),
    Employee: {
      EmployeeID: person.id,
      EmployeeCode: person.code,
      EmployeeName: localName(culture, person.nameZh, person.nameEn),
      TeamName: team ? localName(culture, team.nameZh, team.nameEn) : null,
    },
  };
}

/** The signed-in user's own choosable cost centres and internal orders, for document pickers. */
export async function ownChargeable(
  db: Db,
  user: SessionUser,
  q: z.infer<typeof SearchChargeableBody>,
  culture: Culture,
) {
  const result = await chargeableFor(db, user.companyId, user.userId, culture, q.OnDate ?? today());
  return page(result?.rows.filter((r) => r.Choosable) ?? [], q);
}
