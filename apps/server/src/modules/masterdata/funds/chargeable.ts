import type { ChargeableRow, Culture } from '@ems/contracts';
import type { Db } from '../../../core/db';
import { AppError } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { isChoosable, today } from '../finance-shared';
import * as repo from './funds.repository';

/**
 * Fund permission: a person may charge the cost centres their team owns, their default cost centre, and the cost
 * centres and internal orders granted to them or to their team or a team above it; and the internal orders that
 * hang on a cost centre they may charge. Stopped ones, or ones outside their validity, are never choosable.
 */

type Reason = ChargeableRow['Reasons'][number];
interface Entry {
  row: Omit<ChargeableRow, 'Reasons'>;
  reasons: Reason[];
}

function add(map: Map<number, Entry>, row: Entry['row'], reason: Reason) {
  const hit = map.get(row.ID);
  if (!hit) map.set(row.ID, { row, reasons: [reason] });
  else if (!hit.reasons.some((r) => r.Reason === reason.Reason && r.Detail === reason.Detail)) hit.reasons.push(reason);
}

function validity(from: string | null, to: string | null): string {
  return from || to ? `${from ?? '…'} ~ ${to ?? '…'}` : '';
}

/** Everything `employeeId` may charge in the company on `day`, with why; undefined when they do not belong to it. */
export async function chargeableFor(
  db: Db,
  companyId: number,
  employeeId: number,
  culture: Culture,
  day: string = today(),
): Promise<
  { person: NonNullable<Awaited<ReturnType<typeof repo.personInCompany>>>; rows: ChargeableRow[] } | undefined
> {
  const person = await repo.personInCompany(db, companyId, employeeId);
  if (!person) return undefined;
  return { person, rows: await chargeableRows(db, companyId, employeeId, person, culture, day, true) };
}

/** A person's team in the company and default cost centre: what their own cost centres hang on. */
interface Person {
  teamId: number | null;
  defaultCostCentreId: number | null;
}

/** What `person` may charge; `withOrders`: the internal orders too (the cost centres do not depend on them). */
async function chargeableRows(
  db: Db,
  companyId: number,
  employeeId: number,
  person: Person,
  culture: Culture,
  day: string,
  withOrders: boolean,
): Promise<ChargeableRow[]> {
  // Their team and the teams above it, up to the top or to a team outside the company.
  const teams = person.teamId ? await repo.teamChain(db, companyId, person.teamId) : [];
  const chain = teams.map((t) => t.id);
  const teamName = (id: number | null) => {
    const t = teams.find((x) => x.id === id);
    return t ? localName(culture, t.nameZh, t.nameEn) : '';
  };

  const centres = new Map<number, Entry>();
  const ccRow = (c: Awaited<ReturnType<typeof repo.costCentresByIds>>[number]) => ({
    Kind: 'cost_centre' as const,
    ID: c.id,
    Code: c.code,
    Name: localName(culture, c.nameZh, c.nameEn),
    Status: c.status,
    Choosable: isChoosable(c, day),
  });
  // The team's own cost centres and the default one, read together.
  const own = await repo.costCentresOwnedOr(
    db,
    companyId,
    person.teamId,
    person.defaultCostCentreId ? [person.defaultCostCentreId] : [],
  );
  if (person.teamId)
    for (const c of own.filter((x) => x.ownerTeamId === person.teamId))
      add(centres, ccRow(c), { Reason: 'own_team', Detail: teamName(person.teamId) });
  if (person.defaultCostCentreId)
    for (const c of own.filter((x) => x.id === person.defaultCostCentreId))
      add(centres, ccRow(c), { Reason: 'default', Detail: '' });

  const grants = await repo.grantsFor(db, companyId, employeeId, chain, day);
  const reasonOf = (g: (typeof grants)[number]): Reason =>
    g.fp.employeeId !== null
      ? { Reason: 'granted_employee', Detail: validity(g.fp.validFrom, g.fp.validTo) }
      : { Reason: 'granted_team', Detail: g.teamZh === null ? '' : localName(culture, g.teamZh, g.teamEn ?? g.teamZh) };
  const grantedCc = grants.filter((g) => g.fp.costCentreId !== null);
  const ccById = new Map(
    (
      await repo.costCentresByIds(
        db,
        companyId,
        grantedCc.map((g) => g.fp.costCentreId!),
      )
    ).map((c) => [c.id, c]),
  );
  for (const g of grantedCc) {
    const c = ccById.get(g.fp.costCentreId!);
    if (c) add(centres, ccRow(c), reasonOf(g));
  }

  const orders = new Map<number, Entry>();
  const grantedIo = grants.filter((g) => g.fp.internalOrderId !== null);
  const ioRows = withOrders
    ? await repo.internalOrdersWhere(
        db,
        companyId,
        grantedIo.map((g) => g.fp.internalOrderId!),
        [...centres.keys()],
      )
    : [];
  const ioRow = (o: (typeof ioRows)[number]) => ({
    Kind: 'internal_order' as const,
    ID: o.id,
    Code: o.code,
    Name: localName(culture, o.nameZh, o.nameEn),
    Status: o.status,
    Choosable: isChoosable(o, day) && (o.ccStatus === null || o.ccStatus === 'started'),
  });
  for (const o of ioRows) {
    for (const g of grantedIo.filter((x) => x.fp.internalOrderId === o.id)) add(orders, ioRow(o), reasonOf(g));
    if (o.costCentreId !== null && centres.has(o.costCentreId))
      add(orders, ioRow(o), { Reason: 'via_cost_centre', Detail: o.ccCode ?? '' });
  }

  return [...centres.values(), ...orders.values()]
    .map((e) => ({ ...e.row, Reasons: e.reasons }))
    .sort((a, b) => (a.Kind === b.Kind ? a.Code.localeCompare(b.Code) : a.Kind === 'cost_centre' ? -1 : 1));
}

