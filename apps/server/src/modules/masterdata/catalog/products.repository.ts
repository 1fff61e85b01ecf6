import type { Culture, SearchProductBody, SearchProductBuBody } from '@ems/contracts';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../core/list';
import { insertOne, updateVersioned } from '../../../core/versioned';
import { team } from '../../org/org.table';
import { ledgerExpenseItemConfig } from '../expense.table';
import { product, productBu } from '../reference.table';

export type ProductRecord = typeof product.$inferSelect;
export type BuRecord = typeof productBu.$inferSelect;
/** The team a business unit belongs to, as the listing joins it. */
export type BuTeamRecord = typeof team.$inferSelect;
type Filters<T> = Omit<T, 'PageIndex' | 'PageSize'>;

// Business units

const productCount = sql<number>`(select count(*)::int from product p where p.bu_id = product_bu.id)`;

function buWhere(companyId: number, f: Filters<SearchProductBuBody>): SQL | undefined {
  return and(
    eq(productBu.companyId, companyId),
    keywordIn(f.Keyword, [productBu.code, productBu.nameZh, productBu.nameEn]),
    f.Status ? eq(productBu.active, f.Status === 'active') : undefined,
  );
}

const buSortable = (culture: Culture) => ({
  Code: productBu.code,
  Name: culture === 'en-GB' ? productBu.nameEn : productBu.nameZh,
  NameZH: productBu.nameZh,
  NameEN: productBu.nameEn,
  Active: productBu.active,
});

export async function searchBus(db: Db, companyId: number, q: SearchProductBuBody, culture: Culture) {
  const where = buWhere(companyId, q);
  return paged(
    q,
    db.select({ n: count() }).from(productBu).where(where),
    db
      .select({ bu: productBu, team, productCount })
      .from(productBu)
      .leftJoin(team, eq(team.id, productBu.teamId))
      .where(where)
      .orderBy(orderFrom(buSortable(culture), q, productBu.code), asc(productBu.id)),
  );
}

export async function allBus(db: Db, companyId: number, f: Filters<SearchProductBuBody>, limit: number) {
  return db
    .select({ bu: productBu, team, productCount })
    .from(productBu)
    .leftJoin(team, eq(team.id, productBu.teamId))
    .where(buWhere(companyId, f))
    .orderBy(asc(productBu.code))
    .limit(limit);
}

export async function findBu(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ bu: productBu, team, productCount })
    .from(productBu)
    .leftJoin(team, eq(team.id, productBu.teamId))
    .where(and(eq(productBu.id, id), eq(productBu.companyId, companyId)));
  return row;
}

/** The company's rows of these codes; `lock` reads them under a row lock, for an import checked against them. */
export async function busByCodes(
  db: Db,
  companyId: number,
  codes: string[],
  lock?: 'update' | 'share',
): Promise<BuRecord[]> {
  if (!codes.length) return [];
  const rows = db
    .select()
    .from(productBu)
    .where(and(eq(productBu.companyId, companyId), inArray(productBu.code, codes)));
  return lock ? rows.for(lock) : rows;
}

export async function busByIds(db: Db, companyId: number, ids: number[]): Promise<BuRecord[]> {
  return db
    .select()
    .from(productBu)
    .where(and(eq(productBu.companyId, companyId), inArray(productBu.id, ids)));
}

export async function insertBu(db: Db, v: typeof productBu.$inferInsert): Promise<BuRecord> {
  return insertOne(db, productBu, v);
}

export async function updateBu(
  db: Db,
  id: number,
  version: number | undefined,
  v: Pick<BuRecord, 'nameZh' | 'nameEn' | 'teamId' | 'active'>,
): Promise<BuRecord | undefined> {
  return updateVersioned(db, productBu, id, version ?? null, v);
}

export async function deleteBus(db: Db, ids: number[]): Promise<void> {
  await db.delete(productBu).where(inArray(productBu.id, ids));
}

