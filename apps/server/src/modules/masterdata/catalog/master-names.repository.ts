import type { MasterNameKind, SearchMasterNameBody } from '@ems/contracts';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../core/list';
import { team } from '../../org/org.table';
import { costCentre, internalOrder } from '../costcentre.table';
import { expenseItem, expenseSubItem, expenseType, ledgerExpense } from '../expense.table';
import { product, productBu, provider } from '../reference.table';

/** Where each kind of master data keeps its names; every kind has id, code, both names and a version. */
interface NameTable {
  table: PgTable;
  id: PgColumn;
  code: PgColumn;
  nameZh: PgColumn;
  nameEn: PgColumn;
  version: PgColumn;
  active: SQL<boolean>;
  /** What the record belongs to, shown beside its code. */
  owner: SQL<string | null>;
  inCompany: (companyId: number) => SQL;
}

type Named = Pick<NameTable, 'id' | 'code' | 'nameZh' | 'nameEn' | 'version'> & PgTable;
const named = (t: Named) => ({
  table: t,
  id: t.id,
  code: t.code,
  nameZh: t.nameZh,
  nameEn: t.nameEn,
  version: t.version,
});
const direct = (companyId: PgColumn) => (id: number) => eq(companyId, id);
const started = sql<boolean>`status = 'started'`;
const activeFlag = sql<boolean>`active`;

const NAME_TABLES: Record<MasterNameKind, NameTable> = {
  cost_centre: {
    ...named(costCentre),
    active: started,
    owner: sql`type`,
    inCompany: direct(costCentre.companyId),
  },
  internal_order: {
    ...named(internalOrder),
    active: started,
    owner: sql`(select c.code from cost_centre c where c.id = internal_order.cost_centre_id)`,
    inCompany: direct(internalOrder.companyId),
  },
  ledger_expense: {
    ...named(ledgerExpense),
    active: started,
    owner: sql`gl_account`,
    inCompany: direct(ledgerExpense.companyId),
  },
  expense_type: {
    ...named(expenseType),
    active: activeFlag,
    owner: sql`doc_type`,
    inCompany: direct(expenseType.companyId),
  },
  expense_item: {
    ...named(expenseItem),
    active: activeFlag,
    owner: sql`category`,
    inCompany: direct(expenseItem.companyId),
  },
  expense_sub_item: {
    ...named(expenseSubItem),
    active: activeFlag,
    owner: sql`(select i.code from expense_item i where i.id = expense_sub_item.expense_item_id)`,
    inCompany: (id) =>
      sql`exists (select 1 from expense_item i where i.id = expense_sub_item.expense_item_id and i.company_id = ${id})`,
  },
  product: {
    ...named(product),
    active: activeFlag,
    owner: sql`(select b.code from product_bu b where b.id = product.bu_id)`,
    inCompany: direct(product.companyId),
  },
  product_bu: {
    ...named(productBu),
    active: activeFlag,
    owner: sql`null`,
    inCompany: direct(productBu.companyId),
  },
  provider: {
    ...named(provider),
    active: activeFlag,
    owner: sql`category`,
    inCompany: direct(provider.companyId),
  },
  team: {
    ...named(team),
    active: activeFlag,
    owner: sql`(select p.code from team p where p.id = team.parent_id)`,
    inCompany: direct(team.companyId),
  },
};

export interface NameRecord {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
  version: number;
  active: boolean;
  owner: string | null;
}

function fields(d: NameTable) {
  return {
    id: sql<number>`${d.id}`,
    code: sql<string>`${d.code}`,
    nameZh: sql<string>`${d.nameZh}`,
    nameEn: sql<string>`${d.nameEn}`,
    version: sql<number>`${d.version}`,
    active: d.active,
    owner: d.owner,
  };
}

export async function searchNames(db: Db, companyId: number, q: SearchMasterNameBody) {
  const d = NAME_TABLES[q.Kind];
  const where = and(
    d.inCompany(companyId),
    keywordIn(q.Keyword, [d.code, d.nameZh, d.nameEn]),
    q.Untranslated ? sql`(${d.nameEn} = '' or ${d.nameEn} = ${d.nameZh})` : undefined,
  );
  return paged<NameRecord>(
    q,
    db.select({ n: count() }).from(d.table).where(where),
    db
      .select(fields(d))
      .from(d.table)
      .where(where)
      .orderBy(orderFrom({ Code: d.code, NameZH: d.nameZh, NameEN: d.nameEn }, q, d.code), asc(d.id)),
  );
}

export async function findName(db: Db, kind: MasterNameKind, companyId: number, id: number) {
  const d = NAME_TABLES[kind];
  const [row] = await db
    .select(fields(d))
    .from(d.table)
    .where(and(eq(d.id, id), d.inCompany(companyId)));
  return row as NameRecord | undefined;
}

/** Renames a record at the version the user saw; undefined when someone else changed it first. */
export async function rename(
  db: Db,
  kind: MasterNameKind,
  id: number,
  version: number,
  names: { nameZh: string; nameEn: string },
): Promise<boolean> {
  const d = NAME_TABLES[kind];
  const rows = await db
    .update(d.table)
    .set({ ...names, version: sql`${d.version} + 1` } as Record<string, unknown>)
    .where(and(eq(d.id, id), eq(d.version, version)))
    .returning({ id: d.id });
  return rows.length > 0;
}
