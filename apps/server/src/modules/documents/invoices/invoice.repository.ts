import type { SearchInvoiceEntryBody, SearchWalletReceiptBody } from '@ems/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../core/list';
import { updateVersioned } from '../../../core/versioned';
import { company } from '../../system/system.table';
import { document as doc, expenseLine } from '../document.table';
import { needsMailing } from '../postcentre/mailing.repository';
import { invoice, invoiceFile, invoiceItem, receipt } from './invoice.table';

export type InvoiceInsert = typeof invoice.$inferInsert;
export type ItemInsert = Omit<typeof invoiceItem.$inferInsert, 'invoiceId'>;
export type ReceiptInsert = typeof receipt.$inferInsert;

const rowColumns = {
  i: invoice,
  docNo: doc.docNo,
  docStatus: doc.status,
  docType: doc.docType,
  hasFile: sql<boolean>`exists (select 1 from ${invoiceFile} where ${invoiceFile.invoiceId} = ${invoice.id})`,
};
export type InvoiceListRow = Awaited<ReturnType<typeof invoicesOf>>[number];

export async function lockInvoice(db: Db, id: number) {
  const [row] = await db.select().from(invoice).where(eq(invoice.id, id)).for('update');
  return row;
}

export async function findInvoice(db: Db, id: number) {
  const [row] = await db
    .select(rowColumns)
    .from(invoice)
    .leftJoin(doc, eq(doc.id, invoice.documentId))
    .where(eq(invoice.id, id));
  return row;
}

/** The owner's entry of this fapiao, if they entered it before. */
export async function findByKey(db: Db, companyId: number, ownerId: number, key: string) {
  const [row] = await db
    .select({ id: invoice.id, documentId: invoice.documentId })
    .from(invoice)
    .where(and(eq(invoice.companyId, companyId), eq(invoice.ownerId, ownerId), eq(invoice.invoiceKey, key)));
  return row;
}

/**
 * Where a fapiao is already known, for a file read before it is entered: the owner's own entry, and the live
 * document anywhere in the group that claims it (the claim's unique index finds it by key).
 */
export async function knownByKey(db: Db, companyId: number, ownerId: number, key: string) {
  const [[own], [claimed]] = await Promise.all([
    db
      .select({ id: invoice.id })
      .from(invoice)
      .where(and(eq(invoice.companyId, companyId), eq(invoice.ownerId, ownerId), eq(invoice.invoiceKey, key))),
    db
      .select({ docNo: doc.docNo })
      .from(invoice)
      .innerJoin(doc, eq(doc.id, invoice.documentId))
      .where(and(eq(invoice.invoiceKey, key), isNotNull(invoice.claim), isNotNull(invoice.documentId))),
  ]);
  return { own: own !== undefined, claimedBy: claimed?.docNo };
}

/** Whether someone else in the group holds this fapiao in their wallet, free (not on a live claim). */
export async function heldByOther(db: Db, ownerId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invoice.id })
    .from(invoice)
    .where(and(eq(invoice.invoiceKey, key), sql`${invoice.ownerId} <> ${ownerId}`))
    .limit(1);
  return row !== undefined;
}

export type InvoiceFileInsert = typeof invoiceFile.$inferInsert;

export async function insertFile(db: Db, v: InvoiceFileInsert): Promise<void> {
  await db.insert(invoiceFile).values(v);
}

export async function fileOf(db: Db, invoiceId: number) {
  const [row] = await db.select().from(invoiceFile).where(eq(invoiceFile.invoiceId, invoiceId));
  return row;
}

/** The caller's wallet entries, locked in id order (two drafts taking the same fapiao wait for each other). */
export async function lockOwnInvoices(db: Db, companyId: number, ownerId: number, ids: readonly number[]) {
  return db
    .select()
    .from(invoice)
    .where(and(eq(invoice.companyId, companyId), eq(invoice.ownerId, ownerId), inArray(invoice.id, [...ids])))
    .orderBy(asc(invoice.id))
    .for('update');
}

