import type {
  CutOffDayRow,
  CutOffKind,
  FCSettingRow,
  GetCutOffDayBody,
  SaveFCSettingBody,
  SearchFCSettingBody,
  SetCutOffDayBody,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { duplicateOn, guarded, requireVersion } from '../../../core/checks';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { conflict, fieldError, notFound, refused } from '../../../core/errors';
import { audit, auditEntry } from '../../audit/audit.service';
import { today } from '../finance-shared';
import * as repo from './periods.repository';

const pad = (n: number) => String(n).padStart(2, '0');

/* ---------- FX rates ---------- */

function fxRow(r: repo.FxRow): FCSettingRow {
  return {
    FCSettingID: r.id,
    Currency: r.currency,
    Year: r.year,
    Month: r.month,
    Period: `${r.year}-${pad(r.month)}`,
    Rate: r.rate,
    Version: r.version,
    UpdatedAt: r.updatedAt.toISOString(),
  };
}

export async function searchFx(db: Db, companyId: number, body: SearchFCSettingBody) {
  const { total, rows } = await repo.searchFx(db, companyId, body);
  return { Total: total, Rows: rows.map(fxRow) };
}

export async function saveFx(ctx: AppContext, actor: Actor, body: SaveFCSettingBody) {
  const values = { currency: body.Currency, year: body.Year, month: body.Month, rate: body.Rate };
  const duplicate = () =>
    duplicateOn('Currency', 'fx.duplicate', { currency: body.Currency, period: `${body.Year}-${pad(body.Month)}` });
  const row = await guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        const same = await repo.fxSame(tx, actor.companyId, body.Currency, body.Year, body.Month);
        let saved: repo.FxRow | undefined;
        let before: repo.FxRow | undefined;
        if (body.FCSettingID === undefined) {
          if (same) throw duplicate();
          saved = await repo.insertFx(tx, actor.companyId, values);
        } else {
          before = await repo.fxById(tx, actor.companyId, body.FCSettingID, true);
          if (!before) throw notFound();
          if (same && same.id !== before.id) throw duplicate();
          saved = await repo.updateFx(tx, before.id, requireVersion(body.Version), values);
          if (!saved) throw conflict();
        }
        await audit(
          tx,
          auditEntry(actor, {
            action: before ? 'update' : 'create',
            entity: 'fx_rate',
            entityId: saved.id,
            detail: { before: before ?? null, after: values },
          }),
        );
        return saved;
      }),
    { duplicate: 'fx.duplicate' },
  );
  return fxRow(row);
}

export async function deleteFx(ctx: AppContext, actor: Actor, ids: number[]) {
  return ctx.db.transaction(async (tx) => {
    const removed = await repo.deleteFx(tx, actor.companyId, ids);
    if (removed.length !== new Set(ids).size) throw notFound();
    await audit(
      tx,
      auditEntry(actor, {
        action: 'delete',
        entity: 'fx_rate',
        entityId: ids.join(','),
        detail: { removed },
      }),
    );
    return removed.length;
  });
}

/**
 * The CNY rate of a currency on a day (`yyyy-MM-dd`): that month's rate, or the latest month's before it when the
 * month has none yet. CNY is 1. Undefined when no rate was ever set. Documents convert amounts with it.
 */
export async function fxRateFor(db: Db, companyId: number, currency: string, day: string) {
  if (currency === 'CNY') return { rate: '1.000000', period: day.slice(0, 7) };
  const [y, m] = day.split('-').map(Number);
  const row = await repo.latestFx(db, companyId, currency, y!, m!);
  return row ? { rate: row.rate, period: `${row.year}-${pad(row.month)}` } : undefined;
}

/* ---------- cut-off days ---------- */

function cutOffRow(r: repo.CutOffRow, day = today()): CutOffDayRow {
  return {
    CutOffDayID: r.id,
    Kind: r.kind,
    Year: r.year,
    Month: r.month,
    Day: r.day,
    Passed: r.day < day,
    Version: r.version,
    UpdatedAt: r.updatedAt.toISOString(),
  };
}

export async function searchCutOff(db: Db, companyId: number, kind: CutOffKind, body: GetCutOffDayBody) {
  const { total, rows } = await repo.searchCutOff(db, companyId, kind, body);
  const day = today();
  return { Total: total, Rows: rows.map((r) => cutOffRow(r, day)) };
}

