import type { ExpenseDocType } from '@ems/contracts';
import { and, asc, count, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { keywordIn, paged } from '../../../core/list';
import { insertOne, updateVersioned } from '../../../core/versioned';
import { team } from '../../org/org.table';
import { applyAuthority, expenseItem, expenseType, expenseTypeItem, expenseTypeTeam } from '../expense.table';

export type ExpenseTypeRow = typeof expenseType.$inferSelect;
export type ExpenseTypeWithCount = ExpenseTypeRow & { itemCount: number };

const itemCount = sql<number>`(select count(*)::int from ${expenseTypeItem} eti where eti.expense_type_id = expense_type.id)`;

export async function typesOf(
  db: Db,
  companyId: number,
  f: { docType?: ExpenseDocType | undefined; activeOnly: boolean },
): Promise<ExpenseTypeWithCount[]> {
  return db
    .select({ ...expenseTypeColumns(), itemCount })
    .from(expenseType)
    .where(
      and(
        eq(expenseType.companyId, companyId),
        f.docType ? eq(expenseType.docType, f.docType) : undefined,
        f.activeOnly ? eq(expenseType.active, true) : undefined,
      ),
    )
    .orderBy(asc(expenseType.docType), asc(expenseType.sort), asc(expenseType.code));
}

function expenseTypeColumns() {
  return {
    id: expenseType.id,
    companyId: expenseType.companyId,
    docType: expenseType.docType,
    code: expenseType.code,
    nameZh: expenseType.nameZh,
    nameEn: expenseType.nameEn,
    parentId: expenseType.parentId,
    active: expenseType.active,
    restricted: expenseType.restricted,
    sort: expenseType.sort,
    version: expenseType.version,
  };
}

export async function findType(db: Db, companyId: number, id: number): Promise<ExpenseTypeRow | undefined> {
  const [row] = await db
    .select()
    .from(expenseType)
    .where(and(eq(expenseType.id, id), eq(expenseType.companyId, companyId)));
  return row;
}

/** Locks the type row for the rest of the transaction, so concurrent edits of its relations queue up. */
export async function lockType(db: Db, companyId: number, id: number): Promise<ExpenseTypeRow | undefined> {
  const [row] = await db
    .select()
    .from(expenseType)
    .where(and(eq(expenseType.id, id), eq(expenseType.companyId, companyId)))
    .for('update');
  return row;
}

export async function childCount(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(expenseType).where(eq(expenseType.parentId, id));
  return row?.n ?? 0;
}

export async function offeredCount(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(expenseTypeItem).where(eq(expenseTypeItem.expenseTypeId, id));
  return row?.n ?? 0;
}

export async function insertType(db: Db, v: typeof expenseType.$inferInsert): Promise<ExpenseTypeRow> {
  return insertOne(db, expenseType, v);
}

export async function updateType(
  db: Db,
  id: number,
  version: number,
  v: Pick<ExpenseTypeRow, 'parentId' | 'nameZh' | 'nameEn' | 'active' | 'restricted' | 'sort'>,
): Promise<ExpenseTypeRow | undefined> {
  return updateVersioned(db, expenseType, id, version, v);
}

/** Types limited to some teams: type id → team ids. Types without rows are open to every team. */
export async function teamLimits(db: Db, typeIds: number[]): Promise<Map<number, number[]>> {
  const limits = new Map<number, number[]>();
  if (typeIds.length === 0) return limits;
  const rows = await db.select().from(expenseTypeTeam).where(inArray(expenseTypeTeam.expenseTypeId, typeIds));
  for (const r of rows) limits.set(r.expenseTypeId, [...(limits.get(r.expenseTypeId) ?? []), r.teamId]);
  return limits;
}

/** The restricted types among `typeIds` this employee is assigned to. */
export async function authorisedTypes(db: Db, employeeId: number, typeIds: number[]): Promise<Set<number>> {
  if (typeIds.length === 0) return new Set();
  const rows = await db
    .select({ id: applyAuthority.expenseTypeId })
    .from(applyAuthority)
    .where(and(eq(applyAuthority.employeeId, employeeId), inArray(applyAuthority.expenseTypeId, typeIds)));
  return new Set(rows.map((r) => r.id));
}

/**
 * A team and all the teams above it: a type limited to a BU is open to its regions and districts. Walked up in the
 * database, a handful of rows, rather than reading every team of the company to walk up in memory.
 */
export async function teamWithAncestors(db: Db, companyId: number, teamId: number | null): Promise<Set<number>> {
  if (teamId === null) return new Set();
  const result = await db.execute(sql`with recursive up(id, parent_id) as (
      select id, parent_id from ${team} where company_id = ${companyId} and id = ${teamId}
      union select t.id, t.parent_id from ${team} t join up on t.id = up.parent_id where t.company_id = ${companyId})
    select id from up`);
  return new Set((result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id)));
}

