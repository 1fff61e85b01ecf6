import type { ApproveAmountQuery, DocumentStatusQuery } from '@ems/contracts';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../core/db';
import { EXPORT_PAGE } from '../../core/export';
import { codeStartsWith, countLimit, idIn, offsetOf } from '../../core/list';
import { monthsBetween } from '../../core/time';
import { document as doc } from '../documents/document.table';
import { applicant, createdWithin, documentCount, peopleNamed } from '../documents/document-list.repository';
import { costCentre } from '../masterdata/costcentre.table';
import { team } from '../org/org.table';
import { approvalStep } from '../workflow/approval/approval.table';

/** The document-status and approve-amount reports: documents of the company and the decisions taken on them. */

const current = alias(applicant, 'current_approver');

async function statusWhere(db: Db, companyId: number, q: DocumentStatusQuery): Promise<SQL | undefined> {
  const named = q.Keyword ? await peopleNamed(db, q.Keyword) : [];
  return and(
    eq(doc.companyId, companyId),
    q.DocType ? eq(doc.docType, q.DocType) : undefined,
    q.Status ? eq(doc.status, q.Status) : undefined,
    q.TeamID ? eq(doc.teamId, q.TeamID) : undefined,
    q.CostCenterID ? eq(doc.costCentreId, q.CostCenterID) : undefined,
    q.Keyword
      ? sql`(${codeStartsWith(doc.docNo, q.Keyword)} or ${doc.applicantId} = any(${sql.param(named)}::int[]))`
      : undefined,
    createdWithin(q),
  );
}

/** The columns the report shows, and no more: an export reads a hundred thousand of these. */
function statusRows(db: Db) {
  return db
    .select({
      d: {
        id: doc.id,
        docNo: doc.docNo,
        docType: doc.docType,
        status: doc.status,
        round: doc.round,
        currency: doc.currency,
        totalAmountCny: doc.totalAmountCny,
        createdAt: doc.createdAt,
        submittedAt: doc.submittedAt,
        approvedAt: doc.approvedAt,
      },
      applicantCode: applicant.code,
      applicantZh: applicant.nameZh,
      applicantEn: applicant.nameEn,
      ccCode: costCentre.code,
      teamZh: team.nameZh,
      teamEn: team.nameEn,
    })
    .from(doc)
    .innerJoin(applicant, eq(applicant.id, doc.applicantId))
    .leftJoin(costCentre, eq(costCentre.id, doc.costCentreId))
    .leftJoin(team, eq(team.id, doc.teamId));
}

/**
 * Who each document being approved waits for, by document id: read apart from the page's join, so the pending
 * steps are found through their document's index instead of scanning every step.
 */
async function currentApprovers(db: Db, rows: { d: { id: number; status: string; round: number } }[]) {
  const approving = rows.filter((r) => r.d.status === 'approving');
  if (approving.length === 0) return new Map<number, { zh: string; en: string }>();
  const found = await db
    .select({ documentId: approvalStep.documentId, zh: current.nameZh, en: current.nameEn })
    .from(approvalStep)
    .innerJoin(current, eq(current.id, approvalStep.approverId))
    .where(
      and(
        idIn(
          approvalStep.documentId,
          approving.map((r) => r.d.id),
        ),
        eq(approvalStep.status, 'pending'),
        sql`(${approvalStep.documentId}, ${approvalStep.round}) in (select ${doc.id}, ${doc.round} from ${doc} where ${idIn(
          doc.id,
          approving.map((r) => r.d.id),
        )})`,
      ),
    );
  return new Map(found.map((f) => [f.documentId, { zh: f.zh, en: f.en }]));
}

/** The page's rows with the approver each waits for. */
async function withApprovers(db: Db, rows: Awaited<ReturnType<ReturnType<typeof statusRows>['execute']>>) {
  const approvers = await currentApprovers(db, rows);
  return rows.map((r) => ({
    ...r,
    currentZh: approvers.get(r.d.id)?.zh ?? null,
    currentEn: approvers.get(r.d.id)?.en ?? null,
  }));
}

