import type { Culture, ExpenseDocType, SearchItemConfigBody } from '@ems/contracts';
import { and, asc, type Column, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { contains, keywordIn, orderFrom, paged } from '../../../core/list';
import { insertOne, updateVersioned } from '../../../core/versioned';
import { costCentre } from '../costcentre.table';
import { ledgerExpenseItemConfig as cfg, expenseItem, ledgerExpense } from '../expense.table';
import { product, productBu } from '../reference.table';

export type ItemConfigRecord = typeof cfg.$inferSelect;

const sortable = (culture: Culture) => ({
  ExpenseItemCode: expenseItem.code,
  ExpenseItemName: culture === 'en-GB' ? expenseItem.nameEn : expenseItem.nameZh,
  DocType: cfg.docType,
  CostCenterType: cfg.costCentreType,
  ProductCode: product.code,
  LedgerExpenseCode: ledgerExpense.code,
  GLAccount: ledgerExpense.glAccount,
});

export async function search(db: Db, companyId: number, q: SearchItemConfigBody, culture: Culture) {
  const where = and(
    eq(cfg.companyId, companyId),
    q.ExpenseItemID ? eq(cfg.expenseItemId, q.ExpenseItemID) : undefined,
    q.DocType ? eq(cfg.docType, q.DocType) : undefined,
    q.LedgerExpenseID ? eq(cfg.ledgerExpenseId, q.LedgerExpenseID) : undefined,
    q.CostCenterType ? eq(cfg.costCentreType, q.CostCenterType) : undefined,
    q.ProductID ? eq(cfg.productId, q.ProductID) : undefined,
    keywordIn(q.Keyword, [
      expenseItem.code,
      expenseItem.nameZh,
      expenseItem.nameEn,
      ledgerExpense.code,
      ledgerExpense.glAccount,
      ledgerExpense.nameZh,
      ledgerExpense.nameEn,
    ]),
  );
  return paged(
    q,
    db
      .select({ n: count() })
      .from(cfg)
      .innerJoin(expenseItem, eq(expenseItem.id, cfg.expenseItemId))
      .innerJoin(ledgerExpense, eq(ledgerExpense.id, cfg.ledgerExpenseId))
      .where(where),
    db
      .select({ cfg, item: expenseItem, ledger: ledgerExpense, product })
      .from(cfg)
      .innerJoin(expenseItem, eq(expenseItem.id, cfg.expenseItemId))
      .innerJoin(ledgerExpense, eq(ledgerExpense.id, cfg.ledgerExpenseId))
      .leftJoin(product, eq(product.id, cfg.productId))
      .where(where)
      .orderBy(orderFrom(sortable(culture), q, expenseItem.code), asc(cfg.docType), asc(cfg.id)),
  );
}

export async function findConfig(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ cfg, item: expenseItem, ledger: ledgerExpense, product })
    .from(cfg)
    .innerJoin(expenseItem, eq(expenseItem.id, cfg.expenseItemId))
    .innerJoin(ledgerExpense, eq(ledgerExpense.id, cfg.ledgerExpenseId))
    .leftJoin(product, eq(product.id, cfg.productId))
    .where(and(eq(cfg.id, id), eq(cfg.companyId, companyId)));
  return row;
}

export async function configsByIds(db: Db, companyId: number, ids: number[]) {
  return db
    .select()
    .from(cfg)
    .where(and(eq(cfg.companyId, companyId), inArray(cfg.id, ids)));
}

export async function insertConfig(db: Db, v: typeof cfg.$inferInsert): Promise<ItemConfigRecord> {
  return insertOne(db, cfg, v);
}

export async function updateConfig(
  db: Db,
  id: number,
  version: number,
  v: Omit<typeof cfg.$inferInsert, 'id' | 'companyId' | 'version'>,
): Promise<ItemConfigRecord | undefined> {
  return updateVersioned(db, cfg, id, version, v);
}

export async function deleteConfigs(db: Db, ids: number[]): Promise<void> {
  await db.delete(cfg).where(inArray(cfg.id, ids));
}

// What a mapping may name

export async function findLedger(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(ledgerExpense)
    .where(and(eq(ledgerExpense.id, id), eq(ledgerExpense.companyId, companyId)));
  return row;
}

