import type { TokenResponse } from '@ems/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { concurrencyTest } from '../../../../test/concurrency';
import { saveDeputy, withoutRoles } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { employeeIdOf, sheetOf, tokenFor } from '../../../../test/finance';
import { shanghaiToday } from '../../../core/time';
import { document, documentLoanLink, expenseLine } from '../../documents/document.table';
import { invoice } from '../../documents/invoices/invoice.table';
import { apportionment } from '../../documents/parts/parts.table';
import { ledgerExpense, ledgerExpenseItemConfig } from '../../masterdata/expense.table';
import { outboundJob } from '../../outbound/outbound.table';
import { technicalParameter } from '../../system/system.table';
import { writeDocumentVoucher } from './document-voucher.service';
import { balanceOf, cancelOpenVouchers, entriesOf, vouchersOfDocument } from './voucher.service';

let t: TestApp;
let m: Awaited<ReturnType<typeof documentMasters>>;
let employee: TokenResponse;
let finance: TokenResponse;
let employeeId: number;
const today = shanghaiToday();
const [year, month] = today.split('-').map(Number) as [number, number];

async function glFor(itemId: number, code: string, gl: string) {
  const [le] = await t.ctx.db
    .insert(ledgerExpense)
    .values({ companyId: 1, code, nameZh: code, nameEn: code, glAccount: gl })
    .returning();
  await t.ctx.db
    .insert(ledgerExpenseItemConfig)
    .values({ companyId: 1, ledgerExpenseId: le!.id, expenseItemId: itemId, docType: 'deputy' });
}

async function fapiao(documentId: number, no: string, v: { type: 'vat_special' | 'vat_normal'; tax: string }) {
  const [row] = await t.ctx.db
    .insert(invoice)
    .values({
      companyId: 1,
      ownerId: employeeId,
      documentId,
      invoiceType: v.type,
      code: '3100231130',
      number: no,
      invoiceKey: `3100231130-${no}`,
      invoiceDate: today,
      amount: '1000.00',
      taxAmount: v.tax,
      totalAmount: '1060.00',
      deductibleVat: v.type === 'vat_special' ? v.tax : '0.00',
      sellerName: '上海某酒店有限公司',
    })
    .returning();
  return row!;
}

/** Writes the document's voucher as accounting review does, in one transaction. */
async function book(documentId: number) {
  return t.ctx.db.transaction(async (tx) => {
    const [d] = await tx.select().from(document).where(eq(document.id, documentId)).for('update');
    return writeDocumentVoucher(tx, d!);
  });
}

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  [employee, finance] = await t.logins('employee', 'finance');
  employeeId = await employeeIdOf(t, 'employee');
  await glFor(m.hotel.id, 'T-LE-HOTEL', '66020101');
  await glFor(m.taxi.id, 'T-LE-TAXI', '66020102');
  await m.rate('USD', year, month, '7.100000');
  await t.ctx.db
    .update(technicalParameter)
    .set({ value: m.taxi.code })
    .where(eq(technicalParameter.key, 'FixedAssetItems'));
});
afterAll(() => t.close());