export type StatusRow = Awaited<ReturnType<typeof withApprovers>>[number];

/**
 * One page of documents newest first, its count (stopped ten pages ahead) and the count per state (the chart). The
 * page's ids are chosen on the document table alone, then only those are joined to the names.
 */
export async function documentStatus(db: Db, companyId: number, q: DocumentStatusQuery) {
  const where = await statusWhere(db, companyId, q);
  const limit = countLimit(q);
  const [counted] = await documentCount(db, where, limit);
  const ids = await db
    .select({ id: doc.id })
    .from(doc)
    .where(where)
    .orderBy(desc(doc.createdAt), desc(doc.id))
    .limit(q.PageSize)
    .offset(offsetOf(q));
  const rows = ids.length
    ? await withApprovers(
        db,
        await statusRows(db)
          .where(
            inArray(
              doc.id,
              ids.map((r) => r.id),
            ),
          )
          .orderBy(desc(doc.createdAt), desc(doc.id)),
      )
    : [];
  const byStatus = await countByStatus(db, companyId, q, where);
  return { counted: counted?.n ?? 0, limit, rows, byStatus };
}

/** The count per state of the documents `where` selects, read from the documents. */
function countByStatusBare(db: Db, where: SQL | undefined) {
  return db
    .select({ status: doc.status, n: count() })
    .from(doc)
    .where(where)
    .groupBy(doc.status)
    .orderBy(asc(doc.status));
}

/**
 * The count per state (the chart). Without a keyword, team or cost centre (which the state summary does not keep),
 * the whole months of creation come from the summary (decision 039) and only the odd days at either end of the
 * dates from the documents; otherwise everything from the documents.
 */
async function countByStatus(db: Db, companyId: number, q: DocumentStatusQuery, where: SQL | undefined) {
  if (q.Keyword || q.TeamID || q.CostCenterID) return countByStatusBare(db, where);
  const { whole, odd } = monthsBetween(q.DateFrom, q.DateTo);
  const parts = await Promise.all([
    ...(whole
      ? [
          db.execute(sql`select status, sum(documents)::int as n from document_state_summary
            where company_id = ${companyId}
              ${q.DocType ? sql`and doc_type = ${q.DocType}` : sql``}
              ${q.Status ? sql`and status = ${q.Status}` : sql``}
              ${whole.from ? sql`and month >= ${whole.from}::date` : sql``}
              ${whole.to ? sql`and month <= ${whole.to}::date` : sql``}
            group by status having sum(documents) <> 0`),
        ]
      : []),
    ...odd.map(async (range) => ({
      rows: await countByStatusBare(
        db,
        await statusWhere(db, companyId, { ...q, DateFrom: range.from, DateTo: range.to }),
      ),
    })),
  ]);
  const counts = new Map<string, number>();
  for (const part of parts)
    for (const r of (part as { rows: { status: string; n: number | string }[] }).rows)
      counts.set(r.status, (counts.get(r.status) ?? 0) + Number(r.n));
  return [...counts]
    .map(([status, n]) => ({ status: status as (typeof doc.$inferSelect)['status'], n }))
    .sort((a, b) => (a.status < b.status ? -1 : a.status > b.status ? 1 : 0));
}

/**
 * Every document of the filter, newest first, read a page at a time after the last one (keyset): each page's ids are
 * chosen on the document table alone, then only those are joined to the names (as the list's page is). The next
 * page is asked for before this one is handed on, so the database works while the file is written.
 */