/** The owner's wallet entries with the document each is on, and the names of their goods or services. */
export async function walletEntries(db: Db, companyId: number, ownerId: number, ids: readonly number[]) {
  return db
    .select({
      i: invoice,
      docNo: doc.docNo,
      itemNames: sql<string[]>`coalesce((select array_agg(${invoiceItem.name} order by ${invoiceItem.lineNo})
        from ${invoiceItem} where ${invoiceItem.invoiceId} = ${invoice.id}), '{}')`,
    })
    .from(invoice)
    .leftJoin(doc, eq(doc.id, invoice.documentId))
    .where(and(eq(invoice.companyId, companyId), eq(invoice.ownerId, ownerId), inArray(invoice.id, [...ids])));
}

/** The invoice service's answer on an entry not changed since it was read (`version`), still unverified. */
export async function setVerification(
  db: Db,
  id: number,
  version: number,
  v: { status: typeof invoice.verifyStatus._.data; message: string | null },
): Promise<void> {
  await db
    .update(invoice)
    .set({
      verifyStatus: v.status,
      verifyMessage: v.message,
      verifiedAt: v.status === 'not_verified' ? null : new Date(),
    })
    .where(and(eq(invoice.id, id), eq(invoice.version, version), eq(invoice.verifyStatus, 'not_verified')));
}

/** Puts a wallet entry on a document's line. */
export async function placeOnLine(db: Db, id: number, documentId: number, lineNo: number): Promise<void> {
  await db
    .update(invoice)
    .set({ documentId, lineNo, version: sql`${invoice.version} + 1`, updatedAt: new Date() })
    .where(eq(invoice.id, id));
}

/**
 * The expense items earlier lines took for fapiao like these: by seller (the company's lines whose fapiao this
 * seller issued), and by kind (the owner's own lines of fapiao of this kind); the newest first, one per key.
 */
export async function itemsUsedBefore(
  db: Db,
  companyId: number,
  ownerId: number,
  sellers: readonly string[],
  kinds: readonly string[],
) {
  const onLine = and(eq(expenseLine.documentId, invoice.documentId), eq(expenseLine.lineNo, invoice.lineNo));
  // Per seller, its newest fapiao on a line (the index on company, seller and id walks back from the newest).
  const seller = (taxId: string) =>
    db
      .select({ itemId: expenseLine.expenseItemId })
      .from(invoice)
      .innerJoin(expenseLine, onLine)
      .where(
        and(eq(invoice.companyId, companyId), eq(invoice.sellerTaxId, taxId), isNotNull(expenseLine.expenseItemId)),
      )
      .orderBy(desc(invoice.id))
      .limit(1)
      .then(([r]) => [taxId, r?.itemId] as const);
  const [bySeller, byKind] = await Promise.all([
    Promise.all(sellers.map(seller)),
    kinds.length
      ? db
          .selectDistinctOn([invoice.invoiceType], { key: invoice.invoiceType, itemId: expenseLine.expenseItemId })
          .from(invoice)
          .innerJoin(expenseLine, onLine)
          .where(
            and(
              eq(invoice.ownerId, ownerId),
              inArray(invoice.invoiceType, [...kinds] as (typeof invoice.invoiceType._.data)[]),
              isNotNull(expenseLine.expenseItemId),
            ),
          )
          .orderBy(invoice.invoiceType, desc(invoice.id))
      : [],
  ]);
  return {
    bySeller: new Map(bySeller.filter((r): r is readonly [string, number] => r[1] != null)),
    byKind: new Map(byKind.map((r) => [r.key as string, r.itemId!])),
  };
}

export async function insertInvoice(db: Db, v: InvoiceInsert) {
  const [row] = await db.insert(invoice).values(v).returning({ id: invoice.id });
  return row!.id;
}

export async function updateInvoice(db: Db, id: number, version: number | null, v: Partial<InvoiceInsert>) {
  return updateVersioned(db, invoice, id, version, v, { touch: true });
}

