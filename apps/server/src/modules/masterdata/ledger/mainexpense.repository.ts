import type { Culture, PageQuery, SearchMainExpenseBody } from '@ems/contracts';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { codeIn, contains, orderFrom, paged } from '../../../core/list';
import { insertOne, updateVersioned } from '../../../core/versioned';
import { ytdManual } from '../costcentre.table';
import { ledgerExpenseItemConfig as cfg, expenseItem, ledgerExpense as le } from '../expense.table';

export type LedgerExpenseRow = typeof le.$inferSelect;

const configCount = sql<number>`(select count(*)::int from ledger_expense_item_config c where c.ledger_expense_id = ledger_expense.id)`;

function where(companyId: number, f: Omit<SearchMainExpenseBody, keyof PageQuery>): SQL {
  const w: (SQL | undefined)[] = [eq(le.companyId, companyId)];
  if (f.Keyword) {
    const k = contains(f.Keyword);
    w.push(or(ilike(le.code, k), ilike(le.nameZh, k), ilike(le.nameEn, k), ilike(le.glAccount, k)));
  }
  if (f.MainExpenseCode) w.push(ilike(le.code, contains(f.MainExpenseCode)));
  if (f.Name) w.push(or(ilike(le.nameZh, contains(f.Name)), ilike(le.nameEn, contains(f.Name))));
  if (f.GLAccount) w.push(ilike(le.glAccount, contains(f.GLAccount)));
  if (f.Status) w.push(eq(le.status, f.Status));
  if (f.MainExpenseIDs?.length) w.push(inArray(le.id, f.MainExpenseIDs));
  return and(...w) as SQL;
}

export async function search(db: Db, companyId: number, f: SearchMainExpenseBody, culture: Culture) {
  const w = where(companyId, f);
  const sortable = {
    MainExpenseCode: le.code,
    Name: culture === 'en-GB' ? le.nameEn : le.nameZh,
    GLAccount: le.glAccount,
    Status: le.status,
    ItemConfigCount: configCount,
  };
  return paged(
    f,
    db.select({ n: count() }).from(le).where(w),
    db
      .select({ le, configCount })
      .from(le)
      .where(w)
      .orderBy(orderFrom(sortable, f, le.code), asc(le.id)),
  );
}

export async function listRow(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ le, configCount })
    .from(le)
    .where(and(eq(le.companyId, companyId), eq(le.id, id)));
  return row;
}

export async function lockById(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(le)
    .where(and(eq(le.companyId, companyId), eq(le.id, id)))
    .for('update');
  return row;
}

export async function findByCode(db: Db, companyId: number, code: string) {
  const [row] = await db
    .select()
    .from(le)
    .where(and(eq(le.companyId, companyId), sql`lower(${le.code}) = lower(${code})`));
  return row;
}

export async function codesIn(db: Db, companyId: number, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ code: le.code, nameZh: le.nameZh, nameEn: le.nameEn, status: le.status })
    .from(le)
    .where(and(eq(le.companyId, companyId), codeIn(le.code, codes)));
}

type Values = Pick<typeof le.$inferInsert, 'code' | 'nameZh' | 'nameEn' | 'glAccount'>;

export async function insert(db: Db, companyId: number, v: Values) {
  return insertOne(db, le, { ...v, companyId });
}

export async function update(
  db: Db,
  id: number,
  version: number,
  v: Partial<Values & { status: 'started' | 'stopped' }>,
) {
  return updateVersioned(db, le, id, version, v);
}

export async function remove(db: Db, id: number) {
  await db.delete(le).where(eq(le.id, id));
}

/** The expense-item configurations that post to a ledger expense. */
export async function itemConfigs(db: Db, id: number) {
  return db
    .select({
      id: cfg.id,
      docType: cfg.docType,
      costCentreType: cfg.costCentreType,
      productId: cfg.productId,
      itemCode: expenseItem.code,
      itemZh: expenseItem.nameZh,
      itemEn: expenseItem.nameEn,
    })
    .from(cfg)
    .innerJoin(expenseItem, eq(expenseItem.id, cfg.expenseItemId))
    .where(eq(cfg.ledgerExpenseId, id))
    .orderBy(asc(expenseItem.code), asc(cfg.docType));
}

export async function usage(db: Db, row: LedgerExpenseRow) {
  const [configs] = await db.select({ n: count() }).from(cfg).where(eq(cfg.ledgerExpenseId, row.id));
  const [ytd] = await db
    .select({ n: count() })
    .from(ytdManual)
    .where(
      and(eq(ytdManual.companyId, row.companyId), sql`lower(${ytdManual.ledgerExpenseCode}) = lower(${row.code})`),
    );
  return { itemConfigs: configs?.n ?? 0, ytd: ytd?.n ?? 0 };
}
