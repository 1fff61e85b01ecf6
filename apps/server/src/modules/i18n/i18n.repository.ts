import type { SearchLanguageBody, UpdateLanguageBody } from '@ems/contracts';
import { and, asc, count, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { contains, orderFrom, paged } from '../../core/list';
import { technicalParameter } from '../system/system.table';
import { languageResource as lr } from './i18n.table';

const VERSION_KEY = 'LanguageVersion';

export async function allTexts(db: Db) {
  return db
    .select({ pageId: lr.pageId, itemId: lr.itemId, culture: lr.cultureCode, content: lr.itemContent, type: lr.type })
    .from(lr);
}

export async function textsOf(db: Db, culture: string) {
  return db
    .select({ pageId: lr.pageId, itemId: lr.itemId, content: lr.itemContent })
    .from(lr)
    .where(eq(lr.cultureCode, culture));
}

const SORTABLE = {
  PageID: lr.pageId,
  ItemID: lr.itemId,
  CultureCode: lr.cultureCode,
  ItemContent: lr.itemContent,
  Type: lr.type,
  UpdatedAt: lr.updatedAt,
} as const;

function searchWhere(f: Omit<SearchLanguageBody, 'PageIndex' | 'PageSize'>): SQL | undefined {
  const where: SQL[] = [];
  if (f.PageID) where.push(ilike(lr.pageId, contains(f.PageID)));
  if (f.ItemID) where.push(ilike(lr.itemId, contains(f.ItemID)));
  if (f.CultureCode) where.push(eq(lr.cultureCode, f.CultureCode));
  if (f.ItemContent) where.push(ilike(lr.itemContent, contains(f.ItemContent)));
  if (f.Type) where.push(eq(lr.type, f.Type));
  return where.length ? and(...where) : undefined;
}

export async function search(db: Db, f: SearchLanguageBody) {
  const where = searchWhere(f);
  const order = orderFrom(SORTABLE, f, lr.pageId);
  return paged(
    f,
    db.select({ n: count() }).from(lr).where(where),
    db.select().from(lr).where(where).orderBy(order, asc(lr.itemId), asc(lr.cultureCode)),
  );
}

export async function searchAll(db: Db, f: Omit<SearchLanguageBody, 'PageIndex' | 'PageSize'>, limit: number) {
  return db
    .select()
    .from(lr)
    .where(searchWhere(f))
    .orderBy(asc(lr.pageId), asc(lr.itemId), asc(lr.cultureCode))
    .limit(limit);
}

export async function findById(db: Db, id: number) {
  const [row] = await db.select().from(lr).where(eq(lr.id, id));
  return row;
}

export async function findByKey(db: Db, pageId: string, itemId: string, culture: string) {
  const [row] = await db
    .select()
    .from(lr)
    .where(and(eq(lr.pageId, pageId), eq(lr.itemId, itemId), eq(lr.cultureCode, culture)));
  return row;
}

export async function insert(db: Db, v: UpdateLanguageBody & { edited: boolean }) {
  const [row] = await db
    .insert(lr)
    .values({
      pageId: v.PageID,
      itemId: v.ItemID,
      cultureCode: v.CultureCode,
      itemContent: v.ItemContent,
      type: v.Type ?? 'web',
      page: v.Page ?? v.PageID,
      edited: v.edited,
    })
    .returning();
  return row!;
}

export async function update(db: Db, id: number, v: UpdateLanguageBody) {
  const [row] = await db
    .update(lr)
    .set({
      pageId: v.PageID,
      itemId: v.ItemID,
      cultureCode: v.CultureCode,
      itemContent: v.ItemContent,
      ...(v.Type ? { type: v.Type } : {}),
      ...(v.Page !== undefined ? { page: v.Page } : {}),
      edited: true,
      updatedAt: new Date(),
    })
    .where(eq(lr.id, id))
    .returning();
  return row;
}

export async function removeMany(db: Db, ids: number[]) {
  return db.delete(lr).where(inArray(lr.id, ids)).returning({ id: lr.id, pageId: lr.pageId, itemId: lr.itemId });
}

/**
 * Inserts missing seed texts and refreshes those no administrator has edited; returns how many changed. The texts go
 * to the database as one JSON parameter and are compared there, so a start that changes nothing writes nothing and
 * reads no text back (comparing in the app read and decoded all 5,700 stored texts at every start).
 */
export async function applySeed(
  db: Db,
  rows: { pageId: string; itemId: string; culture: string; content: string; type: string }[],
): Promise<number> {
  const result = await db.execute(sql`with seed as (
      select * from json_to_recordset(${JSON.stringify(rows)}::json)
        as s("pageId" text, "itemId" text, culture text, content text, type text))
    insert into ${lr} (page_id, item_id, culture_code, item_content, type, page)
    select s."pageId", s."itemId", s.culture, s.content, s.type, s."pageId" from seed s
    left join ${lr} l on l.page_id = s."pageId" and l.item_id = s."itemId" and l.culture_code = s.culture
    where l.id is null or (not l.edited and (l.item_content <> s.content or l.type <> s.type))
    on conflict (page_id, item_id, culture_code) do update
      set item_content = excluded.item_content, type = excluded.type, updated_at = now()
      where ${lr}.edited = false
    returning 1`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

export async function getVersion(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ value: technicalParameter.value })
    .from(technicalParameter)
    .where(and(isNull(technicalParameter.companyId), eq(technicalParameter.key, VERSION_KEY)));
  return row?.value;
}

export async function setVersion(db: Db, version: string): Promise<void> {
  const updated = await db
    .update(technicalParameter)
    .set({ value: version, updatedAt: new Date() })
    .where(and(isNull(technicalParameter.companyId), eq(technicalParameter.key, VERSION_KEY)))
    .returning({ id: technicalParameter.id });
  if (updated.length === 0) {
    await db.insert(technicalParameter).values({
      key: VERSION_KEY,
      value: version,
      description: 'Version of the published language packs',
      isPublic: true,
    });
  }
}
