import { and, count, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db';
import { keywordIn, paged } from '../../../core/list';
import { document, expenseLine } from '../../documents/document.table';
import { expenseItem, expenseType, expenseTypeItem } from '../../masterdata/expense.table';
import { employee } from '../../org/org.table';
import { company } from '../../system/system.table';
import { tmcFeedCursor, tmcTicket } from './tmc.table';

export type TicketInsert = typeof tmcTicket.$inferInsert;

const apply = alias(document, 'tmc_apply');
const claim = alias(document, 'tmc_claim');

export async function companyByCode(db: Db, code: string) {
  const [row] = await db.select().from(company).where(eq(company.code, code));
  return row;
}

export async function companyById(db: Db, id: number) {
  const [row] = await db.select().from(company).where(eq(company.id, id));
  return row;
}

export async function employeeByCode(db: Db, companyId: number, code: string) {
  const [row] = await db
    .select()
    .from(employee)
    .where(and(eq(employee.companyId, companyId), eq(employee.code, code)));
  return row;
}

export async function employeeById(db: Db, id: number) {
  const [row] = await db.select().from(employee).where(eq(employee.id, id));
  return row;
}

/** An apply document of the company by id or number. */
export async function applyOf(db: Db, companyId: number, by: { id?: number; no?: string }) {
  const [row] = await db
    .select()
    .from(document)
    .where(
      and(
        eq(document.companyId, companyId),
        eq(document.docType, 'apply'),
        by.id !== undefined ? eq(document.id, by.id) : eq(document.docNo, by.no ?? ''),
      ),
    );
  return row;
}

/** The deputy expense type a technical parameter names, by its code (`D_TRAVEL`, or `TRAVEL` for `D_TRAVEL`). */
export async function deputyTypeByCode(db: Db, companyId: number, code: string) {
  const rows = await db
    .select()
    .from(expenseType)
    .where(
      and(
        eq(expenseType.companyId, companyId),
        eq(expenseType.docType, 'deputy'),
        inArray(expenseType.code, [code, `D_${code}`]),
      ),
    );
  return rows.find((r) => r.code === code) ?? rows[0];
}

/** The air-ticket item the expense type offers (the first by its order), if any. */
export async function airTicketItemOf(db: Db, typeId: number) {
  const [row] = await db
    .select({ id: expenseItem.id })
    .from(expenseTypeItem)
    .innerJoin(expenseItem, eq(expenseItem.id, expenseTypeItem.expenseItemId))
    .where(
      and(
        eq(expenseTypeItem.expenseTypeId, typeId),
        eq(expenseItem.category, 'air_ticket'),
        eq(expenseItem.active, true),
      ),
    )
    .orderBy(expenseTypeItem.sort, expenseItem.id)
    .limit(1);
  return row?.id ?? null;
}

/**
 * Records a delivered ticket once: a second delivery of the same order (a retry, a repeated poll, two instances at
 * once) finds the order number taken and inserts nothing. Answers the new row, or undefined when it existed.
 */
export async function insertTicket(db: Db, t: TicketInsert) {
  const [row] = await db
    .insert(tmcTicket)
    .values(t)
    .onConflictDoNothing({ target: [tmcTicket.companyId, tmcTicket.orderNo] })
    .returning();
  return row;
}

export async function ticketByOrder(db: Db, companyId: number, orderNo: string) {
  const [row] = await db
    .select()
    .from(tmcTicket)
    .where(and(eq(tmcTicket.companyId, companyId), eq(tmcTicket.orderNo, orderNo)));
  return row;
}

export async function ticketsById(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(tmcTicket)
    .where(and(eq(tmcTicket.companyId, companyId), inArray(tmcTicket.id, ids)));
}

export async function ticketsByNo(db: Db, companyId: number, nos: string[]) {
  if (nos.length === 0) return [];
  return db
    .select()
    .from(tmcTicket)
    .where(and(eq(tmcTicket.companyId, companyId), inArray(tmcTicket.ticketNo, nos)));
}

/** Which of the tickets a line of another document claims already, and that document's number. */
export async function claimedElsewhere(db: Db, ticketIds: number[], documentId: number | undefined) {
  if (ticketIds.length === 0) return [];
  return db
    .select({ ticketId: expenseLine.tmcTicketId, docNo: document.docNo })
    .from(expenseLine)
    .innerJoin(document, eq(document.id, expenseLine.documentId))
    .where(
      and(
        inArray(expenseLine.tmcTicketId, ticketIds),
        documentId !== undefined ? ne(expenseLine.documentId, documentId) : undefined,
      ),
    );
}

/** Locks the tickets' rows, in id order: a claim and a release of one ticket take turns (docs/decisions/038). */
export async function lockTickets(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: tmcTicket.id, ticketNo: tmcTicket.ticketNo })
    .from(tmcTicket)
    .where(and(eq(tmcTicket.companyId, companyId), inArray(tmcTicket.id, ids)))
    .orderBy(tmcTicket.id)
    .for('update');
}

