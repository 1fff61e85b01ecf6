import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { concurrencyTest } from '../../../../test/concurrency';
import { type Masters, type Session, saveDeputy, saveWorkflow } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { shanghaiToday } from '../../../core/time';
import { company } from '../../system/system.table';
import { document } from '../document.table';
import { type InvoiceService, useInvoiceService } from './invoice.gateway';
import { followDocumentState, paperless } from './invoice.service';
import { invoice } from './invoice.table';

let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let admin: Session;
let buyer: { nameZh: string; taxId: string };
const today = shanghaiToday();
const ymd = today.replaceAll('-', '');
let serial = 0;
/** A fresh 20-digit fully digital number, so tests never meet each other's fapiao. */
const digitalNo = () => `2631200000${String(++serial).padStart(10, '0')}`;
const digitalQr = (n = digitalNo(), amount = '106.00') => `01,32,,${n},${amount},${ymd},,C0FFEE,`;

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  [employee, manager, admin] = await t.logins('employee', 'manager', 'admin');
  await saveWorkflow(t, admin.access_token, {
    Code: 'DEPUTY-STD',
    DocType: 'deputy',
    NameZH: '报销审批',
    NameEN: 'Deputy approval',
  });
  const [c] = await t.ctx.db.select().from(company).where(eq(company.id, 1));
  buyer = { nameZh: c!.nameZh, taxId: c!.taxId! };
});
afterAll(() => t.close());

const entry = (body: Record<string, unknown>, token = employee.access_token) =>
  t.call('/api/InvoiceEntry/Save', body, token);
/** Adds a fapiao to a document; a fully digital QR names no buyer, so the buyer the fapiao carries is given here. */
const addToDoc = (documentId: number, body: Record<string, unknown>, token = employee.access_token) =>
  t.call('/api/document/SaveInvoice', { DocumentID: documentId, BuyerTaxID: buyer.taxId, ...body }, token);
const docInvoices = async (documentId: number, token = employee.access_token) =>
  (await t.call('/api/document/SearchInvoice', { DocumentID: documentId }, token)).json();
const submit = async (id: number, token = employee.access_token) =>
  t.call('/api/DocumentSubmit/SubmitDeputy', { ID: id, Version: await t.version(id) }, token);
const claimOf = async (id: number) =>
  (await t.ctx.db.select({ claim: invoice.claim }).from(invoice).where(eq(invoice.id, id)))[0]!.claim;

