import type { SearchPostCenterBody } from '@ems/contracts';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { countLimit, offsetOf } from '../../../core/list';
import { team } from '../../org/org.table';
import { document as doc } from '../document.table';
import { applicant, documentCount, documentKeyword, documentList, peopleNamed } from '../document-list.repository';
import { needsMailing } from './mailing.repository';
import { postBatch, postReceipt } from './postcentre.table';

/** Only money that is paid goes through the shared-service centre: loans and reimbursements. */
const MAILED_TYPES = ['loan', 'deputy'] as const;

const rowFields = {
  applicantCode: applicant.code,
  teamZh: team.nameZh,
  teamEn: team.nameEn,
  receivedAt: postReceipt.receivedAt,
};
export type PostRow = Awaited<ReturnType<typeof awaitingRows>>[number];

function awaitingWhere(companyId: number, q: SearchPostCenterBody, named: number[]) {
  return and(
    eq(doc.companyId, companyId),
    eq(doc.status, 'approved'),
    q.DocType ? eq(doc.docType, q.DocType) : inArray(doc.docType, [...MAILED_TYPES]),
    needsMailing(doc.id),
    q.Keyword ? documentKeyword(q.Keyword, named) : undefined,
  );
}

function awaitingRows(db: Db, where: SQL | undefined, q: SearchPostCenterBody) {
  return documentList(db, rowFields)
    .leftJoin(team, eq(team.id, doc.teamId))
    .leftJoin(postReceipt, eq(postReceipt.documentId, doc.id))
    .where(where)
    .orderBy(desc(doc.approvedAt), desc(doc.id))
    .limit(q.PageSize)
    .offset(offsetOf(q));
}

/** Approved loans and reimbursements whose paper has not arrived, the oldest approval last; counted ten pages on. */
export async function awaiting(db: Db, companyId: number, q: SearchPostCenterBody) {
  const limit = countLimit(q);
  const where = awaitingWhere(companyId, q, q.Keyword ? await peopleNamed(db, q.Keyword) : []);
  const [counted] = await documentCount(db, where, limit);
  return { counted: counted?.n ?? 0, limit, rows: await awaitingRows(db, where, q) };
}

/** The documents received into one batch, the latest scan first. */
export async function batchRows(db: Db, batchId: number, q: SearchPostCenterBody) {
  const where = and(
    eq(postReceipt.batchId, batchId),
    q.DocType ? eq(doc.docType, q.DocType) : undefined,
    q.Keyword ? documentKeyword(q.Keyword, await peopleNamed(db, q.Keyword)) : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(postReceipt)
    .innerJoin(doc, eq(doc.id, postReceipt.documentId))
    .innerJoin(applicant, eq(applicant.id, doc.applicantId))
    .where(where);
  const rows = await documentList(db, rowFields)
    .leftJoin(team, eq(team.id, doc.teamId))
    .innerJoin(postReceipt, eq(postReceipt.documentId, doc.id))
    .where(where)
    .orderBy(desc(postReceipt.receivedAt), desc(postReceipt.id))
    .limit(q.PageSize)
    .offset(offsetOf(q));
  return { total: total?.n ?? 0, rows };
}

/** One document of the company by its number, as printed under the barcode (letters in any case). */
export async function byNumber(db: Db, companyId: number, docNo: string) {
  const [row] = await db
    .select({ id: doc.id })
    .from(doc)
    .where(and(eq(doc.companyId, companyId), sql`upper(${doc.docNo}) = upper(${docNo})`));
  return row;
}

export async function rowById(db: Db, id: number) {
  const [row] = await documentList(db, rowFields)
    .leftJoin(team, eq(team.id, doc.teamId))
    .leftJoin(postReceipt, eq(postReceipt.documentId, doc.id))
    .where(eq(doc.id, id));
  return row;
}

/** Whether the document needs its paper mailed (see mailing.repository.ts). */
export async function mailingNeeded(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: doc.id })
    .from(doc)
    .where(and(eq(doc.id, id), needsMailing(doc.id)));
  return row !== undefined;
}

/** The clerk's open batch with how many documents it holds. */
export async function openBatch(db: Db, companyId: number, clerkId: number) {
  const [b] = await db
    .select()
    .from(postBatch)
    .where(and(eq(postBatch.companyId, companyId), eq(postBatch.clerkId, clerkId), isNull(postBatch.closedAt)));
  if (!b) return undefined;
  const [held] = await db.select({ n: count() }).from(postReceipt).where(eq(postReceipt.batchId, b.id));
  return { b, n: held?.n ?? 0 };
}

/** Opens the clerk's batch unless one is open; a concurrent first scan's insert meets the unique index and is kept. */
export async function ensureOpenBatch(db: Db, companyId: number, clerkId: number): Promise<number> {
  await db.insert(postBatch).values({ companyId, clerkId }).onConflictDoNothing();
  const open = await openBatch(db, companyId, clerkId);
  if (!open) throw new Error('post batch vanished');
  return open.b.id;
}

/** Locks one open batch of the clerk, so return all and delete all of it run one at a time. */
export async function lockOwnBatch(db: Db, id: number, companyId: number, clerkId: number) {
  const [row] = await db
    .select()
    .from(postBatch)
    .where(
      and(
        eq(postBatch.id, id),
        eq(postBatch.companyId, companyId),
        eq(postBatch.clerkId, clerkId),
        isNull(postBatch.closedAt),
      ),
    )
    .for('update');
  return row;
}

export async function receiptDocuments(db: Db, batchId: number): Promise<number[]> {
  const rows = await db
    .select({ id: postReceipt.documentId })
    .from(postReceipt)
    .where(eq(postReceipt.batchId, batchId))
    .orderBy(postReceipt.id);
  return rows.map((r) => r.id);
}

export async function addReceipt(db: Db, v: typeof postReceipt.$inferInsert) {
  await db.insert(postReceipt).values(v);
}

export async function removeReceipt(db: Db, documentId: number) {
  await db.delete(postReceipt).where(eq(postReceipt.documentId, documentId));
}

export async function closeBatch(db: Db, id: number) {
  await db
    .update(postBatch)
    .set({ closedAt: new Date(), version: sql`${postBatch.version} + 1` })
    .where(and(eq(postBatch.id, id), isNull(postBatch.closedAt)));
}
