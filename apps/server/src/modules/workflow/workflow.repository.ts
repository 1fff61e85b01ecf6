import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { keywordIn, orderFrom, paged } from '../../core/list';
import { expenseItem, expenseType } from '../masterdata/expense.table';
import { employee, employeeRoleTeam, role } from '../org/org.table';
import { workflowDetail as d, workflowSetting as w } from './workflow.table';

export type WorkflowRowDb = typeof w.$inferSelect;
export type DetailRowDb = typeof d.$inferSelect;

const stepCount = sql<number>`(select count(*)::int from ${d} where ${d.workflowId} = ${w.id})`;

export async function search(
  db: Db,
  companyId: number,
  q: {
    DocType?: string | undefined;
    Keyword?: string | undefined;
    Active?: boolean | undefined;
    PageIndex: number;
    PageSize: number;
    SortField?: string | undefined;
    SortOrder?: 'ascend' | 'descend' | undefined;
  },
) {
  const where: SQL | undefined = and(
    eq(w.companyId, companyId),
    q.DocType ? eq(w.docType, q.DocType as 'apply') : undefined,
    q.Active === undefined ? undefined : eq(w.active, q.Active),
    keywordIn(q.Keyword, [w.code, w.nameZh, w.nameEn]),
  );
  return paged(
    q,
    db.select({ n: count() }).from(w).where(where),
    db
      .select({ w, typeZh: expenseType.nameZh, typeEn: expenseType.nameEn, steps: stepCount })
      .from(w)
      .leftJoin(expenseType, eq(expenseType.id, w.expenseTypeId))
      .where(where)
      .orderBy(orderFrom({ Code: w.code, DocType: w.docType, Name: w.nameZh }, q, w.code)),
  );
}

export async function findById(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ w, typeZh: expenseType.nameZh, typeEn: expenseType.nameEn, steps: stepCount })
    .from(w)
    .leftJoin(expenseType, eq(expenseType.id, w.expenseTypeId))
    .where(and(eq(w.id, id), eq(w.companyId, companyId)));
  return row;
}

export async function findByCode(db: Db, companyId: number, code: string) {
  const [row] = await db
    .select()
    .from(w)
    .where(and(eq(w.companyId, companyId), eq(w.code, code)));
  return row;
}

export async function details(db: Db, workflowId: number) {
  return db
    .select({ d, personZh: employee.nameZh, personEn: employee.nameEn })
    .from(d)
    .leftJoin(employee, eq(employee.id, d.personId))
    .where(eq(d.workflowId, workflowId))
    .orderBy(asc(d.seq));
}

export async function insertWorkflow(db: Db, v: typeof w.$inferInsert) {
  const [row] = await db.insert(w).values(v).returning();
  return row!;
}

export async function updateWorkflow(db: Db, id: number, version: number, v: Partial<typeof w.$inferInsert>) {
  const [row] = await db
    .update(w)
    .set({ ...v, version: sql`${w.version} + 1` })
    .where(and(eq(w.id, id), eq(w.version, version)))
    .returning();
  return row;
}

export async function replaceDetails(db: Db, workflowId: number, rows: Omit<typeof d.$inferInsert, 'workflowId'>[]) {
  await db.delete(d).where(eq(d.workflowId, workflowId));
  if (rows.length) await db.insert(d).values(rows.map((r) => ({ ...r, workflowId })));
}

export async function findDetail(db: Db, id: number) {
  const [row] = await db
    .select({ d, companyId: w.companyId })
    .from(d)
    .innerJoin(w, eq(w.id, d.workflowId))
    .where(eq(d.id, id));
  return row;
}

/** Removes one step and closes the gap in the numbering. */
export async function deleteDetail(db: Db, id: number, workflowId: number, seq: number) {
  await db.delete(d).where(eq(d.id, id));
  // Through negative numbers: the unique (workflow, seq) index is checked row by row.
  await db
    .update(d)
    .set({ seq: sql`-${d.seq}` })
    .where(and(eq(d.workflowId, workflowId), sql`${d.seq} > ${seq}`));
  await db
    .update(d)
    .set({ seq: sql`-${d.seq} - 1` })
    .where(and(eq(d.workflowId, workflowId), sql`${d.seq} < 0`));
  await db
    .update(w)
    .set({ version: sql`${w.version} + 1` })
    .where(eq(w.id, workflowId));
}

export async function roleCodesOf(db: Db, companyId: number) {
  const rows = await db.select({ code: role.code }).from(role).where(eq(role.companyId, companyId));
  return new Set(rows.map((r) => r.code));
}

export async function expenseTypeOf(db: Db, id: number) {
  const [row] = await db.select().from(expenseType).where(eq(expenseType.id, id));
  return row;
}

export async function activeRoles(db: Db, companyId: number) {
  return db
    .select({ code: role.code, nameZh: role.nameZh, nameEn: role.nameEn })
    .from(role)
    .where(and(eq(role.companyId, companyId), eq(role.active, true)))
    .orderBy(asc(role.code));
}

/** Statuses in which someone can still approve. */
const CAN_APPROVE = ['active', 'overdue_frozen'] as const;

/** Codes of the company's active roles that have at least one member who can approve. */
export async function staffedRoleCodes(db: Db, companyId: number) {
  const rows = await db
    .selectDistinct({ code: role.code })
    .from(role)
    .innerJoin(employeeRoleTeam, eq(employeeRoleTeam.roleId, role.id))
    .innerJoin(employee, eq(employee.id, employeeRoleTeam.employeeId))
    .where(and(eq(role.companyId, companyId), eq(role.active, true), inArray(employee.status, [...CAN_APPROVE])));
  return new Set(rows.map((r) => r.code));
}

/** Of these expense items of the company, those whose special approver is set and can approve. */
export async function itemsWithSpecialApprover(db: Db, companyId: number, itemIds: number[]) {
  if (itemIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: expenseItem.id })
    .from(expenseItem)
    .innerJoin(employee, eq(employee.id, expenseItem.specialApproverId))
    .where(
      and(
        eq(expenseItem.companyId, companyId),
        inArray(expenseItem.id, itemIds),
        inArray(employee.status, [...CAN_APPROVE]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