/** A month's cut-off day lies in the month itself or in the first 15 days of the next. */
function checkDay(year: number, month: number, day: string) {
  const first = `${year}-${pad(month)}-01`;
  const next = month === 12 ? { y: year + 1, m: 1 } : { y: year, m: month + 1 };
  const last = `${next.y}-${pad(next.m)}-15`;
  if (day < first || day > last) throw fieldError('Day', 'cutoff.day_out_of_range', { from: first, to: last });
}

/**
 * Sets a month's cut-off day. Once its day has passed the period is closed: the day can no longer be moved or
 * removed, and an open one cannot be moved into the past.
 */
export async function setCutOff(ctx: AppContext, actor: Actor, kind: CutOffKind, body: SetCutOffDayBody) {
  checkDay(body.Year, body.Month, body.Day);
  const values = { year: body.Year, month: body.Month, day: body.Day };
  const day = today();
  const row = await guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        const same = await repo.cutOffOf(tx, actor.companyId, kind, body.Year, body.Month);
        const duplicate = () => duplicateOn('Month', 'cutoff.duplicate', { period: `${body.Year}-${pad(body.Month)}` });
        let saved: repo.CutOffRow | undefined;
        let before: repo.CutOffRow | undefined;
        if (body.CutOffDayID === undefined) {
          if (same) throw duplicate();
          saved = await repo.insertCutOff(tx, actor.companyId, kind, values);
        } else {
          before = await repo.cutOffById(tx, actor.companyId, kind, body.CutOffDayID);
          if (!before) throw notFound();
          if (same && same.id !== before.id) throw duplicate();
          if (before.day < day) throw refused('cutoff.passed', { day: before.day });
          if (body.Day < day) throw fieldError('Day', 'cutoff.day_in_past');
          saved = await repo.updateCutOff(tx, before.id, requireVersion(body.Version), values);
          if (!saved) throw conflict();
        }
        await audit(
          tx,
          auditEntry(actor, {
            action: before ? 'update' : 'create',
            entity: `cut_off_day_${kind}`,
            entityId: saved.id,
            detail: { before: before ?? null, after: values },
          }),
        );
        return saved;
      }),
    { duplicate: 'cutoff.duplicate' },
  );
  return cutOffRow(row, day);
}

export async function deleteCutOff(ctx: AppContext, actor: Actor, kind: CutOffKind, ids: number[]) {
  const day = today();
  return ctx.db.transaction(async (tx) => {
    for (const id of ids) {
      const row = await repo.cutOffById(tx, actor.companyId, kind, id);
      if (!row) throw notFound();
      if (row.day < day) throw refused('cutoff.passed', { day: row.day });
      await repo.deleteCutOff(tx, id);
      await audit(
        tx,
        auditEntry(actor, {
          action: 'delete',
          entity: `cut_off_day_${kind}`,
          entityId: id,
          detail: { row },
        }),
      );
    }
    return ids.length;
  });
}

/** The cut-off day of a month, if one is set (documents and postings ask). */
export async function cutOffDayFor(db: Db, companyId: number, kind: CutOffKind, year: number, month: number) {
  return (await repo.cutOffOf(db, companyId, kind, year, month))?.day;
}

/**
 * When the claims of an expense dated `expenseDate` are no longer taken on `day`: its month's books close at the
 * following month's general cut-off day (inclusive), so the day is answered once it has passed; undefined while the
 * month is open (also while the following month has no cut-off day).
 */
export async function periodClosedOn(
  db: Db,
  companyId: number,
  expenseDate: string,
  day: string,
): Promise<string | undefined> {
  const [y, m] = expenseDate.split('-').map(Number) as [number, number];
  const next = m === 12 ? { y: y + 1, m: 1 } : { y, m: m + 1 };
  const cutOff = await cutOffDayFor(db, companyId, 'general', next.y, next.m);
  return cutOff && day > cutOff ? cutOff : undefined;
}

/**
 * The accounting period a posting made on `day` belongs to: its own month until that month's general cut-off day
 * (inclusive), the next month after it. A month without a cut-off day stays open to its end.
 */
export async function postingPeriod(db: Db, companyId: number, day: string): Promise<{ year: number; month: number }> {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const previous = m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
  // Early in a month the previous month may still be open (its cut-off falls in this month).
  const prevCut = await cutOffDayFor(db, companyId, 'general', previous.year, previous.month);
  if (prevCut && day <= prevCut) return previous;
  const cut = await cutOffDayFor(db, companyId, 'general', y, m);
  if (cut && day > cut) return m === 12 ? { year: y + 1, month: 1 } : { year: y, month: m + 1 };
  return { year: y, month: m };
}
