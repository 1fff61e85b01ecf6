import type { Culture, SearchBaseInfoListBody, SearchBaseInfoTypeBody } from '@ems/contracts';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../core/list';
import { insertOne, updateVersioned } from '../../../core/versioned';
import { baseInfo as item, baseInfoType as type } from '../reference.table';

export type TypeRow = typeof type.$inferSelect;
export type ItemRow = typeof item.$inferSelect;

const itemCount = sql<number>`(select count(*)::int from base_info b where b.type_id = base_info_type.id)`;

export async function searchTypes(db: Db, companyId: number, f: SearchBaseInfoTypeBody, culture: Culture) {
  const w = and(eq(type.companyId, companyId), keywordIn(f.Keyword, [type.code, type.nameZh, type.nameEn]));
  const sortable = { TypeCode: type.code, Name: culture === 'en-GB' ? type.nameEn : type.nameZh, Sort: type.sort };
  return paged(
    f,
    db.select({ n: count() }).from(type).where(w),
    db
      .select({ type, itemCount })
      .from(type)
      .where(w)
      .orderBy(f.SortField ? orderFrom(sortable, f, type.sort) : asc(type.sort), asc(type.code)),
  );
}

export async function typeRow(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ type, itemCount })
    .from(type)
    .where(and(eq(type.companyId, companyId), eq(type.id, id)));
  return row;
}

export async function lockType(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(type)
    .where(and(eq(type.companyId, companyId), eq(type.id, id)))
    .for('update');
  return row;
}

export async function typeByCode(db: Db, companyId: number, code: string) {
  const [row] = await db
    .select()
    .from(type)
    .where(and(eq(type.companyId, companyId), sql`lower(${type.code}) = lower(${code})`));
  return row;
}

type TypeValues = Pick<typeof type.$inferInsert, 'code' | 'nameZh' | 'nameEn' | 'sort'>;

export async function insertType(db: Db, companyId: number, v: TypeValues) {
  return insertOne(db, type, { ...v, companyId });
}

export async function updateType(db: Db, id: number, version: number, v: TypeValues) {
  return updateVersioned(db, type, id, version, v);
}

export async function deleteType(db: Db, id: number) {
  await db.delete(type).where(eq(type.id, id));
}

/* ---------- items ---------- */

function itemWhere(companyId: number, f: SearchBaseInfoListBody): SQL {
  return and(
    eq(type.companyId, companyId),
    f.TypeID ? eq(item.typeId, f.TypeID) : undefined,
    f.TypeCode ? sql`lower(${type.code}) = lower(${f.TypeCode})` : undefined,
    keywordIn(f.Keyword, [item.code, item.nameZh, item.nameEn]),
    f.ActiveOnly ? eq(item.active, true) : undefined,
  ) as SQL;
}

export async function searchItems(db: Db, companyId: number, f: SearchBaseInfoListBody, culture: Culture) {
  const w = itemWhere(companyId, f);
  const sortable = {
    Code: item.code,
    Name: culture === 'en-GB' ? item.nameEn : item.nameZh,
    Sort: item.sort,
    Value: item.value,
    Active: item.active,
  };
  return paged(
    f,
    db.select({ n: count() }).from(item).innerJoin(type, eq(type.id, item.typeId)).where(w),
    db
      .select({ item, typeCode: type.code })
      .from(item)
      .innerJoin(type, eq(type.id, item.typeId))
      .where(w)
      .orderBy(f.SortField ? orderFrom(sortable, f, item.sort) : asc(item.sort), asc(item.code)),
  );
}

export async function itemRow(db: Db, companyId: number, id: number, lock = false) {
  const q = db
    .select({ item, typeCode: type.code })
    .from(item)
    .innerJoin(type, eq(type.id, item.typeId))
    .where(and(eq(type.companyId, companyId), eq(item.id, id)));
  const [row] = lock ? await q.for('update', { of: item }) : await q;
  return row;
}

export async function itemByCode(db: Db, typeId: number, code: string) {
  const [row] = await db
    .select({ id: item.id })
    .from(item)
    .where(and(eq(item.typeId, typeId), sql`lower(${item.code}) = lower(${code})`));
  return row;
}

type ItemValues = Pick<typeof item.$inferInsert, 'typeId' | 'code' | 'nameZh' | 'nameEn' | 'value' | 'active' | 'sort'>;

export async function insertItem(db: Db, v: ItemValues) {
  return insertOne(db, item, v);
}

export async function updateItem(db: Db, id: number, version: number, v: ItemValues) {
  return updateVersioned(db, item, id, version, v);
}

export async function deleteItems(db: Db, ids: number[]) {
  return db.delete(item).where(inArray(item.id, ids)).returning();
}

export async function maxItemSort(db: Db, typeId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${item.sort}), 0)::int` })
    .from(item)
    .where(eq(item.typeId, typeId));
  return row?.n ?? 0;
}
