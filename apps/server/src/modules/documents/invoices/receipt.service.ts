import { createHash } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import {
  compareMoney,
  type Page,
  type ReceiptFields,
  type ReceiptList,
  type ReceiptRow,
  type SaveReceiptBody,
  type SearchWalletReceiptBody,
  type WalletReceiptRow,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { guarded, requireVersion, staleVersion } from '../../../core/checks';
import type { AppContext } from '../../../core/context';
import { AppError, fieldError, notFound, refused } from '../../../core/errors';
import { shanghaiToday } from '../../../core/time';
import { audit, auditEntry } from '../../audit/audit.service';
import { AttachmentStore } from '../attachments/attachment.storage';
import { visible } from '../document.service';
import * as repo from './invoice.repository';
import { type Caller, editableDocument, lockEditable, mayChange } from './invoice.service';

/** Receipts that are not fapiao: dated, from an issuer, for an amount; they change while the document may. */
type Stored = NonNullable<Awaited<ReturnType<typeof repo.findReceipt>>>;

const toRow = (r: Stored): ReceiptRow => ({
  ID: r.id,
  DocumentID: r.documentId,
  ReceiptDate: r.receiptDate,
  Amount: r.amount,
  Currency: r.currency,
  Issuer: r.issuer,
  Description: r.description,
  HasFile: r.storageKey !== null,
  Version: r.version,
});

/** A receipt's date, amount and issuer, checked as the document's receipts are. */
function receiptValues(body: ReceiptFields) {
  if (body.ReceiptDate > shanghaiToday()) throw fieldError('ReceiptDate', 'invoice.date_in_future');
  if (compareMoney(body.Amount, '0.00') === 0) throw fieldError('Amount', 'invoice.amount_not_positive');
  return {
    receiptDate: body.ReceiptDate,
    amount: body.Amount,
    currency: body.Currency ?? 'CNY',
    issuer: body.Issuer,
    description: body.Description ?? null,
  };
}

export async function list(ctx: AppContext, c: Caller, documentId: number): Promise<ReceiptList> {
  const found = await visible(ctx.db, c.user, documentId);
  const rows = await repo.receiptsOf(ctx.db, documentId);
  return { Rows: rows.map(toRow), Editable: mayChange(c.user, found.d) };
}

export async function save(ctx: AppContext, c: Caller, body: SaveReceiptBody): Promise<ReceiptRow> {
  const d = await editableDocument(ctx.db, c.user, body.DocumentID);
  const values = receiptValues(body);
  const id = await ctx.db.transaction(async (tx) => {
    await lockEditable(tx, c.user, d);
    let id: number;
    if (body.ID) {
      const version = requireVersion(body.Version);
      const existing = await repo.findReceipt(tx, body.ID);
      if (!existing || existing.documentId !== d.id) throw notFound();
      const row = await repo.updateReceipt(tx, body.ID, version, values);
      if (!row) throw staleVersion();
      id = row.id;
    } else {
      // Its owner is the claimant: should the document be deleted, the receipt waits in their wallet.
      id = await repo.insertReceipt(tx, {
        ...values,
        documentId: d.id,
        companyId: d.companyId,
        ownerId: d.applicantId,
      });
    }
    await audit(
      tx,
      auditEntry(c.actor, {
        principalId: d.applicantId,
        action: body.ID ? 'update_receipt' : 'add_receipt',
        entity: 'document',
        entityId: d.id,
        detail: { receiptId: id, amount: values.amount, currency: values.currency },
      }),
    );
    return id;
  });
  return toRow((await repo.findReceipt(ctx.db, id))!);
}

/**
 * Takes a receipt off its document: one uploaded with its file goes back to its owner's wallet (decision 066), one
 * typed on the document is deleted.
 */
export async function remove(ctx: AppContext, c: Caller, body: { ID: number; Version: number }): Promise<void> {
  const existing = await repo.findReceipt(ctx.db, body.ID);
  if (!existing || existing.documentId === null) throw notFound();
  const found = await visible(ctx.db, c.user, existing.documentId);
  const d = { ...found.d, id: existing.documentId };
  const toWallet = existing.storageKey !== null;
  await ctx.db.transaction(async (tx) => {
    await lockEditable(tx, c.user, d);
    const locked = await repo.lockReceipt(tx, body.ID);
    if (!locked || locked.documentId !== d.id) throw notFound();
    if (locked.version !== body.Version) throw staleVersion();
    if (toWallet) await repo.placeReceipt(tx, body.ID, null);
    else if (!(await repo.removeReceipt(tx, body.ID, body.Version))) throw staleVersion();
    await audit(
      tx,
      auditEntry(c.actor, {
        principalId: d.applicantId,
        action: 'remove_receipt',
        entity: 'document',
        entityId: d.id,
        detail: { receiptId: body.ID, toWallet },
      }),
    );
  });
}

/** What a receipt's file may be: a photo or a scan (JPEG, PNG) or a PDF, known by its first bytes. */
function receiptMime(data: Buffer): string | undefined {
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}

const walletRow = (r: { r: Stored; docNo: string | null }): WalletReceiptRow => ({ ...toRow(r.r), DocNo: r.docNo });

/**
 * A receipt that is not a fapiao (a taxi slip, a toll, an overseas bill) uploaded into the caller's wallet with what
 * the claimant read off it (decision 066). The same file already in the caller's wallet or on their documents is
 * refused, as is one on someone else's live document in the group (naming it); one free in a colleague's wallet is
 * entered and said so.
 */
export async function uploadToWallet(
  ctx: AppContext,
  actor: Actor,
  file: { fileName: string; data: Buffer },
  fields: ReceiptFields,
): Promise<{ Receipt: WalletReceiptRow; HeldByOther: boolean }> {
  const mimeType = receiptMime(file.data);
  if (!mimeType) throw new AppError(400, 'invoice.receipt_file_type');
  const values = receiptValues(fields);
  const known = await repo.receiptsBySha(ctx.db, actor.userId, createHash('sha256').update(file.data).digest('hex'));
  if (known.own) throw refused('invoice.receipt_duplicate');
  if (known.claimedBy) throw refused('invoice.receipt_claimed_elsewhere', { docNo: known.claimedBy });
  const id = await new AttachmentStore(ctx.config.dataDir).putFor(file.data, (stored) =>
    ctx.db.transaction(async (tx) => {
      const id = await guarded(
        () =>
          repo.insertReceipt(tx, {
            ...values,
            companyId: actor.companyId,
            ownerId: actor.userId,
            documentId: null,
            fileName: file.fileName.slice(0, 255),
            mimeType,
            size: file.data.length,
            sha256: stored.sha256,
            storageKey: stored.key,
          }),
        { duplicate: refused('invoice.receipt_duplicate') },
      );
      await audit(
        tx,
        auditEntry(actor, {
          action: 'create',
          entity: 'receipt',
          entityId: id,
          detail: { amount: values.amount, currency: values.currency, sha256: stored.sha256 },
        }),
      );
      return id;
    }),
  );
  const [row] = await repo.ownReceipts(ctx.db, actor.companyId, actor.userId, [id]);
  return { Receipt: walletRow(row!), HeldByOther: known.heldByOther };
}

/** The caller's wallet receipts, free or on documents. */
export async function searchWallet(
  ctx: AppContext,
  actor: Actor,
  q: SearchWalletReceiptBody,
): Promise<Page<WalletReceiptRow>> {
  const page = await repo.walletReceipts(ctx.db, actor.companyId, actor.userId, q);
  return { Total: page.total, Rows: page.rows.map(walletRow) };
}

/** Deletes a receipt from the caller's wallet while no document holds it; its file goes after the commit. */
export async function deleteFromWallet(ctx: AppContext, actor: Actor, body: { ID: number; Version: number }) {
  const key = await ctx.db.transaction(async (tx) => {
    const r = await repo.lockReceipt(tx, body.ID);
    if (!r || r.companyId !== actor.companyId || r.ownerId !== actor.userId) throw notFound();
    if (r.documentId !== null) throw refused('invoice.receipt_on_document');
    if (!(await repo.removeReceipt(tx, body.ID, body.Version))) throw staleVersion();
    await audit(tx, auditEntry(actor, { action: 'delete', entity: 'receipt', entityId: body.ID, detail: {} }));
    return r.storageKey;
  });
  if (key) await new AttachmentStore(ctx.config.dataDir).remove(key);
}

/** A receipt's file, for its owner or whoever may see the document it is on. */
export async function openFile(
  ctx: AppContext,
  c: Caller,
  receiptId: number,
): Promise<{ fileName: string; mimeType: string; size: number; stream: ReadStream }> {
  const r = await repo.findReceipt(ctx.db, receiptId);
  if (!r || r.companyId !== c.user.companyId || !r.storageKey) throw notFound();
  if (r.ownerId !== c.user.userId) {
    if (r.documentId === null) throw notFound();
    await visible(ctx.db, c.user, r.documentId);
  }
  const stream = await new AttachmentStore(ctx.config.dataDir).open(r.storageKey);
  return {
    fileName: r.fileName ?? 'receipt',
    mimeType: r.mimeType ?? 'application/octet-stream',
    size: r.size ?? 0,
    stream,
  };
}
