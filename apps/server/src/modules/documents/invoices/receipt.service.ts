import { compareMoney, type ReceiptList, type ReceiptRow, type SaveReceiptBody } from '@ems/contracts';
import { requireVersion, staleVersion } from '../../../core/checks';
import type { AppContext } from '../../../core/context';
import { fieldError, notFound } from '../../../core/errors';
import { shanghaiToday } from '../../../core/time';
import { audit, auditEntry } from '../../audit/audit.service';
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
  Version: r.version,
});

export async function list(ctx: AppContext, c: Caller, documentId: number): Promise<ReceiptList> {
  const found = await visible(ctx.db, c.user, documentId);
  const rows = await repo.receiptsOf(ctx.db, documentId);
  return { Rows: rows.map(toRow), Editable: mayChange(c.user, found.d) };
}

export async function save(ctx: AppContext, c: Caller, body: SaveReceiptBody): Promise<ReceiptRow> {
  const d = await editableDocument(ctx.db, c.user, body.DocumentID);
  if (body.ReceiptDate > shanghaiToday()) throw fieldError('ReceiptDate', 'invoice.date_in_future');
  if (compareMoney(body.Amount, '0.00') === 0) throw fieldError('Amount', 'invoice.amount_not_positive');
  const values = {
    receiptDate: body.ReceiptDate,
    amount: body.Amount,
    currency: body.Currency ?? 'CNY',
    issuer: body.Issuer,
    description: body.Description ?? null,
  };
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
      id = await repo.insertReceipt(tx, { ...values, documentId: d.id });
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

export async function remove(ctx: AppContext, c: Caller, body: { ID: number; Version: number }): Promise<void> {
  const existing = await repo.findReceipt(ctx.db, body.ID);
  if (!existing) throw notFound();
  const found = await visible(ctx.db, c.user, existing.documentId);
  const d = { ...found.d, id: existing.documentId };
  await ctx.db.transaction(async (tx) => {
    await lockEditable(tx, c.user, d);
    if (!(await repo.removeReceipt(tx, body.ID, body.Version))) throw staleVersion();
    await audit(
      tx,
      auditEntry(c.actor, {
        principalId: d.applicantId,
        action: 'remove_receipt',
        entity: 'document',
        entityId: d.id,
        detail: { receiptId: body.ID },
      }),
    );
  });
}