/** Deletes a fapiao at the version read; false when it moved on first. */
export async function removeInvoice(db: Db, id: number, version: number): Promise<boolean> {
  const rows = await db
    .delete(invoice)
    .where(and(eq(invoice.id, id), eq(invoice.version, version)))
    .returning({ id: invoice.id });
  return rows.length > 0;
}

export async function replaceItems(db: Db, invoiceId: number, items: ItemInsert[]) {
  await db.delete(invoiceItem).where(eq(invoiceItem.invoiceId, invoiceId));
  if (items.length) await db.insert(invoiceItem).values(items.map((i) => ({ ...i, invoiceId })));
}

export async function itemsOf(db: Db, invoiceId: number) {
  return db.select().from(invoiceItem).where(eq(invoiceItem.invoiceId, invoiceId)).orderBy(asc(invoiceItem.lineNo));
}

/** A document's invoices, in the order they were added. */
export async function invoicesOf(db: Db, documentId: number) {
  return db
    .select(rowColumns)
    .from(invoice)
    .leftJoin(doc, eq(doc.id, invoice.documentId))
    .where(eq(invoice.documentId, documentId))
    .orderBy(asc(invoice.id));
}

/** What line coverage reads of a document's fapiao (`line-cover.service.ts`). */
export async function coverFapiaoOf(db: Db, documentId: number) {
  return db
    .select({
      id: invoice.id,
      number: invoice.number,
      code: invoice.code,
      invoiceType: invoice.invoiceType,
      lineNo: invoice.lineNo,
      totalAmount: invoice.totalAmount,
      buyerTaxId: invoice.buyerTaxId,
      buyerPersonal: invoice.buyerPersonal,
    })
    .from(invoice)
    .where(eq(invoice.documentId, documentId))
    .orderBy(asc(invoice.id));
}

/** Unassigns the document's fapiao from lines numbered above `lineCount` (lines a save removed). */
export async function unassignLinesAbove(db: Db, documentId: number, lineCount: number) {
  await db
    .update(invoice)
    .set({ lineNo: null, version: sql`${invoice.version} + 1`, updatedAt: new Date() })
    .where(and(eq(invoice.documentId, documentId), gt(invoice.lineNo, lineCount)));
}

const SORTABLE = {
  InvoiceDate: invoice.invoiceDate,
  Number: invoice.number,
  TotalAmount: invoice.totalAmount,
  InvoiceType: invoice.invoiceType,
};

/** The owner's invoice folder. */
export async function searchFolder(db: Db, companyId: number, ownerId: number, f: SearchInvoiceEntryBody) {
  const filters: (SQL | undefined)[] = [
    eq(invoice.companyId, companyId),
    eq(invoice.ownerId, ownerId),
    keywordIn(f.Keyword, [invoice.number, invoice.code, invoice.sellerName, doc.docNo]),
    f.InvoiceType ? eq(invoice.invoiceType, f.InvoiceType) : undefined,
    f.DateFrom ? gte(invoice.invoiceDate, f.DateFrom) : undefined,
    f.DateTo ? lte(invoice.invoiceDate, f.DateTo) : undefined,
    f.OnDocument === true ? isNotNull(invoice.documentId) : undefined,
    f.OnDocument === false ? isNull(invoice.documentId) : undefined,
  ];
  const where = and(...filters);
  return paged(
    f,
    db.select({ n: count() }).from(invoice).leftJoin(doc, eq(doc.id, invoice.documentId)).where(where),
    db
      .select(rowColumns)
      .from(invoice)
      .leftJoin(doc, eq(doc.id, invoice.documentId))
      .where(where)
      .orderBy(orderFrom(SORTABLE, f, invoice.invoiceDate), desc(invoice.id)),
  );
}

/** Another document's claim on any fapiao of these documents, if one holds it (a query of at most one row). */
/**
 * A claim on any of the documents' fapiao by another document of the group, whichever company it belongs to: one
 * fapiao is reimbursed once in the whole group (a rep moved between two companies cannot claim it in both).
 */
