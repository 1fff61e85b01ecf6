import type { AgeingBucket, SearchLoanAccountBody } from '@ems/contracts';
import { AGEING_BUCKETS, AGEING_FROM } from '@ems/contracts';
import { type AnyColumn, and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../core/list';
import { document as doc, documentLoanLink } from '../../documents/document.table';
import { employee, team } from '../../org/org.table';
import { voucher } from '../entries/entries.table';
import { loanDueSql, loanPendingSql } from './loan-balance.repository';
import { loanBalanceMovement as mv } from './loans.table';

export type MovementRow = typeof mv.$inferSelect;

/** The number of a document of the company, to name it in a batch's report; nothing for another company's. */
export async function docNoOf(db: Db, companyId: number, id: number): Promise<string | null> {
  const [row] = await db
    .select({ docNo: doc.docNo })
    .from(doc)
    .where(and(eq(doc.id, id), eq(doc.companyId, companyId)));
  return row?.docNo ?? null;
}

/** The loans a deputy writes off, by how much. */
export async function linksOf(db: Db, deputyId: number) {
  return db
    .select({ loanId: documentLoanLink.loanId, amount: documentLoanLink.amount })
    .from(documentLoanLink)
    .where(eq(documentLoanLink.documentId, deputyId))
    .orderBy(asc(documentLoanLink.loanId));
}

/** Records a movement; one already recorded (the advance, a deputy's write-off, a cancel) is left as it is. */
export async function insertMovement(db: Db, values: typeof mv.$inferInsert): Promise<MovementRow | undefined> {
  const [row] = await db.insert(mv).values(values).onConflictDoNothing().returning();
  return row;
}

export async function lockMovement(db: Db, id: number) {
  const [row] = await db.select().from(mv).where(eq(mv.id, id)).for('update');
  return row;
}

export async function cancelOf(db: Db, writeOffId: number) {
  const [row] = await db
    .select({ id: mv.id })
    .from(mv)
    .where(and(eq(mv.reversesId, writeOffId), eq(mv.kind, 'write_off_cancel')));
  return row;
}

const signed = sql<string>`case when ${mv.kind} in ('advance', 'write_off_cancel') then ${mv.amount} else -${mv.amount} end`;

/** A loan's book from its movements, and what deputies still pending will write off. */
export async function bookOf(db: Db, loanId: number) {
  const [row] = await db
    .select({
      advanced: sql<string>`coalesce(sum(${mv.amount}) filter (where ${mv.kind} = 'advance'), 0)::numeric(18,2)::text`,
      balance: sql<string>`coalesce(sum(${signed}), 0)::numeric(18,2)::text`,
      pending: sql<string>`(${loanPendingSql(sql`${loanId}::int`)})::numeric(18,2)::text`,
    })
    .from(mv)
    .where(eq(mv.loanId, loanId));
  return row ?? { advanced: '0.00', balance: '0.00', pending: '0.00' };
}

const actorPerson = alias(employee, 'actor');
const deputy = alias(doc, 'deputy');

/** A loan's movements in order, with the deputy, the voucher and who recorded each. */
export async function movementsOf(db: Db, loanId: number) {
  return db
    .select({
      m: mv,
      deputyNo: deputy.docNo,
      voucherState: voucher.state,
      erpDocNo: voucher.erpDocNo,
      actorZh: actorPerson.nameZh,
      actorEn: actorPerson.nameEn,
      cancelled: sql<boolean>`exists (select 1 from loan_balance_movement c
        where c.kind = 'write_off_cancel' and c.reverses_id = ${mv.id})`,
    })
    .from(mv)
    .leftJoin(deputy, eq(deputy.id, mv.deputyId))
    .leftJoin(voucher, eq(voucher.id, mv.voucherId))
    .leftJoin(actorPerson, eq(actorPerson.id, mv.actorId))
    .where(eq(mv.loanId, loanId))
    .orderBy(asc(mv.id));
}

// The loan accounts list ---------------------------------------------------------------------------------------

export interface AccountFilter extends Omit<SearchLoanAccountBody, 'PageIndex' | 'PageSize'> {
  teamIds?: number[];
  loanId?: number;
}

/** Per booked loan of the company: the sums of its movements. */
function bookOfCompany(db: Db, companyId: number) {
  return db
    .select({
      loanId: mv.loanId,
      advanced: sql<string>`coalesce(sum(${mv.amount}) filter (where ${mv.kind} = 'advance'), 0)`.as('advanced'),
      writtenOff: sql<string>`coalesce(sum(case ${mv.kind} when 'write_off' then ${mv.amount}
        when 'write_off_cancel' then -${mv.amount} else 0 end), 0)`.as('written_off'),
      repaid: sql<string>`coalesce(sum(${mv.amount}) filter (where ${mv.kind} = 'repayment'), 0)`.as('repaid'),
      balance: sql<string>`coalesce(sum(${signed}), 0)`.as('balance'),
    })
    .from(mv)
    .where(eq(mv.companyId, companyId))
    .groupBy(mv.loanId)
    .as('book');
}

/** The parts of the accounts query every list shares: the book, the ageing and the filters. */
function accounts(db: Db, companyId: number, today: string, days: number, f: AccountFilter) {
  const book = bookOfCompany(db, companyId);
  const approvedOn = sql<string>`(coalesce(${doc.approvedAt}, ${doc.createdAt}) at time zone 'Asia/Shanghai')::date`;
  const age = sql<number>`(${today}::date - ${approvedOn})::int`;
  const due = loanDueSql(doc.repayBy, approvedOn, days);
  const pending = loanPendingSql(doc.id);
  const bucket = sql<AgeingBucket>`case ${sql.join(
    [...AGEING_BUCKETS].reverse().map((b) => sql`when ${age} >= ${AGEING_FROM[b]} then ${b}`),
    sql` `,
  )} end`;
  const range = (b: AgeingBucket) => {
    const i = AGEING_BUCKETS.indexOf(b);
    const next = AGEING_BUCKETS[i + 1];
    return and(sql`${age} >= ${AGEING_FROM[b]}`, next ? sql`${age} < ${AGEING_FROM[next]}` : undefined);
  };
  const where = and(
    eq(doc.companyId, companyId),
    eq(doc.docType, 'loan'),
    f.loanId ? eq(doc.id, f.loanId) : undefined,
    f.EmployeeID ? eq(doc.applicantId, f.EmployeeID) : undefined,
    f.teamIds ? inArray(employee.teamId, f.teamIds) : undefined,
    keywordIn(f.Keyword, [doc.docNo, employee.code, employee.nameZh, employee.nameEn]),
    f.OpenOnly === false ? undefined : sql`${book.balance} > 0`,
    f.OverdueOnly ? and(sql`${due} < ${today}::date`, sql`${book.balance} > 0`) : undefined,
    f.Bucket ? range(f.Bucket) : undefined,
  );
  return { book, approvedOn, age, due, pending, bucket, where };
}

export async function searchAccounts(
  db: Db,
  companyId: number,
  today: string,
  days: number,
  f: AccountFilter & { PageIndex: number; PageSize: number },
) {
  const a = accounts(db, companyId, today, days, f);
  const { book } = a;
  const sortable: Record<string, AnyColumn | SQL> = {
    DocNo: doc.docNo,
    EmployeeCode: employee.code,
    EmployeeName: employee.nameZh,
    ApprovedOn: a.approvedOn,
    AgeDays: a.age,
    Total: doc.totalAmount,
    Balance: sql`${book.balance}`,
    Status: doc.status,
  };
  return paged(
    f,
    db
      .select({ n: count() })
      .from(book)
      .innerJoin(doc, eq(doc.id, book.loanId))
      .innerJoin(employee, eq(employee.id, doc.applicantId))
      .where(a.where),
    db
      .select({
        id: doc.id,
        docNo: doc.docNo,
        reason: doc.reason,
        status: doc.status,
        total: doc.totalAmount,
        version: doc.version,
        employeeId: employee.id,
        code: employee.code,
        nameZh: employee.nameZh,
        nameEn: employee.nameEn,
        teamZh: team.nameZh,
        teamEn: team.nameEn,
        approvedOn: sql<string>`${a.approvedOn}::text`,
        dueDate: sql<string>`${a.due}::text`,
        age: a.age,
        bucket: a.bucket,
        advanced: sql<string>`${book.advanced}::numeric(18,2)::text`,
        writtenOff: sql<string>`${book.writtenOff}::numeric(18,2)::text`,
        repaid: sql<string>`${book.repaid}::numeric(18,2)::text`,
        balance: sql<string>`${book.balance}::numeric(18,2)::text`,
        pending: sql<string>`${a.pending}::numeric(18,2)::text`,
      })
      .from(book)
      .innerJoin(doc, eq(doc.id, book.loanId))
      .innerJoin(employee, eq(employee.id, doc.applicantId))
      .leftJoin(team, eq(team.id, employee.teamId))
      .where(a.where)
      .orderBy(orderFrom(sortable, f, a.approvedOn), asc(doc.id)),
  );
}

/** The balance of every loan the filters match, per ageing bucket. */
export async function ageingSummary(db: Db, companyId: number, today: string, days: number, f: AccountFilter) {
  const a = accounts(db, companyId, today, days, f);
  return (
    db
      .select({
        bucket: a.bucket,
        amount: sql<string>`sum(${a.book.balance})::numeric(18,2)::text`,
        loans: sql<number>`count(*)::int`,
      })
      .from(a.book)
      .innerJoin(doc, eq(doc.id, a.book.loanId))
      .innerJoin(employee, eq(employee.id, doc.applicantId))
      .where(a.where)
      // By position: the bucket's expression carries parameters, which GROUP BY would not match to the select's.
      .groupBy(sql`1`)
  );
}

/** Per person, their booked loans the filters match: balance, pending write-offs, overdue count, and ageing. */
export async function searchEmployees(
  db: Db,
  companyId: number,
  today: string,
  days: number,
  f: AccountFilter & { PageIndex: number; PageSize: number },
) {
  const a = accounts(db, companyId, today, days, f);
  const inBucket = (b: AgeingBucket) =>
    sql<string>`coalesce(sum(${a.book.balance}) filter (where ${a.bucket} = ${b}), 0)::numeric(18,2)::text`;
  const balance = sql<string>`sum(${a.book.balance})`;
  const sortable: Record<string, AnyColumn | SQL> = {
    EmployeeCode: employee.code,
    EmployeeName: employee.nameZh,
    Balance: balance,
    Loans: sql`count(*)`,
  };
  return paged(
    f,
    db
      .select({ n: sql<number>`count(distinct ${employee.id})::int` })
      .from(a.book)
      .innerJoin(doc, eq(doc.id, a.book.loanId))
      .innerJoin(employee, eq(employee.id, doc.applicantId))
      .where(a.where),
    db
      .select({
        employeeId: employee.id,
        code: employee.code,
        nameZh: employee.nameZh,
        nameEn: employee.nameEn,
        teamZh: team.nameZh,
        teamEn: team.nameEn,
        loans: sql<number>`count(*)::int`,
        balance: sql<string>`${balance}::numeric(18,2)::text`,
        pending: sql<string>`sum(${a.pending})::numeric(18,2)::text`,
        overdue: sql<number>`count(*) filter (where ${a.due} < ${today}::date and ${a.book.balance} > 0)::int`,
        d0_30: inBucket('d0_30'),
        d31_60: inBucket('d31_60'),
        d61_90: inBucket('d61_90'),
        d91_180: inBucket('d91_180'),
        d181: inBucket('d181'),
      })
      .from(a.book)
      .innerJoin(doc, eq(doc.id, a.book.loanId))
      .innerJoin(employee, eq(employee.id, doc.applicantId))
      .leftJoin(team, eq(team.id, employee.teamId))
      .where(a.where)
      .groupBy(employee.id, team.id)
      .orderBy(orderFrom(sortable, f, employee.code), desc(balance)),
  );
}

/**
 * Whether a deputy leaves anything to pay its applicant: all its lines air tickets (of the air-ticket category, or
 * TMC tickets the company's TMC account paid), or loans written off take all that is not TMC-paid.
 */
export async function payableFacts(db: Db, documentId: number) {
  const [row] = await db
    .select({
      lines: sql<number>`(select count(*) from expense_line l where l.document_id = ${documentId})::int`,
      otherLines: sql<number>`(select count(*) from expense_line l left join expense_item i on i.id = l.expense_item_id
        where l.document_id = ${documentId} and coalesce(i.category, 'other') <> 'air_ticket'
          and l.tmc_ticket_id is null)::int`,
      // TMC tickets are paid by the company's TMC account: the loans need offset only the rest.
      offset: sql<boolean>`${doc.totalAmountCny} - coalesce((select sum(l.amount_cny) from expense_line l
        where l.document_id = ${documentId} and l.tmc_ticket_id is not null), 0)
        <= coalesce((select sum(k.amount) from document_loan_link k where k.document_id = ${documentId}), 0)`,
    })
    .from(doc)
    .where(eq(doc.id, documentId));
  return {
    onlyAirTickets: !!row && row.lines > 0 && row.otherLines === 0,
    fullyOffset: !!row && row.offset,
  };
}
