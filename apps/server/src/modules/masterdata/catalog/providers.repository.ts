import type { Culture, SearchPOWhiteListBody, SearchProviderBody } from '@ems/contracts';
import { and, asc, count, eq, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { contains, keywordIn, orderFrom, paged } from '../../../core/list';
import { shanghaiToday } from '../../../core/time';
import { insertOne, updateVersioned } from '../../../core/versioned';
import { poWhiteList, provider } from '../reference.table';

export type ProviderRecord = typeof provider.$inferSelect;
export type WhiteListRecord = typeof poWhiteList.$inferSelect;
type Filters<T> = Omit<T, 'PageIndex' | 'PageSize'>;

function whiteListed() {
  // Rebuilt per query so a long-running server does not keep yesterday's date.
  const today = shanghaiToday();
  return sql<boolean>`exists (select 1 from po_white_list w where w.provider_id = provider.id
    and (w.valid_to is null or w.valid_to >= ${today}))`;
}

function providerWhere(companyId: number, f: Filters<SearchProviderBody>): SQL | undefined {
  return and(
    eq(provider.companyId, companyId),
    f.Code ? ilike(provider.code, contains(f.Code)) : undefined,
    f.Name ? or(ilike(provider.nameZh, contains(f.Name)), ilike(provider.nameEn, contains(f.Name))) : undefined,
    f.TaxNo ? ilike(provider.taxNo, contains(f.TaxNo)) : undefined,
    f.BankAccount ? ilike(provider.bankAccount, contains(f.BankAccount.replace(/\s+/g, ''))) : undefined,
    f.Category ? eq(provider.category, f.Category) : undefined,
    f.Status ? eq(provider.active, f.Status === 'active') : undefined,
  );
}

const providerSortable = (culture: Culture) => ({
  Code: provider.code,
  Name: culture === 'en-GB' ? provider.nameEn : provider.nameZh,
  NameZH: provider.nameZh,
  NameEN: provider.nameEn,
  TaxNo: provider.taxNo,
  Category: provider.category,
  BankName: provider.bankName,
  Active: provider.active,
});

export async function searchProviders(db: Db, companyId: number, q: SearchProviderBody, culture: Culture) {
  const where = providerWhere(companyId, q);
  return paged(
    q,
    db.select({ n: count() }).from(provider).where(where),
    db
      .select({ provider, whiteListed: whiteListed() })
      .from(provider)
      .where(where)
      .orderBy(orderFrom(providerSortable(culture), q, provider.code), asc(provider.id)),
  );
}

export async function allProviders(db: Db, companyId: number, f: Filters<SearchProviderBody>, limit: number) {
  return db
    .select({ provider, whiteListed: whiteListed() })
    .from(provider)
    .where(providerWhere(companyId, f))
    .orderBy(asc(provider.code))
    .limit(limit);
}

/** Active providers by code, name or tax number, for choosing a payee. */
export async function chooseProviders(
  db: Db,
  companyId: number,
  q: { Keyword?: string | undefined; Category?: string | undefined; PageIndex: number; PageSize: number },
) {
  const where = and(
    eq(provider.companyId, companyId),
    eq(provider.active, true),
    q.Category ? eq(provider.category, q.Category) : undefined,
    keywordIn(q.Keyword, [provider.code, provider.nameZh, provider.nameEn, provider.taxNo]),
  );
  return paged(
    q,
    db.select({ n: count() }).from(provider).where(where),
    db.select({ provider, whiteListed: whiteListed() }).from(provider).where(where).orderBy(asc(provider.code)),
  );
}

export async function findProvider(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ provider, whiteListed: whiteListed() })
    .from(provider)
    .where(and(eq(provider.id, id), eq(provider.companyId, companyId)));
  return row;
}

export async function providersByIds(db: Db, companyId: number, ids: number[]): Promise<ProviderRecord[]> {
  return db
    .select()
    .from(provider)
    .where(and(eq(provider.companyId, companyId), inArray(provider.id, ids)));
}

export async function insertProvider(db: Db, v: typeof provider.$inferInsert): Promise<ProviderRecord> {
  return insertOne(db, provider, v);
}

export async function updateProvider(
  db: Db,
  id: number,
  version: number,
  v: Omit<typeof provider.$inferInsert, 'id' | 'companyId' | 'code' | 'version'>,
): Promise<ProviderRecord | undefined> {
  return updateVersioned(db, provider, id, version, v);
}

export async function deleteProviders(db: Db, ids: number[]): Promise<void> {
  await db.delete(provider).where(inArray(provider.id, ids));
}

export async function whiteListedProviders(db: Db, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: poWhiteList.providerId })
    .from(poWhiteList)
    .where(inArray(poWhiteList.providerId, ids));
  return rows.map((r) => r.id);
}

// PO white list

function whiteListWhere(companyId: number, f: Filters<SearchPOWhiteListBody>): SQL | undefined {
  const today = shanghaiToday();
  return and(
    eq(poWhiteList.companyId, companyId),
    keywordIn(f.Keyword, [provider.code, provider.nameZh, provider.nameEn, provider.taxNo, poWhiteList.reason]),
    f.Validity === 'expired' ? lt(poWhiteList.validTo, today) : undefined,
    f.Validity === 'valid' ? or(isNull(poWhiteList.validTo), sql`${poWhiteList.validTo} >= ${today}`) : undefined,
  );
}

const whiteListSortable = (culture: Culture) => ({
  ProviderCode: provider.code,
  ProviderName: culture === 'en-GB' ? provider.nameEn : provider.nameZh,
  ValidTo: poWhiteList.validTo,
  CreatedAt: poWhiteList.createdAt,
});

export async function searchWhiteList(db: Db, companyId: number, q: SearchPOWhiteListBody, culture: Culture) {
  const where = whiteListWhere(companyId, q);
  return paged(
    q,
    db
      .select({ n: count() })
      .from(poWhiteList)
      .innerJoin(provider, eq(provider.id, poWhiteList.providerId))
      .where(where),
    db
      .select({ entry: poWhiteList, provider })
      .from(poWhiteList)
      .innerJoin(provider, eq(provider.id, poWhiteList.providerId))
      .where(where)
      .orderBy(orderFrom(whiteListSortable(culture), q, provider.code), asc(poWhiteList.id)),
  );
}

export async function findWhiteListEntry(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ entry: poWhiteList, provider })
    .from(poWhiteList)
    .innerJoin(provider, eq(provider.id, poWhiteList.providerId))
    .where(and(eq(poWhiteList.id, id), eq(poWhiteList.companyId, companyId)));
  return row;
}

export async function whiteListByIds(db: Db, companyId: number, ids: number[]): Promise<WhiteListRecord[]> {
  return db
    .select()
    .from(poWhiteList)
    .where(and(eq(poWhiteList.companyId, companyId), inArray(poWhiteList.id, ids)));
}

export async function insertWhiteListEntry(db: Db, v: typeof poWhiteList.$inferInsert): Promise<WhiteListRecord> {
  return insertOne(db, poWhiteList, v);
}

export async function updateWhiteListEntry(
  db: Db,
  id: number,
  version: number,
  v: Pick<WhiteListRecord, 'providerId' | 'reason' | 'validTo'>,
): Promise<WhiteListRecord | undefined> {
  return updateVersioned(db, poWhiteList, id, version, v);
}

export async function deleteWhiteListEntries(db: Db, ids: number[]): Promise<void> {
  await db.delete(poWhiteList).where(inArray(poWhiteList.id, ids));
}
