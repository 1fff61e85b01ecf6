import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { paged } from '../../../core/list';
import { document as doc } from '../../documents/document.table';
import { applicant } from '../../documents/document-list.repository';
import {
  costCentre as cc,
  costCentreFormOrder as formOrder,
  costCentreHead as head,
} from '../../masterdata/costcentre.table';
import { approvalStep as step } from '../approval/approval.table';

/** Documents still in approval: their steps of the current round may change hands. */
const IN_FLIGHT = ['approving', 'confirming'] as const;
const OPEN_STEPS = ['pending', 'waiting'] as const;

function held(companyId: number, approverId: number, documentIds?: number[], stepKind?: 'cost_centre_head') {
  return and(
    eq(doc.companyId, companyId),
    inArray(doc.status, [...IN_FLIGHT]),
    sql`${step.round} = ${doc.round}`,
    inArray(step.status, [...OPEN_STEPS]),
    eq(step.approverId, approverId),
    documentIds ? inArray(doc.id, documentIds.length ? documentIds : [0]) : undefined,
    stepKind ? eq(step.stepKind, stepKind) : undefined,
  );
}

/** Pending and waiting steps of in-flight documents held by one person. */
export async function heldSteps(
  db: Db,
  companyId: number,
  approverId: number,
  q: { PageIndex: number; PageSize: number },
) {
  const where = held(companyId, approverId);
  return paged(
    q,
    db.select({ n: count() }).from(step).innerJoin(doc, eq(doc.id, step.documentId)).where(where),
    db
      .select({ s: step, d: doc, applicantZh: applicant.nameZh, applicantEn: applicant.nameEn })
      .from(step)
      .innerJoin(doc, eq(doc.id, step.documentId))
      .innerJoin(applicant, eq(applicant.id, doc.applicantId))
      .where(where)
      .orderBy(asc(doc.docNo), asc(step.seq)),
  );
}

/** Ids of the in-flight documents in which the person holds an open step (of one kind, when given). */
export async function documentsHeldBy(
  db: Db,
  companyId: number,
  approverId: number,
  documentIds?: number[],
  stepKind?: 'cost_centre_head',
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: doc.id })
    .from(step)
    .innerJoin(doc, eq(doc.id, step.documentId))
    .where(held(companyId, approverId, documentIds, stepKind))
    .orderBy(asc(doc.id));
  return rows.map((r) => r.id);
}

/** In-flight documents of these cost centres. */
export async function inFlightOfCostCentres(db: Db, companyId: number, costCentreIds: number[]): Promise<number[]> {
  if (costCentreIds.length === 0) return [];
  const rows = await db
    .select({ id: doc.id })
    .from(doc)
    .where(
      and(eq(doc.companyId, companyId), inArray(doc.status, [...IN_FLIGHT]), inArray(doc.costCentreId, costCentreIds)),
    );
  return rows.map((r) => r.id);
}

/** The cost centres a person heads, with their place among the heads and their open steps there. */
export async function headedBy(
  db: Db,
  companyId: number,
  employeeId: number,
  q: { PageIndex: number; PageSize: number },
  costCentreIds?: number[],
) {
  const where = and(
    eq(cc.companyId, companyId),
    eq(head.employeeId, employeeId),
    costCentreIds ? inArray(cc.id, costCentreIds.length ? costCentreIds : [0]) : undefined,
  );
  const headCount = sql<number>`(select count(*)::int from ${head} h2 where h2.cost_centre_id = ${cc.id})`;
  const openSteps = sql<number>`(
    select count(*)::int from ${step} s join ${doc} d on d.id = s.document_id
    where d.cost_centre_id = ${cc.id} and d.status in ('approving', 'confirming') and s.round = d.round
      and s.status in ('pending', 'waiting') and s.step_kind = 'cost_centre_head' and s.approver_id = ${employeeId})`;
  return paged(
    q,
    db.select({ n: count() }).from(head).innerJoin(cc, eq(cc.id, head.costCentreId)).where(where),
    db
      .select({ cc, head, headCount, openSteps })
      .from(head)
      .innerJoin(cc, eq(cc.id, head.costCentreId))
      .where(where)
      .orderBy(asc(cc.code)),
  );
}

/** Puts `to` in `from`'s place in a cost centre's form orders (the same positions). */
export async function replaceInFormOrders(db: Db, costCentreId: number, from: number, to: number) {
  await db
    .update(formOrder)
    .set({ employeeId: to })
    .where(and(eq(formOrder.costCentreId, costCentreId), eq(formOrder.employeeId, from)));
}

/** Open steps of one document held by a person, read under the document's lock. */
export async function openStepsOf(db: Db, documentId: number, round: number, approverId: number, stepKind?: string) {
  return db
    .select()
    .from(step)
    .where(
      and(
        eq(step.documentId, documentId),
        eq(step.round, round),
        eq(step.approverId, approverId),
        inArray(step.status, [...OPEN_STEPS]),
        stepKind ? eq(step.stepKind, stepKind as 'cost_centre_head') : undefined,
      ),
    )
    .orderBy(asc(step.seq));
}
