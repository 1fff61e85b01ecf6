import { EVIDENCE_KINDS } from '@ems/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { expenseItem } from '../../masterdata/expense.table';
import { attachment } from '../attachments/attachment.table';
import { document as doc, expenseLine as line } from '../document.table';
import { applyBlock } from './applies.table';

export type ApplyBlockRow = typeof applyBlock.$inferSelect;

export async function blockOf(db: Db, documentId: number): Promise<ApplyBlockRow | undefined> {
  const [row] = await db.select().from(applyBlock).where(eq(applyBlock.documentId, documentId));
  return row;
}

/** The kinds of evidence a document's own files hold (files of its goods receipts are not evidence). */
export async function evidenceKinds(db: Db, documentId: number): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ kind: attachment.kind })
    .from(attachment)
    .where(
      and(
        eq(attachment.documentId, documentId),
        isNull(attachment.goodsReceiptId),
        inArray(attachment.kind, [...EVIDENCE_KINDS]),
      ),
    );
  return new Set(rows.map((r) => r.kind));
}

/**
 * The document row's own columns, named with its table: in a select of one table Drizzle names columns bare, which
 * inside a subquery would mean the subquery's own table.
 */
const own = (column: string) => sql`${doc}.${sql.identifier(column)}`;

/** The day of an apply's event: its end date, else its start date, else its last line's expense date. */
const eventDateOf = sql<string>`coalesce(${own('end_date')}, ${own('start_date')}, (select max(l.expense_date) from ${line} l where l.document_id = ${own('id')}))::text`;

/** Companies with approved HCP applies never blocked: the job reads each one's EvidenceDueDays. */
export async function companiesWithHcpApplies(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ companyId: doc.companyId })
    .from(doc)
    .where(and(eq(doc.docType, 'apply'), eq(doc.status, 'approved'), eq(doc.blocked, false)));
  return rows.map((r) => r.companyId);
}

/**
 * Approved applies of a company for an HCP activity whose event was before `eventBefore`, never blocked before, and
 * whose evidence is incomplete (no sign-in sheet or no photo): the applies the nightly job blocks.
 */
export async function overdueApplies(db: Db, companyId: number, eventBefore: string) {
  const hasKind = (kind: string) =>
    sql`exists (select 1 from ${attachment} a where a.document_id = ${own('id')} and a.goods_receipt_id is null and a.kind = ${kind})`;
  return db
    .select({ id: doc.id, eventDate: eventDateOf })
    .from(doc)
    .where(
      and(
        eq(doc.companyId, companyId),
        eq(doc.docType, 'apply'),
        eq(doc.status, 'approved'),
        eq(doc.blocked, false),
        sql`not exists (select 1 from ${applyBlock} b where b.document_id = ${own('id')})`,
        sql`exists (select 1 from ${line} l join ${expenseItem} i on i.id = l.expense_item_id where l.document_id = ${own('id')} and i.involves_hcp)`,
        sql`${eventDateOf} < ${eventBefore}`,
        sql`not (${hasKind('sign_in_sheet')} and ${hasKind('photo')})`,
      ),
    )
    .orderBy(asc(doc.id));
}

/** The event day of one apply (under the job's lock, to record it with the block). */
export async function eventDate(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ at: eventDateOf }).from(doc).where(eq(doc.id, id));
  return row?.at ?? null;
}

export async function hcpActivity(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: line.id })
    .from(line)
    .innerJoin(expenseItem, eq(expenseItem.id, line.expenseItemId))
    .where(and(eq(line.documentId, id), eq(expenseItem.involvesHcp, true)))
    .limit(1);
  return !!row;
}

export async function insertBlock(db: Db, v: typeof applyBlock.$inferInsert) {
  await db.insert(applyBlock).values(v);
}

export async function updateBlock(db: Db, id: number, v: Partial<typeof applyBlock.$inferInsert>) {
  await db.update(applyBlock).set(v).where(eq(applyBlock.id, id));
}

/** The first blocked apply of an applicant, if any (they may not submit new applies meanwhile). */
export async function blockedApplyOf(db: Db, companyId: number, applicantId: number) {
  const [row] = await db
    .select({ id: doc.id, docNo: doc.docNo })
    .from(doc)
    .where(
      and(
        eq(doc.companyId, companyId),
        eq(doc.applicantId, applicantId),
        eq(doc.docType, 'apply'),
        eq(doc.blocked, true),
      ),
    )
    .orderBy(asc(doc.id))
    .limit(1);
  return row;
}
