import type { DocState } from '@ems/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, ne, not, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db';
import { countLimit, offsetOf } from '../../../core/list';
import { document as doc, expenseLine } from '../../documents/document.table';
import {
  applicant,
  documentCount,
  documentKeyword,
  documentList,
  peopleNamed,
} from '../../documents/document-list.repository';
import { needsMailing } from '../../documents/postcentre/mailing.repository';
import { costCentre } from '../../masterdata/costcentre.table';
import { expenseItem } from '../../masterdata/expense.table';
import { baseInfo, baseInfoType } from '../../masterdata/reference.table';
import { employee, employeeRoleTeam, role, roleFunction, team } from '../../org/org.table';
import { voucher } from '../entries/entries.table';
import { documentReturn, documentReturnItem, reviewCase } from './review.table';

const PAID = ['loan', 'deputy'] as const;
const assignee = alias(employee, 'assignee');
const holdReason = alias(baseInfo, 'hold_reason');

/** Whether the document goes to the special check: at or above the amount, or with money in a foreign currency. */
export function isSpecial(threshold: string): SQL<boolean> {
  return sql<boolean>`(${doc.totalAmountCny} >= ${threshold}::numeric or ${doc.currency} <> 'CNY' or exists (
    select 1 from ${expenseLine} where ${expenseLine.documentId} = ${doc.id} and ${expenseLine.currency} <> 'CNY'))`;
}

export interface ListSpec {
  companyId: number;
  states: readonly DocState[];
  keyword?: string | undefined;
  docType?: 'loan' | 'deputy' | undefined;
  assigneeId?: number | undefined;
  /** Extra conditions of one list (the check it belongs to, its paper). */
  where?: (SQL | undefined)[];
  special: SQL<boolean>;
  /**
   * Which approved documents (not yet received) the list holds besides its states: `noMailing` only those needing no
   * mailing (every fapiao electronic, nothing to wait for), `all` every one, also those still waiting for paper.
   * With `noMailingOnly` every document of the list needs no mailing.
   */
  approved?: 'noMailing' | 'all';
  noMailingOnly?: boolean;
  page: { PageIndex: number; PageSize: number };
}

const rowFields = (special: SQL<boolean>) => ({
  teamZh: team.nameZh,
  teamEn: team.nameEn,
  ccZh: costCentre.nameZh,
  ccEn: costCentre.nameEn,
  applicantCode: applicant.code,
  needsMailing: sql<boolean>`${needsMailing(doc.id)}`,
  special,
  assigneeId: reviewCase.assigneeId,
  assigneeZh: assignee.nameZh,
  assigneeEn: assignee.nameEn,
  holdZh: holdReason.nameZh,
  holdEn: holdReason.nameEn,
  heldAt: reviewCase.heldAt,
});

function rows(db: Db, special: SQL<boolean>) {
  return documentList(db, rowFields(special))
    .leftJoin(team, eq(team.id, doc.teamId))
    .leftJoin(reviewCase, eq(reviewCase.documentId, doc.id))
    .leftJoin(assignee, eq(assignee.id, reviewCase.assigneeId))
    .leftJoin(holdReason, eq(holdReason.id, reviewCase.holdReasonId));
}
export type ReviewRowData = Awaited<ReturnType<ReturnType<typeof rows>['execute']>>[number];

/** One page of a review list, the oldest approval first (first come, first reviewed); counted ten pages on. */
export async function reviewList(db: Db, s: ListSpec) {
  const named = s.keyword ? await peopleNamed(db, s.keyword) : [];
  const where = and(
    eq(doc.companyId, s.companyId),
    inArray(doc.status, [...s.states]),
    s.docType ? eq(doc.docType, s.docType) : inArray(doc.docType, [...PAID]),
    s.keyword ? documentKeyword(s.keyword, named) : undefined,
    s.assigneeId
      ? sql`exists (select 1 from ${reviewCase} where ${reviewCase.documentId} = ${doc.id} and ${reviewCase.assigneeId} = ${s.assigneeId})`
      : undefined,
    s.noMailingOnly ? not(needsMailing(doc.id)) : undefined,
    s.approved === 'noMailing' && !s.noMailingOnly
      ? or(ne(doc.status, 'approved'), not(needsMailing(doc.id)))
      : undefined,
    ...(s.where ?? []),
  );
  const limit = countLimit(s.page);
  const [counted] = await documentCount(db, where, limit);
  const page = await rows(db, s.special)
    .where(where)
    .orderBy(asc(doc.approvedAt), asc(doc.id))
    .limit(s.page.PageSize)
    .offset(offsetOf(s.page));
  return { counted: counted?.n ?? 0, limit, rows: page };
}

