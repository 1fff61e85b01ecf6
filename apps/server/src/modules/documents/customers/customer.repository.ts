import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db';
import { updateVersioned } from '../../../core/versioned';
import { customerHco as hco, customerHcp as hcp } from '../../masterdata/customers/customer.table';
import { expenseItem } from '../../masterdata/expense.table';
import { baseInfo } from '../../masterdata/reference.table';
import { document as doc, expenseLine as line } from '../document.table';
import {
  lecturerAgreement as agreement,
  documentCustomer as attendee,
  documentClinicalHco as clinical,
} from './customer.table';

/** The hospital of an HCP attendee (an HCO attendee is its own). */
const hcpHco = alias(hco, 'hcp_hco');

/** A document's lines with what attendees need of them: whether the item involves HCP, the amount to split. */
export async function linesOf(db: Db, documentId: number) {
  return db
    .select({
      lineNo: line.lineNo,
      amount: line.amount,
      currency: line.currency,
      involvesHcp: expenseItem.involvesHcp,
      itemZh: expenseItem.nameZh,
      itemEn: expenseItem.nameEn,
    })
    .from(line)
    .leftJoin(expenseItem, eq(expenseItem.id, line.expenseItemId))
    .where(eq(line.documentId, documentId))
    .orderBy(asc(line.lineNo));
}

/** A document's attendees, by line and in the order they were chosen (the order the per-head cents follow). */
export async function attendeesOf(db: Db, documentId: number) {
  return db
    .select({
      a: attendee,
      hcpCode: hcp.code,
      hcpZh: hcp.nameZh,
      hcpEn: hcp.nameEn,
      titleZh: hcp.titleZh,
      titleEn: hcp.titleEn,
      department: hcp.department,
      hcoCode: hco.code,
      hcoZh: hco.nameZh,
      hcoEn: hco.nameEn,
      hcpHcoZh: hcpHco.nameZh,
      hcpHcoEn: hcpHco.nameEn,
      reasonZh: baseInfo.nameZh,
      reasonEn: baseInfo.nameEn,
    })
    .from(attendee)
    .leftJoin(hcp, eq(hcp.id, attendee.hcpId))
    .leftJoin(hcpHco, eq(hcpHco.id, hcp.hcoId))
    .leftJoin(hco, eq(hco.id, attendee.hcoId))
    .leftJoin(baseInfo, eq(baseInfo.id, attendee.reasonId))
    .where(eq(attendee.documentId, documentId))
    .orderBy(asc(attendee.lineNo), asc(attendee.id));
}

export type AttendeeInsert = typeof attendee.$inferInsert;
export async function insertAttendees(db: Db, rows: AttendeeInsert[]) {
  return db.insert(attendee).values(rows).returning({ id: attendee.id });
}

export async function deleteAttendees(db: Db, documentId: number, ids: number[]) {
  return db
    .delete(attendee)
    .where(and(eq(attendee.documentId, documentId), inArray(attendee.id, ids)))
    .returning({ id: attendee.id, lineNo: attendee.lineNo, hcpId: attendee.hcpId, hcoId: attendee.hcoId });
}

export async function setReason(db: Db, documentId: number, id: number, reasonId: number) {
  const [row] = await db
    .update(attendee)
    .set({ reasonId, updatedAt: new Date() })
    .where(and(eq(attendee.documentId, documentId), eq(attendee.id, id)))
    .returning({ id: attendee.id });
  return row;
}

/** Drops the attendees of lines that are gone or no longer involve HCP; answers how many went. */
export async function dropOrphans(db: Db, documentId: number, keepLines: number[]) {
  const rows = await db
    .delete(attendee)
    .where(
      and(eq(attendee.documentId, documentId), keepLines.length ? notInArray(attendee.lineNo, keepLines) : undefined),
    )
    .returning({ id: attendee.id });
  return rows.length;
}

