import type { ViewCenterQuery } from '@ems/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../core/list';
import { employee, team } from '../../org/org.table';
import { approvalStep } from '../../workflow/approval/approval.table';
import { document as doc } from '../document.table';
import { applicant, createdWithin, documentCount, documentList } from '../document-list.repository';
import { scopeWhere, type ViewScope } from '../scope/scope.repository';

export type { ViewScope };

const current = alias(employee, 'current_approver');

function where(companyId: number, scope: ViewScope, q: ViewCenterQuery) {
  return and(
    eq(doc.companyId, companyId),
    scopeWhere(scope),
    q.DocType ? eq(doc.docType, q.DocType) : undefined,
    q.Status ? eq(doc.status, q.Status) : undefined,
    q.ApplicantID ? eq(doc.applicantId, q.ApplicantID) : undefined,
    q.TeamID ? eq(doc.teamId, q.TeamID) : undefined,
    q.CostCenterID ? eq(doc.costCentreId, q.CostCenterID) : undefined,
    keywordIn(q.Keyword, [doc.docNo, doc.reason, applicant.nameZh, applicant.nameEn, applicant.code]),
    createdWithin(q),
  );
}

const SORTABLE = {
  DocNo: doc.docNo,
  Status: doc.status,
  DocType: doc.docType,
  TotalAmount: doc.totalAmount,
  TotalAmountCNY: doc.totalAmountCny,
  CreatedAt: doc.createdAt,
  SubmittedAt: doc.submittedAt,
  ApprovedAt: doc.approvedAt,
};

/** Newest first unless the caller sorts: people look for what they just made. */
const listOrder = (q: Parameters<typeof orderFrom>[1]) =>
  q.SortField ? orderFrom(SORTABLE, q, doc.createdAt) : desc(doc.createdAt);

function select(db: Db) {
  return documentList(db, {
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

export async function search(db: Db, companyId: number, scope: ViewScope, q: ViewCenterQuery) {
  const w = where(companyId, scope, q);
  return paged(q, documentCount(db).where(w), select(db).where(w).orderBy(listOrder(q), sql`${doc.id} desc`));
}

/** Every row of a list, in pages, for an export. */
export async function* all(db: Db, companyId: number, scope: ViewScope, q: ViewCenterQuery, limit: number) {
  const w = where(companyId, scope, q);
  const pageSize = 1000;
  for (let offset = 0; offset < limit; offset += pageSize) {
    const rows = await select(db)
      .where(w)
      .orderBy(listOrder(q), sql`${doc.id} desc`)
      .limit(Math.min(pageSize, limit - offset))
      .offset(offset);
    yield* rows;
    if (rows.length < pageSize) return;
  }
}