function refusal(code: string, field: string, params?: Record<string, string | number>): AppError {
  return new AppError(422, code, params, [{ field, code, ...(params ? { params } : {}) }]);
}

/**
 * Refuses (422, with the field named) a cost centre or internal order that a new document of `who` may not use:
 * unknown in the company, stopped, outside its validity on `date`, or not permitted to them. Documents call this
 * for the cost centre and internal order they are charged to. `who.employee`: their employee row when the caller
 * has just read it (their team and default cost centre in their home company are not read again).
 */
export async function assertChargeable(
  db: Db,
  who: {
    userId: number;
    companyId: number;
    employee?: { companyId: number; teamId: number | null; defaultCostCentreId: number | null };
  },
  target: { costCentreId?: number | null; internalOrderId?: number | null; date?: string },
): Promise<void> {
  const day = target.date ?? today();
  const person: Person | undefined =
    who.employee?.companyId === who.companyId
      ? who.employee
      : await repo.personInCompany(db, who.companyId, who.userId);
  const allowed = person
    ? await chargeableRows(db, who.companyId, who.userId, person, 'zh-CN', day, !!target.internalOrderId)
    : [];
  const permitted = (kind: ChargeableRow['Kind'], id: number) => allowed.find((r) => r.Kind === kind && r.ID === id);
  if (target.costCentreId) {
    // A permitted one, started and choosable on the day, passes every test below: its row says so.
    const row = permitted('cost_centre', target.costCentreId);
    if (!(row?.Status === 'started' && row.Choosable)) {
      const c = await repo.costCentreIn(db, who.companyId, target.costCentreId);
      if (!c) throw refusal('funds.cost_centre_unknown', 'CostCenterID');
      if (c.status !== 'started') throw refusal('funds.cost_centre_stopped', 'CostCenterID', { code: c.code });
      if (!isChoosable(c, day)) throw refusal('funds.cost_centre_out_of_validity', 'CostCenterID', { code: c.code });
      if (!permitted('cost_centre', c.id))
        throw refusal('funds.cost_centre_not_permitted', 'CostCenterID', { code: c.code });
    }
  }
  if (target.internalOrderId) {
    // Likewise: choosable means started, its cost centre (if any) started, and valid on the day.
    const row = permitted('internal_order', target.internalOrderId);
    if (!(row?.Status === 'started' && row.Choosable)) {
      const o = await repo.internalOrderIn(db, who.companyId, target.internalOrderId);
      if (!o) throw refusal('funds.internal_order_unknown', 'InternalOrderID');
      if (o.status !== 'started' || (o.ccStatus !== null && o.ccStatus !== 'started'))
        throw refusal('funds.internal_order_stopped', 'InternalOrderID', { code: o.code });
      if (!isChoosable(o, day))
        throw refusal('funds.internal_order_out_of_validity', 'InternalOrderID', { code: o.code });
      if (!permitted('internal_order', o.id))
        throw refusal('funds.internal_order_not_permitted', 'InternalOrderID', { code: o.code });
    }
  }
}
