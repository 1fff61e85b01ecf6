import { count, eq } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db';
import { document as doc } from '../../documents/document.table';
import { applicant, documentNames } from '../../documents/document-list.repository';
import { expenseType } from '../../masterdata/expense.table';
import { employee } from '../../org/org.table';
import { approvalStep as step } from './approval.table';

/**
 * The select and joins the approval lists share (pending, decided, coming): a step, its document and the names a
 * list shows; each list adds its own fields and joins.
 */
export const approver = alias(employee, 'approver');
/** Who decided a step: the approver, or an approval proxy in their place. */
export const actor = alias(employee, 'actor');

export function stepList<T extends SelectedFields>(db: Db, fields: T) {
  return db
    .select({ s: step, ...documentNames, approverZh: approver.nameZh, approverEn: approver.nameEn, ...fields })
    .from(step)
    .innerJoin(doc, eq(doc.id, step.documentId))
    .innerJoin(applicant, eq(applicant.id, doc.applicantId))
    .innerJoin(approver, eq(approver.id, step.approverId))
    .leftJoin(expenseType, eq(expenseType.id, doc.expenseTypeId));
}

/** The count for a `stepList` page; the filter may name the document and its applicant. */
export function stepCount(db: Db) {
  return db
    .select({ n: count() })
    .from(step)
    .innerJoin(doc, eq(doc.id, step.documentId))
    .innerJoin(applicant, eq(applicant.id, doc.applicantId));
}
