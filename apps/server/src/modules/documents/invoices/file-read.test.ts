import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { saveDeputy, saveWorkflow } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { upload } from '../../../../test/finance';
import { company } from '../../system/system.table';
import { digitalXml, type FapiaoSpec, fapiaoPdf, NORMAL, photo, qrTextOf, SPECIAL } from './reader/test-files';

/** `/api/InvoiceEntry/ReadFile`: a fapiao file read for the claimant to confirm, on the reading thread (decision 060). */
let t: TestApp;
let employee: string;
let manager: string;
beforeAll(async () => {
  t = await testApp();
  [employee, manager] = await t.tokens('employee', 'manager');
});
afterAll(() => t.close());

const READ = '/api/InvoiceEntry/ReadFile';

describe('reading a fapiao file', () => {
  it('answers what a 数电 XML carries as the entry takes it, and nothing it does not carry', async () => {
    const res = await upload(t, READ, Buffer.from(digitalXml(SPECIAL)), employee);
    expect(res.statusCode, res.body).toBe(200);
    const read = res.json();
    expect(read).toMatchObject({
      Format: 'xml',
      Invoice: {
        InvoiceType: 'digital_special',
        Number: SPECIAL.number,
        InvoiceDate: SPECIAL.date,
        Amount: '2000.00',
        TaxAmount: '120.00',
        BuyerName: SPECIAL.buyerName,
        BuyerTaxID: SPECIAL.buyerTaxId,
        SellerName: SPECIAL.sellerName,
        SellerTaxID: SPECIAL.sellerTaxId,
      },
      Total: '2120.00',
      Duplicate: null,
    });
    expect(read.Invoice.Items).toEqual([
      { Name: '*信息技术服务*软件维护费', Amount: '1500.00', TaxRate: '0.06', TaxAmount: '90.00' },
      { Name: '*信息技术服务*数据服务费', Amount: '500.00', TaxRate: '0.06', TaxAmount: '30.00' },
    ]);
    expect(read.Sources.number).toBe('xml');

    // A fapiao whose file names no buyer answers no buyer: it is left for the claimant, never filled in.
    const { buyerName: _n, buyerTaxId: _t, ...rest } = SPECIAL;
    const noBuyer: FapiaoSpec = { ...rest, number: '24312000000099990001' };
    const bare = (await upload(t, READ, Buffer.from(digitalXml(noBuyer)), employee)).json();
    expect(bare.Invoice.Number).toBe(noBuyer.number);
    expect(Object.keys(bare.Invoice)).not.toContain('BuyerName');
    expect(Object.keys(bare.Invoice)).not.toContain('BuyerTaxID');
  });

  it('reads a PDF and a photo, and says when the fapiao is already in the folder', async () => {
    const pdf = await upload(t, READ, await fapiaoPdf(NORMAL), employee);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json()).toMatchObject({
      Format: 'pdf',
      Invoice: { InvoiceType: 'digital_normal', Number: NORMAL.number, InvoiceDate: NORMAL.date },
      Duplicate: null,
    });
    const picture = await upload(
      t,
      READ,
      await photo({ qr: qrTextOf(NORMAL), format: 'jpeg', angle: 8, noise: 0.05, seed: 3 }),
      employee,
    );
    expect(picture.statusCode, picture.body).toBe(200);
    expect(picture.json()).toMatchObject({ Format: 'image', Invoice: { Number: NORMAL.number } });

    // Entered as read (its buyer made out as the claiming company, which the save checks), the same file then
    // answers that it is in the caller's folder, not in a colleague's.
    const [c] = await t.ctx.db.select().from(company).where(eq(company.id, 1));
    const body = { ...pdf.json().Invoice, BuyerName: c!.nameZh, BuyerTaxID: c!.taxId };
    const saved = await t.call('/api/InvoiceEntry/Save', body, employee);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await upload(t, READ, await fapiaoPdf(NORMAL), employee)).json().Duplicate).toEqual({
      Where: 'folder',
      DocNo: null,
    });
    expect((await upload(t, READ, await fapiaoPdf(NORMAL), manager)).json().Duplicate).toBeNull();
  });

  it('refuses a file that is no fapiao with a translated message, and needs a signed-in filler', async () => {
    const junk = await upload(t, READ, Buffer.from('not a fapiao at all, just words'), employee, {
      Language: 'en-GB',
    });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().code).toMatch(/^invoice\.file_/);
    expect(junk.json().message).toMatch(/[a-z]/);
    const chinese = await upload(t, READ, Buffer.from('not a fapiao at all, just words'), employee, {
      Language: 'zh-CN',
    });
    expect(chinese.json().message).toMatch(/[\u4e00-\u9fff]/);
    expect((await upload(t, READ, Buffer.from(digitalXml(SPECIAL)))).statusCode).toBe(401);
  });

  it('names the document that claims the fapiao, to anyone in the group who reads it again', async () => {
    const m = await documentMasters(t.ctx.db);
    const [admin] = await t.tokens('admin');
    await saveWorkflow(t, admin!, {
      Code: 'DEPUTY-STD',
      DocType: 'deputy',
      NameZH: '报销审批',
      NameEN: 'Deputy approval',
    });
    const [c] = await t.ctx.db.select().from(company).where(eq(company.id, 1));
    const spec: FapiaoSpec = {
      ...NORMAL,
      number: '24442000000011112222',
      buyerName: c!.nameZh,
      buyerTaxId: c!.taxId!,
      date: new Date().toISOString().slice(0, 10),
    };
    const file = Buffer.from(digitalXml(spec));
    const read = (await upload(t, READ, file, employee)).json();
    const d = await saveDeputy(t, m, employee, '100.00');
    const added = await t.call('/api/document/SaveInvoice', { DocumentID: d.ID, ...read.Invoice }, employee);
    expect(added.statusCode, added.body).toBe(200);
    const submitted = await t.call(
      '/api/DocumentSubmit/SubmitDeputy',
      { ID: d.ID, Version: await t.version(d.ID) },
      employee,
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await upload(t, READ, file, manager)).json().Duplicate).toEqual({ Where: 'claimed', DocNo: d.DocNo });
  });
});