// Items a type offers (selected) or could offer (not selected)

const itemSearch = (keyword: string | undefined) =>
  keywordIn(keyword, [expenseItem.code, expenseItem.nameZh, expenseItem.nameEn]);

const subItemCount = sql<number>`(select count(*)::int from expense_sub_item s where s.expense_item_id = expense_item.id)`;

export async function selectedItems(
  db: Db,
  typeId: number,
  q: { Keyword?: string | undefined; PageIndex: number; PageSize: number },
) {
  const where = and(eq(expenseTypeItem.expenseTypeId, typeId), itemSearch(q.Keyword));
  return paged(
    q,
    db
      .select({ n: count() })
      .from(expenseTypeItem)
      .innerJoin(expenseItem, eq(expenseItem.id, expenseTypeItem.expenseItemId))
      .where(where),
    db
      .select({ item: expenseItem, subItemCount })
      .from(expenseTypeItem)
      .innerJoin(expenseItem, eq(expenseItem.id, expenseTypeItem.expenseItemId))
      .where(where)
      .orderBy(asc(expenseTypeItem.sort), asc(expenseItem.sort), asc(expenseItem.code)),
  );
}

/** Active items of the company the type does not offer yet (stopped items cannot be offered anew). */
export async function notSelectedItems(
  db: Db,
  companyId: number,
  typeId: number,
  q: { Keyword?: string | undefined; PageIndex: number; PageSize: number },
) {
  const where = and(
    eq(expenseItem.companyId, companyId),
    eq(expenseItem.active, true),
    itemSearch(q.Keyword),
    notExists(
      db
        .select({ x: sql`1` })
        .from(expenseTypeItem)
        .where(and(eq(expenseTypeItem.expenseTypeId, typeId), eq(expenseTypeItem.expenseItemId, expenseItem.id))),
    ),
  );
  return paged(
    q,
    db.select({ n: count() }).from(expenseItem).where(where),
    db
      .select({ item: expenseItem, subItemCount })
      .from(expenseItem)
      .where(where)
      .orderBy(asc(expenseItem.sort), asc(expenseItem.code)),
  );
}

export async function insertRelations(db: Db, typeId: number, itemIds: number[]): Promise<number[]> {
  const [max] = await db
    .select({ n: sql<number>`coalesce(max(${expenseTypeItem.sort}), 0)::int` })
    .from(expenseTypeItem)
    .where(eq(expenseTypeItem.expenseTypeId, typeId));
  const start = max?.n ?? 0;
  const rows = await db
    .insert(expenseTypeItem)
    .values(itemIds.map((itemId, i) => ({ expenseTypeId: typeId, expenseItemId: itemId, sort: start + (i + 1) * 10 })))
    .onConflictDoNothing()
    .returning({ id: expenseTypeItem.expenseItemId });
  return rows.map((r) => r.id);
}

export async function deleteRelations(db: Db, typeId: number, itemIds: number[]): Promise<number[]> {
  const rows = await db
    .delete(expenseTypeItem)
    .where(and(eq(expenseTypeItem.expenseTypeId, typeId), inArray(expenseTypeItem.expenseItemId, itemIds)))
    .returning({ id: expenseTypeItem.expenseItemId });
  return rows.map((r) => r.id);
}
