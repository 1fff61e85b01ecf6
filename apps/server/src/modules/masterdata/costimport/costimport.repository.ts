import type { Culture, GetCostCenterMappingBody, GetYTDManualBody, PageQuery } from '@ems/contracts';
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { codeIn, contains, keywordIn, offsetOf, orderFrom } from '../../../core/list';
import { costCentre as cc, costCentreMapping as map, ytdManual as ytd } from '../costcentre.table';
import { ledgerExpense as le } from '../expense.table';

type Paging = Pick<PageQuery, 'PageIndex' | 'PageSize'>;
type Sorting = Pick<PageQuery, 'SortField' | 'SortOrder'>;

/* ---------- cost-centre mapping ---------- */

const mapColumns = { map, ccCode: cc.code, ccZh: cc.nameZh, ccEn: cc.nameEn, ccStatus: cc.status };
export type MappingListRow = {
  map: typeof map.$inferSelect;
  ccCode: string;
  ccZh: string;
  ccEn: string;
  ccStatus: string;
};

function mapWhere(companyId: number, f: Omit<GetCostCenterMappingBody, keyof PageQuery>): SQL {
  return and(
    eq(map.companyId, companyId),
    f.SourceCode ? ilike(map.sourceCode, contains(f.SourceCode)) : undefined,
    f.CostCenterID ? eq(map.costCentreId, f.CostCenterID) : undefined,
    keywordIn(f.Keyword, [map.sourceCode, map.description, cc.code, cc.nameZh, cc.nameEn]),
  ) as SQL;
}

export async function mappings(
  db: Db,
  companyId: number,
  f: Omit<GetCostCenterMappingBody, keyof PageQuery> & Sorting & Partial<Paging>,
  limit?: number,
) {
  const w = mapWhere(companyId, f);
  const sortable = { SourceCode: map.sourceCode, CostCenterCode: cc.code, Description: map.description };
  const q = db
    .select(mapColumns)
    .from(map)
    .innerJoin(cc, eq(cc.id, map.costCentreId))
    .where(w)
    .orderBy(orderFrom(sortable, f, map.sourceCode), asc(map.id));
  if (limit !== undefined) return { total: 0, rows: await q.limit(limit) };
  const [total] = await db.select({ n: count() }).from(map).innerJoin(cc, eq(cc.id, map.costCentreId)).where(w);
  const rows = await q
    .limit(f.PageSize ?? 20)
    .offset(offsetOf({ PageIndex: f.PageIndex ?? 1, PageSize: f.PageSize ?? 20 }));
  return { total: total?.n ?? 0, rows };
}

export async function mappingsBySource(db: Db, companyId: number, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select()
    .from(map)
    .where(and(eq(map.companyId, companyId), codeIn(map.sourceCode, codes)));
}

export async function upsertMapping(
  db: Db,
  companyId: number,
  v: { sourceCode: string; costCentreId: number; description: string | null },
) {
  await db
    .insert(map)
    .values({ ...v, companyId })
    .onConflictDoUpdate({
      target: [map.companyId, map.sourceCode],
      set: { costCentreId: v.costCentreId, description: v.description },
    });
}

export async function deleteMappings(db: Db, companyId: number, ids: number[]) {
  return db
    .delete(map)
    .where(and(eq(map.companyId, companyId), inArray(map.id, ids)))
    .returning();
}

/* ---------- YTD manual ---------- */

const ytdColumns = {
  ytd,
  ccCode: cc.code,
  ccZh: cc.nameZh,
  ccEn: cc.nameEn,
  leZh: le.nameZh,
  leEn: le.nameEn,
};
export type YtdListRow = {
  ytd: typeof ytd.$inferSelect;
  ccCode: string;
  ccZh: string;
  ccEn: string;
  leZh: string | null;
  leEn: string | null;
};

