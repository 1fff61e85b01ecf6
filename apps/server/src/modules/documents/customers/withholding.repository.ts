import type { SearchWithholdingBody } from '@ems/contracts';
import { and, asc, count, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { idIn, paged } from '../../../core/list';
import { customerHcp as hcp } from '../../masterdata/customers/customer.table';
import { expenseItem } from '../../masterdata/expense.table';
import { expenseLine as line } from '../document.table';
import { lecturerAgreement as agreement } from './customer.table';
import { lectureFeeMonth as month } from './withholding.table';

/** A document's lecture-fee lines (items of the category `lecture_fee`) with their CNY amounts, by line number. */
export async function lectureFeeLines(db: Db, documentId: number) {
  return db
    .select({ lineNo: line.lineNo, amountCny: line.amountCny })
    .from(line)
    .innerJoin(expenseItem, eq(expenseItem.id, line.expenseItemId))
    .where(and(eq(line.documentId, documentId), eq(expenseItem.category, 'lecture_fee')))
    .orderBy(asc(line.lineNo));
}

function feeSelect(db: Db) {
  return db
    .select({
      id: agreement.id,
      documentId: agreement.documentId,
      hcpId: agreement.hcpId,
      hcpCode: hcp.code,
      hcpZh: hcp.nameZh,
      meetingDate: agreement.meetingDate,
      gross: agreement.feeBeforeTax,
      withheldTax: agreement.withheldTax,
      withheldMonth: agreement.withheldMonth,
    })
    .from(agreement)
    .innerJoin(hcp, eq(hcp.id, agreement.hcpId));
}

/** A document's lecturer agreements with what the withholding needs: fee before tax, meeting date, tax if fixed. */
export async function feesOf(db: Db, documentId: number) {
  return feeSelect(db)
    .where(eq(agreement.documentId, documentId))
    .orderBy(asc(agreement.meetingDate), asc(agreement.id));
}

/** The same for the documents of one change, in one statement, by document and then meeting date. */
export async function feesOfDocuments(db: Db, documentIds: number[]) {
  if (documentIds.length === 0) return [];
  return feeSelect(db)
    .where(idIn(agreement.documentId, documentIds))
    .orderBy(asc(agreement.documentId), asc(agreement.meetingDate), asc(agreement.id));
}
export type FeeRow = Awaited<ReturnType<typeof feesOf>>[number];

export interface MonthKey {
  hcpId: number;
  month: string;
}

function selectMonths(db: Db, companyId: number, keys: MonthKey[]) {
  return db
    .select({
      id: month.id,
      hcpId: month.hcpId,
      month: month.month,
      gross: month.gross,
      tax: month.tax,
      fees: month.fees,
    })
    .from(month)
    .where(
      and(
        eq(month.companyId, companyId),
        sql`(${month.hcpId}, ${month.month}) in (${sql.join(
          keys.map((k) => sql`(${k.hcpId}::int, ${k.month}::date)`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(asc(month.hcpId), asc(month.month));
}

/**
 * Locks the month rows of the keys in (lecturer, month) order, so that two claims never wait on each other, making
 * the missing ones first: the row lock is what keeps a second fee of the month from being taxed as if it were the
 * first (a fee read the month before the other's tax was written).
 */
export async function lockMonths(db: Db, companyId: number, keys: MonthKey[]) {
  if (keys.length === 0) return [];
  const sorted = [...new Map(keys.map((k) => [`${k.hcpId}|${k.month}`, k])).values()].sort(
    (a, b) => a.hcpId - b.hcpId || a.month.localeCompare(b.month),
  );
  const locked = await selectMonths(db, companyId, sorted).for('update');
  const missing = sorted.filter((k) => !locked.some((r) => r.hcpId === k.hcpId && r.month === k.month));
  if (missing.length === 0) return locked;
  await db
    .insert(month)
    .values(missing.map((k) => ({ companyId, hcpId: k.hcpId, month: k.month })))
    .onConflictDoNothing();
  return [...locked, ...(await selectMonths(db, companyId, missing).for('update'))];
}

export async function setMonth(db: Db, id: number, v: { gross: string; tax: string; fees: number }) {
  await db
    .update(month)
    .set({ ...v, version: sql`${month.version} + 1`, updatedAt: new Date() })
    .where(eq(month.id, id));
}

/** Fixes (or, with nulls, releases) the tax withheld on an agreement's fee and the month that holds it. */
export async function setWithheld(db: Db, id: number, tax: string | null, monthStart: string | null) {
  await db.update(agreement).set({ withheldTax: tax, withheldMonth: monthStart }).where(eq(agreement.id, id));
}

export type WithholdingFilter = Omit<SearchWithholdingBody, 'PageIndex' | 'PageSize'>;

function where(companyId: number, f: WithholdingFilter) {
  return and(
    eq(month.companyId, companyId),
    gt(month.fees, 0),
    f.Month ? eq(month.month, `${f.Month}-01`) : undefined,
    f.HCPID ? eq(month.hcpId, f.HCPID) : undefined,
  );
}

/** The company's lecturers' months with any fee in them, newest month first, then by lecturer code. */
export async function searchMonths(db: Db, companyId: number, f: SearchWithholdingBody) {
  const w = where(companyId, f);
  return paged(
    f,
    db.select({ n: count() }).from(month).where(w),
    db
      .select({
        id: month.id,
        month: month.month,
        hcpId: month.hcpId,
        code: hcp.code,
        nameZh: hcp.nameZh,
        idNumber: hcp.idNumber,
        fees: month.fees,
        gross: month.gross,
        tax: month.tax,
      })
      .from(month)
      .innerJoin(hcp, eq(hcp.id, month.hcpId))
      .where(w)
      .orderBy(desc(month.month), asc(hcp.code)),
  );
}
export type MonthRow = Awaited<ReturnType<typeof searchMonths>>['rows'][number];

/** The fixed fees of documents, for their vouchers: lecturer, month, fee before tax and tax withheld. */
export async function fixedFeesOf(db: Db, documentIds: number[]) {
  if (documentIds.length === 0) return [];
  return db
    .select({
      documentId: agreement.documentId,
      hcpCode: hcp.code,
      month: agreement.withheldMonth,
      gross: agreement.feeBeforeTax,
      tax: agreement.withheldTax,
    })
    .from(agreement)
    .innerJoin(hcp, eq(hcp.id, agreement.hcpId))
    .where(and(idIn(agreement.documentId, documentIds), isNotNull(agreement.withheldTax)))
    .orderBy(asc(agreement.id));
}
