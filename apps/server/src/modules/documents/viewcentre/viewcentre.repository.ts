import type { ViewCenterQuery } from '@ems/contracts';
import { type AnyColumn, and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db';
import { EXPORT_PAGE } from '../../../core/export';
import { countLimit, offsetOf } from '../../../core/list';
import { employee, team } from '../../org/org.table';
import { approvalStep } from '../../workflow/approval/approval.table';
import { document as doc } from '../document.table';
import {
  applicant,
  createdWithin,
  documentKeyword,
  documentList,
  moreThan,
  type Newest,
  newest,
  peopleNamed,
} from '../document-list.repository';
import { newestIds, scopeWhere, type ViewScope } from '../scope/scope.repository';

export type { ViewScope };

const current = alias(employee, 'current_approver');

/** The list's own filters; `named`: the people the keyword names (`peopleNamed`), read before the list. */
function filtersOf(q: ViewCenterQuery, named: number[]) {
  return and(
    q.DocType ? eq(doc.docType, q.DocType) : undefined,
    q.Status ? eq(doc.status, q.Status) : undefined,
    q.ApplicantID ? eq(doc.applicantId, q.ApplicantID) : undefined,
    q.TeamID ? eq(doc.teamId, q.TeamID) : undefined,
    q.CostCenterID ? eq(doc.costCentreId, q.CostCenterID) : undefined,
    q.Keyword ? documentKeyword(q.Keyword, named) : undefined,
    createdWithin(q),
  );
}

function where(companyId: number, scope: ViewScope, q: ViewCenterQuery, named: number[]) {
  return and(eq(doc.companyId, companyId), scopeWhere(scope), filtersOf(q, named));
}

// Never-submitted or not-yet-approved documents sort as the earliest time, so every sort key has a value and an
// export can page by it (keyset) instead of by OFFSET.
const SORTABLE: Record<string, AnyColumn | SQL> = {
  DocNo: doc.docNo,
  Status: doc.status,
  DocType: doc.docType,
  TotalAmount: doc.totalAmount,
  TotalAmountCNY: doc.totalAmountCny,
  CreatedAt: doc.createdAt,
  SubmittedAt: sql`coalesce(${doc.submittedAt}, '-infinity')`,
  ApprovedAt: sql`coalesce(${doc.approvedAt}, '-infinity')`,
};

/** The list's order: newest first unless the caller sorts (people look for what they just made); ties by id. */
function orderOf(q: Pick<ViewCenterQuery, 'SortField' | 'SortOrder'>) {
  const key = (q.SortField ? SORTABLE[q.SortField] : undefined) ?? doc.createdAt;
  const descending = key === doc.createdAt && !q.SortField ? true : q.SortOrder === 'descend';
  const by = descending ? desc : asc;
  return { key, descending, orderBy: [by(key), by(doc.id)] };
}

/**
 * Whether a personal or follow list in this order is read by its parts (`newestIds`): newest first, the order the
 * parts' indexes keep.
 */
export function readsByParts(q: Pick<ViewCenterQuery, 'SortField' | 'SortOrder'>): boolean {
  const { key, descending } = orderOf(q);
  return key === doc.createdAt && descending;
}

/**
 * The list's rows; `sortKey` is the row's value of the order's key, where an export's next page starts after. Only
 * the document's columns a row shows: an export maps a hundred thousand rows, each column one more to decode.
 */
function select(db: Db, key: AnyColumn | SQL) {
  return documentList(db, {
    d: {
      id: doc.id,
      docNo: doc.docNo,
      docType: doc.docType,
      status: doc.status,
      currency: doc.currency,
      totalAmount: doc.totalAmount,
      totalAmountCny: doc.totalAmountCny,
      reason: doc.reason,
      createdAt: doc.createdAt,
      submittedAt: doc.submittedAt,
      approvedAt: doc.approvedAt,
      longTerm: doc.longTerm,
      applyStopped: doc.applyStopped,
      version: doc.version,
    },
    sortKey: sql<string>`(${key})::text`,
    applicantCode: applicant.code,
    teamZh: team.nameZh,
    teamEn: team.nameEn,
    currentZh: current.nameZh,
    currentEn: current.nameEn,
  })
    .leftJoin(team, eq(team.id, doc.teamId))
    .leftJoin(
      approvalStep,
      and(
        eq(approvalStep.documentId, doc.id),
        eq(approvalStep.round, doc.round),
        eq(approvalStep.status, 'pending'),
        eq(doc.status, 'approving'),
      ),
    )
    .leftJoin(current, eq(current.id, approvalStep.approverId));
}

export type ViewRow = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

/**
 * A keyword over a whole company's documents is first looked for among its newest `RECENT`: a common word (a reason,
 * a frequent surname) fills the page there at once, where the indexes would fetch every one of its tens of thousands
 * of documents to sort them; only a rare one, whose few documents the indexes find quickly, goes on to all of them.
 */
const RECENT = 5_000;

/**
 * One page of a list and its count (up to `countLimit`; `atLeast` when only the newest documents were counted), from
 * one statement: the ids of the list's first `countLimit + 1` documents in its order, chosen on the document table
 * alone, counted and cut to the page, so the scope is walked once. Only the page's rows are joined to the names:
 * joined first, PostgreSQL would join every document in the scope (past eight joins it keeps the written order).
 */
export async function search(db: Db, companyId: number, scope: ViewScope, q: ViewCenterQuery, recent = RECENT) {
  const named = q.Keyword ? await peopleNamed(db, q.Keyword) : [];
  const { key, descending, orderBy } = orderOf(q);
  const limit = countLimit(q);
  const offset = offsetOf(q);
  const newestFirst = key === doc.createdAt && descending;
  if (newestFirst && (scope.kind === 'personal' || scope.kind === 'follow')) {
    const ids = await newestIds(db, companyId, scope, filtersOf(q, named), limit + 1);
    return {
      counted: ids.length,
      limit,
      atLeast: false,
      rows: await rowsOf(db, key, orderBy, ids.slice(offset, offset + q.PageSize)),
    };
  }
  const w = where(companyId, scope, q, named);
  const leading = (from: Newest | typeof doc) =>
    db
      .select({ id: doc.id })
      .from(from)
      .where(w)
      .orderBy(...orderBy)
      .limit(limit + 1);
  let ids: { id: number }[] | undefined;
  let atLeast = false;
  const firstNewest = q.Keyword && scope.kind === 'company' && newestFirst;
  if (firstNewest && (await moreThan(db, companyId, recent))) {
    const found = await leading(newest(db, companyId, recent));
    if (found.length >= offset + q.PageSize) {
      ids = found;
      atLeast = found.length <= limit;
    }
  }
  ids ??= await leading(doc);
  return {
    counted: ids.length,
    limit,
    atLeast,
    rows: await rowsOf(
      db,
      key,
      orderBy,
      ids.slice(offset, offset + q.PageSize).map((r) => r.id),
    ),
  };
}

/**
 * The rows of a page's documents, in the list's order. The ids as values, not a subquery: the nine-table join then
 * starts from twenty documents, whatever order the planner would otherwise keep past eight joins.
 */
async function rowsOf(db: Db, key: AnyColumn | SQL, orderBy: SQL[], ids: number[]) {
  return ids.length
    ? await select(db, key)
        .where(inArray(doc.id, ids))
        .orderBy(...orderBy)
    : [];
}

/**
 * Every row of a list, in pages, for an export: each page starts after the last row of the one before (keyset), so
 * a deep page costs what the first does instead of sorting every row before it again.
 */
export async function* all(
  db: Db,
  companyId: number,
  scope: ViewScope,
  q: ViewCenterQuery,
  limit: number,
  pageSize = EXPORT_PAGE,
) {
  const w = where(companyId, scope, q, q.Keyword ? await peopleNamed(db, q.Keyword) : []);
  const { key, descending, orderBy } = orderOf(q);
  const page = (after: { key: string; id: number } | undefined, size: number) => {
    const past =
      after &&
      (descending
        ? sql`(${key}, ${doc.id}) < (${after.key}, ${after.id})`
        : sql`(${key}, ${doc.id}) > (${after.key}, ${after.id})`);
    const rows = select(db, key)
      .where(and(w, past))
      .orderBy(...orderBy)
      .limit(size)
      .execute();
    // A download given up midway leaves its prefetched page unread: its failure must not go unhandled.
    rows.catch(() => undefined);
    return rows;
  };
  // The next page is asked for before this one is handed on, so the database works while the file is written.
  let next = page(undefined, Math.min(pageSize, limit));
  for (let read = 0; read < limit; ) {
    const rows = await next;
    read += rows.length;
    const last = rows.at(-1);
    const more = rows.length === pageSize && last !== undefined && read < limit;
    if (more) next = page({ key: last.sortKey, id: last.d.id }, Math.min(pageSize, limit - read));
    yield* rows;
    if (!more) return;
  }
}