function claimedElsewhere(db: Db, documentIds: readonly number[]) {
  const mine = db
    .select({ key: invoice.invoiceKey })
    .from(invoice)
    .where(inArray(invoice.documentId, [...documentIds]));
  return db
    .select({ number: invoice.number, code: invoice.code, docNo: doc.docNo })
    .from(invoice)
    .innerJoin(doc, eq(doc.id, invoice.documentId))
    .where(
      and(
        inArray(invoice.invoiceKey, mine),
        isNotNull(invoice.claim),
        notInArray(invoice.documentId, [...documentIds]),
      ),
    )
    .limit(1);
}

/**
 * What submit checks of a document's fapiao, in one statement: the lowest number whose verification failed, and
 * another document's claim on any of them.
 */
export async function submitFacts(db: Db, documentId: number) {
  const failed = db
    .select({ n: sql`min(${invoice.number}) filter (where ${invoice.verifyStatus} = 'failed')` })
    .from(invoice)
    .where(eq(invoice.documentId, documentId));
  const other = claimedElsewhere(db, [documentId]).as('other');
  const [row] = await db
    .select({
      failed: sql<string | null>`(${failed})`,
      number: other.number,
      code: other.code,
      docNo: other.docNo,
    })
    .from(sql`(select 1) one`)
    .leftJoin(other, sql`true`);
  return {
    failed: row?.failed ?? null,
    other:
      row?.number != null && row.docNo != null ? { number: row.number, code: row.code, docNo: row.docNo } : undefined,
  };
}

/**
 * Sets the claim of every invoice on the documents, unless another document holds a claim on any of them: then
 * answers that one and sets nothing. One statement; the partial unique index still refuses a fapiao claimed
 * elsewhere meanwhile.
 */
export async function claimUnlessElsewhere(db: Db, documentIds: readonly number[], claim: 'locked' | 'final') {
  const other = claimedElsewhere(db, documentIds);
  const rows = (
    (await db.execute(sql`with other as (${other}),
      claimed as (update ${invoice} set claim = ${claim}
        where ${inArray(invoice.documentId, [...documentIds])} and ${invoice.claim} is distinct from ${claim}
          and not exists (select 1 from other))
      select number, doc_no from other`)) as unknown as { rows: { number: string; doc_no: string }[] }
  ).rows;
  const [row] = rows;
  return row ? { number: row.number, docNo: row.doc_no } : undefined;
}

/** Sets the claim of every invoice on the documents; the partial unique index refuses a fapiao claimed elsewhere. */
export async function setClaims(db: Db, documentIds: readonly number[], claim: 'locked' | 'final' | null) {
  await db
    .update(invoice)
    .set({ claim })
    .where(
      and(
        inArray(invoice.documentId, [...documentIds]),
        claim === null ? isNotNull(invoice.claim) : sql`${invoice.claim} is distinct from ${claim}`,
      ),
    );
}

/** Whether the document needs no paper mailed (the post centre's rule). */
export async function paperless(db: Db, documentId: number): Promise<boolean> {
  const [row] = await db
    .select({ paperless: sql<boolean>`not ${needsMailing(doc.id)}` })
    .from(doc)
    .where(eq(doc.id, documentId));
  return !!row?.paperless;
}

export async function companyBuyer(db: Db, companyId: number) {
  const [row] = await db
    .select({ nameZh: company.nameZh, nameEn: company.nameEn, taxId: company.taxId })
    .from(company)
    .where(eq(company.id, companyId));
  return row;
}

export async function receiptsOf(db: Db, documentId: number) {
  return db
    .select()
    .from(receipt)
    .where(eq(receipt.documentId, documentId))
    .orderBy(asc(receipt.receiptDate), asc(receipt.id));
}

export async function findReceipt(db: Db, id: number) {
  const [row] = await db.select().from(receipt).where(eq(receipt.id, id));
  return row;
}

