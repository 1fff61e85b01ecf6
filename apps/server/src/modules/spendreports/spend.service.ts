import type {
  SpendDetailBody,
  SpendDetailPage,
  SpendDetailRow,
  SpendExportBody,
  SpendListBody,
  SpendOption,
} from '@ems/contracts';
import { addMoney, compareMoney } from '@ems/contracts';
import type { Actor } from '../../core/actor';
import type { Db } from '../../core/db';
import { fieldError, notFound } from '../../core/errors';
import { localName } from '../../core/i18n';
import { monthsBetween, shanghaiToday } from '../../core/time';
import * as repo from './spend.repository';

export type SpendKind = repo.SpendKind;

/** How many of the largest cost centres or products a report names beside its total. */
export const TOP_GROUPS = 10;

/** The dates a report covers: as asked, else the current calendar year in Shanghai. */
export function dateRange(q: { DateFrom?: string | null | undefined; DateTo?: string | null | undefined }) {
  const year = shanghaiToday().slice(0, 4);
  const from = q.DateFrom ?? (q.DateTo ? `${q.DateTo.slice(0, 4)}-01-01` : `${year}-01-01`);
  const to = q.DateTo ?? (q.DateFrom ? `${q.DateFrom.slice(0, 4)}-12-31` : `${year}-12-31`);
  if (from > to) throw fieldError('DateTo', 'spendreports.range_reversed');
  return { from, to };
}

/** The filter of a report, its master records checked to be the company's own (another company's: 404). */
async function filterOf(db: Db, actor: Actor, q: SpendExportBody): Promise<repo.SpendFilter> {
  const { from, to } = dateRange(q);
  const foreign = await repo.foreignFilters(db, actor.companyId, {
    costCentre: q.CostCenterID,
    expenseType: q.ExpenseTypeID,
    expenseItem: q.ExpenseItemID,
    product: q.ProductID,
  });
  if (foreign) throw notFound();
  return {
    from,
    to,
    costCentreId: q.CostCenterID,
    costCentreText: q.CostCenter || undefined,
    expenseTypeId: q.ExpenseTypeID,
    expenseItemId: q.ExpenseItemID,
    productId: q.ProductID,
    stage: q.Stage,
    keyword: q.Keyword || undefined,
  };
}

export function toRow(r: repo.SpendRow, actor: Pick<Actor, 'culture'>): SpendDetailRow {
  const c = actor.culture;
  return {
    LineID: r.line_id,
    DocumentID: r.document_id,
    DocNo: r.doc_no,
    Status: r.status as SpendDetailRow['Status'],
    ApplicantCode: r.applicant_code,
    ApplicantName: localName(c, r.applicant_zh, r.applicant_en),
    TeamName: localName(c, r.team_zh, r.team_en),
    CostCenterCode: r.cc_code,
    CostCenterName: localName(c, r.cc_zh, r.cc_en),
    ExpenseTypeName: localName(c, r.type_zh, r.type_en),
    ExpenseItemName: localName(c, r.item_zh, r.item_en),
    ProductCode: r.product_code,
    ProductName: localName(c, r.product_zh, r.product_en),
    ExpenseDate: r.expense_date,
    Currency: r.currency,
    Amount: r.amount,
    AmountCNY: r.amount_cny,
  };
}

interface Sum {
  lines: number;
  amounts: string[];
}

function addTo<K>(map: Map<K, Sum>, key: K, r: { lines: number; amount: string }): void {
  const at = map.get(key) ?? { lines: 0, amounts: [] };
  at.lines += r.lines;
  at.amounts.push(r.amount);
  map.set(key, at);
}

/**
 * The report's cells (month × group) from the summaries (decision 039): without an expense type or item, all from the
 * coarse summary (whole months from its month rows, the odd days at either end from its day rows); with one, the
 * whole months from the summary by type and item and the odd days from the lines; everything from the lines when
 * the filter names a document number, which no summary keeps.
 */
