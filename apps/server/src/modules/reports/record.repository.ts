import type { DocType } from '@ems/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { costCentre } from '../masterdata/costcentre.table';
import { expenseType } from '../masterdata/expense.table';
import { employee, team } from '../org/org.table';

/** The spend reports (month and current period): approved documents summed per group, year and month. */

export type SpendGroupBy = 'expenseType' | 'costCentre' | 'team';

/** Start of a month in Asia/Shanghai (month 13 is January of the next year). */
export const monthStart = (year: number, month: number) =>
  month > 12
    ? new Date(`${year + 1}-01-01T00:00:00+08:00`)
    : new Date(`${year}-${String(month).padStart(2, '0')}-01T00:00:00+08:00`);

export interface SpendFilter {
  from: Date;
  before: Date;
  docType: DocType;
  groupBy: SpendGroupBy;
  teamId?: number | undefined;
  costCentreId?: number | undefined;
}

/** The approved summary's column of each grouping. */
const SUMMARY_GROUP = {
  expenseType: sql`expense_type_id`,
  costCentre: sql`cost_centre_id`,
  team: sql`team_id`,
} as const;

const shanghaiDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(d);

/**
 * Approved documents within [from, before) (starts of months in Asia/Shanghai) per group × year × month: count and
 * CNY amount, read from the approved summary (decision 039), which keeps every filter these reports offer.
 */
export async function spendCells(db: Db, companyId: number, f: SpendFilter) {
  const key = SUMMARY_GROUP[f.groupBy];
  const result = await db.execute(sql`select ${key} as key, extract(year from month)::int as year,
      extract(month from month)::int as month, sum(documents)::int as documents,
      sum(amount_cny)::numeric(18,2)::text as amount
    from approved_summary
    where company_id = ${companyId} and doc_type = ${f.docType}
      and month >= ${shanghaiDay(f.from)}::date and month < ${shanghaiDay(f.before)}::date
      ${f.teamId ? sql`and team_id = ${f.teamId}` : sql``}
      ${f.costCentreId ? sql`and cost_centre_id = ${f.costCentreId}` : sql``}
    group by 1, 2, 3 having sum(documents) <> 0 or sum(amount_cny) <> 0`);
  return (
    result as unknown as {
      rows: { key: number | null; year: number; month: number; documents: number; amount: string }[];
    }
  ).rows;
}
export type SpendCell = Awaited<ReturnType<typeof spendCells>>[number];

/** The code and names of the groups a spend report shows. */
export async function groupNames(db: Db, by: SpendGroupBy, ids: number[]) {
  if (ids.length === 0) return [];
  const table = by === 'expenseType' ? expenseType : by === 'costCentre' ? costCentre : team;
  return db
    .select({ id: table.id, code: table.code, nameZh: table.nameZh, nameEn: table.nameEn })
    .from(table)
    .where(inArray(table.id, ids));
}

/** Whether the team, cost centre and person a report is narrowed to (those given) are all the company's own. */
export async function allOwnedBy(
  db: Db,
  companyId: number,
  q: { TeamID?: number | undefined; CostCenterID?: number | undefined; ApproverID?: number | undefined },
): Promise<boolean> {
  const found = await Promise.all([
    q.TeamID
      ? db
          .select({ id: team.id })
          .from(team)
          .where(and(eq(team.id, q.TeamID), eq(team.companyId, companyId)))
      : [true],
    q.CostCenterID
      ? db
          .select({ id: costCentre.id })
          .from(costCentre)
          .where(and(eq(costCentre.id, q.CostCenterID), eq(costCentre.companyId, companyId)))
      : [true],
    q.ApproverID
      ? db
          .select({ id: employee.id })
          .from(employee)
          .where(and(eq(employee.id, q.ApproverID), eq(employee.companyId, companyId)))
      : [true],
  ]);
  return found.every((rows) => rows.length > 0);
}