describe('InvoiceEntry', () => {
  it('enters a fully digital fapiao from its QR text, not verified by the simulator, and lists it', async () => {
    const n = digitalNo();
    const res = await entry({ QrText: digitalQr(n) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      InvoiceType: 'digital_normal',
      Code: '',
      Number: n,
      InvoiceDate: today,
      Amount: '106.00',
      Electronic: true,
      FullyDigital: true,
      Source: 'qr',
      VerifyStatus: 'not_verified',
      VerifyStatusName: '未查验',
      ClaimState: 'free',
      DeductibleVat: '0.00',
    });
    const list = (await t.call('/api/InvoiceEntry/SearchList', { Keyword: n }, employee.access_token)).json();
    expect(list.Rows.map((r: { Number: string }) => r.Number)).toEqual([n]);
    const others = (await t.call('/api/InvoiceEntry/SearchList', { Keyword: n }, manager.access_token)).json();
    expect(others.Total).toBe(0);
  });

  it('enters an older special VAT fapiao by hand with its lines; the buyer must be the company', async () => {
    const body = {
      InvoiceType: 'vat_special',
      Code: '3100204130',
      Number: '10000001',
      InvoiceDate: today,
      Amount: '1000.00',
      TaxAmount: '60.00',
      BuyerName: buyer.nameZh.replace('（', '(').replace('）', ')'),
      BuyerTaxID: buyer.taxId,
      SellerName: '上海会务服务有限公司',
      Items: [
        { Name: '会议服务', Amount: '600.00', TaxRate: '0.06', TaxAmount: '36.00' },
        { Name: '场地租赁', Amount: '400.00', TaxRate: '0.06', TaxAmount: '24.00' },
      ],
    };
    const wrongBuyer = await entry({ ...body, BuyerName: '别的公司' });
    expect(wrongBuyer.statusCode).toBe(400);
    expect(wrongBuyer.json().errors[0]).toMatchObject({ field: 'BuyerName', code: 'invoice.buyer_name_mismatch' });
    const wrongTaxId = await entry({ ...body, BuyerTaxID: '91310000000000000X' });
    expect(wrongTaxId.json().errors[0].code).toBe('invoice.buyer_tax_id_mismatch');
    const noBuyer = await entry({ ...body, BuyerName: undefined });
    expect(noBuyer.json().errors[0].code).toBe('invoice.buyer_required');

    const res = await entry(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ TotalAmount: '1060.00', DeductibleVat: '60.00', Electronic: false });
    const items = await t.call(
      '/api/InvoiceEntry/GetSubInvoiceList',
      { InvoiceID: res.json().ID },
      employee.access_token,
    );
    expect(items.json().Rows.map((r: { Name: string; Amount: string }) => [r.Name, r.Amount])).toEqual([
      ['会议服务', '600.00'],
      ['场地租赁', '400.00'],
    ]);
    const again = await entry(body);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({ field: 'Number', code: 'invoice.duplicate' });
  });

  it('refuses a bad format, a future date, a zero amount and lines that do not add up, naming the fields', async () => {
    const bad = await entry({
      InvoiceType: 'vat_normal',
      Code: '123',
      Number: '1',
      InvoiceDate: '2999-01-01',
      Amount: '0',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'Code',
      'Number',
      'CheckCode',
      'InvoiceDate',
      'Amount',
    ]);
    const qr = await entry({ QrText: 'not a fapiao' });
    expect(qr.json()).toMatchObject({ status: 400, code: 'invoice.qr_unreadable' });
    expect(qr.json().message).toContain('二维码');
    const missing = await entry({ InvoiceType: 'rail' });
    expect(missing.json().errors[0]).toMatchObject({ field: 'Number' });
  });

  it('computes deductible VAT of air and rail tickets', async () => {
    const air = await entry({ QrText: `01,61,,${digitalNo()},1000.00,${ymd},,AB,`, FuelAmount: '90.00' });
    expect(air.json()).toMatchObject({ InvoiceType: 'air', DeductibleVat: '90.00', TotalAmount: '1090.00' });
    const rail = await entry({ InvoiceType: 'rail', Number: 'E12345678', InvoiceDate: today, Amount: '553.00' });
    expect(rail.json()).toMatchObject({ DeductibleVat: '45.66', Electronic: false });
  });

  it('deletes a free fapiao from the folder, at its version', async () => {
    const row = (await entry({ QrText: digitalQr() })).json();
    const stale = await t.call(
      '/api/InvoiceEntry/Delete',
      { ID: row.ID, Version: row.Version + 1 },
      employee.access_token,
    );
    expect(stale.statusCode).toBe(409);
    const res = await t.call('/api/InvoiceEntry/Delete', { ID: row.ID, Version: row.Version }, employee.access_token);
    expect(res.statusCode).toBe(200);
    const other = await t.call('/api/InvoiceEntry/Delete', { ID: row.ID, Version: row.Version }, manager.access_token);
    expect(other.statusCode).toBe(404);
  });

  it('answers where a fapiao is verified, and opens an invoice-service session', async () => {
    const row = (await entry({ QrText: digitalQr() })).json();
    const url = await t.call('/api/InvoiceEntry/GetInvoiceInfoUrl', { InvoiceID: row.ID }, employee.access_token);
    expect(url.json()).toMatchObject({ Provider: 'simulator', Url: expect.stringMatching(/^https:\/\//) });
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/Login/Index',
      headers: { authorization: `Bearer ${employee.access_token}` },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ Provider: 'simulator', OnlineVerification: false });
    expect(session.json().SessionToken.length).toBeGreaterThan(20);
  });

  it('keeps what a real invoice service says: a failed fapiao stops the submit', async () => {
    const failing: InvoiceService = {
      name: 'stub',
      online: true,
      openSession: async () => ({ token: 'x'.repeat(32), expiresAt: new Date() }),
      verify: async () => ({ status: 'failed', message: '查无此票' }),
      infoUrl: () => 'https://invoice.example.cn/view',
    };
    const previous = useInvoiceService(failing);
    try {
      const d = await saveDeputy(t, m, employee.access_token);
      const row = (await addToDoc(d.ID, { QrText: digitalQr() })).json();
      expect(row).toMatchObject({ VerifyStatus: 'failed', VerifyMessage: '查无此票' });
      const res = await submit(d.ID);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('invoice.verification_failed');
    } finally {
      useInvoiceService(previous);
    }
  });
});

