import { INVOICE_TYPES } from '@ems/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../../core/columns';
import { employee } from '../../org/org.table';
import { companyColumn } from '../../system/system.table';
import { document } from '../document.table';

export const CLAIM_STATES = ['locked', 'final'] as const;
export const VERIFY_STATES = ['not_verified', 'verified', 'failed'] as const;

/**
 * A fapiao or passenger ticket an employee entered (DESIGN §8 `invoice`): kept in their invoice folder, and on at
 * most one document at a time. `claim` is set while the document is live (locked at submit, final once paid); the
 * partial unique index lets only one row per fapiao hold a claim in the whole group (every company of the
 * installation), so two documents submitted at once, in one company or two, cannot both take it.
 */
export const invoice = pgTable(
  'invoice',
  {
    ...idColumn(),
    ...companyColumn(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => employee.id),
    /** The document it is on; back in the folder when that document goes. */
    documentId: integer('document_id').references(() => document.id, { onDelete: 'set null' }),
    /**
     * The document's line it is evidence for (`expense_line.line_no`, as attendees and apportionment name a line);
     * null while unassigned, and cleared when the line goes.
     */
    lineNo: integer('line_no'),
    invoiceType: varchar('invoice_type', { length: 20, enum: INVOICE_TYPES }).notNull(),
    /** Older fapiao: 10 or 12 digits; empty for fully digital fapiao. */
    code: varchar('code', { length: 12 }).notNull().default(''),
    number: varchar('number', { length: 21 }).notNull(),
    /** code-number, or the 20-digit number: what makes two entries the same fapiao. */
    invoiceKey: varchar('invoice_key', { length: 40 }).notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    taxAmount: numeric('tax_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    fuelAmount: numeric('fuel_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    totalAmount: numeric('total_amount', { precision: 18, scale: 2 }).notNull(),
    deductibleVat: numeric('deductible_vat', { precision: 18, scale: 2 }).notNull().default('0'),
    checkCode: varchar('check_code', { length: 20 }).notNull().default(''),
    buyerName: varchar('buyer_name', { length: 200 }).notNull().default(''),
    buyerTaxId: varchar('buyer_tax_id', { length: 20 }).notNull().default(''),
    /** Made out to a person (个人), not to a company: only lines whose expense item allows it take it. */
    buyerPersonal: boolean('buyer_personal').notNull().default(false),
    sellerName: varchar('seller_name', { length: 200 }).notNull().default(''),
    sellerTaxId: varchar('seller_tax_id', { length: 20 }).notNull().default(''),
    electronic: boolean('electronic').notNull().default(false),
    /** manual, qr, or file (read from an uploaded file into the wallet) */
    source: varchar('source', { length: 10 }).notNull().default('manual'),
    qrText: text('qr_text'),
    verifyStatus: varchar('verify_status', { length: 20, enum: VERIFY_STATES }).notNull().default('not_verified'),
    verifyMessage: varchar('verify_message', { length: 500 }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    claim: varchar('claim', { length: 10, enum: CLAIM_STATES }),
    remark: text('remark'),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('invoice_owner_key_uq').on(t.companyId, t.ownerId, t.invoiceKey),
    // One claim per fapiao in the whole group, whichever company claims it. A claim counts only while its document
    // exists (a document removed outside the lifecycle leaves none).
    uniqueIndex('invoice_claim_uq').on(t.invoiceKey).where(sql`${t.claim} is not null and ${t.documentId} is not null`),
    index('invoice_document_idx').on(t.documentId),
    index('invoice_owner_idx').on(t.ownerId, t.invoiceDate),
    // The same fapiao in anyone's wallet (a key held free as well as claimed), found when a file is uploaded.
    index('invoice_key_idx').on(t.invoiceKey),
    // A seller's fapiao in the company, whose lines suggest the expense item of a new one (decision 062).
    index('invoice_seller_idx').on(t.companyId, t.sellerTaxId, t.id),
    check('invoice_amount_ck', sql`${t.amount} > 0`),
  ],
);

/**
 * The file a fapiao was read from (its PDF, OFD, XML or photo), kept with the wallet's entry for whoever may see the
 * fapiao: the bytes in the attachment store (`storage_key`), gone with the entry.
 */
export const invoiceFile = pgTable('invoice_file', {
  invoiceId: integer('invoice_id')
    .primaryKey()
    .references(() => invoice.id, { onDelete: 'cascade' }),
  fileName: varchar('file_name', { length: 255 }).notNull(),
  mimeType: varchar('mime_type', { length: 100 }).notNull(),
  size: integer('size').notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  storageKey: varchar('storage_key', { length: 200 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sub-invoices: the lines (goods or services) a fapiao lists, which sum to its amount and tax. */
export const invoiceItem = pgTable(
  'invoice_item',
  {
    ...idColumn(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoice.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    specification: varchar('specification', { length: 100 }).notNull().default(''),
    quantity: numeric('quantity', { precision: 18, scale: 6 }),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    taxRate: numeric('tax_rate', { precision: 6, scale: 4 }),
    taxAmount: numeric('tax_amount', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [uniqueIndex('invoice_item_line_uq').on(t.invoiceId, t.lineNo)],
);

/**
 * Receipts that are not fapiao (overseas bills, tolls without fapiao, a taxi slip): the evidence a line's amount rests
 * on. Like a fapiao, a receipt has an owner and may wait in their wallet with no document (decision 066), with the
 * photo or PDF it was uploaded from (`storage_key`, in the attachment store); it goes back to the wallet when its
 * document is deleted.
 */
export const receipt = pgTable(
  'receipt',
  {
    ...idColumn(),
    ...companyColumn(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => employee.id),
    documentId: integer('document_id').references(() => document.id, { onDelete: 'set null' }),
    receiptDate: date('receipt_date', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('CNY'),
    issuer: varchar('issuer', { length: 200 }).notNull(),
    description: text('description'),
    fileName: varchar('file_name', { length: 255 }),
    mimeType: varchar('mime_type', { length: 100 }),
    size: integer('size'),
    /** The file's SHA-256: the same photo uploaded twice, or claimed on another document, is the same receipt. */
    sha256: varchar('sha256', { length: 64 }),
    storageKey: varchar('storage_key', { length: 200 }),
    ...versionColumn(),
    ...timestampColumns(),
  },
  (t) => [
    index('receipt_document_idx').on(t.documentId),
    index('receipt_owner_idx').on(t.ownerId, t.documentId),
    index('receipt_sha256_idx').on(t.sha256),
    // One owner uploads a file once, however many uploads of it run at the same time.
    uniqueIndex('receipt_owner_sha256_uq').on(t.ownerId, t.sha256),
    check('receipt_amount_ck', sql`${t.amount} > 0`),
  ],
);
