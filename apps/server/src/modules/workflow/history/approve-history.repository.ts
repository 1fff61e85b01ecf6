import { type ApproveHistoryExportBody, type ComingQuery, DECISIONS } from '@ems/contracts';
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { countLimit, keywordIn, offsetOf, orderFrom, paged } from '../../../core/list';
import { document as doc } from '../../documents/document.table';
import { applicant } from '../../documents/document-list.repository';
import { approvalStep as step } from '../approval/approval.table';
import { actor, approver, stepCount, stepList } from '../approval/step-list.repository';

/** Midnight in Asia/Shanghai (UTC+8 all year) of a yyyy-MM-dd day. */
function shanghaiMidnight(day: string, plusDays = 0): Date {
  const d = new Date(`${day}T00:00:00+08:00`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d;
}

function keywordOf(keyword: string | undefined): SQL | undefined {
  return keywordIn(keyword, [doc.docNo, applicant.nameZh, applicant.nameEn]);
}

const DECIDED_SORTABLE = {
  DocNo: doc.docNo,
  DocType: doc.docType,
  ApplicantName: applicant.nameZh,
  TotalAmount: doc.totalAmount,
  StepName: step.nameZh,
  Decision: step.status,
  ActedAt: step.actedAt,
  Status: doc.status,
};

/** Steps `userId` decided, or that were decided in their name by an approval proxy, newest first by default. */
export async function decided(
  db: Db,
  companyId: number,
  userId: number,
  q: ApproveHistoryExportBody,
  page: { PageIndex: number; PageSize: number } | { limit: number },
) {
  const filters = and(
    eq(doc.companyId, companyId),
    q.Decision ? eq(step.status, q.Decision) : inArray(step.status, [...DECISIONS]),
    q.DocType ? eq(doc.docType, q.DocType) : undefined,
    q.ActedAtFrom ? gte(step.actedAt, shanghaiMidnight(q.ActedAtFrom)) : undefined,
    q.ActedAtTo ? lt(step.actedAt, shanghaiMidnight(q.ActedAtTo, 1)) : undefined,
    keywordOf(q.Keyword),
  );
  // Decided by the user (themselves or as someone's proxy), or in their place by someone else: two disjoint parts,
  // each with an index in the order of the decision (`approval_step_acted_by_idx`, `approval_step_delegated_idx`).
  const parts = [
    eq(step.actedBy, userId),
    and(eq(step.approverId, userId), sql`${step.actedBy} is distinct from ${step.approverId}`),
  ];
  const sorted = q.SortField !== undefined && q.SortField in DECIDED_SORTABLE;
  const order = sorted ? orderFrom(DECIDED_SORTABLE, q, step.actedAt) : sql`${step.actedAt} desc nulls last`;
  /**
   * The ids of the newest `n` steps of each part. In the default order a page or a count needs no more of either, so
   * a reviewer's hundreds of thousands of steps are read newest first and only as far as needed.
   */
  const newest = (n: number) => {
    const [mine, theirs] = parts.map((who) =>
      db
        .select({ id: step.id })
        .from(step)
        .innerJoin(doc, eq(doc.id, step.documentId))
        .innerJoin(applicant, eq(applicant.id, doc.applicantId))
        .where(and(filters, who))
        .orderBy(desc(step.actedAt), desc(step.id))
        .limit(n),
    );
    return sql`${step.id} in (select id from ${mine} m union all select id from ${theirs} t)`;
  };
  const within = (n: number) => (sorted ? and(filters, or(...parts)) : and(filters, newest(n)));
  const query = (n: number) =>
    stepList(db, {
      d: {
        id: doc.id,
        docNo: doc.docNo,
        docType: doc.docType,
        currency: doc.currency,
        totalAmount: doc.totalAmount,
        status: doc.status,
      },
      actorZh: actor.nameZh,
      actorEn: actor.nameEn,
    })
      .leftJoin(actor, eq(actor.id, step.actedBy))
      .where(within(n))
      .orderBy(order, desc(step.id));
  if ('limit' in page) return { total: undefined, limit: 0, rows: await query(page.limit).limit(page.limit) };
  // The count goes ten pages ahead, not to the end of a year of decisions.
  const limit = countLimit(page);
  const counted = db
    .select({ one: sql`1` })
    .from(step)
    .innerJoin(doc, eq(doc.id, step.documentId))
    .innerJoin(applicant, eq(applicant.id, doc.applicantId))
    .where(within(limit + 1))
    .limit(limit + 1)
    .as('counted');
  const [n] = await db.select({ n: count() }).from(counted);
  const rows = await query(offsetOf(page) + page.PageSize)
    .limit(page.PageSize)
    .offset(offsetOf(page));
  return { total: n?.n ?? 0, limit, rows };
}

const COMING_SORTABLE = {
  DocNo: doc.docNo,
  DocType: doc.docType,
  ApplicantName: applicant.nameZh,
  TotalAmount: doc.totalAmount,
  SubmittedAt: doc.submittedAt,
};

/**
 * Documents in approval with a step of one of `approverIds` still to come (waiting) or current (pending): one row
 * per document and approver, at that approver's first open step.
 */
export async function coming(db: Db, companyId: number, approverIds: number[], q: ComingQuery) {
  const where = and(
    eq(doc.companyId, companyId),
    eq(doc.status, 'approving'),
    sql`${step.round} = ${doc.round}`,
    inArray(step.approverId, approverIds),
    inArray(step.status, ['waiting', 'pending']),
    sql`${step.seq} = (select min(s2.seq) from approval_step s2 where s2.document_id = ${step.documentId}
      and s2.round = ${step.round} and s2.approver_id = ${step.approverId} and s2.status in ('waiting', 'pending'))`,
    q.DocType ? eq(doc.docType, q.DocType) : undefined,
    keywordOf(q.Keyword),
  );
  const order =
    q.SortField && q.SortField in COMING_SORTABLE
      ? [orderFrom(COMING_SORTABLE, q, doc.submittedAt)]
      : [sql`case when ${step.status} = 'pending' then 0 else 1 end`, asc(doc.submittedAt)];
  return paged(
    q,
    stepCount(db).where(where),
    stepList(db, { d: doc })
      .where(where)
      .orderBy(...order, desc(step.id)),
  );
}

/** Every step of the documents' current rounds, in order, with the approvers' names. */
export async function currentRounds(db: Db, documentIds: number[]) {
  if (documentIds.length === 0) return [];
  return db
    .select({ s: step, approverZh: approver.nameZh, approverEn: approver.nameEn })
    .from(step)
    .innerJoin(doc, eq(doc.id, step.documentId))
    .innerJoin(approver, eq(approver.id, step.approverId))
    .where(and(inArray(step.documentId, documentIds), sql`${step.round} = ${doc.round}`))
    .orderBy(asc(step.documentId), asc(step.seq));
}

export type DecidedRow = Awaited<ReturnType<typeof decided>>['rows'][number];