export async function reviewRow(db: Db, companyId: number, id: number, special: SQL<boolean>) {
  const [row] = await rows(db, special).where(and(eq(doc.id, id), eq(doc.companyId, companyId)));
  return row;
}

/** Whether the (locked) document needs its paper mailed, and whether it is on the special check list. */
export async function documentFacts(db: Db, id: number, special: SQL<boolean>) {
  const [row] = await db
    .select({ status: doc.status, docNo: doc.docNo, needsMailing: sql<boolean>`${needsMailing(doc.id)}`, special })
    .from(doc)
    .where(eq(doc.id, id));
  return row;
}

export function reviewLines(db: Db, documentId: number) {
  return db
    .select({ l: expenseLine, itemZh: expenseItem.nameZh, itemEn: expenseItem.nameEn })
    .from(expenseLine)
    .leftJoin(expenseItem, eq(expenseItem.id, expenseLine.expenseItemId))
    .where(eq(expenseLine.documentId, documentId))
    .orderBy(asc(expenseLine.lineNo));
}

export async function docNoOf(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ docNo: doc.docNo })
    .from(doc)
    .where(and(eq(doc.id, id), eq(doc.companyId, companyId)));
  return row?.docNo ?? null;
}

/** The active items of a base-info list of the company, by id: a reason the caller picked. */
export async function activeReason(db: Db, companyId: number, typeCode: string, id: number) {
  const [row] = await db
    .select({ id: baseInfo.id, code: baseInfo.code, nameZh: baseInfo.nameZh, nameEn: baseInfo.nameEn })
    .from(baseInfo)
    .innerJoin(baseInfoType, eq(baseInfoType.id, baseInfo.typeId))
    .where(
      and(
        eq(baseInfo.id, id),
        eq(baseInfo.active, true),
        eq(baseInfoType.companyId, companyId),
        eq(baseInfoType.code, typeCode),
      ),
    );
  return row;
}

/** The company's active people holding a role with the function: the SSC people of a screen. */
export function peopleWithFunction(db: Db, companyId: number, functionCode: string) {
  return db
    .selectDistinct({ id: employee.id, code: employee.code, nameZh: employee.nameZh, nameEn: employee.nameEn })
    .from(employee)
    .innerJoin(employeeRoleTeam, eq(employeeRoleTeam.employeeId, employee.id))
    .innerJoin(role, eq(role.id, employeeRoleTeam.roleId))
    .innerJoin(roleFunction, eq(roleFunction.roleId, role.id))
    .where(
      and(
        eq(employee.companyId, companyId),
        ne(employee.status, 'left'),
        eq(role.companyId, companyId),
        eq(role.active, true),
        eq(roleFunction.functionCode, functionCode),
      ),
    )
    .orderBy(asc(employee.code));
}

/** Locks the document's review case, making it first when there is none. */
export async function lockCase(db: Db, companyId: number, documentId: number) {
  await db.insert(reviewCase).values({ companyId, documentId }).onConflictDoNothing();
  const [row] = await db.select().from(reviewCase).where(eq(reviewCase.documentId, documentId)).for('update');
  if (!row) throw new Error('review case vanished');
  return row;
}