/** Writes each attendee's share of its line in one statement. */
export async function setShares(db: Db, shares: { id: number; amount: string | null }[]) {
  if (!shares.length) return;
  const values = sql.join(
    shares.map((s) => sql`(${s.id}::int, ${s.amount}::numeric)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${attendee} set amount = v.amount from (values ${values}) as v(id, amount) where ${attendee.id} = v.id`,
  );
}

export async function clinicalOf(db: Db, documentId: number) {
  return db
    .select({
      c: clinical,
      code: hco.code,
      nameZh: hco.nameZh,
      nameEn: hco.nameEn,
      level: hco.level,
      cityZh: hco.cityZh,
      cityEn: hco.cityEn,
    })
    .from(clinical)
    .innerJoin(hco, eq(hco.id, clinical.hcoId))
    .where(eq(clinical.documentId, documentId))
    .orderBy(asc(clinical.id));
}

export async function insertClinical(db: Db, rows: (typeof clinical.$inferInsert)[]) {
  return db.insert(clinical).values(rows).onConflictDoNothing().returning({ id: clinical.id, hcoId: clinical.hcoId });
}

export async function deleteClinical(db: Db, documentId: number, ids: number[]) {
  return db
    .delete(clinical)
    .where(and(eq(clinical.documentId, documentId), inArray(clinical.id, ids)))
    .returning({ id: clinical.id, hcoId: clinical.hcoId });
}

function agreementSelect(db: Db) {
  return db
    .select({
      l: agreement,
      docNo: doc.docNo,
      companyId: doc.companyId,
      hcpCode: hcp.code,
      hcpZh: hcp.nameZh,
      hcpEn: hcp.nameEn,
      titleZh: hcp.titleZh,
      titleEn: hcp.titleEn,
      department: hcp.department,
      hcoZh: hcpHco.nameZh,
      hcoEn: hcpHco.nameEn,
    })
    .from(agreement)
    .innerJoin(doc, eq(doc.id, agreement.documentId))
    .innerJoin(hcp, eq(hcp.id, agreement.hcpId))
    .leftJoin(hcpHco, eq(hcpHco.id, hcp.hcoId));
}
export type AgreementRow = Awaited<ReturnType<ReturnType<typeof agreementSelect>['execute']>>[number];

export async function agreementsOf(db: Db, documentId: number) {
  return agreementSelect(db)
    .where(eq(agreement.documentId, documentId))
    .orderBy(asc(agreement.meetingDate), asc(agreement.id));
}

export async function agreementById(db: Db, id: number): Promise<AgreementRow | undefined> {
  const [row] = await agreementSelect(db).where(eq(agreement.id, id));
  return row;
}

export type AgreementValues = Omit<typeof agreement.$inferInsert, 'id' | 'version' | 'createdAt' | 'updatedAt'>;
export async function insertAgreement(db: Db, v: AgreementValues) {
  const [row] = await db.insert(agreement).values(v).returning({ id: agreement.id });
  return row!.id;
}

/** Changes an agreement of the document, at the version the saver saw (the document's own lock is held). */
export async function updateAgreement(db: Db, id: number, version: number | null, v: AgreementValues) {
  return updateVersioned(db, agreement, id, version, v, { touch: true });
}

export async function deleteAgreements(db: Db, documentId: number, ids: number[]) {
  return db
    .delete(agreement)
    .where(and(eq(agreement.documentId, documentId), inArray(agreement.id, ids)))
    .returning({ id: agreement.id, hcpId: agreement.hcpId });
}

/** How many attendees and lecturer agreements a document has: what makes it HCP spend besides its items. */
export async function hcpSpendCounts(db: Db, documentId: number) {
  const attendees = db.select({ n: count() }).from(attendee).where(eq(attendee.documentId, documentId));
  const lecturers = db.select({ n: count() }).from(agreement).where(eq(agreement.documentId, documentId));
  // One statement for both counts.
  const [row] = await db
    .select({
      attendees: sql<number>`(${attendees})`.mapWith(Number),
      lecturers: sql<number>`(${lecturers})`.mapWith(Number),
    })
    .from(sql`(select 1) one`);
  return { attendees: row?.attendees ?? 0, lecturers: row?.lecturers ?? 0 };
}
