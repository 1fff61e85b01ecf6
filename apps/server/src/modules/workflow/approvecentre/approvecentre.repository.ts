import { and, asc, count, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { document as doc } from '../../documents/document.table';
import { applicant } from '../../documents/document-list.repository';
import { expenseItem } from '../../masterdata/expense.table';
import { employeeRoleTeam, role, team } from '../../org/org.table';
import { approvalStep as step } from '../approval/approval.table';
import { workflowDetail, workflowSetting } from '../workflow.table';

/** A role of this code makes its holders special approvers of the company. */
export const SPECIAL_APPROVER_ROLE = 'SPECIAL_APPROVER';

function pendingOf(companyId: number, approverIds: number[]) {
  return and(
    eq(doc.companyId, companyId),
    eq(doc.status, 'approving'),
    eq(step.status, 'pending'),
    sql`${step.round} = ${doc.round}`,
    inArray(step.approverId, approverIds),
  );
}

/** Current steps of `approverId` pending since before `before`, oldest first. */
export async function overdueSteps(
  db: Db,
  companyId: number,
  approverId: number,
  docType: 'apply' | 'loan' | 'deputy' | undefined,
  before: Date,
) {
  return db
    .select({ id: doc.id, docNo: doc.docNo, docType: doc.docType, pendingSince: step.pendingSince })
    .from(step)
    .innerJoin(doc, eq(doc.id, step.documentId))
    .where(
      and(
        pendingOf(companyId, [approverId]),
        docType ? eq(doc.docType, docType) : undefined,
        lt(step.pendingSince, before),
      ),
    )
    .orderBy(asc(step.pendingSince), asc(doc.id));
}

/**
 * Every current step of the company pending since before `before`, with what a reminder names: the document, its
 * applicant and amount; by approver, then oldest first.
 */
export async function overdueStepsOfCompany(db: Db, companyId: number, before: Date) {
  return db
    .select({
      approverId: step.approverId,
      documentId: doc.id,
      docNo: doc.docNo,
      docType: doc.docType,
      applicantZh: applicant.nameZh,
      applicantEn: applicant.nameEn,
      currency: doc.currency,
      amount: doc.totalAmount,
      pendingSince: step.pendingSince,
    })
    .from(step)
    .innerJoin(doc, eq(doc.id, step.documentId))
    .innerJoin(applicant, eq(applicant.id, doc.applicantId))
    .where(
      and(
        eq(doc.companyId, companyId),
        eq(doc.status, 'approving'),
        eq(step.status, 'pending'),
        sql`${step.round} = ${doc.round}`,
        lt(step.pendingSince, before),
      ),
    )
    .orderBy(asc(step.approverId), asc(step.pendingSince), asc(doc.id));
}

/** Teams of the documents waiting for any of `approverIds`, with how many each. */
export async function pendingTeams(db: Db, companyId: number, approverIds: number[]) {
  return db
    .select({ teamId: doc.teamId, nameZh: team.nameZh, nameEn: team.nameEn, n: count() })
    .from(step)
    .innerJoin(doc, eq(doc.id, step.documentId))
    .leftJoin(team, eq(team.id, doc.teamId))
    .where(pendingOf(companyId, approverIds))
    .groupBy(doc.teamId, team.nameZh, team.nameEn, team.code)
    .orderBy(asc(team.code));
}

/** Codes of the active roles the employee holds in the company. */
export async function roleCodesHeld(db: Db, companyId: number, employeeId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ code: role.code })
    .from(employeeRoleTeam)
    .innerJoin(role, eq(role.id, employeeRoleTeam.roleId))
    .where(and(eq(employeeRoleTeam.employeeId, employeeId), eq(role.companyId, companyId), eq(role.active, true)));
  return rows.map((r) => r.code);
}

/**
 * Whether the person is a special approver: set on an expense item, named in an active route template's
 * special-approver step (by person or role), or holding such a step.
 */
export async function namedAsSpecialApprover(
  db: Db,
  companyId: number,
  employeeId: number,
  roleCodes: string[],
): Promise<boolean> {
  const [inTemplate] = await db
    .select({ id: workflowDetail.id })
    .from(workflowDetail)
    .innerJoin(workflowSetting, eq(workflowSetting.id, workflowDetail.workflowId))
    .where(
      and(
        eq(workflowSetting.companyId, companyId),
        eq(workflowSetting.active, true),
        eq(workflowDetail.stepKind, 'special_approver'),
        or(
          eq(workflowDetail.personId, employeeId),
          roleCodes.length ? inArray(workflowDetail.roleCode, roleCodes) : undefined,
        ),
      ),
    )
    .limit(1);
  if (inTemplate) return true;
  const [onItem] = await db
    .select({ id: expenseItem.id })
    .from(expenseItem)
    .where(and(eq(expenseItem.companyId, companyId), eq(expenseItem.specialApproverId, employeeId)))
    .limit(1);
  if (onItem) return true;
  const [asStep] = await db
    .select({ id: step.id })
    .from(step)
    .innerJoin(doc, eq(doc.id, step.documentId))
    .where(and(eq(doc.companyId, companyId), eq(step.stepKind, 'special_approver'), eq(step.approverId, employeeId)))
    .limit(1);
  return !!asStep;
}
