import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { type Db, prepared } from '../../../core/db';
import { countLimit, keywordIn, offsetOf, orderFrom } from '../../../core/list';
import { attachment } from '../../documents/attachments/attachment.table';
import { document as doc } from '../../documents/document.table';
import { applicant } from '../../documents/document-list.repository';
import { invoice } from '../../documents/invoices/invoice.table';
import { costCentreHead } from '../../masterdata/costcentre.table';
import { employee, employeeRoleTeam, role, team } from '../../org/org.table';
import { workflowDetail, workflowSetting } from '../workflow.table';
import { approvalStep as step } from './approval.table';
import { actor, approver, stepCount, stepList } from './step-list.repository';
export type StepRow = typeof step.$inferSelect;

/** Every active route's choice and whether its documents may be approved in a batch: a company has a few dozen. */
export function activeRoutes(db: Db, companyId: number) {
  return activeRoutesRead(db).execute({ companyId });
}

const activeRoutesRead = prepared((db) =>
  db
    .select({
      docType: workflowSetting.docType,
      expenseTypeId: workflowSetting.expenseTypeId,
      code: workflowSetting.code,
      allowBatchApprove: workflowSetting.allowBatchApprove,
    })
    .from(workflowSetting)
    .where(and(eq(workflowSetting.companyId, sql.placeholder('companyId')), eq(workflowSetting.active, true)))
    .orderBy(asc(workflowSetting.code))
    .prepare('ems_active_routes'),
);

/**
 * The route template for a document: one for its expense type first, else the document type's general one (the
 * lowest code among equals); with its details in order, in one statement.
 */
export async function templateFor(
  db: Db,
  companyId: number,
  docType: 'apply' | 'loan' | 'deputy',
  expenseTypeId: number | null,
) {
  const chosen = db
    .select({ id: workflowSetting.id })
    .from(workflowSetting)
    .where(
      and(
        eq(workflowSetting.companyId, companyId),
        eq(workflowSetting.docType, docType),
        eq(workflowSetting.active, true),
        expenseTypeId === null
          ? isNull(workflowSetting.expenseTypeId)
          : or(isNull(workflowSetting.expenseTypeId), eq(workflowSetting.expenseTypeId, expenseTypeId)),
      ),
    )
    .orderBy(sql`${workflowSetting.expenseTypeId} is null`, asc(workflowSetting.code))
    .limit(1);
  const rows = await db
    .select({ setting: workflowSetting, detail: workflowDetail })
    .from(workflowSetting)
    .leftJoin(workflowDetail, eq(workflowDetail.workflowId, workflowSetting.id))
    .where(inArray(workflowSetting.id, chosen))
    .orderBy(asc(workflowDetail.seq));
  const setting = rows[0]?.setting;
  if (!setting) return undefined;
  return { setting, details: rows.flatMap((r) => (r.detail ? [r.detail] : [])) };
}

/**
 * The person and their line managers up the chain (at most `depth` levels), in one recursive read. A chain that
 * loops (bad master data) stops where it would repeat a person.
 */
export async function managerChain(db: Db, id: number, depth: number) {
  const rows = await db.execute(sql`with recursive chain(id, manager_id, approval_limit, path) as (
      select ${employee.id}, ${employee.lineManagerId}, ${employee.approvalLimit}, array[${employee.id}]
        from ${employee} where ${employee.id} = ${id}
      union all
      select e.id, e.line_manager_id, e.approval_limit, c.path || e.id
        from ${employee} e join chain c on e.id = c.manager_id
        where not e.id = any(c.path) and cardinality(c.path) < ${depth}
    )
    select id, manager_id as "managerId", approval_limit::text as "limit" from chain`);
  return (rows as unknown as { rows: { id: number; managerId: number | null; limit: string | null }[] }).rows;
}

export async function people(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: employee.id,
      managerId: employee.lineManagerId,
      limit: employee.approvalLimit,
      status: employee.status,
      email: employee.email,
      language: employee.language,
    })
    .from(employee)
    .where(inArray(employee.id, ids));
}

export async function headsOf(db: Db, costCentreId: number) {
  return db
    .select({ employeeId: costCentreHead.employeeId, amountLimit: costCentreHead.amountLimit })
    .from(costCentreHead)
    .where(eq(costCentreHead.costCentreId, costCentreId))
    .orderBy(asc(costCentreHead.seq));
}

