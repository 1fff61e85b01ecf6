import type { Culture, InternalOrderFilters, PageQuery } from '@ems/contracts';
import { and, asc, count, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { codeIn, contains, orderFrom, paged } from '../../../core/list';
import { insertOne, updateVersioned } from '../../../core/versioned';
import { costCentre as cc, fundPermission, internalOrder as io } from '../costcentre.table';

export type InternalOrderRow = typeof io.$inferSelect;

const listColumns = { io, ccCode: cc.code, ccZh: cc.nameZh, ccEn: cc.nameEn, ccStatus: cc.status };
export type InternalOrderListRow = {
  io: InternalOrderRow;
  ccCode: string | null;
  ccZh: string | null;
  ccEn: string | null;
  ccStatus: string | null;
};

/** Started, valid on `day`, and not on a stopped cost centre: what a new document may choose. */
export function choosableWhere(day: string): SQL {
  return and(
    eq(io.status, 'started'),
    or(isNull(io.validFrom), lte(io.validFrom, day)),
    or(isNull(io.validTo), gte(io.validTo, day)),
    sql`(internal_order.cost_centre_id is null or exists (select 1 from cost_centre c where c.id = internal_order.cost_centre_id and c.status = 'started'))`,
  ) as SQL;
}

function where(companyId: number, f: InternalOrderFilters, day: string): SQL {
  const w: (SQL | undefined)[] = [eq(io.companyId, companyId)];
  if (f.Keyword) {
    const k = contains(f.Keyword);
    w.push(or(ilike(io.code, k), ilike(io.nameZh, k), ilike(io.nameEn, k)));
  }
  if (f.InternalOrderCode) w.push(ilike(io.code, contains(f.InternalOrderCode)));
  if (f.Name) w.push(or(ilike(io.nameZh, contains(f.Name)), ilike(io.nameEn, contains(f.Name))));
  if (f.Status) w.push(eq(io.status, f.Status));
  if (f.CostCenterID) w.push(eq(io.costCentreId, f.CostCenterID));
  if (f.Choosable) w.push(choosableWhere(day));
  if (f.InternalOrderIDs?.length) w.push(inArray(io.id, f.InternalOrderIDs));
  return and(...w) as SQL;
}

function sortable(culture: Culture) {
  return {
    InternalOrderCode: io.code,
    Name: culture === 'en-GB' ? io.nameEn : io.nameZh,
    CostCenterCode: cc.code,
    Status: io.status,
    ValidFrom: io.validFrom,
    ValidTo: io.validTo,
    UpdatedAt: io.updatedAt,
  };
}

/** The list's rows under `w`: the page, the export and the one row a save answers with all read the same columns. */
function listRows(db: Db, w: SQL | undefined) {
  return db.select(listColumns).from(io).leftJoin(cc, eq(cc.id, io.costCentreId)).where(w);
}

const listOrder = (f: Pick<PageQuery, 'SortField' | 'SortOrder'>, culture: Culture) => [
  orderFrom(sortable(culture), f, io.code),
  asc(io.id),
];

export async function search(
  db: Db,
  companyId: number,
  f: InternalOrderFilters & PageQuery,
  culture: Culture,
  day: string,
) {
  const w = where(companyId, f, day);
  return paged(f, db.select({ n: count() }).from(io).where(w), listRows(db, w).orderBy(...listOrder(f, culture)));
}

export async function searchAll(
  db: Db,
  companyId: number,
  f: InternalOrderFilters & Pick<PageQuery, 'SortField' | 'SortOrder'>,
  culture: Culture,
  day: string,
  limit: number,
) {
  return listRows(db, where(companyId, f, day))
    .orderBy(...listOrder(f, culture))
    .limit(limit);
}

export async function listRow(db: Db, companyId: number, id: number) {
  const [row] = await listRows(db, and(eq(io.companyId, companyId), eq(io.id, id)));
  return row;
}

export async function lockById(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(io)
    .where(and(eq(io.companyId, companyId), eq(io.id, id)))
    .for('update');
  return row;
}

export async function findByCodes(db: Db, companyId: number, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select()
    .from(io)
    .where(and(eq(io.companyId, companyId), codeIn(io.code, codes)));
}

export type InternalOrderValues = Pick<
  typeof io.$inferInsert,
  'code' | 'nameZh' | 'nameEn' | 'costCentreId' | 'validFrom' | 'validTo'
>;

export async function insert(db: Db, companyId: number, v: InternalOrderValues & { status?: 'started' | 'stopped' }) {
  return insertOne(db, io, { ...v, companyId });
}

export async function update(
  db: Db,
  id: number,
  version: number,
  v: Partial<InternalOrderValues & { status: 'started' | 'stopped' }>,
) {
  return updateVersioned(db, io, id, version, v, { touch: true });
}

export async function remove(db: Db, id: number) {
  await db.delete(io).where(eq(io.id, id));
}

export async function usage(db: Db, id: number) {
  const [grants] = await db.select({ n: count() }).from(fundPermission).where(eq(fundPermission.internalOrderId, id));
  return { fundPermissions: grants?.n ?? 0 };
}

export async function costCentreOf(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ id: cc.id, status: cc.status })
    .from(cc)
    .where(and(eq(cc.companyId, companyId), eq(cc.id, id)));
  return row;
}

export async function costCentresByCodes(db: Db, companyId: number, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ id: cc.id, code: cc.code, status: cc.status })
    .from(cc)
    .where(and(eq(cc.companyId, companyId), codeIn(cc.code, codes)));
}
