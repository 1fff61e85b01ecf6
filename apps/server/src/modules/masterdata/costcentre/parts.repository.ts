import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db';
import { codeIn, offsetOf } from '../../../core/list';
import { employee, employeeCompany, team } from '../../org/org.table';
import {
  costCentreAllotment as allot,
  costCentre,
  costCentreFormOrder as formOrder,
  costCentreHead as head,
  costCentreHistory as history,
} from '../costcentre.table';

/** People of a company (home company, or listed in employee_company) among `ids`. */
export async function employeesInCompany(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: employee.id,
      code: employee.code,
      nameZh: employee.nameZh,
      nameEn: employee.nameEn,
      status: employee.status,
    })
    .from(employee)
    .where(
      and(
        inArray(employee.id, ids),
        or(
          eq(employee.companyId, companyId),
          sql`exists (select 1 from ${employeeCompany} ec where ec.employee_id = employee.id and ec.company_id = ${companyId})`,
        ),
      ),
    );
}

export async function employeesByCodes(db: Db, companyId: number, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ id: employee.id, code: employee.code, status: employee.status })
    .from(employee)
    .where(
      and(
        codeIn(employee.code, codes),
        or(
          eq(employee.companyId, companyId),
          sql`exists (select 1 from ${employeeCompany} ec where ec.employee_id = employee.id and ec.company_id = ${companyId})`,
        ),
      ),
    )
    .orderBy(sql`${employee.companyId} <> ${companyId}`);
}

/* ---------- heads ---------- */

export async function heads(db: Db, costCentreId: number) {
  return db
    .select({
      id: head.id,
      employeeId: head.employeeId,
      seq: head.seq,
      amountLimit: head.amountLimit,
      code: employee.code,
      nameZh: employee.nameZh,
      nameEn: employee.nameEn,
      status: employee.status,
      teamZh: team.nameZh,
      teamEn: team.nameEn,
    })
    .from(head)
    .innerJoin(employee, eq(employee.id, head.employeeId))
    .leftJoin(team, eq(team.id, employee.teamId))
    .where(eq(head.costCentreId, costCentreId))
    .orderBy(asc(head.seq), asc(head.id));
}

export async function insertHead(
  db: Db,
  costCentreId: number,
  employeeId: number,
  seq: number,
  amountLimit: string | null,
) {
  await db.insert(head).values({ costCentreId, employeeId, seq, amountLimit });
}

export async function updateHead(db: Db, headId: number, v: { employeeId: number; amountLimit: string | null }) {
  await db.update(head).set(v).where(eq(head.id, headId));
}

export async function setHeadSeq(db: Db, headId: number, seq: number) {
  await db.update(head).set({ seq }).where(eq(head.id, headId));
}

export async function deleteHeads(db: Db, costCentreId: number, headIds?: number[]) {
  await db
    .delete(head)
    .where(and(eq(head.costCentreId, costCentreId), headIds ? inArray(head.id, headIds) : undefined));
}

/* ---------- allotments ---------- */

const target = alias(costCentre, 'target');

export async function allotments(db: Db, costCentreId: number) {
  return db
    .select({
      id: allot.id,
      targetId: allot.targetCostCentreId,
      percent: allot.percent,
      code: target.code,
      nameZh: target.nameZh,
      nameEn: target.nameEn,
      status: target.status,
    })
    .from(allot)
    .innerJoin(target, eq(target.id, allot.targetCostCentreId))
    .where(eq(allot.costCentreId, costCentreId))
    .orderBy(asc(target.code));
}

export async function insertAllot(db: Db, costCentreId: number, targetId: number, percent: string) {
  await db.insert(allot).values({ costCentreId, targetCostCentreId: targetId, percent });
}

export async function updateAllot(db: Db, allotId: number, targetId: number, percent: string) {
  await db.update(allot).set({ targetCostCentreId: targetId, percent }).where(eq(allot.id, allotId));
}

export async function deleteAllots(db: Db, costCentreId: number, ids: number[]) {
  return db
    .delete(allot)
    .where(and(eq(allot.costCentreId, costCentreId), inArray(allot.id, ids)))
    .returning({ id: allot.id });
}

export async function deleteAllAllots(db: Db, costCentreId: number) {
  await db.delete(allot).where(eq(allot.costCentreId, costCentreId));
}

/* ---------- form orders ---------- */

export async function formOrders(db: Db, costCentreId: number, docType?: string) {
  return db
    .select({
      id: formOrder.id,
      docType: formOrder.docType,
      seq: formOrder.seq,
      employeeId: formOrder.employeeId,
      code: employee.code,
      nameZh: employee.nameZh,
      nameEn: employee.nameEn,
    })
    .from(formOrder)
    .innerJoin(employee, eq(employee.id, formOrder.employeeId))
    .where(
      and(eq(formOrder.costCentreId, costCentreId), docType ? eq(formOrder.docType, docType as 'apply') : undefined),
    )
    .orderBy(asc(formOrder.docType), asc(formOrder.seq));
}

export async function replaceFormOrder(
  db: Db,
  costCentreId: number,
  docType: 'apply' | 'loan' | 'deputy',
  employeeIds: number[],
) {
  await db.delete(formOrder).where(and(eq(formOrder.costCentreId, costCentreId), eq(formOrder.docType, docType)));
  if (employeeIds.length)
    await db
      .insert(formOrder)
      .values(employeeIds.map((employeeId, i) => ({ costCentreId, docType, seq: i + 1, employeeId })));
}

export async function deleteFormOrders(db: Db, costCentreId: number, ids?: number[]) {
  return db
    .delete(formOrder)
    .where(and(eq(formOrder.costCentreId, costCentreId), ids ? inArray(formOrder.id, ids) : undefined))
    .returning({ id: formOrder.id, docType: formOrder.docType });
}

export async function formOrderCountOf(db: Db, costCentreId: number, employeeIds: number[]): Promise<number> {
  if (employeeIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(formOrder)
    .where(and(eq(formOrder.costCentreId, costCentreId), inArray(formOrder.employeeId, employeeIds)));
  return row?.n ?? 0;
}

/* ---------- history ---------- */

export async function insertHistory(db: Db, costCentreId: number, action: string, actorId: number, snapshot: unknown) {
  await db.insert(history).values({ costCentreId, action, actorId, snapshot });
}

export async function historyPage(db: Db, costCentreId: number, q: { PageIndex: number; PageSize: number }) {
  const [total] = await db.select({ n: count() }).from(history).where(eq(history.costCentreId, costCentreId));
  // One row more than the page, so the oldest row of the page can be compared with the one before it.
  const rows = await db
    .select({
      id: history.id,
      action: history.action,
      at: history.at,
      snapshot: history.snapshot,
      actorZh: employee.nameZh,
      actorEn: employee.nameEn,
    })
    .from(history)
    .leftJoin(employee, eq(employee.id, history.actorId))
    .where(eq(history.costCentreId, costCentreId))
    .orderBy(desc(history.at), desc(history.id))
    .limit(q.PageSize + 1)
    .offset(offsetOf(q));
  return { total: total?.n ?? 0, rows };
}