export async function roleMembers(db: Db, companyId: number, code: string) {
  const rows = await db
    .selectDistinct({ id: employee.id, code: employee.code })
    .from(employeeRoleTeam)
    .innerJoin(role, eq(role.id, employeeRoleTeam.roleId))
    .innerJoin(employee, eq(employee.id, employeeRoleTeam.employeeId))
    .where(
      and(
        eq(role.companyId, companyId),
        eq(role.code, code),
        eq(role.active, true),
        inArray(employee.status, ['active', 'overdue_frozen']),
      ),
    )
    .orderBy(asc(employee.code));
  return rows.map((r) => r.id);
}

export async function insertSteps(db: Db, rows: (typeof step.$inferInsert)[]) {
  if (rows.length) await db.insert(step).values(rows);
}

export async function stepsOf(db: Db, documentId: number, round: number) {
  return db
    .select()
    .from(step)
    .where(and(eq(step.documentId, documentId), eq(step.round, round)))
    .orderBy(asc(step.seq));
}

/** Moves a step on only from the status it was read in; false when someone else moved it first. */
export async function moveStep(
  db: Db,
  id: number,
  from: StepRow['status'],
  v: Partial<typeof step.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(step)
    .set(v)
    .where(and(eq(step.id, id), eq(step.status, from)))
    .returning({ id: step.id });
  return rows.length === 1;
}

export async function skipRest(db: Db, documentId: number, round: number) {
  await db
    .update(step)
    .set({ status: 'skipped' })
    .where(and(eq(step.documentId, documentId), eq(step.round, round), inArray(step.status, ['waiting', 'pending'])));
}

/** Every step of every round, with names, for the route view. */
export async function routeOf(db: Db, documentId: number) {
  return db
    .select({
      s: step,
      approverZh: approver.nameZh,
      approverEn: approver.nameEn,
      actorZh: actor.nameZh,
      actorEn: actor.nameEn,
    })
    .from(step)
    .innerJoin(approver, eq(approver.id, step.approverId))
    .leftJoin(actor, eq(actor.id, step.actedBy))
    .where(eq(step.documentId, documentId))
    .orderBy(asc(step.round), asc(step.seq));
}

const PENDING_SORTABLE = {
  DocNo: doc.docNo,
  DocType: doc.docType,
  ApplicantName: applicant.nameZh,
  TotalAmount: doc.totalAmount,
  TotalAmountCNY: doc.totalAmountCny,
  PendingSince: step.pendingSince,
};

/** Steps pending with the approvers on documents in approval, in the step's current round. */
function pendingWhere(
  companyId: number,
  approverIds: number[],
  q: { DocType?: string | undefined; Keyword?: string | undefined },
) {
  return and(
    eq(doc.companyId, companyId),
    eq(doc.status, 'approving'),
    eq(step.status, 'pending'),
    inArray(step.approverId, approverIds),
    sql`${step.round} = ${doc.round}`,
    q.DocType ? eq(doc.docType, q.DocType as 'apply') : undefined,
    keywordIn(q.Keyword, [doc.docNo, applicant.nameZh, applicant.nameEn]),
  );
}

/**
 * One page of the steps waiting for the approvers and their count (up to `countLimit`), from two statements: the
 * ids of the list's first `countLimit + 1` steps in its order, counted and cut to the page, then the page's rows and
 * names by id, a statement built once whatever the filter.
 */
export async function pendingFor(
  db: Db,
  companyId: number,
  approverIds: number[],
  q: {
    DocType?: string | undefined;
    Keyword?: string | undefined;
    PageIndex: number;
    PageSize: number;
    SortField?: string | undefined;
    SortOrder?: 'ascend' | 'descend' | undefined;
  },
) {
  // A busy approver (compliance) has thousands pending: counted ten pages ahead, as the lists over a year do.
  const limit = countLimit(q);
  const ids = await db
    .select({ id: step.id })
    .from(step)
    .innerJoin(doc, eq(doc.id, step.documentId))
    .innerJoin(applicant, eq(applicant.id, doc.applicantId))
    .where(pendingWhere(companyId, approverIds, q))
    .orderBy(
      ...(q.SortField && q.SortField in PENDING_SORTABLE
        ? [orderFrom(PENDING_SORTABLE, q, step.pendingSince)]
        : [asc(step.pendingSince)]),
      desc(step.documentId),
    )
    .limit(limit + 1);
  const page = ids.slice(offsetOf(q), offsetOf(q) + q.PageSize).map((r) => r.id);
  const rows = page.length ? await pendingRowsRead(db).execute({ ids: page }) : [];
  const at = new Map(page.map((id, i) => [id, i]));
  rows.sort((a, b) => at.get(a.s.id)! - at.get(b.s.id)!);
  return { counted: ids.length, limit, rows };
}

