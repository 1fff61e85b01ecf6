import { APPROVED_STATES, type DocType } from '@ems/contracts';
import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { document as doc } from '../documents/document.table';
import { costCentre } from '../masterdata/costcentre.table';
import { expenseType } from '../masterdata/expense.table';
import { employee, team } from '../org/org.table';

/** The spend reports (month and current period): approved documents summed per group, year and month. */

export type SpendGroupBy = 'expenseType' | 'costCentre' | 'team';

const GROUP_COLUMN = {
  expenseType: doc.expenseTypeId,
  costCentre: doc.costCentreId,
  team: doc.teamId,
} as const;

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

/**
 * Approved documents within [from, before) per group × year × month (Asia/Shanghai): count and CNY amount. Reads the
 * `document_spend_idx` index alone (company, type, approval time, with the group columns, state and amount).
 */
export async function spendCells(db: Db, companyId: number, f: SpendFilter) {
  const key = GROUP_COLUMN[f.groupBy];
  const local = sql`(${doc.approvedAt} at time zone 'Asia/Shanghai')`;
  const year = sql<number>`extract(year from ${local})::int`;
  const month = sql<number>`extract(month from ${local})::int`;
  return db
    .select({
      key,
      year,
      month,
      documents: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${doc.totalAmountCny})::numeric(18,2)::text`,
    })
    .from(doc)
    .where(
      and(
        eq(doc.companyId, companyId),
        eq(doc.docType, f.docType),
        isNotNull(doc.approvedAt),
        gte(doc.approvedAt, f.from),
        lt(doc.approvedAt, f.before),
        inArray(doc.status, [...APPROVED_STATES]),
        f.teamId ? eq(doc.teamId, f.teamId) : undefined,
        f.costCentreId ? eq(doc.costCentreId, f.costCentreId) : undefined,
      ),
    )
    .groupBy(key, year, month);
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