export async function updateCase(db: Db, id: number, v: Partial<typeof reviewCase.$inferInsert>) {
  await db
    .update(reviewCase)
    .set({ ...v, version: sql`${reviewCase.version} + 1`, updatedAt: new Date() })
    .where(eq(reviewCase.id, id));
}

/** Clears the hold of a document that leaves S.T. (released or charged back). */
export async function clearHold(db: Db, documentId: number) {
  await db
    .update(reviewCase)
    .set({ holdReasonId: null, holdComment: null, heldAt: null, version: sql`${reviewCase.version} + 1` })
    .where(and(eq(reviewCase.documentId, documentId), isNotNull(reviewCase.heldAt)));
}

export async function insertReturn(db: Db, v: typeof documentReturn.$inferInsert) {
  const [row] = await db.insert(documentReturn).values(v).returning({ id: documentReturn.id });
  return row!.id;
}

// ---- the returns centre ----

const returnedBy = alias(employee, 'returned_by');
const reason = alias(baseInfo, 'return_reason');

function returnRows(db: Db) {
  return db
    .select({
      r: documentReturn,
      docNo: doc.docNo,
      docType: doc.docType,
      docStatus: doc.status,
      docVersion: doc.version,
      currency: doc.currency,
      totalAmount: doc.totalAmount,
      applicantZh: applicant.nameZh,
      applicantEn: applicant.nameEn,
      teamZh: team.nameZh,
      teamEn: team.nameEn,
      reasonZh: reason.nameZh,
      reasonEn: reason.nameEn,
      byZh: returnedBy.nameZh,
      byEn: returnedBy.nameEn,
      /** The newest return of its document: only that one may be acted on. */
      latest: sql<boolean>`not exists (select 1 from ${documentReturn} later where later.document_id = ${documentReturn.documentId} and later.id > ${documentReturn.id})`,
    })
    .from(documentReturn)
    .innerJoin(doc, eq(doc.id, documentReturn.documentId))
    .innerJoin(applicant, eq(applicant.id, doc.applicantId))
    .leftJoin(team, eq(team.id, doc.teamId))
    .leftJoin(reason, eq(reason.id, documentReturn.reasonId))
    .leftJoin(returnedBy, eq(returnedBy.id, documentReturn.returnedBy));
}
export type ReturnRowData = Awaited<ReturnType<ReturnType<typeof returnRows>['execute']>>[number];

export interface ReturnFilter {
  open: boolean;
  keyword?: string | undefined;
  docType?: 'loan' | 'deputy' | undefined;
  reasonId?: number | undefined;
  assigneeId?: number | undefined;
  page: { PageIndex: number; PageSize: number };
}

/** An open return slip: its document is still returned (with its owner) and was not received again. */
const openReturn = () => and(eq(documentReturn.state, 'open'), eq(doc.status, 'returned'));

