import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db';
import { insertOne, updateVersioned } from '../../../core/versioned';
import { attachment } from '../attachments/attachment.table';
import { document as doc } from '../document.table';
import { goodsReceipt as gr, milestone } from './applies.table';

const claim = alias(doc, 'claim');

export type MilestoneInsert = typeof milestone.$inferInsert;
export type GRInsert = typeof gr.$inferInsert;

/**
 * The outer row's id, named with its table: in a select of one table Drizzle names columns bare, which inside a
 * subquery would mean the subquery's own table.
 */
const milestoneId = sql`${milestone}.${sql.identifier('id')}`;

/** An apply's milestones, by planned day, with what their receipts add up to. */
export async function milestonesOf(db: Db, documentId: number) {
  return db
    .select({
      m: milestone,
      received: sql<string>`coalesce((select sum(g.amount) from ${gr} g where g.milestone_id = ${milestoneId}), 0)::numeric(18,2)::text`,
      receipts: sql<number>`(select count(*) from ${gr} g where g.milestone_id = ${milestoneId})::int`,
    })
    .from(milestone)
    .where(eq(milestone.documentId, documentId))
    .orderBy(asc(milestone.plannedDate), asc(milestone.id));
}

export async function findMilestone(db: Db, id: number) {
  const [row] = await db.select().from(milestone).where(eq(milestone.id, id));
  return row;
}

/** What an apply's milestones add up to, leaving one out (the one being changed). */
export async function plannedSum(db: Db, documentId: number, except?: number): Promise<string> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${milestone.amount}), 0)::numeric(18,2)::text` })
    .from(milestone)
    .where(and(eq(milestone.documentId, documentId), except ? ne(milestone.id, except) : undefined));
  return row?.n ?? '0.00';
}

export const insertMilestone = (db: Db, v: MilestoneInsert) => insertOne(db, milestone, v);
export const updateMilestone = (db: Db, id: number, version: number, v: Partial<MilestoneInsert>) =>
  updateVersioned(db, milestone, id, version, v, { touch: true });

export async function deleteMilestone(db: Db, id: number, version: number): Promise<boolean> {
  const rows = await db
    .delete(milestone)
    .where(and(eq(milestone.id, id), eq(milestone.version, version)))
    .returning({ id: milestone.id });
  return rows.length > 0;
}

export async function receiptCountOf(db: Db, milestoneId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(gr).where(eq(gr.milestoneId, milestoneId));
  return row?.n ?? 0;
}

const grColumns = {
  g: gr,
  docNo: doc.docNo,
  milestoneName: milestone.name,
  claimNo: claim.docNo,
  files: sql<number>`(select count(*) from ${attachment} a where a.goods_receipt_id = ${gr}.${sql.identifier('id')})::int`,
};

function grSelect(db: Db) {
  return db
    .select(grColumns)
    .from(gr)
    .innerJoin(doc, eq(doc.id, gr.documentId))
    .leftJoin(milestone, eq(milestone.id, gr.milestoneId))
    .leftJoin(claim, eq(claim.id, gr.claimId));
}
export type GRListRow = Awaited<ReturnType<typeof grSelect>>[number];

/** An apply's receipts, by day. */
export function receiptsOf(db: Db, documentId: number) {
  return grSelect(db).where(eq(gr.documentId, documentId)).orderBy(asc(gr.grDate), asc(gr.id));
}

/** The receipts a claim pays for. */
export function receiptsOfClaim(db: Db, claimId: number) {
  return grSelect(db).where(eq(gr.claimId, claimId)).orderBy(asc(gr.grDate), asc(gr.id));
}

/** An apply's receipts no claim pays for yet. */
export function unrelatedOf(db: Db, applyId: number) {
  return grSelect(db)
    .where(and(eq(gr.documentId, applyId), isNull(gr.claimId)))
    .orderBy(asc(gr.grDate), asc(gr.id));
}

export async function findReceipt(db: Db, id: number) {
  const [row] = await grSelect(db).where(eq(gr.id, id));
  return row;
}

/** What receipts add up to: on one milestone, or on the whole apply; leaving one out (the one being changed). */
export async function receivedSum(
  db: Db,
  where: { documentId: number; milestoneId?: number | null },
  except?: number,
): Promise<string> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${gr.amount}), 0)::numeric(18,2)::text` })
    .from(gr)
    .where(
      and(
        eq(gr.documentId, where.documentId),
        where.milestoneId ? eq(gr.milestoneId, where.milestoneId) : undefined,
        except ? ne(gr.id, except) : undefined,
      ),
    );
  return row?.n ?? '0.00';
}

export const insertReceipt = (db: Db, v: GRInsert) => insertOne(db, gr, v);
export const updateReceipt = (db: Db, id: number, version: number, v: Partial<GRInsert>) =>
  updateVersioned(db, gr, id, version, v, { touch: true });

export async function deleteReceipt(db: Db, id: number, version: number): Promise<boolean> {
  const rows = await db
    .delete(gr)
    .where(and(eq(gr.id, id), eq(gr.version, version), isNull(gr.claimId)))
    .returning({ id: gr.id });
  return rows.length > 0;
}

/** Storage keys of a receipt's files (removed from disk once the receipt is gone). */
export async function fileKeysOf(db: Db, grId: number): Promise<string[]> {
  const rows = await db
    .select({ key: attachment.storageKey })
    .from(attachment)
    .where(eq(attachment.goodsReceiptId, grId));
  return rows.map((r) => r.key);
}

/**
 * Relates receipts of the apply to a claim, each only while no claim has it: a receipt another claim took first
 * (even at the same moment) is left out of the answer.
 */
export async function relate(db: Db, applyId: number, claimId: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .update(gr)
    .set({ claimId, version: sql`${gr.version} + 1`, updatedAt: new Date() })
    .where(and(inArray(gr.id, ids), eq(gr.documentId, applyId), isNull(gr.claimId)))
    .returning({ id: gr.id });
  return rows.map((r) => r.id);
}

export async function unrelate(db: Db, claimId: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .update(gr)
    .set({ claimId: null, version: sql`${gr.version} + 1`, updatedAt: new Date() })
    .where(and(inArray(gr.id, ids), eq(gr.claimId, claimId)))
    .returning({ id: gr.id });
  return rows.map((r) => r.id);
}
