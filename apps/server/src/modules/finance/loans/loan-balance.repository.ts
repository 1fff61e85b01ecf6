import { type AnyColumn, Column, getTableName, type SQL, sql } from 'drizzle-orm';

/**
 * The loan's id as the outer query names it, always with its table: Drizzle writes a column of a one-table select
 * bare, and inside these subqueries a bare "id" would be the subquery's own row.
 */
function outer(loanId: AnyColumn | SQL): SQL {
  return loanId instanceof Column
    ? sql`${sql.identifier(getTableName(loanId.table))}.${sql.identifier(loanId.name)}`
    : sql`${loanId}`;
}

/**
 * The one rule of what settles a loan, shared as a query builder (the freeze lists and the deputy form compose their
 * SQL with it): the deputies past draft that write it off, less those whose write-off finance cancelled, and the
 * repayments finance recorded. A loan's open amount is its total less this.
 * `exceptDeputyId` leaves out the deputy being edited.
 */
export function loanSettledSql(loanColumn: AnyColumn | SQL, exceptDeputyId = 0): SQL<string> {
  const loanId = outer(loanColumn);
  return sql<string>`(coalesce((
    select sum(l.amount) from document_loan_link l join document o on o.id = l.document_id
    where l.loan_id = ${loanId} and o.status not in ('draft', 'cancelled') and o.id <> ${exceptDeputyId}
      and not exists (select 1 from loan_balance_movement c
        where c.kind = 'write_off_cancel' and c.loan_id = l.loan_id and c.deputy_id = l.document_id)
  ), 0) + coalesce((
    select sum(r.amount) from loan_balance_movement r where r.loan_id = ${loanId} and r.kind = 'repayment'
  ), 0))`;
}

/**
 * What deputies past draft will write off a loan when they are posted: their links without a write-off yet (nor a
 * cancelled one).
 */
export function loanPendingSql(loanColumn: AnyColumn | SQL): SQL<string> {
  const loanId = outer(loanColumn);
  return sql<string>`coalesce((
    select sum(l.amount) from document_loan_link l join document o on o.id = l.document_id
    where l.loan_id = ${loanId} and o.status not in ('draft', 'cancelled')
      and not exists (select 1 from loan_balance_movement w
        where w.kind in ('write_off', 'write_off_cancel') and w.loan_id = l.loan_id and w.deputy_id = l.document_id)
  ), 0)`;
}

/**
 * The day a loan falls due (decision 059), as a date: the repayment date its borrower set, else the day it was
 * approved (`approvedOn`, a Shanghai date) plus the company's overdue days. After that day an open balance is overdue.
 */
export function loanDueSql(repayBy: AnyColumn, approvedOn: SQL, days: number): SQL<string> {
  return sql<string>`coalesce(${repayBy}, ${approvedOn} + ${days}::int)`;
}
