import type { Culture, ExpenseDocType, SearchExpenseItemAllBody, SearchSubExpenseItemListBody } from '@ems/contracts';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../core/list';
import { insertOne, updateVersioned } from '../../../core/versioned';
import { employee } from '../../org/org.table';
import { expenseItem, expenseSubItem, expenseType, expenseTypeItem, ledgerExpenseItemConfig } from '../expense.table';

export type ExpenseItemRecord = typeof expenseItem.$inferSelect;
export type SubItemRecord = typeof expenseSubItem.$inferSelect;

const subItemCount = sql<number>`(select count(*)::int from ${expenseSubItem} s where s.expense_item_id = expense_item.id)`;
const approverName = (column: 'name_zh' | 'name_en') =>
  sql<string | null>`(select e.${sql.raw(column)} from ${employee} e where e.id = expense_item.special_approver_id)`;

const itemSortable = (culture: Culture) => ({
  Code: expenseItem.code,
  NameZH: expenseItem.nameZh,
  NameEN: expenseItem.nameEn,
  Name: culture === 'en-GB' ? expenseItem.nameEn : expenseItem.nameZh,
  Category: expenseItem.category,
  Sort: expenseItem.sort,
  Active: expenseItem.active,
});

function itemWhere(companyId: number, f: Omit<SearchExpenseItemAllBody, 'PageIndex' | 'PageSize'>): SQL | undefined {
  return and(
    eq(expenseItem.companyId, companyId),
    keywordIn(f.Keyword, [expenseItem.code, expenseItem.nameZh, expenseItem.nameEn]),
    f.Category ? eq(expenseItem.category, f.Category) : undefined,
    f.Status ? eq(expenseItem.active, f.Status === 'active') : undefined,
    f.InvolvesHCP !== undefined ? eq(expenseItem.involvesHcp, f.InvolvesHCP) : undefined,
  );
}

export async function searchItems(db: Db, companyId: number, q: SearchExpenseItemAllBody, culture: Culture) {
  const where = itemWhere(companyId, q);
  return paged(
    q,
    db.select({ n: count() }).from(expenseItem).where(where),
    db
      .select({
        item: expenseItem,
        subItemCount,
        approverZh: approverName('name_zh'),
        approverEn: approverName('name_en'),
      })
      .from(expenseItem)
      .where(where)
      .orderBy(orderFrom(itemSortable(culture), q, expenseItem.sort), asc(expenseItem.code)),
  );
}

export async function findItem(db: Db, companyId: number, id: number): Promise<ExpenseItemRecord | undefined> {
  const [row] = await db
    .select()
    .from(expenseItem)
    .where(and(eq(expenseItem.id, id), eq(expenseItem.companyId, companyId)));
  return row;
}

export async function itemsByIds(db: Db, companyId: number, ids: number[]): Promise<ExpenseItemRecord[]> {
  return db
    .select()
    .from(expenseItem)
    .where(and(eq(expenseItem.companyId, companyId), inArray(expenseItem.id, ids)));
}

export async function insertItem(db: Db, v: typeof expenseItem.$inferInsert): Promise<ExpenseItemRecord> {
  return insertOne(db, expenseItem, v);
}

export async function updateItem(
  db: Db,
  id: number,
  version: number,
  v: Partial<typeof expenseItem.$inferInsert>,
): Promise<ExpenseItemRecord | undefined> {
  return updateVersioned(db, expenseItem, id, version, v);
}

/** What still refers to an item: the types offering it, its GL mappings and its sub-items. */
export async function itemUsage(db: Db, id: number) {
  const [types] = await db.select({ n: count() }).from(expenseTypeItem).where(eq(expenseTypeItem.expenseItemId, id));
  const [configs] = await db
    .select({ n: count() })
    .from(ledgerExpenseItemConfig)
    .where(eq(ledgerExpenseItemConfig.expenseItemId, id));
  const [subs] = await db.select({ n: count() }).from(expenseSubItem).where(eq(expenseSubItem.expenseItemId, id));
  return { types: types?.n ?? 0, configs: configs?.n ?? 0, subItems: subs?.n ?? 0 };
}

export async function deleteItem(db: Db, id: number): Promise<void> {
  await db.delete(expenseItem).where(eq(expenseItem.id, id));
}

/** Active items an active type offers, for document lines. */
export async function itemsOfType(db: Db, typeId: number): Promise<ExpenseItemRecord[]> {
  const rows = await db
    .select({ item: expenseItem })
    .from(expenseTypeItem)
    .innerJoin(expenseItem, eq(expenseItem.id, expenseTypeItem.expenseItemId))
    .where(and(eq(expenseTypeItem.expenseTypeId, typeId), eq(expenseItem.active, true)))
    .orderBy(asc(expenseTypeItem.sort), asc(expenseItem.code));
  return rows.map((r) => r.item);
}