export async function teamsByCodes(db: Db, companyId: number, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ id: team.id, code: team.code })
    .from(team)
    .where(and(eq(team.companyId, companyId), inArray(team.code, codes)));
}

export async function teamInCompany(db: Db, companyId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: team.id })
    .from(team)
    .where(and(eq(team.id, id), eq(team.companyId, companyId)));
  return !!row;
}

// Products

function productWhere(companyId: number, f: Filters<SearchProductBody>): SQL | undefined {
  return and(
    eq(product.companyId, companyId),
    keywordIn(f.Keyword, [product.code, product.nameZh, product.nameEn, product.sapCode]),
    f.BuID ? eq(product.buId, f.BuID) : undefined,
    f.Status ? eq(product.active, f.Status === 'active') : undefined,
  );
}

const productSortable = (culture: Culture) => ({
  Code: product.code,
  Name: culture === 'en-GB' ? product.nameEn : product.nameZh,
  NameZH: product.nameZh,
  NameEN: product.nameEn,
  BuCode: productBu.code,
  SapCode: product.sapCode,
  Active: product.active,
});

export async function searchProducts(db: Db, companyId: number, q: SearchProductBody, culture: Culture) {
  const where = productWhere(companyId, q);
  return paged(
    q,
    db.select({ n: count() }).from(product).where(where),
    db
      .select({ product, bu: productBu })
      .from(product)
      .leftJoin(productBu, eq(productBu.id, product.buId))
      .where(where)
      .orderBy(orderFrom(productSortable(culture), q, product.code), asc(product.id)),
  );
}

export async function allProducts(db: Db, companyId: number, f: Filters<SearchProductBody>, limit: number) {
  return db
    .select({ product, bu: productBu })
    .from(product)
    .leftJoin(productBu, eq(productBu.id, product.buId))
    .where(productWhere(companyId, f))
    .orderBy(asc(product.code))
    .limit(limit);
}

export async function findProduct(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ product, bu: productBu })
    .from(product)
    .leftJoin(productBu, eq(productBu.id, product.buId))
    .where(and(eq(product.id, id), eq(product.companyId, companyId)));
  return row;
}

export async function productsByIds(db: Db, companyId: number, ids: number[]): Promise<ProductRecord[]> {
  return db
    .select()
    .from(product)
    .where(and(eq(product.companyId, companyId), inArray(product.id, ids)));
}

/** The company's rows of these codes; `lock` reads them under a row lock, for an import checked against them. */
export async function productsByCodes(
  db: Db,
  companyId: number,
  codes: string[],
  lock?: 'update' | 'share',
): Promise<ProductRecord[]> {
  if (!codes.length) return [];
  const rows = db
    .select()
    .from(product)
    .where(and(eq(product.companyId, companyId), inArray(product.code, codes)));
  return lock ? rows.for(lock) : rows;
}

export async function insertProduct(db: Db, v: typeof product.$inferInsert): Promise<ProductRecord> {
  return insertOne(db, product, v);
}

export async function updateProduct(
  db: Db,
  id: number,
  version: number | undefined,
  v: Pick<ProductRecord, 'nameZh' | 'nameEn' | 'buId' | 'sapCode' | 'active'>,
): Promise<ProductRecord | undefined> {
  return updateVersioned(db, product, id, version ?? null, v);
}

export async function deleteProducts(db: Db, ids: number[]): Promise<void> {
  await db.delete(product).where(inArray(product.id, ids));
}

/** Products named by GL mappings: product id → how many. */
export async function productsInConfigs(db: Db, ids: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: ledgerExpenseItemConfig.productId, n: count() })
    .from(ledgerExpenseItemConfig)
    .where(inArray(ledgerExpenseItemConfig.productId, ids))
    .groupBy(ledgerExpenseItemConfig.productId);
  return new Map(rows.map((r) => [r.id ?? 0, r.n]));
}
