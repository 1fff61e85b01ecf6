import type { ExportF110Body, SearchF110DetailBody } from '@ems/contracts';
import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../core/list';
import { document } from '../../documents/document.table';
import { employee } from '../../org/org.table';
import { remittanceDeduction, remittanceItem, remittanceRun } from '../remit/remit.table';

export type RunRow = typeof remittanceRun.$inferSelect;

const deleter = aliasedTable(employee, 'deleter');

/** The run number as text (RM + six digits), to find a run by part of it. */
const runNo = sql<string>`'RM' || lpad(${remittanceRun.id}::text, 6, '0')`;

/** From when a run's personal data may be deleted: remitted at plus the retention period. */
const deletableFrom = (days: number) =>
  sql<Date | string | null>`${remittanceRun.remittedAt} + make_interval(days => ${days}::int)`;

function runFields(days: number) {
  return {
    r: remittanceRun,
    deleterZh: deleter.nameZh,
    deleterEn: deleter.nameEn,
    payees: sql<number>`(select count(distinct ${remittanceItem.employeeId})::int from ${remittanceItem}
      where ${remittanceItem.runId} = ${remittanceRun.id})`,
    items: sql<number>`(select count(*)::int from ${remittanceItem} where ${remittanceItem.runId} = ${remittanceRun.id})`,
    total: sql<string>`(select coalesce(sum(${remittanceItem.amount}), 0)::text from ${remittanceItem}
      where ${remittanceItem.runId} = ${remittanceRun.id})`,
    deletableFrom: deletableFrom(days),
  };
}
export type F110RunView = {
  r: RunRow;
  deleterZh: string | null;
  deleterEn: string | null;
  payees: number;
  items: number;
  total: string;
  deletableFrom: Date | string | null;
};

type MainFilter = Pick<ExportF110Body, 'DateFrom' | 'DateTo' | 'Keyword' | 'Deleted'>;

/** The paid runs of the company the filters select. */
function mainWhere(companyId: number, q: MainFilter): SQL | undefined {
  return and(
    eq(remittanceRun.companyId, companyId),
    eq(remittanceRun.step, 'done'),
    q.DateFrom ? gte(remittanceRun.creditingDate, q.DateFrom) : undefined,
    q.DateTo ? lte(remittanceRun.creditingDate, q.DateTo) : undefined,
    keywordIn(q.Keyword, [runNo]),
    q.Deleted === undefined
      ? undefined
      : q.Deleted
        ? isNotNull(remittanceRun.personalDataDeletedAt)
        : isNull(remittanceRun.personalDataDeletedAt),
  );
}

const MAIN_SORT = {
  RunNo: remittanceRun.id,
  CreditingDate: remittanceRun.creditingDate,
  RemittedAt: remittanceRun.remittedAt,
  DeletedAt: remittanceRun.personalDataDeletedAt,
};

/** One page of the company's paid runs, newest remittance first unless sorted otherwise. */
export async function searchRuns(
  db: Db,
  companyId: number,
  days: number,
  q: MainFilter & { PageIndex: number; PageSize: number; SortField?: string; SortOrder?: 'ascend' | 'descend' },
) {
  const where = mainWhere(companyId, q);
  return paged(
    q,
    db.select({ n: count() }).from(remittanceRun).where(where),
    db
      .select(runFields(days))
      .from(remittanceRun)
      .leftJoin(deleter, eq(deleter.id, remittanceRun.personalDataDeletedBy))
      .where(where)
      .orderBy(
        q.SortField ? orderFrom(MAIN_SORT, q, remittanceRun.id) : desc(remittanceRun.remittedAt),
        desc(remittanceRun.id),
      ),
  );
}

/** The run of the company, or undefined. */
export async function runOf(db: Db, companyId: number, id: number): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(remittanceRun)
    .where(and(eq(remittanceRun.id, id), eq(remittanceRun.companyId, companyId)));
  return row;
}

