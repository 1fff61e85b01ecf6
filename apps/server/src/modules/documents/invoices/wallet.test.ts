import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { backendPid, concurrencyTest, waitUntilBlocked } from '../../../../test/concurrency';
import { saveDeputy } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { upload } from '../../../../test/finance';
import { auditLog } from '../../audit/audit.table';
import { outboundJob } from '../../outbound/outbound.table';
import { company } from '../../system/system.table';
import { useInvoiceService } from './invoice.gateway';
import { invoice, invoiceFile } from './invoice.table';
import {
  digitalXml,
  type FapiaoSpec,
  fapiaoPdf,
  hotelFapiao,
  NORMAL,
  numberedFapiao,
  photo,
  qrTextOf,
} from './reader/test-files';
import { invoiceVerifyJob } from './wallet.service';

/** The receipt wallet (decision 062): fapiao files uploaded before any claim, and drafts made from them. */
let t: TestApp;
let employee: string;
let manager: string;
let fapiao: ReturnType<typeof numberedFapiao>;
let masters: Awaited<ReturnType<typeof documentMasters>>;
beforeAll(async () => {
  t = await testApp();
  [employee, manager] = await t.tokens('employee', 'manager');
  const [c] = await t.ctx.db.select().from(company).where(eq(company.id, 1));
  fapiao = numberedFapiao({ buyerName: c!.nameZh, buyerTaxId: c!.taxId! }, '2431200000');
  masters = await documentMasters(t.ctx.db);
});
afterAll(() => t.close());

const UPLOAD = '/api/InvoiceEntry/Upload';
const DRAFT = '/api/InvoiceEntry/CreateDraft';
const today = () => new Date().toISOString().slice(0, 10);
/** A fapiao of the company, numbered afresh for each test. */
const spec = (over: Partial<FapiaoSpec> = {}) => fapiao(over);
const storedKey = async (invoiceId: number) =>
  (await t.ctx.db.select().from(invoiceFile).where(eq(invoiceFile.invoiceId, invoiceId)))[0]?.storageKey;
const onDisk = (key: string) => existsSync(join(t.ctx.config.dataDir, 'attachments', key));

describe('uploading into the wallet', () => {
  it('reads the file, enters the fapiao with it, queues its verification and audits it', async () => {
    const file = Buffer.from(digitalXml(spec()));
    const res = await upload(t, UPLOAD, file, employee);
    expect(res.statusCode, res.body).toBe(200);
    const { Invoice, HeldByOther } = res.json();
    expect(Invoice).toMatchObject({
      Source: 'file',
      HasFile: true,
      VerifyStatus: 'not_verified',
      TotalAmount: '100.00',
      SellerName: NORMAL.sellerName,
      ClaimState: 'free',
      DocumentID: null,
    });
    expect(HeldByOther).toBe(false);
    const jobs = await t.ctx.db
      .select()
      .from(outboundJob)
      .where(and(eq(outboundJob.queue, 'invoice'), sql`${outboundJob.payload}->>'invoiceId' = ${String(Invoice.ID)}`));
    expect(jobs).toHaveLength(1);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'invoice'), eq(auditLog.entityId, Invoice.ID)));
    expect(audits.map((a) => a.action)).toEqual(['create']);

    // The file comes back as uploaded, to its owner; a colleague who may not see it gets nothing.
    const back = await t.call('/api/InvoiceEntry/GetFile', { InvoiceID: Invoice.ID }, employee);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('application/xml');
    expect(back.rawPayload.equals(file)).toBe(true);
    expect((await t.call('/api/InvoiceEntry/GetFile', { InvoiceID: Invoice.ID }, manager)).statusCode).toBe(404);
  });

  it('refuses the same fapiao twice in one wallet, and says when a colleague holds it too', async () => {
    const s = spec();
    const pdf = await fapiaoPdf(s);
    expect((await upload(t, UPLOAD, pdf, employee)).statusCode).toBe(200);
    const again = await upload(t, UPLOAD, pdf, employee, { Language: 'en-GB' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('invoice.duplicate');
    // The photo of the same fapiao, in a colleague's wallet: entered, and flagged.
    const picture = await photo({ qr: qrTextOf(s), format: 'jpeg', angle: 5, noise: 0.03, seed: 7 });
    const theirs = await upload(t, UPLOAD, picture, manager);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().HeldByOther).toBe(true);
  });

  it('refuses a fapiao made out to another company, and a file that is no fapiao, keeping nothing', async () => {
    const before = (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(invoiceFile))[0]!.n;
    const other = await upload(
      t,
      UPLOAD,
      Buffer.from(digitalXml(spec({ buyerName: '另一家公司', buyerTaxId: '91310000OTHER0001X' }))),
      employee,
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0]).toMatchObject({ field: 'BuyerName', code: 'invoice.buyer_name_mismatch' });
    const junk = await upload(t, UPLOAD, Buffer.from('just words'), employee, { Language: 'zh-CN' });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toMatch(/[\u4e00-\u9fff]/);
    expect((await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(invoiceFile))[0]!.n).toBe(before);
  });

  it('takes the file away with a deleted entry', async () => {
    const res = (await upload(t, UPLOAD, Buffer.from(digitalXml(spec())), employee)).json().Invoice;
    const key = (await storedKey(res.ID))!;
    expect(onDisk(key)).toBe(true);
    const del = await t.call('/api/InvoiceEntry/Delete', { ID: res.ID, Version: res.Version }, employee);
    expect(del.statusCode, del.body).toBe(200);
    expect(onDisk(key)).toBe(false);
  });

  it('verifies an entry after the upload, asking an online service again while it does not answer', async () => {
    const entry = (await upload(t, UPLOAD, Buffer.from(digitalXml(spec())), employee)).json().Invoice;
    const job = invoiceVerifyJob(t.ctx);
    let answer: 'valid' | 'silent' = 'silent';
    const previous = useInvoiceService({
      name: 'test',
      online: true,
      openSession: async () => ({ token: 'x', expiresAt: new Date() }),
      verify: async () =>
        answer === 'valid' ? { status: 'verified', message: null } : { status: 'not_verified', message: 'timeout' },
      infoUrl: () => '',
    });
    try {
      await expect(job({ invoiceId: entry.ID }, { last: false, requestId: null })).rejects.toThrow('timeout');
      answer = 'valid';
      await job({ invoiceId: entry.ID }, { last: false, requestId: null });
    } finally {
      useInvoiceService(previous);
    }
    const [row] = await t.ctx.db.select().from(invoice).where(eq(invoice.id, entry.ID));
    expect(row!.verifyStatus).toBe('verified');
    expect(row!.verifiedAt).not.toBeNull();
  });
});