/** Active items with HCP/HCO attendees, optionally only those offered by a document type's or one type's setup. */
export async function sponsorItems(
  db: Db,
  companyId: number,
  f: { docType?: ExpenseDocType | undefined; typeId?: number | undefined },
): Promise<ExpenseItemRecord[]> {
  const offered =
    f.docType || f.typeId
      ? sql`exists (select 1 from ${expenseTypeItem} eti join ${expenseType} et on et.id = eti.expense_type_id
          where eti.expense_item_id = expense_item.id and et.active
          ${f.docType ? sql`and et.doc_type = ${f.docType}` : sql``}
          ${f.typeId ? sql`and et.id = ${f.typeId}` : sql``})`
      : undefined;
  return db
    .select()
    .from(expenseItem)
    .where(
      and(
        eq(expenseItem.companyId, companyId),
        eq(expenseItem.active, true),
        eq(expenseItem.involvesHcp, true),
        offered,
      ),
    )
    .orderBy(asc(expenseItem.sort), asc(expenseItem.code));
}

// Sub-items

const subSortable = (culture: Culture) => ({
  Code: expenseSubItem.code,
  NameZH: expenseSubItem.nameZh,
  NameEN: expenseSubItem.nameEn,
  Name: culture === 'en-GB' ? expenseSubItem.nameEn : expenseSubItem.nameZh,
  Sort: expenseSubItem.sort,
  ExpenseItemCode: expenseItem.code,
});

export async function searchSubItems(db: Db, companyId: number, q: SearchSubExpenseItemListBody, culture: Culture) {
  const where = and(
    eq(expenseItem.companyId, companyId),
    q.ExpenseItemID ? eq(expenseSubItem.expenseItemId, q.ExpenseItemID) : undefined,
    keywordIn(q.Keyword, [expenseSubItem.code, expenseSubItem.nameZh, expenseSubItem.nameEn]),
    q.Status ? eq(expenseSubItem.active, q.Status === 'active') : undefined,
  );
  return paged(
    q,
    db
      .select({ n: count() })
      .from(expenseSubItem)
      .innerJoin(expenseItem, eq(expenseItem.id, expenseSubItem.expenseItemId))
      .where(where),
    db
      .select({ sub: expenseSubItem, item: expenseItem })
      .from(expenseSubItem)
      .innerJoin(expenseItem, eq(expenseItem.id, expenseSubItem.expenseItemId))
      .where(where)
      .orderBy(
        orderFrom(subSortable(culture), q, expenseItem.code),
        asc(expenseSubItem.sort),
        asc(expenseSubItem.code),
      ),
  );
}

export async function findSubItem(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ sub: expenseSubItem, item: expenseItem })
    .from(expenseSubItem)
    .innerJoin(expenseItem, eq(expenseItem.id, expenseSubItem.expenseItemId))
    .where(and(eq(expenseSubItem.id, id), eq(expenseItem.companyId, companyId)));
  return row;
}

export async function subItemsByIds(db: Db, companyId: number, ids: number[]) {
  return db
    .select({ sub: expenseSubItem })
    .from(expenseSubItem)
    .innerJoin(expenseItem, eq(expenseItem.id, expenseSubItem.expenseItemId))
    .where(and(inArray(expenseSubItem.id, ids), eq(expenseItem.companyId, companyId)));
}

export async function insertSubItem(db: Db, v: typeof expenseSubItem.$inferInsert): Promise<SubItemRecord> {
  return insertOne(db, expenseSubItem, v);
}

export async function updateSubItem(
  db: Db,
  id: number,
  version: number,
  v: Pick<SubItemRecord, 'nameZh' | 'nameEn' | 'active' | 'sort'>,
): Promise<SubItemRecord | undefined> {
  return updateVersioned(db, expenseSubItem, id, version, v);
}

export async function deleteSubItems(db: Db, ids: number[]): Promise<void> {
  await db.delete(expenseSubItem).where(inArray(expenseSubItem.id, ids));
}

export async function activeSubItemsOf(db: Db, itemId: number): Promise<SubItemRecord[]> {
  return db
    .select()
    .from(expenseSubItem)
    .where(and(eq(expenseSubItem.expenseItemId, itemId), eq(expenseSubItem.active, true)))
    .orderBy(asc(expenseSubItem.sort), asc(expenseSubItem.code));
}