export async function findProduct(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(product)
    .where(and(eq(product.id, id), eq(product.companyId, companyId)));
  return row;
}

const codeOrName = (keyword: string | undefined, ...columns: Column[]) =>
  keyword ? or(...columns.map((c) => ilike(c, contains(keyword)))) : undefined;

/** Started ledger expenses: the only ones a new mapping may name. */
export async function startedLedgers(db: Db, companyId: number, keyword: string | undefined) {
  return db
    .select()
    .from(ledgerExpense)
    .where(
      and(
        eq(ledgerExpense.companyId, companyId),
        eq(ledgerExpense.status, 'started'),
        codeOrName(keyword, ledgerExpense.code, ledgerExpense.glAccount, ledgerExpense.nameZh, ledgerExpense.nameEn),
      ),
    )
    .orderBy(asc(ledgerExpense.code))
    .limit(200);
}

export async function activeProducts(
  db: Db,
  companyId: number,
  f: { keyword?: string | undefined; buId?: number | undefined },
) {
  return db
    .select({ product, bu: productBu })
    .from(product)
    .leftJoin(productBu, eq(productBu.id, product.buId))
    .where(
      and(
        eq(product.companyId, companyId),
        eq(product.active, true),
        f.buId ? eq(product.buId, f.buId) : undefined,
        codeOrName(f.keyword, product.code, product.nameZh, product.nameEn),
      ),
    )
    .orderBy(asc(product.code))
    .limit(200);
}

/** Active items offered by an active type of the document type: what can be mapped for it. */
export async function offeredItems(db: Db, companyId: number, docType: ExpenseDocType, keyword: string | undefined) {
  return db
    .select()
    .from(expenseItem)
    .where(
      and(
        eq(expenseItem.companyId, companyId),
        eq(expenseItem.active, true),
        sql`exists (select 1 from expense_type_item eti join expense_type et on et.id = eti.expense_type_id
          where eti.expense_item_id = expense_item.id and et.active and et.doc_type = ${docType})`,
        codeOrName(keyword, expenseItem.code, expenseItem.nameZh, expenseItem.nameEn),
      ),
    )
    .orderBy(asc(expenseItem.sort), asc(expenseItem.code))
    .limit(200);
}

/** Kinds of cost centre in the company (with how many are started), and kinds already used by mappings. */
export async function costCentreTypes(db: Db, companyId: number) {
  const centres = await db
    .select({
      type: costCentre.type,
      started: sql<number>`count(*) filter (where ${costCentre.status} = 'started')::int`,
    })
    .from(costCentre)
    .where(eq(costCentre.companyId, companyId))
    .groupBy(costCentre.type);
  const mapped = await db
    .selectDistinct({ type: cfg.costCentreType })
    .from(cfg)
    .where(and(eq(cfg.companyId, companyId), sql`${cfg.costCentreType} is not null`));
  const counts = new Map(centres.map((c) => [c.type, c.started]));
  for (const m of mapped) if (m.type && !counts.has(m.type)) counts.set(m.type, 0);
  return [...counts].map(([type, started]) => ({ type, started })).sort((a, b) => a.type.localeCompare(b.type));
}

/**
 * The mappings that could apply to one line: the item and document type, with the line's product, the line's kind of
 * cost centre, or neither. The caller picks the most specific.
 */
export async function candidateMappings(
  db: Db,
  companyId: number,
  f: { itemId: number; docType: ExpenseDocType; costCentreType: string | null; productId: number | null },
) {
  return db
    .select({ cfg, ledger: ledgerExpense })
    .from(cfg)
    .innerJoin(ledgerExpense, eq(ledgerExpense.id, cfg.ledgerExpenseId))
    .where(
      and(
        eq(cfg.companyId, companyId),
        eq(cfg.expenseItemId, f.itemId),
        eq(cfg.docType, f.docType),
        or(isNull(cfg.productId), f.productId === null ? sql`false` : eq(cfg.productId, f.productId)),
        or(
          isNull(cfg.costCentreType),
          f.costCentreType === null ? sql`false` : eq(cfg.costCentreType, f.costCentreType),
        ),
      ),
    );
}
