import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { backendPid, concurrencyTest, waitUntilBlocked } from '../../../../test/concurrency';
import { saveDeputy } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { upload } from '../../../../test/finance';
import { auditLog } from '../../audit/audit.table';
import { receipt } from './invoice.table';
import { photo } from './reader/test-files';

/** Receipts that are not fapiao in the wallet (decision 066): uploaded with what the claimant reads off them. */
let t: TestApp;
let employee: string;
let manager: string;
let masters: Awaited<ReturnType<typeof documentMasters>>;
beforeAll(async () => {
  t = await testApp();
  [employee, manager] = await t.tokens('employee', 'manager');
  masters = await documentMasters(t.ctx.db);
});
afterAll(() => t.close());

const UPLOAD = '/api/InvoiceEntry/UploadReceipt';
const DRAFT = '/api/InvoiceEntry/CreateDraft';
const today = () => new Date().toISOString().slice(0, 10);
let seed = 100;
/** A photo of a paper slip without a QR code, different each time. */
const slip = () => photo({ format: 'jpeg', width: 400, height: 300, noise: 0.05, seed: ++seed });
const fields = (over: Record<string, string> = {}) => ({
  ReceiptDate: today(),
  Amount: '35.50',
  Issuer: '上海强生出租',
  Description: '虹桥站—静安',
  ...over,
});
const onDisk = (key: string) => existsSync(join(t.ctx.config.dataDir, 'attachments', key));
const stored = async (id: number) => (await t.ctx.db.select().from(receipt).where(eq(receipt.id, id)))[0]!;

