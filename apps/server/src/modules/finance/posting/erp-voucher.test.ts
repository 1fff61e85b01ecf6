import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { employeeIdOf, fieldsOf } from '../../../../test/finance';
import { costCentre } from '../../masterdata/costcentre.table';
import { voucher } from '../entries/entries.table';
import { type EntryInput, writeVoucher } from '../entries/voucher.service';
import { type ErpVoucher, erpSimulator, useErpGateway } from './erp.gateway';
import { erpJob } from './posting.service';
import { erpCallLog } from './posting.table';
import { queuePosting } from './queue.service';

// What a voucher carries to SAP (docs/decisions/049), and the simulator refusing one that lacks a field the
// company's posting settings require, the field named in the RFC log.

let t: TestApp;
let finance: string;
let person: number;
let centre: typeof costCentre.$inferSelect | undefined;

beforeAll(async () => {
  t = await testApp();
  useErpGateway(erpSimulator());
  [finance] = await t.tokens('finance');
  person = await employeeIdOf(t, 'employee');
  [centre] = await t.ctx.db.select().from(costCentre).where(eq(costCentre.companyId, 1)).limit(1);
  await t.ctx.db
    .update(costCentre)
    .set({ profitCentre: 'PC1000', sapCode: 'K1000' })
    .where(eq(costCentre.id, centre!.id));
});
afterAll(() => t.close());

const GET = '/api/SumitExpense/GetSettings';
const SAVE = '/api/SumitExpense/SaveSettings';

/** A VAT adjustment's voucher with an expense line, an input-VAT line and the person's payable, sent through the ERP job. */
async function send(tax: Partial<EntryInput> = { taxCode: 'J1', taxBase: '100.00' }) {
  const id = await t.ctx.db.transaction(async (tx) => {
    const v = await writeVoucher(tx, {
      companyId: 1,
      kind: 'vat_adjustment',
      postingDate: '2026-11-20',
      period: '2026-11',
      entries: [
        { side: 'D', glAccount: '66020101', amount: '100.00', costCentreId: centre!.id, text: 'travel', taxCode: 'J1' },
        { side: 'D', glAccount: '22210101', amount: '13.00', text: 'VAT', ...tax },
        { side: 'C', glAccount: '224101', amount: '113.00', employeeId: person, text: 'payable' },
      ],
    });
    await queuePosting(tx, 1, [v.id]);
    return v.id;
  });
  await erpJob(t.ctx.db)({ voucherId: id }, { last: true, requestId: 'test' });
  const [v] = await t.ctx.db.select().from(voucher).where(eq(voucher.id, id));
  const [call] = await t.ctx.db.select().from(erpCallLog).where(eq(erpCallLog.voucherId, id));
  return { v: v!, call: call!, request: call!.request as ErpVoucher };
}

describe('the voucher sent to SAP', () => {
  it('carries header, posting keys, tax codes, cost objects, assignment and the vendor account', async () => {
    const { v, request } = await send();
    expect(v.state).toBe('posted');
    expect(request).toMatchObject({
      companyCode: expect.any(String),
      documentType: 'SA',
      documentDate: '2026-11-20',
      postingDate: '2026-11-20',
      currency: 'CNY',
      exchangeRate: '1.00000',
    });
    const [cost, tax, payable] = request.entries;
    expect(cost).toMatchObject({
      lineType: 'cost',
      postingKey: '40',
      glAccount: '66020101',
      amount: '100.00',
      taxCode: 'J1',
      costCentre: 'K1000',
      profitCentre: 'PC1000',
      assignment: `V${v.id}`,
      text: 'travel',
    });
    expect(tax).toMatchObject({ lineType: 'tax', postingKey: '40', taxCode: 'J1', taxBase: '100.00' });
    expect(payable).toMatchObject({
      lineType: 'vendor',
      postingKey: '31',
      vendorNo: `9${String(person).padStart(9, '0')}`,
      vendorType: 'employee_vendor',
    });
  });
});

describe('posting settings', () => {
  it('are refused with the fields named when bad, and saved at the version seen', async () => {
    expect(
      fieldsOf(await t.call(SAVE, { DocumentTypes: { expense: 'K' }, RequiredFields: ['NOPE'], Version: 1 }, finance)),
    ).toEqual(expect.arrayContaining(['DocumentTypes.loan', 'RequiredFields.0']));
    const before = (await t.call(GET, {}, finance)).json();
    expect(before).toMatchObject({ DocumentTypes: { expense: 'KR', payment: 'KZ' }, Version: 1 });
    expect(before.RequiredFields).not.toContain('TAX_CODE');
    const stale = await t.call(SAVE, { DocumentTypes: before.DocumentTypes, RequiredFields: [], Version: 7 }, finance);
    expect(stale.statusCode).toBe(409);
  });

  it('take effect: a voucher missing a required field is refused with the field in the RFC log; a new type is sent', async () => {
    const s = (await t.call(GET, {}, finance)).json();
    const saved = await t.call(
      SAVE,
      {
        DocumentTypes: { ...s.DocumentTypes, vat_adjustment: 'zv' },
        RequiredFields: [...s.RequiredFields, 'TAX_CODE', 'VENDOR_NO', 'PROFIT_CTR'],
        Version: s.Version,
      },
      finance,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ DocumentTypes: { vat_adjustment: 'ZV' }, Version: s.Version + 1 });

    const refused = await send({ taxCode: null });
    expect(refused.v.state).toBe('failed');
    expect(refused.call.outcome).toBe('refused');
    expect(refused.call.error).toContain('TAX_CODE');
    expect(refused.call.response).toMatchObject({ Field: 'TAX_CODE', Line: 2 });
    expect(refused.request.documentType).toBe('ZV');

    const ok = await send();
    expect(ok.v.state).toBe('posted');

    // The cost line's profit centre is required now: a cost centre without one is refused, the field named.
    await t.ctx.db.update(costCentre).set({ profitCentre: null }).where(eq(costCentre.id, centre!.id));
    const noProfit = await send();
    expect(noProfit.call.response).toMatchObject({ Field: 'PROFIT_CTR', Line: 1 });

    const back = (await t.call(GET, {}, finance)).json();
    await t.call(
      SAVE,
      { DocumentTypes: back.DocumentTypes, RequiredFields: ['GL_ACCOUNT'], Version: back.Version },
      finance,
    );
    expect((await send({ taxCode: null })).v.state).toBe('posted');
  });
});