export async function insertReceipt(db: Db, v: ReceiptInsert) {
  const [row] = await db.insert(receipt).values(v).returning({ id: receipt.id });
  return row!.id;
}

export async function updateReceipt(db: Db, id: number, version: number, v: Partial<ReceiptInsert>) {
  return updateVersioned(db, receipt, id, version, v, { touch: true });
}

export async function removeReceipt(db: Db, id: number, version: number) {
  const rows = await db
    .delete(receipt)
    .where(and(eq(receipt.id, id), eq(receipt.version, version)))
    .returning({ id: receipt.id });
  return rows.length > 0;
}

/** Receipts whose document is gone from use: a cancelled claim no longer holds its evidence. */
const DEAD_STATES = ['cancelled'] as const;

/** The owner's wallet receipts (decision 066), free or with the document each is on, newest first. */
export async function walletReceipts(db: Db, companyId: number, ownerId: number, f: SearchWalletReceiptBody) {
  const where = and(
    eq(receipt.companyId, companyId),
    eq(receipt.ownerId, ownerId),
    f.OnDocument === true ? isNotNull(receipt.documentId) : undefined,
    f.OnDocument === false ? isNull(receipt.documentId) : undefined,
  );
  return paged(
    f,
    db.select({ n: count() }).from(receipt).where(where),
    db
      .select({ r: receipt, docNo: doc.docNo })
      .from(receipt)
      .leftJoin(doc, eq(doc.id, receipt.documentId))
      .where(where)
      .orderBy(desc(receipt.receiptDate), desc(receipt.id)),
  );
}

/**
 * Where a receipt's file is already known, by its SHA-256: in the owner's own wallet or on one of their documents;
 * on a document of someone else in the group that is not cancelled; free in a colleague's wallet.
 */
export async function receiptsBySha(db: Db, ownerId: number, sha256: string) {
  const rows = await db
    .select({ ownerId: receipt.ownerId, documentId: receipt.documentId, docNo: doc.docNo, status: doc.status })
    .from(receipt)
    .leftJoin(doc, eq(doc.id, receipt.documentId))
    .where(eq(receipt.sha256, sha256));
  const live = (r: (typeof rows)[number]) => r.documentId !== null && !DEAD_STATES.includes(r.status as never);
  return {
    own: rows.some((r) => r.ownerId === ownerId),
    claimedBy: rows.find((r) => r.ownerId !== ownerId && live(r))?.docNo ?? undefined,
    heldByOther: rows.some((r) => r.ownerId !== ownerId && r.documentId === null),
  };
}

/** The caller's wallet receipts, locked in id order (two drafts taking the same receipt wait for each other). */
export async function lockOwnReceipts(db: Db, companyId: number, ownerId: number, ids: readonly number[]) {
  return db
    .select()
    .from(receipt)
    .where(and(eq(receipt.companyId, companyId), eq(receipt.ownerId, ownerId), inArray(receipt.id, [...ids])))
    .orderBy(asc(receipt.id))
    .for('update');
}

export async function ownReceipts(db: Db, companyId: number, ownerId: number, ids: readonly number[]) {
  return db
    .select({ r: receipt, docNo: doc.docNo })
    .from(receipt)
    .leftJoin(doc, eq(doc.id, receipt.documentId))
    .where(and(eq(receipt.companyId, companyId), eq(receipt.ownerId, ownerId), inArray(receipt.id, [...ids])));
}

export async function lockReceipt(db: Db, id: number) {
  const [row] = await db.select().from(receipt).where(eq(receipt.id, id)).for('update');
  return row;
}

/** Puts a wallet receipt on a document, or (null) back in its owner's wallet. */
export async function placeReceipt(db: Db, id: number, documentId: number | null): Promise<void> {
  await db
    .update(receipt)
    .set({ documentId, version: sql`${receipt.version} + 1`, updatedAt: new Date() })
    .where(eq(receipt.id, id));
}