/** Return slips, newest first; open: those whose document is still returned and not received again. */
export async function searchReturns(db: Db, companyId: number, f: ReturnFilter) {
  const named = f.keyword ? await peopleNamed(db, f.keyword) : [];
  const where = and(
    eq(documentReturn.companyId, companyId),
    f.open ? openReturn() : undefined,
    f.docType ? eq(doc.docType, f.docType) : undefined,
    f.reasonId ? eq(documentReturn.reasonId, f.reasonId) : undefined,
    f.keyword ? documentKeyword(f.keyword, named) : undefined,
    f.assigneeId
      ? sql`exists (select 1 from ${reviewCase} where ${reviewCase.documentId} = ${doc.id} and ${reviewCase.assigneeId} = ${f.assigneeId})`
      : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(documentReturn)
    .innerJoin(doc, eq(doc.id, documentReturn.documentId))
    .where(where);
  const page = await returnRows(db)
    .where(where)
    .orderBy(desc(documentReturn.returnedAt), desc(documentReturn.id))
    .limit(f.page.PageSize)
    .offset(offsetOf(f.page));
  return { total: total?.n ?? 0, rows: page };
}

/** How many return slips of the company are open: the returns centre's open view, unfiltered. */
export async function countOpenReturns(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(documentReturn)
    .innerJoin(doc, eq(doc.id, documentReturn.documentId))
    .where(and(eq(documentReturn.companyId, companyId), openReturn()));
  return row?.n ?? 0;
}

export async function returnById(db: Db, companyId: number, id: number) {
  const [row] = await returnRows(db).where(and(eq(documentReturn.id, id), eq(documentReturn.companyId, companyId)));
  return row;
}

export async function returnItems(db: Db, returnId: number) {
  return db
    .select({ i: documentReturnItem, reasonZh: baseInfo.nameZh, reasonEn: baseInfo.nameEn })
    .from(documentReturnItem)
    .innerJoin(baseInfo, eq(baseInfo.id, documentReturnItem.reasonId))
    .where(eq(documentReturnItem.returnId, returnId))
    .orderBy(asc(documentReturnItem.lineNo));
}

export async function lockReturn(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(documentReturn)
    .where(and(eq(documentReturn.id, id), eq(documentReturn.companyId, companyId)))
    .for('update');
  return row;
}

/** The newest return of a document, locked. */
export async function lockLatestReturn(db: Db, documentId: number) {
  const [row] = await db
    .select()
    .from(documentReturn)
    .where(eq(documentReturn.documentId, documentId))
    .orderBy(desc(documentReturn.id))
    .limit(1)
    .for('update');
  return row;
}

/** Changes a return at the version the caller saw; undefined when it changed since. */
export async function updateReturn(
  db: Db,
  id: number,
  version: number,
  v: Partial<typeof documentReturn.$inferInsert>,
) {
  const [row] = await db
    .update(documentReturn)
    .set({ ...v, version: sql`${documentReturn.version} + 1`, updatedAt: new Date() })
    .where(and(eq(documentReturn.id, id), eq(documentReturn.version, version)))
    .returning({ id: documentReturn.id });
  return row;
}

export async function replaceReturnItems(
  db: Db,
  returnId: number,
  items: { reasonId: number; remark: string | null }[],
) {
  await db.delete(documentReturnItem).where(eq(documentReturnItem.returnId, returnId));
  if (items.length)
    await db
      .insert(documentReturnItem)
      .values(items.map((it, i) => ({ returnId, lineNo: i + 1, reasonId: it.reasonId, remark: it.remark })));
}

/** The documents among `ids` of the company, with their number (a batch reports each by it). */
export async function documentsOf(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: doc.id, docNo: doc.docNo })
    .from(doc)
    .where(and(eq(doc.companyId, companyId), inArray(doc.id, ids)));
}

/** No voucher of the document went to the ERP yet (a passed document may still be charged back). */
export function noVoucherSent(): SQL {
  return sql`not exists (select 1 from ${voucher} where ${voucher.documentId} = ${doc.id}
    and ${voucher.state} in ('queued', 'posted', 'failed'))`;
}

const latestReturnReason = (col: 'name_zh' | 'name_en') =>
  sql<
    string | null
  >`(select ${sql.raw(`bi.${col}`)} from ${documentReturn} dr join ${baseInfo} bi on bi.id = dr.reason_id
    where dr.document_id = ${doc.id} order by dr.id desc limit 1)`;

/** Documents for the chargeback / S.T. list: the rows with the reason of their latest return, if any. */
export async function printRows(db: Db, companyId: number, ids: number[], special: SQL<boolean>) {
  return documentList(db, {
    ...rowFields(special),
    returnZh: latestReturnReason('name_zh'),
    returnEn: latestReturnReason('name_en'),
  })
    .leftJoin(team, eq(team.id, doc.teamId))
    .leftJoin(reviewCase, eq(reviewCase.documentId, doc.id))
    .leftJoin(assignee, eq(assignee.id, reviewCase.assigneeId))
    .leftJoin(holdReason, eq(holdReason.id, reviewCase.holdReasonId))
    .where(and(eq(doc.companyId, companyId), inArray(doc.id, ids), inArray(doc.docType, [...PAID])))
    .orderBy(asc(doc.docNo));
}