describe('a draft from the wallet', () => {
  it('writes one line per fapiao, oldest first, with date, amount and a suggested item, each fapiao on its line', async () => {
    const hotel = (
      await upload(t, UPLOAD, Buffer.from(digitalXml(hotelFapiao(spec().number, today()))), employee)
    ).json().Invoice;
    const older = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const meal = (await upload(t, UPLOAD, Buffer.from(digitalXml(spec({ date: older }))), employee)).json().Invoice;
    const res = await t.call(DRAFT, { ExpenseTypeID: masters.type.id, InvoiceIDs: [hotel.ID, meal.ID] }, employee);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({ DocType: 'deputy', Status: 'draft', TotalAmount: '500.00' });
    // The meal is older: line 1. Its classification (餐饮服务) names no item the test type offers; the hotel's
    // (住宿服务) names 住宿费.
    expect(d.Lines.map((l: { ExpenseDate: string; Amount: string; ExpenseItemID: number | null }) => l)).toMatchObject([
      { ExpenseDate: older, Amount: '100.00', ExpenseItemID: null },
      { ExpenseDate: today(), Amount: '400.00', ExpenseItemID: masters.hotel.id },
    ]);
    const fapiao = (await t.call('/api/document/SearchInvoice', { DocumentID: d.ID }, employee)).json();
    expect(
      fapiao.Rows.map((r: { ID: number; LineNo: number }) => [r.ID, r.LineNo]).sort(
        (a: number[], b: number[]) => a[1]! - b[1]!,
      ),
    ).toEqual([
      [meal.ID, 1],
      [hotel.ID, 2],
    ]);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'document'), eq(auditLog.entityId, d.ID)));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'wallet_draft']);

    // Taken once: a second draft of the same fapiao is refused and writes no document.
    const again = await t.call(DRAFT, { ExpenseTypeID: masters.type.id, InvoiceIDs: [hotel.ID] }, employee);
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('invoice.on_other_document');
    // Another's entry is not found; a type the claimant may not use is refused by the save.
    expect((await t.call(DRAFT, { ExpenseTypeID: masters.type.id, InvoiceIDs: [hotel.ID] }, manager)).statusCode).toBe(
      404,
    );
  });

  it("suggests the item the company's last line of the seller's fapiao took", async () => {
    // A meal fapiao names no item of the test type, until a line of this seller's took 出租车费.
    const first = (
      await upload(t, UPLOAD, Buffer.from(digitalXml(spec({ sellerTaxId: '91110000SELLER0007' }))), employee)
    ).json().Invoice;
    const d = (await t.call(DRAFT, { ExpenseTypeID: masters.type.id, InvoiceIDs: [first.ID] }, employee)).json();
    const line = { ...d.Lines[0], ExpenseItemID: masters.taxi.id };
    const saved = await t.call(
      '/api/document/SaveDeputyDetail',
      { ID: d.ID, Version: d.Version, ExpenseTypeID: masters.type.id, Lines: [line] },
      employee,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const second = (
      await upload(t, UPLOAD, Buffer.from(digitalXml(spec({ sellerTaxId: '91110000SELLER0007' }))), manager)
    ).json().Invoice;
    const next = (await t.call(DRAFT, { ExpenseTypeID: masters.type.id, InvoiceIDs: [second.ID] }, manager)).json();
    expect(next.Lines[0].ExpenseItemID).toBe(masters.taxi.id);
  });

  concurrencyTest('a draft waits for the lock of an entry another draft is taking, and then refuses it', async () => {
    const entry = (await upload(t, UPLOAD, Buffer.from(digitalXml(spec())), employee)).json().Invoice;
    const other = await saveDeputy(t, masters, employee, '100.00');
    let call: Promise<{ statusCode: number; json: () => { code: string } }> | undefined;
    await t.ctx.db.transaction(async (tx) => {
      await tx.select().from(invoice).where(eq(invoice.id, entry.ID)).for('update');
      call = t.call(DRAFT, { ExpenseTypeID: masters.type.id, InvoiceIDs: [entry.ID] }, employee);
      await waitUntilBlocked(t.ctx.db, await backendPid(tx), call);
      await tx.update(invoice).set({ documentId: other.ID, lineNo: 1 }).where(eq(invoice.id, entry.ID));
    });
    const res = await call!;
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('invoice.claimed_concurrently');
    const [row] = await t.ctx.db.select().from(invoice).where(eq(invoice.id, entry.ID));
    expect(row!.documentId).toBe(other.ID);
  });
});
