import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { employee } from '../../org/org.table';
import { attachment } from './attachment.table';

export type AttachmentInsert = typeof attachment.$inferInsert;

export async function insert(db: Db, v: AttachmentInsert) {
  const [row] = await db.insert(attachment).values(v).returning();
  return row!;
}

export async function remove(db: Db, id: number) {
  await db.delete(attachment).where(eq(attachment.id, id));
}

export async function findById(db: Db, id: number) {
  const [row] = await db.select().from(attachment).where(eq(attachment.id, id));
  return row;
}

/** A document's own files, or one of its goods receipts' files, oldest first, with the uploader's names. */
export async function listOf(db: Db, documentId: number, goodsReceiptId?: number) {
  return db
    .select({ a: attachment, uploaderZh: employee.nameZh, uploaderEn: employee.nameEn })
    .from(attachment)
    .innerJoin(employee, eq(employee.id, attachment.uploadedBy))
    .where(ownFiles(documentId, goodsReceiptId))
    .orderBy(asc(attachment.uploadedAt), asc(attachment.id));
}

const ownFiles = (documentId: number, goodsReceiptId?: number) =>
  and(
    eq(attachment.documentId, documentId),
    goodsReceiptId ? eq(attachment.goodsReceiptId, goodsReceiptId) : isNull(attachment.goodsReceiptId),
  );

export async function countOf(db: Db, documentId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(attachment).where(ownFiles(documentId));
  return row?.n ?? 0;
}

/** Storage keys of a document's files (to remove them from disk once the document is gone). */
export async function keysOf(db: Db, documentId: number): Promise<string[]> {
  const rows = await db
    .select({ key: attachment.storageKey })
    .from(attachment)
    .where(eq(attachment.documentId, documentId));
  return rows.map((r) => r.key);
}