describe('writeDocumentVoucher', () => {
  it('books a claim net of its VAT over the apportionment, writes off the loan and records the fixed asset', async () => {
    const d = await saveDeputy(t, m, employee.access_token, '1060.00', {
      Lines: [
        { ExpenseItemID: m.hotel.id, ExpenseDate: today, Amount: '1060.00' },
        { ExpenseItemID: m.taxi.id, ExpenseDate: today, Amount: '7100.00' },
      ],
    });
    const loan = await t.call(
      '/api/document/SaveLoanDetail',
      { CostCenterID: m.own.id, Reason: '备用金', Lines: [] },
      employee.access_token,
    );
    await t.ctx.db.insert(documentLoanLink).values({ documentId: d.ID, loanId: loan.json().ID, amount: '500.00' });
    await t.ctx.db.insert(apportionment).values([
      { documentId: d.ID, lineNo: 1, seq: 1, costCentreId: m.own.id, percent: '60', amount: '636.00' },
      { documentId: d.ID, lineNo: 1, seq: 2, costCentreId: m.foreign.id, percent: '40', amount: '424.00' },
    ]);
    await fapiao(d.ID, '00000001', { type: 'vat_special', tax: '60.00' });

    const v = await book(d.ID);
    const entries = await entriesOf(t.ctx.db, [v.id]);
    expect(balanceOf(entries).balanced).toBe(true);
    expect(v.amount).toBe('8160.00');
    expect(v.period).toBe(today.slice(0, 7));
    expect(entries.map((e) => [e.side, e.glAccount, e.amount, e.costCentreId, e.currency])).toEqual([
      // The 60.00 VAT spread over the lines in proportion: 7.79 on the hotel, 52.21 on the asset.
      ['D', '66020101', '631.33', m.own.id, 'CNY'],
      ['D', '66020101', '420.88', m.foreign.id, 'CNY'],
      ['D', '160101', '7047.79', m.own.id, 'CNY'],
      ['D', '22210101', '60.00', null, 'CNY'],
      ['C', '122101', '500.00', null, 'CNY'],
      ['C', '224101', '7660.00', null, 'CNY'],
    ]);

    const assets = await t.call('/api/FixedAssets/Search', { Keyword: d.DocNo }, finance.access_token);
    expect(assets.statusCode, assets.body).toBe(200);
    expect(assets.json()).toMatchObject({
      Total: 1,
      Rows: [
        { DocNo: d.DocNo, LineNo: 2, Amount: '7047.79', GLAccount: '160101', State: 'active', ItemName: '出租车费' },
      ],
    });
    const sheet = await sheetOf(
      await t.call('/api/FixedAssets/ExportExcel', { Keyword: d.DocNo }, finance.access_token),
    );
    expect(sheet[0]?.[0]).toBe('资产编号');
    expect(sheet[1]?.[1]).toBe(d.DocNo);
  });

  it('shows an asset as cancelled once its voucher is withdrawn, and filters by state', async () => {
    const d = await saveDeputy(t, m, employee.access_token, '9000.00', {
      Lines: [{ ExpenseItemID: m.taxi.id, ExpenseDate: today, Amount: '9000.00' }],
    });
    await book(d.ID);
    const search = async (body: Record<string, unknown>) =>
      (await t.call('/api/FixedAssets/Search', { Keyword: d.DocNo, ...body }, finance.access_token)).json();
    expect((await search({ State: 'active' })).Total).toBe(1);
    await t.ctx.db.transaction((tx) => cancelOpenVouchers(tx, d.ID));
    expect((await search({ State: 'active' })).Total).toBe(0);
    expect((await search({ State: 'cancelled' })).Rows).toMatchObject([{ State: 'cancelled', Amount: '9000.00' }]);
  });

  it('credits nothing payable when the loans offset the whole claim', async () => {
    const d = await saveDeputy(t, m, employee.access_token, '300.00');
    const loan = await t.call(
      '/api/document/SaveLoanDetail',
      { CostCenterID: m.own.id, Reason: '备用金', Lines: [] },
      employee.access_token,
    );
    await t.ctx.db.insert(documentLoanLink).values({ documentId: d.ID, loanId: loan.json().ID, amount: '800.00' });
    const v = await book(d.ID);
    const entries = await entriesOf(t.ctx.db, [v.id]);
    expect(entries.map((e) => [e.side, e.glAccount, e.amount])).toEqual([
      ['D', '66020101', '300.00'],
      ['C', '122101', '300.00'],
    ]);
  });

  it('books a foreign claim in CNY at its rate, keeping the original amount and rate', async () => {
    const d = await saveDeputy(t, m, employee.access_token, '100.00', {
      Currency: 'USD',
      Lines: [{ ExpenseItemID: m.hotel.id, ExpenseDate: today, Amount: '100.00', Currency: 'USD' }],
    });
    const v = await book(d.ID);
    const entries = await entriesOf(t.ctx.db, [v.id]);
    expect(entries[0]).toMatchObject({
      amount: '710.00',
      currency: 'USD',
      amountOriginal: '100.00',
      fxRate: '7.100000',
    });
    expect(entries[1]).toMatchObject({ side: 'C', amount: '710.00', currency: 'CNY' });
  });

  it('refuses a foreign line with no rate for its month, naming the line', async () => {
    const d = await saveDeputy(t, m, employee.access_token, '10.00', {
      Currency: 'GBP',
      Lines: [{ ExpenseItemID: m.hotel.id, ExpenseDate: '2019-01-05', Amount: '10.00', Currency: 'GBP' }],
    });
    await t.ctx.db.update(expenseLine).set({ fxRate: null, amountCny: null }).where(eq(expenseLine.documentId, d.ID));
    await expect(book(d.ID)).rejects.toMatchObject({ code: 'finance.no_fx_rate', params: { line: 1 } });
  });
});

