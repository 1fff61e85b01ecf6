import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../core/db';
import { expenseItem } from '../masterdata/expense.table';
import { employee } from '../org/org.table';
import { expenseLine as line } from './document.table';

const specialApprover = alias(employee, 'special_approver');

/**
 * What the settings of a document's expense items say about each of its lines: the route's HCP, overseas and
 * special-approver conditions, and what submit checks: the line complete, within the item's limit, covered by its
 * fapiao.
 */
export async function lineFacts(db: Db, documentId: number) {
  return db
    .select({
      lineNo: line.lineNo,
      expenseItemId: line.expenseItemId,
      expenseDate: line.expenseDate,
      amount: line.amount,
      amountCny: line.amountCny,
      itemCode: expenseItem.code,
      itemZh: expenseItem.nameZh,
      itemEn: expenseItem.nameEn,
      involvesHcp: expenseItem.involvesHcp,
      overseas: expenseItem.overseas,
      needsInvoice: expenseItem.needsInvoice,
      personalBuyerAllowed: expenseItem.personalBuyerAllowed,
      tmcTicketId: line.tmcTicketId,
      maxAmount: expenseItem.maxAmount,
      specialApproverId: expenseItem.specialApproverId,
      specialApproverStatus: specialApprover.status,
    })
    .from(line)
    .leftJoin(expenseItem, eq(expenseItem.id, line.expenseItemId))
    .leftJoin(specialApprover, eq(specialApprover.id, expenseItem.specialApproverId))
    .where(eq(line.documentId, documentId))
    .orderBy(asc(line.lineNo));
}
export type LineFacts = Awaited<ReturnType<typeof lineFacts>>[number];