/** The tickets a document's lines claim. */
export async function claimsOf(db: Db, documentId: number) {
  const rows = await db
    .select({ ticketId: expenseLine.tmcTicketId })
    .from(expenseLine)
    .where(and(eq(expenseLine.documentId, documentId), isNotNull(expenseLine.tmcTicketId)));
  return rows.map((r) => r.ticketId as number);
}

/**
 * Hands a ticket back from a document's line: the line no longer claims it, and its description keeps the ticket's
 * number for the record (put in front unless it is there already).
 */
export async function releaseLine(db: Db, documentId: number, ticket: { id: number; ticketNo: string }) {
  return db
    .update(expenseLine)
    .set({
      tmcTicketId: null,
      description: sql`case when strpos(coalesce(${expenseLine.description}, ''), ${ticket.ticketNo}) > 0
        then ${expenseLine.description}
        else trim(${ticket.ticketNo} || ' ' || coalesce(${expenseLine.description}, '')) end`,
    })
    .where(and(eq(expenseLine.documentId, documentId), eq(expenseLine.tmcTicketId, ticket.id)))
    .returning({ lineNo: expenseLine.lineNo });
}

const claimedBy = sql<
  number | null
>`(select l.document_id from expense_line l where l.tmc_ticket_id = ${tmcTicket.id} limit 1)`;

function ticketSelect(db: Db) {
  return db
    .select({
      t: tmcTicket,
      passengerCode: employee.code,
      passengerZh: employee.nameZh,
      passengerEn: employee.nameEn,
      applyNo: apply.docNo,
      typeZh: expenseType.nameZh,
      typeEn: expenseType.nameEn,
      itemZh: expenseItem.nameZh,
      itemEn: expenseItem.nameEn,
      claimId: claim.id,
      claimNo: claim.docNo,
    })
    .from(tmcTicket)
    .innerJoin(employee, eq(employee.id, tmcTicket.employeeId))
    .leftJoin(apply, eq(apply.id, tmcTicket.applyId))
    .leftJoin(expenseType, eq(expenseType.id, tmcTicket.expenseTypeId))
    .leftJoin(expenseItem, eq(expenseItem.id, tmcTicket.expenseItemId))
    .leftJoin(claim, eq(claim.id, claimedBy));
}
export type TicketRow = Awaited<ReturnType<ReturnType<typeof ticketSelect>['execute']>>[number];

export async function ticketRow(db: Db, id: number) {
  const [row] = await ticketSelect(db).where(eq(tmcTicket.id, id));
  return row;
}

export async function searchTickets(
  db: Db,
  f: {
    companyId: number;
    employeeIds: number[];
    state?: 'open' | 'claimed' | undefined;
    expenseTypeId?: number | undefined;
    keyword?: string | undefined;
    page: { PageIndex: number; PageSize: number };
  },
) {
  const where = and(
    eq(tmcTicket.companyId, f.companyId),
    inArray(tmcTicket.employeeId, f.employeeIds),
    f.state === 'open' ? sql`${claimedBy} is null` : f.state === 'claimed' ? sql`${claimedBy} is not null` : undefined,
    f.expenseTypeId !== undefined ? eq(tmcTicket.expenseTypeId, f.expenseTypeId) : undefined,
    keywordIn(f.keyword, [
      tmcTicket.ticketNo,
      tmcTicket.orderNo,
      tmcTicket.flight,
      tmcTicket.fromCity,
      tmcTicket.toCity,
    ]),
  );
  return paged(
    f.page,
    db.select({ n: count() }).from(tmcTicket).where(where),
    ticketSelect(db).where(where).orderBy(desc(tmcTicket.flightDate), desc(tmcTicket.id)),
  );
}

export async function feedCursor(db: Db, companyId: number) {
  const [row] = await db.select().from(tmcFeedCursor).where(eq(tmcFeedCursor.companyId, companyId));
  return row?.cursor ?? null;
}

export async function saveFeedCursor(db: Db, companyId: number, cursor: string) {
  await db
    .insert(tmcFeedCursor)
    .values({ companyId, cursor })
    .onConflictDoUpdate({ target: tmcFeedCursor.companyId, set: { cursor, updatedAt: new Date() } });
}

export async function activeCompanies(db: Db) {
  return db.select({ id: company.id, code: company.code }).from(company).where(eq(company.active, true));
}
