import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { costCentre } from '../masterdata/costcentre.table';
import { budget, budgetBalanceMonth, budgetDetail } from './budget.table';

/**
 * The budgets of a year on the cost centres the teams own, per month: what was budgeted (the monthly details), what
 * documents hold or reserve on them (held + reserved) and what they consumed, from the balance each ledger row moves
 * (`budget_balance_month`). Months without a figure are left out.
 */
export async function monthsOfTeams(db: Db, companyId: number, year: number, teamIds: number[]) {
  const budgets = db
    .select({ id: budget.id })
    .from(budget)
    .innerJoin(costCentre, eq(costCentre.id, budget.costCentreId))
    .where(and(eq(budget.companyId, companyId), eq(budget.year, year), inArray(costCentre.ownerTeamId, teamIds)));
  const [planned, used] = await Promise.all([
    db
      .select({
        month: budgetDetail.month,
        amount: sql<string>`sum(${budgetDetail.amount})::numeric(18,2)::text`,
      })
      .from(budgetDetail)
      .where(inArray(budgetDetail.budgetId, budgets))
      .groupBy(budgetDetail.month)
      .orderBy(asc(budgetDetail.month)),
    db
      .select({
        month: budgetBalanceMonth.month,
        committed: sql<string>`sum(${budgetBalanceMonth.held} + ${budgetBalanceMonth.reserved})::numeric(18,2)::text`,
        consumed: sql<string>`sum(${budgetBalanceMonth.consumed})::numeric(18,2)::text`,
      })
      .from(budgetBalanceMonth)
      .where(inArray(budgetBalanceMonth.budgetId, budgets))
      .groupBy(budgetBalanceMonth.month)
      .orderBy(asc(budgetBalanceMonth.month)),
  ]);
  return { planned, used };
}
