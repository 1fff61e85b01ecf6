import {
  type ClaimResult,
  type Culture,
  type ExportDidiOrderBody,
  type Page,
  type RideOrderRow,
  type SaveDidiOrderBody,
  type SearchDidiOrderBody,
  type SearchDidiOrderProxyBody,
  shanghaiToday,
  type TurnDidiOrderBody,
  type TurnResult,
} from '@ems/contracts';
import type { DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { conflict, fieldError, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { audit } from '../../audit/audit.service';
import { cutOffDayFor } from '../../masterdata/periods/periods.service';
import { parameter } from '../../system/system.service';
import { actingKinds } from '../../workflow/proxy/proxy.service';
import { claimIntoDeputy, spendOwner } from '../claim.service';
import { checkedSelection } from '../selection';
import * as repo from './rides.repository';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The last day an order of `orderDate`'s month can be claimed (docs/decisions/037): that month's order cut-off day
 * (a day in the month or in the first fifteen of the next, kind `order` of masterdata/periods), inclusive; a month
 * without one stays claimable to the end of the following month.
 */
export async function claimableUntil(
  db: Db,
  companyId: number,
  orderDate: string,
  cache = new Map<string, string>(),
): Promise<string> {
  const month = orderDate.slice(0, 7);
  const known = cache.get(month);
  if (known) return known;
  const [y, m] = month.split('-').map(Number) as [number, number];
  let until = await cutOffDayFor(db, companyId, 'order', y, m);
  if (!until) {
    const next = m === 12 ? { y: y + 1, m: 1 } : { y, m: m + 1 };
    const last = new Date(Date.UTC(next.y, next.m, 0)).getUTCDate();
    until = `${next.y}-${pad(next.m)}-${pad(last)}`;
  }
  cache.set(month, until);
  return until;
}

/** Whether an order of `orderDate` can still be claimed on `day` (Shanghai's business day), its last day included. */
export async function claimableOn(
  db: Db,
  companyId: number,
  orderDate: string,
  day: string,
  cache = new Map<string, string>(),
): Promise<boolean> {
  return day <= (await claimableUntil(db, companyId, orderDate, cache));
}

async function toRows(db: Db, companyId: number, views: repo.RideOrderView[]): Promise<RideOrderRow[]> {
  const cache = new Map<string, string>();
  const today = shanghaiToday();
  const rows: RideOrderRow[] = [];
  for (const v of views) {
    const until = await claimableUntil(db, companyId, v.o.orderDate, cache);
    const open = v.state === 'open' || v.state === 'business';
    rows.push({
      ID: v.o.id,
      OrderNo: v.o.orderNo,
      Provider: v.o.provider,
      OrderDate: v.o.orderDate,
      FromPlace: v.o.fromPlace,
      ToPlace: v.o.toPlace,
      Amount: v.o.amount,
      Currency: v.o.currency,
      Status: v.state,
      ClaimableUntil: until,
      Claimable: open && (await claimableOn(db, companyId, v.o.orderDate, today, cache)),
      DocumentID: v.state === 'claimed' ? v.o.claimDocumentId : null,
      DocNo: v.docNo,
      Version: v.o.version,
    });
  }
  return rows;
}

async function page(db: Db, companyId: number, employeeId: number, q: SearchDidiOrderBody) {
  const { total, rows } = await repo.search(db, companyId, employeeId, q);
  return { Total: total, Rows: await toRows(db, companyId, rows) };
}

/** SearchDidiOrder: the employee's orders (the principal's while acting as their fill-in proxy). */
export function search(db: Db, user: SessionUser, q: SearchDidiOrderBody): Promise<Page<RideOrderRow>> {
  return page(db, user.companyId, spendOwner(user), q);
}

/**
 * SearchDidiOrderProxy: a fill-in proxy sees the orders of the principal they prepare documents for today (the
 * principal named, or the one they act for); anyone else's answer is 404.
 */
export async function searchProxy(db: Db, user: SessionUser, q: SearchDidiOrderProxyBody): Promise<Page<RideOrderRow>> {
  const principal = q.PrincipalID ?? user.actingFor?.principalId;
  if (!principal) throw fieldError('PrincipalID', 'validation.required');
  const kinds = await actingKinds(db, user, principal);
  if (!kinds.includes('fill_in')) throw notFound();
  return page(db, user.companyId, principal, q);
}

/** Every order the filters select. */
export function exportRows(db: Db, user: SessionUser, q: ExportDidiOrderBody, limit: number) {
  const views = repo.exportAll(db, user.companyId, spendOwner(user), q, limit);
  return (async function* () {
    const batch: repo.RideOrderView[] = [];
    for await (const v of views) {
      batch.push(v);
      if (batch.length === 500) yield* await toRows(db, user.companyId, batch.splice(0));
    }
    yield* await toRows(db, user.companyId, batch);
  })();
}

/** Locks the selected items and checks each against what the user saw: theirs, same version. */
async function lockSelected(tx: Db, user: SessionUser, items: { ID: number; Version: number }[]) {
  const locked = await repo.lockItems(
    tx,
    user.companyId,
    items.map((i) => i.ID),
  );
  return checkedSelection(items, locked, (v) => v.o, spendOwner(user));
}

/** TurnDidiOrderPrivate / TurnDidiOrderBusiness: the employee decides; a claimed order refuses the whole call. */
export async function turn(
  ctx: DbContext,
  user: SessionUser,
  to: 'private' | 'business',
  body: TurnDidiOrderBody,
  requestId: string,
): Promise<TurnResult> {
  return ctx.db.transaction(async (tx) => {
    const items = await lockSelected(tx, user, body.Items);
    let changed = 0;
    for (const v of items) {
      if (v.state === 'claimed') throw conflict('cards.order_claimed', { orderNo: v.o.orderNo });
      if (v.state === to) continue;
      if (!(await repo.update(tx, v.o.id, v.o.version, { status: to }))) throw conflict();
      changed++;
    }
    await audit(tx, {
      companyId: user.companyId,
      actorId: user.userId,
      principalId: spendOwner(user),
      action: `turn_${to}`,
      entity: 'ride_order',
      detail: { ids: items.map((v) => v.o.id) },
      requestId,
    });
    return { Changed: changed };
  });
}

/** The expense item of order lines when the claim names none: the technical parameter `DidiOrderExpenseItem` (code). */
async function defaultItem(db: Db, companyId: number): Promise<number | undefined> {
  const code = (await parameter(db, companyId, 'DidiOrderExpenseItem'))?.value?.trim();
  return code ? await repo.itemIdByCode(db, companyId, code) : undefined;
}

/**
 * SaveDidiOrder: the selected business orders become lines of a draft deputy (the trip as the line's text), each
 * claimed once (locked, checked, marked with its version in the WHERE) and only until its claim deadline.
 */
export async function claim(
  ctx: DbContext,
  user: SessionUser,
  culture: Culture,
  requestId: string,
  body: SaveDidiOrderBody,
): Promise<ClaimResult> {
  const owner = spendOwner(user);
  const ids = body.Items.map((i) => i.ID);
  if (new Set(ids).size !== ids.length) throw conflict('cards.item_repeated');
  const seen = await repo.itemsByIds(ctx.db, user.companyId, ids);
  if (seen.length !== ids.length || seen.some((v) => v.o.employeeId !== owner)) throw notFound();
  const itemId = body.ExpenseItemID ?? (await defaultItem(ctx.db, user.companyId));
  const today = shanghaiToday();
  return claimIntoDeputy(
    ctx,
    user,
    culture,
    requestId,
    {
      prefix: 'R',
      lines: seen.map((v) => ({
        id: v.o.id,
        date: v.o.orderDate,
        amount: v.o.amount,
        currency: v.o.currency,
        text: `${v.o.provider} ${v.o.fromPlace} → ${v.o.toPlace}`,
      })),
      mark: async (tx, documentId) => {
        const items = await lockSelected(tx, user, body.Items);
        const cache = new Map<string, string>();
        for (const v of items) {
          if (v.state !== 'business') throw conflict('cards.order_not_business', { orderNo: v.o.orderNo });
          if (!(await claimableOn(tx, user.companyId, v.o.orderDate, today, cache))) {
            const until = await claimableUntil(tx, user.companyId, v.o.orderDate, cache);
            throw refused('cards.order_past_cutoff', { orderNo: v.o.orderNo, until });
          }
          if (!(await repo.update(tx, v.o.id, v.o.version, { claimDocumentId: documentId }))) throw conflict();
        }
        await audit(tx, {
          companyId: user.companyId,
          actorId: user.userId,
          principalId: owner,
          action: 'claim',
          entity: 'ride_order',
          detail: { ids, documentId },
          requestId,
        });
      },
    },
    { ...body, ExpenseItemID: itemId },
  );
}