/** Locks the run of the company (FOR UPDATE); with whether its retention has passed, by the database's clock. */
export async function lockRun(db: Db, companyId: number, id: number, days: number) {
  const [row] = await db
    .select({ r: remittanceRun, retained: sql<boolean>`${deletableFrom(days)} > now()` })
    .from(remittanceRun)
    .where(and(eq(remittanceRun.id, id), eq(remittanceRun.companyId, companyId)))
    .for('update', { of: remittanceRun });
  return row;
}

const itemFields = {
  i: remittanceItem,
  docNo: document.docNo,
};
export type F110ItemView = { i: typeof remittanceItem.$inferSelect; docNo: string };

/** One page of a run's items, by bank line and document number. */
export async function searchItems(db: Db, runId: number, q: SearchF110DetailBody) {
  const where = and(
    eq(remittanceItem.runId, runId),
    keywordIn(q.Keyword, [document.docNo, remittanceItem.payeeCode, remittanceItem.payeeName]),
  );
  return paged(
    q,
    db
      .select({ n: count() })
      .from(remittanceItem)
      .innerJoin(document, eq(document.id, remittanceItem.documentId))
      .where(where),
    db
      .select(itemFields)
      .from(remittanceItem)
      .innerJoin(document, eq(document.id, remittanceItem.documentId))
      .where(where)
      .orderBy(
        orderFrom(
          { LineNo: remittanceItem.lineNo, DocNo: document.docNo, Amount: remittanceItem.amount },
          q,
          remittanceItem.lineNo,
        ),
        asc(document.docNo),
      ),
  );
}

export type F110ExportRow = F110ItemView & { r: RunRow };

/**
 * Every item of the runs the main filter selects, run by run in the list's order, a thousand at a time (keyset on
 * run and item), so a large export never sits in memory whole; the next page is asked for before this one is handed on.
 */
export async function* exportItems(db: Db, companyId: number, q: MainFilter, limit: number) {
  const size = 1000;
  const where = mainWhere(companyId, q);
  const page = (after: F110ExportRow | undefined, n: number) => {
    const past = after ? sql`(${remittanceRun.id}, ${remittanceItem.id}) < (${after.r.id}, ${after.i.id})` : undefined;
    const rows = db
      .select({ ...itemFields, r: remittanceRun })
      .from(remittanceItem)
      .innerJoin(remittanceRun, eq(remittanceRun.id, remittanceItem.runId))
      .innerJoin(document, eq(document.id, remittanceItem.documentId))
      .where(and(where, past))
      .orderBy(desc(remittanceRun.id), desc(remittanceItem.id))
      .limit(n);
    const p = rows.then((r) => r as F110ExportRow[]);
    p.catch(() => undefined);
    return p;
  };
  let next = page(undefined, Math.min(size, limit));
  for (let read = 0; read < limit; ) {
    const rows = await next;
    read += rows.length;
    const last = rows.at(-1);
    const more = rows.length === size && last !== undefined && read < limit;
    if (more) next = page(last, Math.min(size, limit - read));
    yield* rows;
    if (!more) return;
  }
}

/** Deletes the personal fields of every item of the run (amounts, bank lines and documents stay); answers how many. */
export async function clearItems(db: Db, runId: number): Promise<number> {
  const rows = await db
    .update(remittanceItem)
    .set({
      payeeCode: null,
      payeeName: '',
      bankName: null,
      bankAccount: null,
      // The account's branch goes with the account; the bank's reason for a return is about the account too.
      bankCnaps: null,
      bankBranch: null,
      bankReason: null,
      updatedAt: new Date(),
    })
    .where(eq(remittanceItem.runId, runId))
    .returning({ id: remittanceItem.id });
  // A card kept back is named by its masked number and the merchant: the payee's data too. What was kept back, when
  // and how much stay (a loan's deduction names a document, not a person, and stays whole).
  await db
    .update(remittanceDeduction)
    .set({ source: '' })
    .where(
      and(
        eq(remittanceDeduction.kind, 'card_private'),
        inArray(
          remittanceDeduction.itemId,
          db.select({ id: remittanceItem.id }).from(remittanceItem).where(eq(remittanceItem.runId, runId)),
        ),
      ),
    );
  return rows.length;
}