describe('/api/TaxManager', () => {
  let docId: number;
  let docNo: string;
  let normalId: number;
  let specialId: number;
  beforeAll(async () => {
    const d = await saveDeputy(t, m, employee.access_token, '2120.00');
    docId = d.ID;
    docNo = d.DocNo;
    normalId = (await fapiao(d.ID, '00000011', { type: 'vat_normal', tax: '30.00' })).id;
    specialId = (await fapiao(d.ID, '00000012', { type: 'vat_special', tax: '60.00' })).id;
    await book(d.ID);
  });
  const call = (name: string, body: unknown, token = finance.access_token) =>
    t.call(`/api/TaxManager/${name}`, body, token);

  it('lists the fapiao of reviewed claims by deduction', async () => {
    const none = (await call('SearchNoDeductList', { Keyword: docNo })).json();
    expect(none.Rows.map((r: { InvoiceID: number }) => r.InvoiceID)).toEqual([normalId]);
    expect(none.Rows[0]).toMatchObject({ DeductibleVat: '0.00', EffectiveVat: '0.00', TaxAmount: '30.00' });
    const done = (await call('SearchNoDeductList', { Keyword: docNo, Scope: 'deducted' })).json();
    expect(done.Rows.map((r: { InvoiceID: number }) => r.InvoiceID)).toEqual([specialId]);
    const all = (await call('SearchNoDeductList', { Keyword: docNo, Scope: 'all' })).json();
    expect(all.Total).toBe(2);
  });

  it('saves a draft, applies it as a queued adjusting voucher and reverses it on delete', async () => {
    const tooMuch = await call('SaveInvoice', { InvoiceID: normalId, Kind: 'deduct', Amount: '30.01', Reason: '认证' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors[0]).toMatchObject({ field: 'Amount', code: 'vat.deduct_too_much' });

    const saved = await call('SaveInvoice', { InvoiceID: normalId, Kind: 'deduct', Amount: '20.00', Reason: '认证' });
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = saved.json();
    expect(draft).toMatchObject({ State: 'draft', VoucherID: null, Amount: '20.00' });
    const edited = (
      await call('SaveInvoice', {
        InvoiceID: normalId,
        VatAdjustmentID: draft.VatAdjustmentID,
        Version: draft.Version,
        Kind: 'deduct',
        Amount: '30.00',
        Reason: '已认证抵扣',
      })
    ).json();
    expect(edited).toMatchObject({ Amount: '30.00', Version: draft.Version + 1 });
    const stale = await call('UpdateDeduction', { VatAdjustmentID: draft.VatAdjustmentID, Version: draft.Version });
    expect(stale.statusCode).toBe(409);

    const applied = await call('UpdateDeduction', { VatAdjustmentID: edited.VatAdjustmentID, Version: edited.Version });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ State: 'applied', VoucherState: 'queued' });
    const vouchers = await vouchersOfDocument(t.ctx.db, docId);
    const adj = vouchers.find((v) => v.id === applied.json().VoucherID)!;
    expect(adj).toMatchObject({ kind: 'vat_adjustment', amount: '30.00', state: 'queued' });
    expect((await entriesOf(t.ctx.db, [adj.id])).map((e) => [e.side, e.glAccount, e.amount])).toEqual([
      ['D', '22210101', '30.00'],
      ['C', '66020101', '30.00'],
    ]);
    const jobs = await t.ctx.db.select().from(outboundJob).where(eq(outboundJob.queue, 'erp'));
    expect(jobs.some((j) => (j.payload as { voucherId: number }).voucherId === adj.id)).toBe(true);

    const loaded = (await call('LoadInvoice', { InvoiceID: normalId })).json();
    expect(loaded).toMatchObject({ MaxDeduct: '0.00', MaxTransferOut: '30.00', Invoice: { EffectiveVat: '30.00' } });
    const again = await call('UpdateDeduction', {
      VatAdjustmentID: edited.VatAdjustmentID,
      Version: edited.Version + 1,
    });
    expect(again.json().code).toBe('vat.not_draft');

    const reversed = await call('DeleteDeduction', {
      VatAdjustmentID: edited.VatAdjustmentID,
      Version: edited.Version + 1,
    });
    expect(reversed.json()).toEqual({ Deleted: false });
    const after = (await call('LoadInvoice', { InvoiceID: normalId })).json();
    expect(after.Invoice.EffectiveVat).toBe('0.00');
    expect(after.Adjustments[0]).toMatchObject({ State: 'reversed' });
    const rev = (await vouchersOfDocument(t.ctx.db, docId)).at(-1)!;
    expect((await entriesOf(t.ctx.db, [rev.id])).map((e) => [e.side, e.glAccount])).toEqual([
      ['C', '22210101'],
      ['D', '66020101'],
    ]);
  });

  it('transfers out deducted VAT and deletes a draft outright', async () => {
    const over = await call('SaveInvoice', {
      InvoiceID: specialId,
      Kind: 'transfer_out',
      Amount: '61.00',
      Reason: 'x',
    });
    expect(over.json().errors[0]).toMatchObject({ field: 'Amount', code: 'vat.transfer_out_too_much' });
    const d = (
      await call('SaveInvoice', { InvoiceID: specialId, Kind: 'transfer_out', Amount: '60.00', Reason: '用于福利' })
    ).json();
    expect((await call('DeleteDeduction', { VatAdjustmentID: d.VatAdjustmentID, Version: d.Version })).json()).toEqual({
      Deleted: true,
    });
    expect((await call('LoadInvoice', { InvoiceID: specialId })).json().Adjustments).toEqual([]);
  });

  concurrencyTest('applies only what the fapiao allows when two drafts are applied at once', async () => {
    const d = await saveDeputy(t, m, employee.access_token, '500.00');
    const inv = await fapiao(d.ID, '00000021', { type: 'vat_normal', tax: '30.00' });
    await book(d.ID);
    const draft = async () =>
      (await call('SaveInvoice', { InvoiceID: inv.id, Kind: 'deduct', Amount: '20.00', Reason: '认证' })).json();
    const [a, b] = [await draft(), await draft()];
    const answers = await Promise.all(
      [a, b].map((x) => call('UpdateDeduction', { VatAdjustmentID: x.VatAdjustmentID, Version: x.Version })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const adjusting = (await vouchersOfDocument(t.ctx.db, d.ID)).filter((v) => v.kind === 'vat_adjustment');
    expect(adjusting).toHaveLength(1);
    expect((await call('LoadInvoice', { InvoiceID: inv.id })).json().Invoice.EffectiveVat).toBe('20.00');
  });

  it('answers 400, 401, 403 and 404', async () => {
    expect((await call('SaveInvoice', { InvoiceID: normalId, Kind: 'x' })).statusCode).toBe(400);
    expect((await call('LoadInvoice', { InvoiceID: normalId }, '')).statusCode).toBe(401);
    expect((await call('LoadInvoice', { InvoiceID: normalId }, employee.access_token)).statusCode).toBe(403);
    await withoutRoles(t, 'auditor');
    const nobody = await t.login('auditor');
    expect((await call('SearchNoDeductList', {}, nobody.access_token)).statusCode).toBe(403);
    expect((await t.call('/api/FixedAssets/Search', {}, employee.access_token)).statusCode).toBe(403);
    expect((await call('LoadInvoice', { InvoiceID: 999999 })).statusCode).toBe(404);
    // Another company of the same person sees none of this company's fapiao.
    const other = await tokenFor(t, 'finance', '2000');
    expect((await call('LoadInvoice', { InvoiceID: normalId }, other)).statusCode).toBe(404);
    // A fapiao of a claim not yet reviewed is not on the list either.
    const draft = await saveDeputy(t, m, employee.access_token, '100.00');
    const unbooked = await fapiao(draft.ID, '00000099', { type: 'vat_normal', tax: '6.00' });
    expect((await call('LoadInvoice', { InvoiceID: unbooked.id })).statusCode).toBe(404);
  });
});