describe('document invoices and the one-live-document rule', () => {
  it('adds by QR text, takes one from the folder, lists with totals, removes back to the folder', async () => {
    const d = await saveDeputy(t, m, employee.access_token);
    const scanned = await addToDoc(d.ID, { QrText: `${digitalQr()}\r\n` });
    expect(scanned.statusCode, scanned.body).toBe(200);
    const folder = (await entry({ QrText: `01,51,,${digitalNo()},218.00,${ymd},,x,` })).json();
    const taken = await addToDoc(d.ID, { InvoiceID: folder.ID });
    expect(taken.json()).toMatchObject({ DocumentID: d.ID, DocNo: d.DocNo });

    const list = await docInvoices(d.ID);
    expect(list).toMatchObject({ Editable: true, AllElectronic: true, TotalAmount: '324.00', DeductibleVat: '18.00' });
    expect(await paperless(t.ctx.db, d.ID)).toBe(true);

    const twice = await addToDoc(d.ID, { QrText: digitalQr(scanned.json().Number) });
    expect(twice.json().code).toBe('invoice.already_on_document');
    const removed = await t.call(
      '/api/document/DeleteInvoice',
      { DocumentID: d.ID, InvoiceID: folder.ID },
      employee.access_token,
    );
    expect(removed.statusCode).toBe(200);
    expect((await docInvoices(d.ID)).Rows).toHaveLength(1);
    const back = (await t.call('/api/InvoiceEntry/SearchList', { OnDocument: false }, employee.access_token)).json();
    expect(back.Rows.map((r: { ID: number }) => r.ID)).toContain(folder.ID);
  });

  it('locks at submit, refuses changes while live, releases on return; final once paid', async () => {
    const d = await saveDeputy(t, m, employee.access_token);
    const row = (await addToDoc(d.ID, { QrText: digitalQr() })).json();
    expect((await submit(d.ID)).statusCode).toBe(200);
    expect(await claimOf(row.ID)).toBe('locked');
    const listed = await docInvoices(d.ID);
    expect(listed.Editable).toBe(false);
    expect(listed.Rows[0]).toMatchObject({ ClaimState: 'locked', CanChange: false });
    const change = await entry({ ID: row.ID, Version: row.Version, QrText: digitalQr(row.Number, '1.00') });
    expect(change.json().code).toBe('invoice.claimed');
    const add = await addToDoc(d.ID, { QrText: digitalQr() });
    expect(add.json().code).toBe('invoice.document_locked_for_change');

    const rejected = await t.act('/api/DocumentApprove/ApproveDeputy', d.ID, manager.access_token, {
      Pass: false,
      Comment: '补充说明',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await claimOf(row.ID)).toBeNull();

    // Payment is finance's transition; the claim it leaves behind is this module's.
    await t.ctx.db.transaction((tx) =>
      followDocumentState(tx, { id: d.ID, companyId: 1, status: 'returned' }, 'approving'),
    );
    expect(await claimOf(row.ID)).toBe('locked');
    await t.ctx.db.transaction((tx) =>
      followDocumentState(tx, { id: d.ID, companyId: 1, status: 'remitting' }, 'paid'),
    );
    expect(await claimOf(row.ID)).toBe('final');
  });

  it('refuses to submit a fapiao another live document holds, and frees it when that one is cancelled', async () => {
    const n = digitalNo();
    const first = await saveDeputy(t, m, employee.access_token);
    await addToDoc(first.ID, { QrText: digitalQr(n) });
    expect((await submit(first.ID)).statusCode).toBe(200);

    const second = await saveDeputy(t, m, manager.access_token);
    expect((await addToDoc(second.ID, { QrText: digitalQr(n) }, manager.access_token)).statusCode).toBe(200);
    const refused = await submit(second.ID, manager.access_token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'invoice.claimed_elsewhere', params: { docNo: first.DocNo } });
    // The lifecycle's follower refuses it too (a move that skips submit's checks), claiming nothing.
    await expect(
      t.ctx.db.transaction((tx) =>
        followDocumentState(tx, { id: second.ID, companyId: 1, status: 'returned' }, 'approving'),
      ),
    ).rejects.toMatchObject({ code: 'invoice.claimed_elsewhere', params: { number: n, docNo: first.DocNo } });
    const mine = await t.ctx.db.select({ claim: invoice.claim }).from(invoice).where(eq(invoice.documentId, second.ID));
    expect(mine.map((r) => r.claim)).toEqual([null]);

    const cancelled = await t.act('/api/system/UpateDocumentState', first.ID, admin.access_token, {
      Status: 'cancelled',
      Reason: '重复报销',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const res = await submit(second.ID, manager.access_token);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a fapiao a live document of another company of the group holds', async () => {
    const n = digitalNo();
    const first = await saveDeputy(t, m, employee.access_token);
    await addToDoc(first.ID, { QrText: digitalQr(n) });
    expect((await submit(first.ID)).statusCode).toBe(200);
    // The first claim belongs to the group's other company (as if claimed there by a rep who moved on).
    await t.ctx.db.update(document).set({ companyId: 2 }).where(eq(document.id, first.ID));
    await t.ctx.db.update(invoice).set({ companyId: 2 }).where(eq(invoice.documentId, first.ID));

    const second = await saveDeputy(t, m, manager.access_token);
    expect((await addToDoc(second.ID, { QrText: digitalQr(n) }, manager.access_token)).statusCode).toBe(200);
    const refused = await submit(second.ID, manager.access_token);
    expect(refused.json()).toMatchObject({ code: 'invoice.claimed_elsewhere', params: { docNo: first.DocNo } });
    // And the index holds without the check: one claim per fapiao whichever company makes it.
    await expect(
      t.ctx.db.update(invoice).set({ claim: 'locked' }).where(eq(invoice.documentId, second.ID)),
    ).rejects.toThrow();
  });

  concurrencyTest('two documents submitted at once claim one fapiao: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const n = digitalNo();
      const a = await saveDeputy(t, m, employee.access_token);
      const b = await saveDeputy(t, m, manager.access_token);
      await addToDoc(a.ID, { QrText: digitalQr(n) });
      await addToDoc(b.ID, { QrText: digitalQr(n) }, manager.access_token);
      const [va, vb] = [await t.version(a.ID), await t.version(b.ID)];
      const [ra, rb] = await Promise.all([
        t.call('/api/DocumentSubmit/SubmitDeputy', { ID: a.ID, Version: va }, employee.access_token),
        t.call('/api/DocumentSubmit/SubmitDeputy', { ID: b.ID, Version: vb }, manager.access_token),
      ]);
      expect([ra.statusCode, rb.statusCode].sort(), `${ra.body} ${rb.body}`).toEqual([200, 422]);
      const claims = await t.ctx.db.select({ claim: invoice.claim }).from(invoice).where(eq(invoice.number, n));
      expect(claims.filter((c) => c.claim !== null)).toHaveLength(1);
    }
  });
});