export async function* allDocumentStatus(db: Db, companyId: number, q: DocumentStatusQuery, max: number) {
  const where = await statusWhere(db, companyId, q);
  const order = [desc(doc.createdAt), desc(doc.id)];
  const page = async (after: { at: Date; id: number } | undefined, size: number) => {
    const ids = await db
      .select({ id: doc.id, at: doc.createdAt })
      .from(doc)
      .where(
        and(
          where,
          after
            ? sql`(${doc.createdAt}, ${doc.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(...order)
      .limit(size);
    const rows = ids.length
      ? await withApprovers(
          db,
          await statusRows(db)
            .where(
              idIn(
                doc.id,
                ids.map((r) => r.id),
              ),
            )
            .orderBy(...order),
        )
      : [];
    return { last: ids.at(-1), full: ids.length === size, rows };
  };
  let next = page(undefined, Math.min(EXPORT_PAGE, max));
  for (let read = 0; read < max; ) {
    const { last, full, rows } = await next;
    read += rows.length;
    const more = full && last !== undefined && read < max;
    if (more) {
      next = page(last, Math.min(EXPORT_PAGE, max - read));
      // A download given up midway leaves its prefetched page unread: its failure must not go unhandled.
      next.catch(() => undefined);
    }
    yield* rows;
    if (!more) return;
  }
}

const approver = alias(applicant, 'approver');
const actedBy = alias(applicant, 'acted_by');

function decisionWhere(companyId: number, q: ApproveAmountQuery): SQL | undefined {
  return and(
    eq(doc.companyId, companyId),
    q.Decision
      ? eq(approvalStep.status, q.Decision)
      : inArray(approvalStep.status, ['approved', 'auto_approved', 'rejected']),
    q.DocType ? eq(doc.docType, q.DocType) : undefined,
    q.ApproverID ? eq(approvalStep.approverId, q.ApproverID) : undefined,
    q.TeamID ? eq(doc.teamId, q.TeamID) : undefined,
    q.Keyword ? codeStartsWith(doc.docNo, q.Keyword) : undefined,
    q.DateFrom ? gte(approvalStep.actedAt, new Date(`${q.DateFrom}T00:00:00+08:00`)) : undefined,
    q.DateTo ? lte(approvalStep.actedAt, new Date(`${q.DateTo}T23:59:59.999+08:00`)) : undefined,
    sql`${approvalStep.actedAt} is not null`,
  );
}

function decisionRows(db: Db) {
  return db
    .select({
      stepId: approvalStep.id,
      documentId: doc.id,
      docNo: doc.docNo,
      docType: doc.docType,
      status: doc.status,
      amountCny: doc.totalAmountCny,
      applicantZh: applicant.nameZh,
      applicantEn: applicant.nameEn,
      approverCode: approver.code,
      approverZh: approver.nameZh,
      approverEn: approver.nameEn,
      approverId: approvalStep.approverId,
      actedById: approvalStep.actedBy,
      actedByZh: actedBy.nameZh,
      actedByEn: actedBy.nameEn,
      stepZh: approvalStep.nameZh,
      stepEn: approvalStep.nameEn,
      decision: approvalStep.status,
      actedAt: approvalStep.actedAt,
    })
    .from(approvalStep)
    .innerJoin(doc, eq(doc.id, approvalStep.documentId))
    .innerJoin(applicant, eq(applicant.id, doc.applicantId))
    .innerJoin(approver, eq(approver.id, approvalStep.approverId))
    .leftJoin(actedBy, eq(actedBy.id, approvalStep.actedBy));
}
export type DecisionRow = Awaited<ReturnType<ReturnType<typeof decisionRows>['execute']>>[number];

const decisionOrder = [desc(approvalStep.actedAt), desc(approvalStep.id)];

/** One page of decisions newest first, the capped count, and the totals over the whole filter. */
export async function approveAmounts(db: Db, companyId: number, q: ApproveAmountQuery) {
  const where = decisionWhere(companyId, q);
  const limit = countLimit(q);
  const hits = db
    .select({ one: sql`1` })
    .from(approvalStep)
    .innerJoin(doc, eq(doc.id, approvalStep.documentId))
    .where(where)
    .limit(limit + 1)
    .as('hits');
  const [counted] = await db.select({ n: count() }).from(hits);
  const rows = await decisionRows(db)
    .where(where)
    .orderBy(...decisionOrder)
    .limit(q.PageSize)
    .offset(offsetOf(q));
  const totals = await decisionTotals(db, companyId, q, where);
  return { counted: counted?.n ?? 0, limit, rows, totals };
}

interface DecisionTotals {
  approved: number;
  amount: string;
  rejected: number;
}

/** The totals of the decisions `where` selects, read from the steps. */
async function decisionTotalsBare(db: Db, where: SQL | undefined): Promise<DecisionTotals> {
  const [totals] = await db
    .select({
      approved: sql<number>`(count(*) filter (where ${approvalStep.status} <> 'rejected'))::int`,
      amount: sql<string>`coalesce(sum(${doc.totalAmountCny}) filter (where ${approvalStep.status} <> 'rejected'), 0)::numeric(18,2)::text`,
      rejected: sql<number>`(count(*) filter (where ${approvalStep.status} = 'rejected'))::int`,
    })
    .from(approvalStep)
    .innerJoin(doc, eq(doc.id, approvalStep.documentId))
    .where(where);
  return totals ?? { approved: 0, amount: '0.00', rejected: 0 };
}

/**
 * The totals of the decisions (approved count and amount, rejected count). Without a keyword, approver or team (which
 * the decision summary does not keep), the whole months come from the summary's month rows and the odd days at
 * either end from its day rows (decision 039); otherwise everything from the steps.
 */
async function decisionTotals(
  db: Db,
  companyId: number,
  q: ApproveAmountQuery,
  where: SQL | undefined,
): Promise<DecisionTotals> {
  if (q.Keyword || q.ApproverID || q.TeamID) return decisionTotalsBare(db, where);
  const { whole, odd } = monthsBetween(q.DateFrom, q.DateTo);
  const periods: SQL[] = [];
  if (whole)
    periods.push(
      sql`(grain = 'month'${whole.from ? sql` and period >= ${whole.from}::date` : sql``}${
        whole.to ? sql` and period <= ${whole.to}::date` : sql``
      })`,
    );
  for (const d of odd) periods.push(sql`(grain = 'day' and period between ${d.from}::date and ${d.to}::date)`);
  const result = await db.execute(sql`select
      coalesce(sum(steps) filter (where decision <> 'rejected'), 0)::int as approved,
      coalesce(sum(amount_cny) filter (where decision <> 'rejected'), 0)::numeric(18,2)::text as amount,
      coalesce(sum(steps) filter (where decision = 'rejected'), 0)::int as rejected
    from decision_summary
    where company_id = ${companyId}
      ${q.DocType ? sql`and doc_type = ${q.DocType}` : sql``}
      ${q.Decision ? sql`and decision = ${q.Decision}` : sql``}
      and (${sql.join(periods, sql` or `)})`);
  const [row] = (result as unknown as { rows: DecisionTotals[] }).rows;
  return row ?? { approved: 0, amount: '0.00', rejected: 0 };
}

export async function* allApproveAmounts(db: Db, companyId: number, q: ApproveAmountQuery, max: number) {
  const where = decisionWhere(companyId, q);
  let after: { at: Date; id: number } | undefined;
  for (let read = 0; read < max; ) {
    const rows = await decisionRows(db)
      .where(
        and(
          where,
          after
            ? sql`(${approvalStep.actedAt}, ${approvalStep.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(...decisionOrder)
      .limit(Math.min(EXPORT_PAGE, max - read));
    read += rows.length;
    yield* rows;
    const last = rows.at(-1);
    if (!last?.actedAt || rows.length < EXPORT_PAGE) return;
    after = { at: last.actedAt, id: last.stepId };
  }
}
