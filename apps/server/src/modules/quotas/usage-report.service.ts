import type {
  Culture,
  QuotaKind,
  UsageReport,
  YearUsedDetailBody,
  YearUsedDetailExportBody,
  YearUsedDetailPage,
  YearUsedDetailRow,
  YearUsedPage,
  YearUsedRow,
  YearUsedSearchBody,
} from '@ems/contracts';
import { Decimal } from 'decimal.js';
import type { Actor } from '../../core/actor';
import type { Db } from '../../core/db';
import { notFound } from '../../core/errors';
import { localName } from '../../core/i18n';
import { cappedTotal } from '../../core/list';
import { subjectExists } from './quota.repository';
import * as repo from './usage-report.repository';

/** The quota kind each yearly-used report reads. */
export const REPORT_KIND: Record<UsageReport, QuotaKind> = {
  HCP: 'hcp',
  HCO: 'hco',
  ClinicalTrialHCO: 'clinical_hco',
  Overseas: 'overseas',
  LectureFee: 'lecture_fee',
};

const money = (v: string | null) => (v === null ? null : new Decimal(v).toFixed(2));

function row(r: repo.UsageRow, year: number, culture: Culture): YearUsedRow {
  const available = r.cap === null ? null : Decimal.max(new Decimal(r.cap).minus(r.used), 0).toFixed(2);
  return {
    SubjectID: r.subject_id,
    SubjectCode: r.code,
    SubjectName: localName(culture, r.name_zh, r.name_en),
    Extra: r.extra_zh ? localName(culture, r.extra_zh, r.extra_en ?? r.extra_zh) : null,
    Year: year,
    Held: money(r.held)!,
    Consumed: money(r.consumed)!,
    Used: money(r.used)!,
    Cap: money(r.cap),
    Available: available,
    UsedPercent: r.used_percent === null ? null : new Decimal(r.used_percent).toFixed(2),
    LimitStatus: r.limit_status === null ? null : Number(r.limit_status),
    Documents: r.documents,
  };
}

/** A yearly-used report's page and its totals over everything the filters select. */
export async function search(db: Db, actor: Actor, report: UsageReport, f: YearUsedSearchBody): Promise<YearUsedPage> {
  const kind = REPORT_KIND[report];
  const totals = await repo.usageTotals(db, actor.companyId, kind, f);
  const rows = await repo.usagePage(db, actor.companyId, kind, f, {
    limit: f.PageSize,
    offset: (f.PageIndex - 1) * f.PageSize,
  });
  return {
    Total: totals.n,
    Rows: rows.map((r) => row(r, f.Year, actor.culture)),
    Totals: {
      Held: money(totals.held)!,
      Consumed: money(totals.consumed)!,
      Used: money(totals.used)!,
      Subjects: totals.n,
    },
  };
}

function detailRow(r: repo.DetailRow, culture: Culture): YearUsedDetailRow {
  return {
    LedgerID: r.id,
    DocumentID: r.document_id,
    DocNo: r.doc_no,
    DocType: r.doc_type,
    DocStatus: r.status,
    ApplicantName: localName(culture, r.applicant_zh, r.applicant_en),
    SubjectID: Number(r.subject_id),
    SubjectCode: r.code,
    SubjectName: localName(culture, r.name_zh, r.name_en),
    ExpenseItemName: r.item_zh ? localName(culture, r.item_zh, r.item_en ?? r.item_zh) : null,
    Month: Number(r.month),
    Amount: money(r.amount)!,
    State: r.state,
  };
}

/** A subject asked for by id must be the company's: another company's HCP is "not found", never an empty list. */
export async function assertSubject(db: Db, actor: Actor, report: UsageReport, subjectId: number | undefined) {
  if (subjectId && !(await subjectExists(db, actor.companyId, REPORT_KIND[report], subjectId)))
    throw notFound('usage.subject_not_found');
}

export async function detail(
  db: Db,
  actor: Actor,
  report: UsageReport,
  f: YearUsedDetailBody,
): Promise<YearUsedDetailPage> {
  await assertSubject(db, actor, report, f.SubjectID);
  const { counted, limit, rows } = await repo.detailPage(db, actor.companyId, REPORT_KIND[report], f);
  return { ...cappedTotal(counted, limit), Rows: rows.map((r) => detailRow(r, actor.culture)) };
}

/** Every subject's sums the filters select, for the export. */
export async function* exportSums(db: Db, actor: Actor, report: UsageReport, f: YearUsedDetailExportBody) {
  for (const r of await repo.usagePage(db, actor.companyId, REPORT_KIND[report], f, null))
    yield row(r, f.Year, actor.culture);
}

/** Every document row the filters select, for the export, streamed in batches. */
export async function* exportDetails(db: Db, actor: Actor, report: UsageReport, f: YearUsedDetailExportBody) {
  for await (const r of repo.allDetails(db, actor.companyId, REPORT_KIND[report], f)) yield detailRow(r, actor.culture);
}