function ytdWhere(companyId: number, f: Omit<GetYTDManualBody, keyof PageQuery>): SQL {
  return and(
    eq(ytd.companyId, companyId),
    f.Year ? eq(ytd.year, f.Year) : undefined,
    f.Month ? eq(ytd.month, f.Month) : undefined,
    f.CostCenterID ? eq(ytd.costCentreId, f.CostCenterID) : undefined,
    f.LedgerExpenseCode ? ilike(ytd.ledgerExpenseCode, contains(f.LedgerExpenseCode)) : undefined,
  ) as SQL;
}

function ytdFrom(db: Db) {
  return db
    .select(ytdColumns)
    .from(ytd)
    .innerJoin(cc, eq(cc.id, ytd.costCentreId))
    .leftJoin(le, and(eq(le.companyId, ytd.companyId), eq(le.code, ytd.ledgerExpenseCode)));
}

function ytdOrder(f: Sorting, culture: Culture) {
  const sortable = {
    Year: ytd.year,
    Month: ytd.month,
    CostCenterCode: cc.code,
    CostCenterName: culture === 'en-GB' ? cc.nameEn : cc.nameZh,
    LedgerExpenseCode: ytd.ledgerExpenseCode,
    Amount: ytd.amount,
  };
  return f.SortField
    ? [orderFrom(sortable, f, ytd.year), asc(ytd.id)]
    : [sql`${ytd.year} desc`, sql`${ytd.month} desc`, asc(cc.code), asc(ytd.ledgerExpenseCode)];
}

export async function ytdPage(db: Db, companyId: number, f: GetYTDManualBody, culture: Culture) {
  const w = ytdWhere(companyId, f);
  const [totals] = await db
    .select({ n: count(), amount: sql<string>`coalesce(sum(${ytd.amount}), 0)::text` })
    .from(ytd)
    .where(w);
  const rows = await ytdFrom(db)
    .where(w)
    .orderBy(...ytdOrder(f, culture))
    .limit(f.PageSize)
    .offset(offsetOf(f));
  return { total: totals?.n ?? 0, amount: totals?.amount ?? '0', rows };
}

export async function ytdAll(
  db: Db,
  companyId: number,
  f: Omit<GetYTDManualBody, keyof Paging>,
  culture: Culture,
  limit: number,
) {
  return ytdFrom(db)
    .where(ytdWhere(companyId, f))
    .orderBy(...ytdOrder(f, culture))
    .limit(limit);
}

export async function upsertYtd(
  db: Db,
  companyId: number,
  v: {
    year: number;
    month: number;
    costCentreId: number;
    ledgerExpenseCode: string;
    amount: string;
    remark: string | null;
  },
) {
  const existed = await db
    .select({ id: ytd.id })
    .from(ytd)
    .where(
      and(
        eq(ytd.companyId, companyId),
        eq(ytd.year, v.year),
        eq(ytd.month, v.month),
        eq(ytd.costCentreId, v.costCentreId),
        eq(ytd.ledgerExpenseCode, v.ledgerExpenseCode),
      ),
    );
  await db
    .insert(ytd)
    .values({ ...v, companyId })
    .onConflictDoUpdate({
      target: [ytd.companyId, ytd.year, ytd.month, ytd.costCentreId, ytd.ledgerExpenseCode],
      set: { amount: v.amount, remark: v.remark },
    });
  return existed.length > 0;
}

export async function deleteYtd(db: Db, companyId: number, ids: number[]) {
  return db
    .delete(ytd)
    .where(and(eq(ytd.companyId, companyId), inArray(ytd.id, ids)))
    .returning();
}

export async function costCentresByCodes(db: Db, companyId: number, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ id: cc.id, code: cc.code })
    .from(cc)
    .where(and(eq(cc.companyId, companyId), codeIn(cc.code, codes)));
}

export async function ledgerCodes(db: Db, companyId: number, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ code: le.code })
    .from(le)
    .where(and(eq(le.companyId, companyId), codeIn(le.code, codes)));
}
