import type { CutOffKind, GetCutOffDayBody, SearchFCSettingBody } from '@ems/contracts';
import { and, asc, count, desc, eq, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { paged } from '../../../core/list';
import { insertOne, updateVersioned } from '../../../core/versioned';
import { cutOffDay as cod, fxRate as fx } from '../reference.table';

export type FxRow = typeof fx.$inferSelect;
export type CutOffRow = typeof cod.$inferSelect;

/* ---------- FX rates ---------- */

export async function searchFx(db: Db, companyId: number, f: SearchFCSettingBody) {
  const w = and(
    eq(fx.companyId, companyId),
    f.Currency ? eq(fx.currency, f.Currency) : undefined,
    f.Year ? eq(fx.year, f.Year) : undefined,
    f.Month ? eq(fx.month, f.Month) : undefined,
  );
  const dir = f.SortOrder === 'ascend' ? asc : desc;
  const order: SQL[] =
    f.SortField === 'Currency'
      ? [dir(fx.currency), desc(fx.year), desc(fx.month)]
      : f.SortField === 'Rate'
        ? [dir(fx.rate), asc(fx.currency)]
        : f.SortField === 'Period' && f.SortOrder === 'ascend'
          ? [asc(fx.year), asc(fx.month), asc(fx.currency)]
          : [desc(fx.year), desc(fx.month), asc(fx.currency)];
  return paged(
    f,
    db.select({ n: count() }).from(fx).where(w),
    db
      .select()
      .from(fx)
      .where(w)
      .orderBy(...order),
  );
}

export async function fxById(db: Db, companyId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(fx)
    .where(and(eq(fx.companyId, companyId), eq(fx.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function fxSame(db: Db, companyId: number, currency: string, year: number, month: number) {
  const [row] = await db
    .select({ id: fx.id })
    .from(fx)
    .where(and(eq(fx.companyId, companyId), eq(fx.currency, currency), eq(fx.year, year), eq(fx.month, month)));
  return row;
}

export async function insertFx(
  db: Db,
  companyId: number,
  v: { currency: string; year: number; month: number; rate: string },
) {
  return insertOne(db, fx, { ...v, companyId });
}

export async function updateFx(
  db: Db,
  id: number,
  version: number,
  v: { currency: string; year: number; month: number; rate: string },
) {
  return updateVersioned(db, fx, id, version, v, { touch: true });
}

export async function deleteFx(db: Db, companyId: number, ids: number[]) {
  return db
    .delete(fx)
    .where(and(eq(fx.companyId, companyId), inArray(fx.id, ids)))
    .returning();
}

/** The rate of the month, or of the latest month before it that has one. */
export async function latestFx(db: Db, companyId: number, currency: string, year: number, month: number) {
  const [row] = await db
    .select()
    .from(fx)
    .where(
      and(
        eq(fx.companyId, companyId),
        eq(fx.currency, currency),
        or(sql`${fx.year} < ${year}`, and(eq(fx.year, year), lte(fx.month, month))),
      ),
    )
    .orderBy(desc(fx.year), desc(fx.month))
    .limit(1);
  return row;
}

/* ---------- cut-off days ---------- */

export async function searchCutOff(db: Db, companyId: number, kind: CutOffKind, f: GetCutOffDayBody) {
  const w = and(
    eq(cod.companyId, companyId),
    eq(cod.kind, kind),
    f.Year ? eq(cod.year, f.Year) : undefined,
    f.Month ? eq(cod.month, f.Month) : undefined,
  );
  const dir = f.SortOrder === 'descend' ? desc : asc;
  return paged(
    f,
    db.select({ n: count() }).from(cod).where(w),
    db
      .select()
      .from(cod)
      .where(w)
      .orderBy(
        ...(f.SortField === 'Day'
          ? [dir(cod.day)]
          : f.SortField
            ? [dir(cod.year), dir(cod.month)]
            : [desc(cod.year), asc(cod.month)]),
      ),
  );
}

export async function cutOffById(db: Db, companyId: number, kind: CutOffKind, id: number) {
  const [row] = await db
    .select()
    .from(cod)
    .where(and(eq(cod.companyId, companyId), eq(cod.kind, kind), eq(cod.id, id)))
    .for('update');
  return row;
}

export async function cutOffOf(db: Db, companyId: number, kind: CutOffKind, year: number, month: number) {
  const [row] = await db
    .select()
    .from(cod)
    .where(and(eq(cod.companyId, companyId), eq(cod.kind, kind), eq(cod.year, year), eq(cod.month, month)));
  return row;
}

export async function insertCutOff(
  db: Db,
  companyId: number,
  kind: CutOffKind,
  v: { year: number; month: number; day: string },
) {
  return insertOne(db, cod, { ...v, companyId, kind });
}

export async function updateCutOff(
  db: Db,
  id: number,
  version: number,
  v: { year: number; month: number; day: string },
) {
  return updateVersioned(db, cod, id, version, v, { touch: true });
}

export async function deleteCutOff(db: Db, id: number) {
  await db.delete(cod).where(eq(cod.id, id));
}