/** The rows of a page of pending steps, by step id: only what the page shows. */
const pendingRowsRead = prepared((db) =>
  stepList(db, {
    s: {
      id: step.id,
      nameZh: step.nameZh,
      nameEn: step.nameEn,
      approverId: step.approverId,
      pendingSince: step.pendingSince,
    },
    d: {
      id: doc.id,
      docNo: doc.docNo,
      docType: doc.docType,
      expenseTypeId: doc.expenseTypeId,
      currency: doc.currency,
      totalAmount: doc.totalAmount,
      totalAmountCny: doc.totalAmountCny,
      reason: doc.reason,
      version: doc.version,
    },
    teamZh: team.nameZh,
    teamEn: team.nameEn,
    // What the approver has to look at, counted by each table's document index.
    attachments: sql<number>`(select count(*)::int from ${attachment} where ${attachment.documentId} = ${doc.id})`,
    fapiao: sql<number>`(select count(*)::int from ${invoice} where ${invoice.documentId} = ${doc.id})`,
  })
    .leftJoin(team, eq(team.id, doc.teamId))
    .where(sql`${step.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('ems_pending_rows'),
);

/**
 * How many documents wait for the approvers, exactly (the badge of the approve centre), and how many of them have
 * waited since before `overdueBefore`.
 */
export async function pendingCount(
  db: Db,
  companyId: number,
  approverIds: number[],
  overdueBefore: Date,
): Promise<{ count: number; overdue: number }> {
  const [[all], [late]] = await Promise.all([
    stepCount(db).where(pendingWhere(companyId, approverIds, {})),
    stepCount(db).where(
      and(pendingWhere(companyId, approverIds, {}), sql`${step.pendingSince} < ${overdueBefore.toISOString()}`),
    ),
  ]);
  return { count: all?.n ?? 0, overdue: late?.n ?? 0 };
}

/** The approver of the document's pending step in its current round, if it is in approval. */
export async function pendingApprover(db: Db, documentId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ approverId: step.approverId })
    .from(step)
    .innerJoin(doc, eq(doc.id, step.documentId))
    .where(and(eq(step.documentId, documentId), eq(step.status, 'pending'), sql`${step.round} = ${doc.round}`));
  return row?.approverId;
}

export async function namesOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: employee.id, nameZh: employee.nameZh, nameEn: employee.nameEn })
    .from(employee)
    .where(inArray(employee.id, ids));
}

export async function hasReports(db: Db, employeeId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: employee.id })
    .from(employee)
    .where(and(eq(employee.lineManagerId, employeeId), inArray(employee.status, ['active', 'overdue_frozen'])))
    .limit(1);
  return !!row;
}

/** Hands a step to another approver, remembering the first one; only from the status it was read in. */
export async function reassignStep(
  db: Db,
  id: number,
  from: StepRow['status'],
  toApproverId: number,
  pendingSince?: Date,
): Promise<boolean> {
  const rows = await db
    .update(step)
    .set({
      approverId: toApproverId,
      originalApproverId: sql`coalesce(${step.originalApproverId}, ${step.approverId})`,
      ...(pendingSince ? { pendingSince } : {}),
    })
    .where(and(eq(step.id, id), eq(step.status, from)))
    .returning({ id: step.id });
  return rows.length === 1;
}

export async function managerOf(db: Db, employeeId: number): Promise<number | null> {
  const [row] = await db
    .select({ managerId: employee.lineManagerId })
    .from(employee)
    .where(eq(employee.id, employeeId));
  return row?.managerId ?? null;
}
