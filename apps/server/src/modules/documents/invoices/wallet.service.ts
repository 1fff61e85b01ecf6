import type { ReadStream } from 'node:fs';
import {
  type Culture,
  type DocumentDetail,
  type ExpenseLineInput,
  InvoiceInput,
  type WalletDraftBody,
  type WalletUpload,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { duplicateOn, guarded } from '../../../core/checks';
import type { AppContext } from '../../../core/context';
import { AppError, notFound, refused } from '../../../core/errors';
import { audit, auditEntry } from '../../audit/audit.service';
import { itemsOfType } from '../../masterdata/expense/expense-items.service';
import { profile } from '../../org/org.service';
import type { OutboundHandler } from '../../outbound/outbound.service';
import { enqueue } from '../../outbound/outbound.service';
import { AttachmentStore } from '../attachments/attachment.storage';
import { save } from '../form/form.service';
import { invoiceOf } from './file-read.service';
import { invoiceService } from './invoice.gateway';
import * as repo from './invoice.repository';
import { type Caller, prepare, readable, rowOf, verify } from './invoice.service';
import type { ReadFormat } from './reader/fields';
import { readOnWorker } from './reader/pool';
import { isTicket, suggestItem } from './wallet-suggest';

/** What a wallet entry needs from its file; without one of these the claimant enters the fapiao by hand. */
const REQUIRED = ['InvoiceType', 'Number', 'InvoiceDate', 'Amount'] as const;

const MIME: Record<Exclude<ReadFormat, 'image'>, string> = {
  xml: 'application/xml',
  ofd: 'application/ofd',
  pdf: 'application/pdf',
};
const imageType = (data: Buffer) => (data[0] === 0x89 && data[1] === 0x50 ? 'image/png' : 'image/jpeg');

export interface WalletFile {
  fileName: string;
  data: Buffer;
}

/**
 * The entry as read: what the file carries, checked by the entry's own rules. A value the entry would refuse (a
 * seller's name longer than the entry keeps, say) is left out for the claimant, as a value the file lacks is.
 */
function entryOf(read: Parameters<typeof invoiceOf>[0]): InvoiceInput {
  let input: Record<string, unknown> = { ...invoiceOf(read) };
  // A photo's QR code carries a fully digital fapiao's total only: entered as the QR entry takes it, the total as the
  // amount and no tax split, which the claimant may complete from the paper.
  if (input.Amount === undefined && input.TaxAmount === undefined && read.total !== undefined)
    input.Amount = read.total;
  for (;;) {
    const parsed = InvoiceInput.safeParse(input);
    if (parsed.success) return parsed.data;
    const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
    const kept = Object.fromEntries(Object.entries(input).filter(([k]) => !bad.has(k)));
    // An issue no field carries leaves nothing to drop: the file gives no entry, and the required check says so.
    if (Object.keys(kept).length === Object.keys(input).length) return {};
    input = kept;
  }
}

/**
 * A fapiao file uploaded into the caller's wallet (decision 062): read on the reading thread, checked as an entry by
 * hand is, kept with its file, and verified afterwards by the `invoice` job. The same fapiao already in the caller's
 * wallet, or claimed by a live document anywhere in the group, is refused here, at upload; one sitting free in a
 * colleague's wallet is entered and said so (only one claim will take it). `via` says whether the caller uploaded it or
 * it came in a mail to their wallet's address (decision 067).
 */
export async function upload(
  ctx: AppContext,
  actor: Actor,
  file: WalletFile,
  via: 'upload' | 'mail' = 'upload',
): Promise<WalletUpload> {
  const read = await readOnWorker(file.data);
  if (!read.ok) throw new AppError(read.code === 'invoice.file_too_large' ? 413 : 400, read.code);
  const input = entryOf(read.fields);
  const missing = REQUIRED.filter((f) => !input[f]);
  if (missing.length)
    throw new AppError(
      400,
      'invoice.file_incomplete',
      undefined,
      missing.map((field) => ({ field, code: 'validation.required' })),
    );
  const { values, items } = await prepare(ctx, actor.companyId, input, 'queued');
  const known = await repo.knownByKey(ctx.db, actor.companyId, actor.userId, values.invoiceKey);
  if (known.claimedBy) throw refused('invoice.claimed_elsewhere', { number: values.number, docNo: known.claimedBy });
  if (known.own) throw duplicateOn('Number', 'invoice.duplicate');
  const heldByOther = await repo.heldByOther(ctx.db, actor.userId, values.invoiceKey);

  const id = await new AttachmentStore(ctx.config.dataDir).putFor(file.data, (stored) =>
    ctx.db.transaction(async (tx) => {
      const id = await guarded(
        () => repo.insertInvoice(tx, { ...values, source: 'file', companyId: actor.companyId, ownerId: actor.userId }),
        { duplicate: duplicateOn('Number', 'invoice.duplicate') },
      );
      await repo.replaceItems(tx, id, items);
      await repo.insertFile(tx, {
        invoiceId: id,
        fileName: file.fileName.slice(0, 255),
        mimeType: read.format === 'image' ? imageType(file.data) : MIME[read.format],
        size: file.data.length,
        sha256: stored.sha256,
        storageKey: stored.key,
      });
      await enqueue(tx, 'invoice', { invoiceId: id }, actor.companyId);
      await audit(
        tx,
        auditEntry(actor, {
          action: 'create',
          entity: 'invoice',
          entityId: id,
          detail: {
            number: values.number,
            code: values.code,
            source: 'file',
            via,
            format: read.format,
            sha256: stored.sha256,
          },
        }),
      );
      return id;
    }),
  );
  return { Invoice: await rowOf(ctx, actor.culture, id), HeldByOther: heldByOther };
}

/** The file a fapiao was read from, for whoever may see the fapiao. */
export async function openFile(
  ctx: AppContext,
  c: Caller,
  invoiceId: number,
): Promise<{ fileName: string; mimeType: string; size: number; stream: ReadStream }> {
  await readable(ctx, c, invoiceId);
  const file = await repo.fileOf(ctx.db, invoiceId);
  if (!file) throw notFound();
  const stream = await new AttachmentStore(ctx.config.dataDir).open(file.storageKey);
  return { fileName: file.fileName, mimeType: file.mimeType, size: file.size, stream };
}

/**
 * A draft reimbursement of the chosen expense type with one line per wallet entry, oldest first: its date and amount
 * (tax included) the fapiao's, its expense item suggested (`suggestItem`), the fapiao on its line. Written through the
 * one save of documents; the entries are taken under their row locks inside the save's transaction, so two drafts
 * made at once from the same entry cannot both have it.
 */
export async function createDraft(
  ctx: AppContext,
  c: Caller,
  body: WalletDraftBody,
  culture: Culture,
  requestId: string,
): Promise<DocumentDetail> {
  // The wallet is one's own: a draft filled in for someone else takes their fapiao on the document itself.
  if (c.user.actingFor?.kinds.includes('fill_in')) throw refused('invoice.wallet_own_only');
  const ids = [...new Set(body.InvoiceIDs)];
  const receiptIds = [...new Set(body.ReceiptIDs)];
  const [entries, receipts] = await Promise.all([
    ids.length ? repo.walletEntries(ctx.db, c.user.companyId, c.user.userId, ids) : [],
    receiptIds.length ? repo.ownReceipts(ctx.db, c.user.companyId, c.user.userId, receiptIds) : [],
  ]);
  if (entries.length !== ids.length || receipts.length !== receiptIds.length) throw notFound();
  const taken = entries.find((e) => e.i.documentId !== null);
  if (taken) throw refused('invoice.on_other_document', { number: taken.i.number, docNo: taken.docNo ?? '' });
  const takenReceipt = receipts.find((r) => r.r.documentId !== null);
  if (takenReceipt) throw refused('invoice.receipt_on_other_document', { docNo: takenReceipt.docNo ?? '' });
  entries.sort((a, b) => a.i.invoiceDate.localeCompare(b.i.invoiceDate) || a.i.id - b.i.id);
  receipts.sort((a, b) => a.r.receiptDate.localeCompare(b.r.receiptDate) || a.r.id - b.r.id);
  // A document's lines are in its currency: fapiao are in yuan, a receipt in what it was paid in.
  const currencies = new Set([...(entries.length ? ['CNY'] : []), ...receipts.map((r) => r.r.currency)]);
  if (currencies.size > 1) throw refused('invoice.wallet_mixed_currency', { currencies: [...currencies].join(', ') });
  const [currency] = currencies as Set<string>;

  const [offered, used, applicant] = await Promise.all([
    itemsOfType(ctx.db, body.ExpenseTypeID),
    repo.itemsUsedBefore(
      ctx.db,
      c.user.companyId,
      c.user.userId,
      [...new Set(entries.map((e) => e.i.sellerTaxId).filter(Boolean))],
      [...new Set(entries.map((e) => e.i.invoiceType).filter(isTicket))],
    ),
    profile(ctx.db, c.user.userId, c.user.companyId),
  ]);
  const lines: ExpenseLineInput[] = entries.map((e) => ({
    ExpenseItemID: suggestItem(
      { invoiceType: e.i.invoiceType, sellerTaxId: e.i.sellerTaxId, itemNames: e.itemNames },
      offered,
      used,
    ),
    ExpenseDate: e.i.invoiceDate,
    Amount: e.i.totalAmount,
    Currency: 'CNY',
    Description: e.i.sellerName.slice(0, 500) || null,
  }));
  // A receipt says nothing of what it paid for: its line has no item until the claimant picks one.
  for (const { r } of receipts)
    lines.push({
      ExpenseItemID: null,
      ExpenseDate: r.receiptDate,
      Amount: r.amount,
      Currency: r.currency,
      Description: [r.issuer, r.description].filter(Boolean).join(' · ').slice(0, 500) || null,
    });
  const lineOf = new Map(entries.map((e, n) => [e.i.id, n + 1]));
  return save(
    ctx,
    c.user,
    'deputy',
    // Charged, as a new form is, to the claimant's default cost centre.
    {
      ExpenseTypeID: body.ExpenseTypeID,
      CostCenterID: applicant?.e.defaultCostCentreId ?? null,
      Currency: currency!,
      Lines: lines,
      Loans: [],
    },
    culture,
    requestId,
    async (tx, documentId) => {
      const locked = ids.length ? await repo.lockOwnInvoices(tx, c.user.companyId, c.user.userId, ids) : [];
      if (locked.length !== ids.length) throw notFound();
      const gone = locked.find((i) => i.documentId !== null);
      if (gone) throw refused('invoice.claimed_concurrently');
      for (const i of locked) await repo.placeOnLine(tx, i.id, documentId, lineOf.get(i.id)!);
      const lockedReceipts = receiptIds.length
        ? await repo.lockOwnReceipts(tx, c.user.companyId, c.user.userId, receiptIds)
        : [];
      if (lockedReceipts.length !== receiptIds.length) throw notFound();
      if (lockedReceipts.some((r) => r.documentId !== null)) throw refused('invoice.claimed_concurrently');
      for (const r of lockedReceipts) await repo.placeReceipt(tx, r.id, documentId);
      await audit(
        tx,
        auditEntry(c.actor, {
          action: 'wallet_draft',
          entity: 'document',
          entityId: documentId,
          detail: { invoices: locked.map((i) => i.number), receipts: lockedReceipts.map((r) => r.id) },
        }),
      );
    },
  );
}

/**
 * The `invoice` queue's worker: verifies a wallet entry with the invoice service after its upload committed. An
 * online service that did not answer is asked again later (the job fails and is retried); the simulator's answer,
 * and an online one's last, is kept as it is. An entry changed or verified in the meantime is left alone.
 */
export function invoiceVerifyJob(ctx: AppContext): OutboundHandler {
  return async (payload, attempt) => {
    const { invoiceId } = payload as { invoiceId: number };
    const i = (await repo.findInvoice(ctx.db, invoiceId))?.i;
    if (i?.verifyStatus !== 'not_verified') return;
    const reply = await verify(ctx, {
      type: i.invoiceType,
      code: i.code,
      number: i.number,
      invoiceDate: i.invoiceDate,
      amount: i.amount,
      checkCode: i.checkCode,
      taxAmount: i.taxAmount,
      fuelAmount: i.fuelAmount,
      items: [],
    });
    if (reply.status === 'not_verified' && invoiceService(ctx.config.invoiceServiceUrl).online && !attempt.last)
      throw new Error(reply.message ?? 'the invoice service did not answer');
    await repo.setVerification(ctx.db, invoiceId, i.version, reply);
  };
}