describe('receipts', () => {
  it('adds, changes and removes a receipt of an editable document', async () => {
    const d = await saveDeputy(t, m, employee.access_token);
    const saved = await t.call(
      '/api/document/SaveReceipt',
      { DocumentID: d.ID, ReceiptDate: today, Amount: '35.00', Issuer: '沪杭高速收费站', Description: '过路费' },
      employee.access_token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const r = saved.json();
    const changed = await t.call(
      '/api/document/SaveReceipt',
      { DocumentID: d.ID, ID: r.ID, Version: r.Version, ReceiptDate: today, Amount: '40.00', Issuer: '沪杭高速收费站' },
      employee.access_token,
    );
    expect(changed.json()).toMatchObject({ Amount: '40.00', Version: r.Version + 1 });
    const future = await t.call(
      '/api/document/SaveReceipt',
      { DocumentID: d.ID, ReceiptDate: '2999-01-01', Amount: '1.00', Issuer: 'x' },
      employee.access_token,
    );
    expect(future.json().errors[0]).toMatchObject({ field: 'ReceiptDate', code: 'invoice.date_in_future' });
    const list = (await t.call('/api/document/SearchReceipt', { DocumentID: d.ID }, employee.access_token)).json();
    expect(list).toMatchObject({ Editable: true, Rows: [{ Amount: '40.00' }] });
    const other = await t.call('/api/document/SearchReceipt', { DocumentID: d.ID }, admin.access_token);
    expect([200, 404]).toContain(other.statusCode);
    const removed = await t.call(
      '/api/document/DeleteReceipt',
      { ID: r.ID, Version: r.Version + 1 },
      employee.access_token,
    );
    expect(removed.statusCode).toBe(200);
    expect(
      (await t.call('/api/document/SearchReceipt', { DocumentID: d.ID }, employee.access_token)).json().Rows,
    ).toEqual([]);
  });
});

describe('demo data', () => {
  it('carries fapiao of each kind on submitted reimbursements, locked to their live documents', async () => {
    const rows = await t.ctx.db
      .select({ type: invoice.invoiceType, claim: invoice.claim, documentId: invoice.documentId })
      .from(invoice)
      .where(eq(invoice.companyId, 1));
    const kinds = new Set(rows.filter((r) => r.documentId !== null).map((r) => r.type));
    for (const k of ['digital_normal', 'vat_special', 'air', 'rail']) expect(kinds).toContain(k);
    expect(rows.some((r) => r.claim === 'locked')).toBe(true);
  });
});
