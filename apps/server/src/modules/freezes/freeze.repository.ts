import type { EmployeeStatus, SearchFreezeBody, SearchFreezeHistoryBody } from '@ems/contracts';
import { type AnyColumn, and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../core/db';
import { keywordIn, orderFrom, paged } from '../../core/list';
import { document as doc } from '../documents/document.table';
import { AT_FINANCE } from '../documents/lifecycle/document.state';
import { loanDueSql, loanSettledSql } from '../finance/loans/loan-balance.repository';
import { employee, employeeStatusHistory as history, team } from '../org/org.table';
import { company } from '../system/system.table';

/** Loans approved and not yet closed: paid out or on their way to it. */
const OPEN_LOAN_STATES = AT_FINANCE.filter((s) => s !== 'closed');

/**
 * What settles a loan: the deputies past draft that write it off (less write-offs finance cancelled) and the
 * repayments finance recorded; the one rule the loan accounts keep (`finance/loans/loan-balance.repository.ts`).
 */
const writtenOff = loanSettledSql(doc.id);
const balance = sql<string>`(${doc.totalAmount} - ${writtenOff})`;
/** The day a loan falls due (`loanDueSql`): after it an open balance is overdue. */
const dueDate = (days: number) =>
  sql<string>`${loanDueSql(doc.repayBy, sql`(${doc.approvedAt} at time zone 'Asia/Shanghai')::date`, days)}::text`;

/** An open loan with something left to write off, of one company. */
function openLoanWhere(companyId: number): SQL {
  return and(
    eq(doc.companyId, companyId),
    eq(doc.docType, 'loan'),
    inArray(doc.status, OPEN_LOAN_STATES),
    sql`${balance} > 0`,
  ) as SQL;
}

/** An employee of the company: at home there or lent to it. */
const inCompany = (companyId: number) =>
  or(
    eq(employee.companyId, companyId),
    sql`exists (select 1 from employee_company ec where ec.employee_id = ${employee.id} and ec.company_id = ${companyId})`,
  );

/** One person's open loans in a company, oldest first, with what is written off and when each falls due. */
export async function openLoansOf(db: Db, companyId: number, employeeId: number, days: number) {
  return db
    .select({
      id: doc.id,
      docNo: doc.docNo,
      reason: doc.reason,
      status: doc.status,
      total: doc.totalAmount,
      writtenOff: sql<string>`${writtenOff}::numeric(18,2)::text`,
      balance: sql<string>`${balance}::numeric(18,2)::text`,
      approvedAt: doc.approvedAt,
      dueDate: dueDate(days),
    })
    .from(doc)
    .where(and(openLoanWhere(companyId), eq(doc.applicantId, employeeId)))
    .orderBy(asc(doc.approvedAt), asc(doc.id));
}

export interface PeopleFilter extends SearchFreezeBody {
  statuses: readonly EmployeeStatus[];
  /** Only people with an open loan past its due date. */
  overdueOnly?: boolean;
  /** The sub-teams a team filter stands for. */
  teamIds?: number[];
}

/** Per person, their open loans in the company: how many, what they owe, how many are overdue, the first due day. */
function loanSummary(db: Db, companyId: number, days: number, today: string) {
  return db
    .select({
      employeeId: sql<number>`${doc.applicantId}`.as('loan_employee_id'),
      openLoans: sql<number>`count(*)::int`.as('open_loans'),
      openBalance: sql<string>`sum(${balance})::numeric(18,2)::text`.as('open_balance'),
      overdueLoans: sql<number>`count(*) filter (where ${dueDate(days)} < ${today})::int`.as('overdue_loans'),
      oldestDue: sql<string | null>`min(${dueDate(days)})`.as('oldest_due'),
    })
    .from(doc)
    .where(openLoanWhere(companyId))
    .groupBy(doc.applicantId)
    .as('loans');
}

/** The people a freeze screen lists, with their open loans, paged. */
export async function searchPeople(db: Db, companyId: number, days: number, today: string, f: PeopleFilter) {
  const loans = loanSummary(db, companyId, days, today);
  const where = and(
    inCompany(companyId),
    inArray(employee.status, f.statuses),
    keywordIn(f.Keyword, [employee.code, employee.nameZh, employee.nameEn]),
    f.teamIds ? inArray(employee.teamId, f.teamIds) : undefined,
    f.HasOpenLoans === true ? sql`${loans.openLoans} > 0` : undefined,
    f.HasOpenLoans === false ? sql`${loans.openLoans} is null` : undefined,
    f.overdueOnly ? sql`${loans.overdueLoans} > 0` : undefined,
  );
  const sortable: Record<string, AnyColumn | SQL> = {
    Code: employee.code,
    Name: employee.nameZh,
    Status: employee.status,
    OpenLoans: sql`coalesce(${loans.openLoans}, 0)`,
    OpenBalance: sql`coalesce(${loans.openBalance}::numeric, 0)`,
    OverdueLoans: sql`coalesce(${loans.overdueLoans}, 0)`,
    OldestDueDate: sql`${loans.oldestDue}`,
  };
  const columns = {
    e: {
      id: employee.id,
      code: employee.code,
      nameZh: employee.nameZh,
      nameEn: employee.nameEn,
      status: employee.status,
      version: employee.version,
    },
    teamZh: team.nameZh,
    teamEn: team.nameEn,
    openLoans: loans.openLoans,
    openBalance: loans.openBalance,
    overdueLoans: loans.overdueLoans,
    oldestDue: loans.oldestDue,
  };
  return paged(
    f,
    db.select({ n: count() }).from(employee).leftJoin(loans, eq(loans.employeeId, employee.id)).where(where),
    db
      .select(columns)
      .from(employee)
      .leftJoin(team, eq(team.id, employee.teamId))
      .leftJoin(loans, eq(loans.employeeId, employee.id))
      .where(where)
      .orderBy(orderFrom(sortable, f, employee.code), asc(employee.id)),
  );
}

function employeeQuery(db: Db, companyId: number, employeeId: number) {
  return db
    .select({ id: employee.id, status: employee.status, version: employee.version })
    .from(employee)
    .where(and(eq(employee.id, employeeId), inCompany(companyId)));
}

/** A person of the company, or nothing. */
export async function findEmployee(db: Db, companyId: number, employeeId: number) {
  const [row] = await employeeQuery(db, companyId, employeeId);
  return row;
}

/** Locks a person of the company for a freeze or a thaw: the status is checked against the locked row. */
export async function lockEmployee(db: Db, companyId: number, employeeId: number) {
  const [row] = await employeeQuery(db, companyId, employeeId).for('update', { of: employee });
  return row;
}

/** The new status at the version the lock saw; the lock makes a miss impossible, the version check stays cheap. */
export async function setStatus(db: Db, id: number, version: number, status: EmployeeStatus) {
  const [row] = await db
    .update(employee)
    .set({ status, version: version + 1, updatedAt: new Date() })
    .where(and(eq(employee.id, id), eq(employee.version, version)))
    .returning({ id: employee.id, status: employee.status, version: employee.version });
  return row;
}

export async function insertHistory(db: Db, values: typeof history.$inferInsert) {
  await db.insert(history).values(values);
}

/** The freeze history rows of a kind: freezes into and thaws out of its status. */
function kindWhere(kind: 'overdue' | 'resignation'): SQL {
  const status = kind === 'overdue' ? 'overdue_frozen' : 'resignation_frozen';
  return or(eq(history.toStatus, status), and(eq(history.fromStatus, status), eq(history.toStatus, 'active'))) as SQL;
}

const actor = alias(employee, 'actor');

/** Freezes and thaws of one kind in the company (or of one person), newest first. */
export async function searchHistory(
  db: Db,
  companyId: number,
  kind: 'overdue' | 'resignation',
  f: SearchFreezeHistoryBody,
) {
  const where = and(
    eq(history.companyId, companyId),
    kindWhere(kind),
    f.EmployeeID ? eq(history.employeeId, f.EmployeeID) : undefined,
    keywordIn(f.Keyword, [employee.code, employee.nameZh, employee.nameEn, history.reason]),
    f.DateFrom ? gte(history.at, sql`(${f.DateFrom}::date)::timestamp at time zone 'Asia/Shanghai'`) : undefined,
    f.DateTo ? lt(history.at, sql`(${f.DateTo}::date + 1)::timestamp at time zone 'Asia/Shanghai'`) : undefined,
  );
  return paged(
    f,
    db.select({ n: count() }).from(history).innerJoin(employee, eq(employee.id, history.employeeId)).where(where),
    db
      .select({
        h: history,
        code: employee.code,
        nameZh: employee.nameZh,
        nameEn: employee.nameEn,
        actorZh: actor.nameZh,
        actorEn: actor.nameEn,
      })
      .from(history)
      .innerJoin(employee, eq(employee.id, history.employeeId))
      .leftJoin(actor, eq(actor.id, history.actorId))
      .where(where)
      .orderBy(desc(history.at), desc(history.id)),
  );
}

export async function companyIds(db: Db): Promise<number[]> {
  return (await db.select({ id: company.id }).from(company).orderBy(asc(company.id))).map((r) => r.id);
}

/**
 * Open loans of active people in the company (or of one borrower, `applicantId`) falling due from `from` to `to`
 * (Shanghai dates, both included), with what is left to write off: the loan reminders' list.
 */
export async function loansFallingDue(
  db: Db,
  companyId: number,
  f: { days: number; from: string; to: string; applicantId?: number },
) {
  return db
    .select({
      id: doc.id,
      docNo: doc.docNo,
      applicantId: doc.applicantId,
      currency: doc.currency,
      balance: sql<string>`${balance}::numeric(18,2)::text`,
      dueDate: dueDate(f.days),
    })
    .from(doc)
    .innerJoin(employee, eq(employee.id, doc.applicantId))
    .where(
      and(
        openLoanWhere(companyId),
        // The reminders go to active people; one borrower's own list holds their loans whatever their state.
        f.applicantId ? eq(doc.applicantId, f.applicantId) : eq(employee.status, 'active'),
        sql`${dueDate(f.days)} between ${f.from} and ${f.to}`,
      ),
    )
    .orderBy(asc(doc.applicantId), asc(doc.id));
}

/**
 * Active people with an open loan in the company past its due date, and those loans' numbers: the nightly job's
 * candidates. A person thawed since `thawedAfter` is left alone (finance's thaw gives them that long to settle).
 */
export async function overdueCandidates(
  db: Db,
  companyId: number,
  f: { days: number; today: string; thawedAfter: Date; employeeId?: number },
) {
  const { days, today, thawedAfter } = f;
  return db
    .select({
      employeeId: employee.id,
      loans: sql<string[]>`array_agg(${doc.docNo} order by ${doc.docNo})`,
    })
    .from(doc)
    .innerJoin(employee, eq(employee.id, doc.applicantId))
    .where(
      and(
        openLoanWhere(companyId),
        sql`${dueDate(days)} < ${today}`,
        eq(employee.status, 'active'),
        f.employeeId ? eq(employee.id, f.employeeId) : undefined,
        sql`not exists (select 1 from ${history} h where h.employee_id = ${employee.id}
          and h.from_status = 'overdue_frozen' and h.to_status = 'active' and h.at > ${thawedAfter.toISOString()})`,
      ),
    )
    .groupBy(employee.id)
    .orderBy(asc(employee.id));
}
