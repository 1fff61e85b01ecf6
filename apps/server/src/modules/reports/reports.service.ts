import {
  type ApproveAmountPage,
  type ApproveAmountQuery,
  type ApproveAmountRow,
  addMoney,
  type CurrentReportQuery,
  type CurrentReportRow,
  compareMoney,
  type DocumentStatusPage,
  type DocumentStatusQuery,
  type DocumentStatusRow,
  type GetReportRecordBody,
  type MonthAmount,
  type MonthReportQuery,
  type MonthReportRow,
  money,
  type ReportRecordPage,
} from '@ems/contracts';
import Decimal from 'decimal.js';
import type { Actor } from '../../core/actor';
import type { Db } from '../../core/db';
import { forbidden, notFound } from '../../core/errors';
import type { SessionUser } from '../../core/http';
import { localName } from '../../core/i18n';
import { cappedTotal } from '../../core/list';
import * as record from './record.repository';
import * as status from './status.repository';

/** An export reads at most this many rows (a larger one is narrowed by its filters). */
export const EXPORT_LIMIT = 200_000;

/**
 * A team, cost centre or approver a report is narrowed to must be the company's own: another company's answers 404,
 * as its documents would never show anyway.
 */
async function assertOwn(
  db: Db,
  companyId: number,
  q: { TeamID?: number | undefined; CostCenterID?: number | undefined; ApproverID?: number | undefined },
) {
  if (!(await record.allOwnedBy(db, companyId, q))) throw notFound();
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toStatusRow(r: status.StatusRow, actor: Pick<Actor, 'culture'>): DocumentStatusRow {
  const c = actor.culture;
  return {
    ID: r.d.id,
    DocNo: r.d.docNo,
    DocType: r.d.docType,
    Status: r.d.status,
    ApplicantCode: r.applicantCode,
    ApplicantName: localName(c, r.applicantZh, r.applicantEn),
    TeamName: r.teamZh === null ? null : localName(c, r.teamZh, r.teamEn ?? r.teamZh),
    CostCenterCode: r.ccCode,
    Currency: r.d.currency,
    TotalAmountCNY: r.d.totalAmountCny,
    CreatedAt: r.d.createdAt.toISOString(),
    SubmittedAt: iso(r.d.submittedAt),
    ApprovedAt: iso(r.d.approvedAt),
    CurrentApproverName: r.currentZh === null ? null : localName(c, r.currentZh, r.currentEn ?? r.currentZh),
  };
}

export async function documentStatus(db: Db, actor: Actor, q: DocumentStatusQuery): Promise<DocumentStatusPage> {
  await assertOwn(db, actor.companyId, q);
  const { counted, limit, rows, byStatus } = await status.documentStatus(db, actor.companyId, q);
  return {
    ...cappedTotal(counted, limit),
    Rows: rows.map((r) => toStatusRow(r, actor)),
    ByStatus: byStatus.map((s) => ({ Status: s.status, Count: s.n })),
  };
}

export async function* exportDocumentStatus(db: Db, actor: Actor, q: DocumentStatusQuery) {
  await assertOwn(db, actor.companyId, q);
  for await (const r of status.allDocumentStatus(db, actor.companyId, q, EXPORT_LIMIT)) yield toStatusRow(r, actor);
}

export function toDecisionRow(r: status.DecisionRow, actor: Pick<Actor, 'culture'>): ApproveAmountRow {
  const c = actor.culture;
  const delegated = r.actedById !== null && r.actedById !== r.approverId;
  return {
    StepID: r.stepId,
    DocumentID: r.documentId,
    DocNo: r.docNo,
    DocType: r.docType,
    Status: r.status,
    ApplicantName: localName(c, r.applicantZh, r.applicantEn),
    ApproverCode: r.approverCode,
    ApproverName: localName(c, r.approverZh, r.approverEn),
    ActedByName: delegated && r.actedByZh !== null ? localName(c, r.actedByZh, r.actedByEn ?? r.actedByZh) : null,
    StepName: localName(c, r.stepZh, r.stepEn),
    Decision: r.decision as ApproveAmountRow['Decision'],
    DecidedAt: iso(r.actedAt) ?? '',
    TotalAmountCNY: r.amountCny,
  };
}

export async function approveAmounts(db: Db, actor: Actor, q: ApproveAmountQuery): Promise<ApproveAmountPage> {
  await assertOwn(db, actor.companyId, q);
  const { counted, limit, rows, totals } = await status.approveAmounts(db, actor.companyId, q);
  return {
    ...cappedTotal(counted, limit),
    Rows: rows.map((r) => toDecisionRow(r, actor)),
    Approved: totals.approved,
    ApprovedAmountCNY: totals.amount,
    Rejected: totals.rejected,
  };
}

export async function* exportApproveAmounts(db: Db, actor: Actor, q: ApproveAmountQuery) {
  await assertOwn(db, actor.companyId, q);
  for await (const r of status.allApproveAmounts(db, actor.companyId, q, EXPORT_LIMIT)) yield toDecisionRow(r, actor);
}

/** The month report and the current-account report are two screens on one call: each needs its own screen. */
export function assertReportScreen(user: SessionUser, q: GetReportRecordBody): void {
  const screen = q.Report === 'month' ? 'MonthReport' : 'CurrentReport';
  if (!user.functions.has(screen)) throw forbidden();
}

const ZERO = '0.00';

interface Group {
  key: number | null;
  months: Map<string, { documents: number; amount: string }>;
}

/** The cells grouped by their group; each group's cells keyed `year-month`. */
function byGroup(cells: record.SpendCell[]): Map<number | null, Group> {
  const groups = new Map<number | null, Group>();
  for (const c of cells) {
    const g = groups.get(c.key) ?? { key: c.key, months: new Map() };
    g.months.set(`${c.year}-${c.month}`, { documents: c.documents, amount: money(c.amount) });
    groups.set(c.key, g);
  }
  return groups;
}

/** Code and name of each group, in the user's language; documents without one form the group `none`. */
async function named(db: Db, actor: Actor, by: record.SpendGroupBy, groups: Map<number | null, Group>) {
  const ids = [...groups.keys()].filter((k): k is number => k !== null);
  const names = new Map((await record.groupNames(db, by, ids)).map((n) => [n.id, n]));
  return (key: number | null) => {
    const n = key === null ? undefined : names.get(key);
    return {
      Key: key === null ? 'none' : String(key),
      Code: n?.code ?? null,
      Name: n ? localName(actor.culture, n.nameZh, n.nameEn) : '',
    };
  };
}

const sum = (values: string[]) => values.reduce((s, v) => addMoney(money(s), money(v)), ZERO);
/** Biggest first, then by key: a stable order for paging. */
const bigFirst =
  <R extends { Key: string }>(amount: (r: R) => string) =>
  (a: R, b: R) =>
    compareMoney(money(amount(b)), money(amount(a))) || a.Key.localeCompare(b.Key);

/** The twelve months of a year over every group (the trend chart). */
function monthsOf(cells: record.SpendCell[], year: number): MonthAmount[] {
  return Array.from({ length: 12 }, (_, i) => {
    const mine = cells.filter((c) => c.year === year && c.month === i + 1);
    return {
      Month: i + 1,
      Documents: mine.reduce((n, c) => n + c.documents, 0),
      AmountCNY: sum(mine.map((c) => c.amount)),
    };
  });
}

/** Every group of a year with its twelve months, biggest spend first, and the twelve months over all groups. */
export async function monthReport(db: Db, actor: Actor, q: MonthReportQuery) {
  const cells = await record.spendCells(db, actor.companyId, {
    from: record.monthStart(q.Year, 1),
    before: record.monthStart(q.Year, 13),
    docType: q.DocType,
    groupBy: q.GroupBy,
    teamId: q.TeamID,
    costCentreId: q.CostCenterID,
  });
  const groups = byGroup(cells);
  const name = await named(db, actor, q.GroupBy, groups);
  const rows: MonthReportRow[] = [...groups.values()].map((g) => {
    const months = Array.from({ length: 12 }, (_, i) => g.months.get(`${q.Year}-${i + 1}`));
    return {
      ...name(g.key),
      Months: months.map((m) => m?.amount ?? ZERO),
      Documents: months.reduce((n, m) => n + (m?.documents ?? 0), 0),
      TotalCNY: sum(months.map((m) => m?.amount ?? ZERO)),
    };
  });
  rows.sort(bigFirst((r) => r.TotalCNY));
  return { rows, months: monthsOf(cells, q.Year), total: sum(rows.map((r) => r.TotalCNY)) };
}

/** Year-to-date change against last year, one decimal; none when last year had nothing to compare with. */
function change(now: string, before: string): string | null {
  if (compareMoney(money(before), money(ZERO)) === 0) return null;
  return new Decimal(now).minus(before).div(before).times(100).toFixed(1);
}

/** One month per group beside its year to date, and both a year earlier; the months of the year to the period. */
export async function currentReport(db: Db, actor: Actor, q: CurrentReportQuery) {
  const [year, month] = q.Period.split('-').map(Number) as [number, number];
  const cells = await record.spendCells(db, actor.companyId, {
    from: record.monthStart(year - 1, 1),
    before: record.monthStart(year, month + 1),
    docType: q.DocType,
    groupBy: q.GroupBy,
    teamId: q.TeamID,
    costCentreId: q.CostCenterID,
  });
  const groups = byGroup(cells);
  const name = await named(db, actor, q.GroupBy, groups);
  const upTo = (g: Group, y: number) =>
    sum(Array.from({ length: month }, (_, i) => g.months.get(`${y}-${i + 1}`)?.amount ?? ZERO));
  const rows: CurrentReportRow[] = [...groups.values()].map((g) => {
    const ytd = upTo(g, year);
    const lastYtd = upTo(g, year - 1);
    const now = g.months.get(`${year}-${month}`);
    return {
      ...name(g.key),
      PeriodDocuments: now?.documents ?? 0,
      PeriodCNY: now?.amount ?? ZERO,
      YearToDateCNY: ytd,
      LastYearPeriodCNY: g.months.get(`${year - 1}-${month}`)?.amount ?? ZERO,
      LastYearToDateCNY: lastYtd,
      ChangePercent: change(ytd, lastYtd),
    };
  });
  rows.sort(bigFirst((r) => r.PeriodCNY));
  const months = monthsOf(cells, year).map((m) => (m.Month > month ? { ...m, Documents: 0, AmountCNY: ZERO } : m));
  const totals = {
    PeriodCNY: sum(rows.map((r) => r.PeriodCNY)),
    YearToDateCNY: sum(rows.map((r) => r.YearToDateCNY)),
    LastYearPeriodCNY: sum(rows.map((r) => r.LastYearPeriodCNY)),
    LastYearToDateCNY: sum(rows.map((r) => r.LastYearToDateCNY)),
  };
  return { rows, months, totals };
}

export async function reportRecord(db: Db, actor: Actor, q: GetReportRecordBody): Promise<ReportRecordPage> {
  await assertOwn(db, actor.companyId, q);
  const from = (q.PageIndex - 1) * q.PageSize;
  if (q.Report === 'month') {
    const { rows, months, total } = await monthReport(db, actor, q);
    return {
      Report: 'month',
      Total: rows.length,
      MonthRows: rows.slice(from, from + q.PageSize),
      Months: months,
      CurrentRows: [],
      Totals: {
        AmountCNY: total,
        PeriodCNY: ZERO,
        YearToDateCNY: ZERO,
        LastYearPeriodCNY: ZERO,
        LastYearToDateCNY: ZERO,
      },
    };
  }
  const { rows, months, totals } = await currentReport(db, actor, q);
  return {
    Report: 'current',
    Total: rows.length,
    MonthRows: [],
    Months: months,
    CurrentRows: rows.slice(from, from + q.PageSize),
    Totals: { AmountCNY: totals.YearToDateCNY, ...totals },
  };
}

/** Every group of a spend report for its export (a few hundred at most: groups, not documents). */
export async function spendRows(db: Db, actor: Actor, q: GetReportRecordBody) {
  await assertOwn(db, actor.companyId, q);
  return q.Report === 'month'
    ? { month: (await monthReport(db, actor, q)).rows, current: [] }
    : { month: [], current: (await currentReport(db, actor, q)).rows };
}