async function cellsOf(db: Db, companyId: number, kind: SpendKind, f: repo.SpendFilter) {
  if (f.keyword) return repo.spendByMonth(db, companyId, kind, f);
  const { whole, odd } = monthsBetween(f.from, f.to);
  const months = whole && { from: whole.from ?? f.from, to: whole.to ?? f.to };
  if (!f.expenseTypeId && !f.expenseItemId)
    return repo.spendByPeriodSummed(db, companyId, kind, f, { months, days: odd });
  const parts = await Promise.all([
    ...(months ? [repo.spendByMonthSummed(db, companyId, kind, f, months)] : []),
    ...odd.map((range) => repo.spendByMonth(db, companyId, kind, { ...f, ...range })),
  ]);
  return parts.flat();
}

/** One page of a spend report with the total of every line the filters select and its monthly trend. */
export async function search(db: Db, actor: Actor, kind: SpendKind, q: SpendDetailBody): Promise<SpendDetailPage> {
  const f = await filterOf(db, actor, q);
  // The total and the page are independent reads: asked for together, the answer waits for the slower one only.
  const [cells, rows] = await Promise.all([
    cellsOf(db, actor.companyId, kind, f),
    repo.spendPage(db, actor.companyId, kind, f, {
      offset: (q.PageIndex - 1) * q.PageSize,
      limit: q.PageSize,
      sortField: q.SortField,
      sortOrder: q.SortOrder,
    }),
  ]);
  const byMonth = new Map<string, Sum>();
  const byGroup = new Map<number | null, Sum>();
  for (const r of cells) {
    addTo(byMonth, r.month, r);
    addTo(byGroup, r.group_id, r);
  }
  const months = [...byMonth]
    .map(([month, v]) => ({
      Month: month,
      Lines: v.lines,
      AmountCNY: addMoney('0', ...v.amounts),
    }))
    .sort((a, b) => a.Month.localeCompare(b.Month));
  const groups = [...byGroup]
    .map(([id, v]) => ({ id, lines: v.lines, amount: addMoney('0', ...v.amounts) }))
    .sort((a, b) => compareMoney(b.amount, a.amount))
    .slice(0, TOP_GROUPS);
  const names = new Map(
    (
      await repo.groupNames(
        db,
        kind,
        groups.flatMap((g) => (g.id === null ? [] : [g.id])),
      )
    ).map((n) => [n.id, n]),
  );
  return {
    Total: months.reduce((n, m) => n + m.Lines, 0),
    Rows: rows.map((r) => toRow(r, actor)),
    TotalAmountCNY: addMoney('0', ...months.map((m) => m.AmountCNY)),
    DateFrom: f.from,
    DateTo: f.to,
    Trend: months,
    TopGroups: groups.map((g) => {
      const n = g.id === null ? undefined : names.get(g.id);
      return {
        Code: n?.code ?? null,
        Name: n ? localName(actor.culture, n.name_zh, n.name_en) : null,
        Lines: g.lines,
        AmountCNY: g.amount,
      };
    }),
  };
}

/** Every line of the filters, streamed for the export (at most `limit`). */
export async function exportRows(db: Db, actor: Actor, kind: SpendKind, q: SpendExportBody, limit: number) {
  const f = await filterOf(db, actor, q);
  return (async function* () {
    for await (const r of repo.spendAll(db, actor.companyId, kind, f, limit)) yield toRow(r, actor);
  })();
}

const option =
  (actor: Actor) =>
  (r: repo.OptionRow): SpendOption => ({
    ID: r.id,
    Code: r.code,
    Name: localName(actor.culture, r.name_zh, r.name_en),
  });

export async function expenseTypeList(db: Db, actor: Actor, q: SpendListBody) {
  return (await repo.expenseTypes(db, actor.companyId, q.DocType)).map(option(actor));
}

export async function productList(db: Db, actor: Actor) {
  return (await repo.products(db, actor.companyId)).map(option(actor));
}

export async function itemNameList(db: Db, actor: Actor, q: SpendListBody) {
  if (q.ExpenseTypeID && (await repo.foreignFilters(db, actor.companyId, { expenseType: q.ExpenseTypeID })))
    throw notFound();
  return (await repo.expenseItems(db, actor.companyId, { docType: q.DocType, expenseTypeId: q.ExpenseTypeID })).map(
    option(actor),
  );
}