describe('a receipt uploaded into the wallet', () => {
  it('is kept with its photo, free, audited, and its file comes back to its owner only', async () => {
    const file = await slip();
    const res = await upload(t, UPLOAD, file, employee, fields());
    expect(res.statusCode, res.body).toBe(200);
    const { Receipt, HeldByOther } = res.json();
    expect(Receipt).toMatchObject({
      DocumentID: null,
      DocNo: null,
      Amount: '35.50',
      Currency: 'CNY',
      Issuer: '上海强生出租',
      HasFile: true,
    });
    expect(HeldByOther).toBe(false);
    const row = await stored(Receipt.ID);
    expect(row).toMatchObject({ mimeType: 'image/jpeg', size: file.length });
    expect(onDisk(row.storageKey!)).toBe(true);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'receipt'), eq(auditLog.entityId, Receipt.ID)));
    expect(audits.map((a) => a.action)).toEqual(['create']);

    const back = await t.call('/api/InvoiceEntry/GetReceiptFile', { ReceiptID: Receipt.ID }, employee);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/jpeg');
    expect(back.rawPayload.equals(file)).toBe(true);
    expect((await t.call('/api/InvoiceEntry/GetReceiptFile', { ReceiptID: Receipt.ID }, manager)).statusCode).toBe(404);

    const free = (await t.call('/api/InvoiceEntry/SearchReceiptList', { OnDocument: false }, employee)).json();
    expect(free.Rows.map((r: { ID: number }) => r.ID)).toContain(Receipt.ID);
    const theirs = (await t.call('/api/InvoiceEntry/SearchReceiptList', {}, manager)).json();
    expect(theirs.Rows.map((r: { ID: number }) => r.ID)).not.toContain(Receipt.ID);
  });

  it('refuses bad fields, a file that is neither photo nor PDF, and the same file twice, keeping nothing', async () => {
    const count = async () => (await t.ctx.db.select().from(receipt).where(eq(receipt.issuer, 'X 公司'))).length;
    const file = await slip();
    const bad = await upload(t, UPLOAD, file, employee, { ...fields({ Issuer: 'X 公司' }), Amount: 'lots' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'Amount' })]);
    const future = await upload(t, UPLOAD, file, employee, fields({ Issuer: 'X 公司', ReceiptDate: '2999-01-01' }));
    expect(future.statusCode).toBe(400);
    expect(future.json().errors[0]).toMatchObject({ field: 'ReceiptDate', code: 'invoice.date_in_future' });
    const words = await upload(t, UPLOAD, Buffer.from('just words'), employee, {
      ...fields({ Issuer: 'X 公司' }),
      Language: 'en-GB',
    });
    expect(words.statusCode).toBe(400);
    expect(words.json().code).toBe('invoice.receipt_file_type');
    expect(words.json().message).toMatch(/photo/);
    expect(await count()).toBe(0);

    expect((await upload(t, UPLOAD, file, employee, fields({ Issuer: 'X 公司' }))).statusCode).toBe(200);
    const twice = await upload(t, UPLOAD, file, employee, fields({ Issuer: 'X 公司' }));
    expect(twice.statusCode).toBe(422);
    expect(twice.json().code).toBe('invoice.receipt_duplicate');
    expect(await count()).toBe(1);
    // A colleague uploading the same photo is told someone holds it too.
    const colleague = await upload(t, UPLOAD, file, manager, fields({ Issuer: 'X 公司' }));
    expect(colleague.statusCode).toBe(200);
    expect(colleague.json().HeldByOther).toBe(true);
  });

  it('goes on a draft as a line of its own, is refused on a second draft and to a colleague once claimed', async () => {
    const file = await slip();
    const r = (await upload(t, UPLOAD, file, employee, fields({ Amount: '88.00', Currency: 'USD' }))).json().Receipt;
    const res = await t.call(DRAFT, { ExpenseTypeID: masters.type.id, ReceiptIDs: [r.ID] }, employee);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d.Lines).toMatchObject([
      {
        ExpenseDate: today(),
        Amount: '88.00',
        Currency: 'USD',
        ExpenseItemID: null,
        Description: '上海强生出租 · 虹桥站—静安',
      },
    ]);
    const onDoc = (await t.call('/api/document/SearchReceipt', { DocumentID: d.ID }, employee)).json();
    expect(onDoc.Rows).toMatchObject([{ ID: r.ID, DocumentID: d.ID, HasFile: true }]);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'document'), eq(auditLog.entityId, d.ID), eq(auditLog.action, 'wallet_draft')));
    expect(audits[0]!.detail).toMatchObject({ receipts: [r.ID] });

    const again = await t.call(DRAFT, { ExpenseTypeID: masters.type.id, ReceiptIDs: [r.ID] }, employee);
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('invoice.receipt_on_other_document');
    // Yuan and dollars do not go on one claim.
    const yuan = (await upload(t, UPLOAD, await slip(), employee, fields())).json().Receipt;
    const dollars = (await upload(t, UPLOAD, await slip(), employee, fields({ Currency: 'USD' }))).json().Receipt;
    const mixed = await t.call(DRAFT, { ExpenseTypeID: masters.type.id, ReceiptIDs: [yuan.ID, dollars.ID] }, employee);
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json()).toMatchObject({ code: 'invoice.wallet_mixed_currency' });
    expect((await stored(yuan.ID)).documentId).toBeNull();
    const del = await t.call('/api/InvoiceEntry/DeleteReceipt', { ID: r.ID, Version: r.Version + 1 }, employee);
    expect(del.statusCode).toBe(422);
    expect(del.json().code).toBe('invoice.receipt_on_document');
    // The same photo uploaded by a colleague while a live document holds it: refused, naming the document.
    const colleague = await upload(t, UPLOAD, file, manager, fields());
    expect(colleague.statusCode).toBe(422);
    expect(colleague.json().code).toBe('invoice.receipt_claimed_elsewhere');
    expect(colleague.json().message).toContain(d.DocNo);
  });

  it('goes back to the wallet when taken off its document, and its file with it when deleted from the wallet', async () => {
    const r = (await upload(t, UPLOAD, await slip(), employee, fields())).json().Receipt;
    const d = (await t.call(DRAFT, { ExpenseTypeID: masters.type.id, ReceiptIDs: [r.ID] }, employee)).json();
    const [onDoc] = (await t.call('/api/document/SearchReceipt', { DocumentID: d.ID }, employee)).json().Rows;
    const off = await t.call('/api/document/DeleteReceipt', { ID: onDoc.ID, Version: onDoc.Version }, employee);
    expect(off.statusCode, off.body).toBe(200);
    const back = await stored(r.ID);
    expect(back.documentId).toBeNull();
    expect(onDisk(back.storageKey!)).toBe(true);

    const gone = await t.call('/api/InvoiceEntry/DeleteReceipt', { ID: r.ID, Version: back.version }, employee);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await t.ctx.db.select().from(receipt).where(eq(receipt.id, r.ID))).length).toBe(0);
    expect(onDisk(back.storageKey!)).toBe(false);
  });

  it('a receipt typed on a document belongs to its claimant and is deleted when taken off', async () => {
    const d = await saveDeputy(t, masters, employee, '50.00');
    const typed = await t.call(
      '/api/document/SaveReceipt',
      { DocumentID: d.ID, ReceiptDate: today(), Amount: '50.00', Issuer: 'Parking' },
      employee,
    );
    expect(typed.statusCode, typed.body).toBe(200);
    const row = await stored(typed.json().ID);
    expect(row).toMatchObject({ documentId: d.ID, companyId: 1, storageKey: null });
    const off = await t.call('/api/document/DeleteReceipt', { ID: row.id, Version: row.version }, employee);
    expect(off.statusCode).toBe(200);
    expect((await t.ctx.db.select().from(receipt).where(eq(receipt.id, row.id))).length).toBe(0);
  });

  concurrencyTest('a draft waits for the lock of a receipt another draft is taking, and then refuses it', async () => {
    const r = (await upload(t, UPLOAD, await slip(), employee, fields())).json().Receipt;
    const other = await saveDeputy(t, masters, employee, '100.00');
    let call: Promise<{ statusCode: number; json: () => { code: string } }> | undefined;
    await t.ctx.db.transaction(async (tx) => {
      await tx.select().from(receipt).where(eq(receipt.id, r.ID)).for('update');
      call = t.call(DRAFT, { ExpenseTypeID: masters.type.id, ReceiptIDs: [r.ID] }, employee);
      await waitUntilBlocked(t.ctx.db, await backendPid(tx), call);
      await tx.update(receipt).set({ documentId: other.ID }).where(eq(receipt.id, r.ID));
    });
    const res = await call!;
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('invoice.claimed_concurrently');
    expect((await stored(r.ID)).documentId).toBe(other.ID);
  });
});
