import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { type Masters, type Session, saveWorkflow } from '../../../../test/documents';
import { documentMasters, flaggedItem } from '../../../../test/factories';
import { shanghaiToday } from '../../../core/time';
import { company } from '../../system/system.table';

/** A reimbursement's fapiao line by line, and the buyer a fapiao names (decision 058). */
let t: TestApp;
let m: Masters;
let employee: Session;
let admin: Session;
let buyer: { nameZh: string; taxId: string };
let meals: { id: number };
let rail: { id: number };
const today = shanghaiToday();
const ymd = today.replaceAll('-', '');
let serial = 0;
const digitalNo = () => `2631300000${String(++serial).padStart(10, '0')}`;
/** A fully digital fapiao's QR text: it holds neither buyer nor seller. */
const digitalQr = (amount: string) => `01,32,,${digitalNo()},${amount},${ymd},,C0FFEE,`;

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  [employee, admin] = await t.logins('employee', 'admin');
  await saveWorkflow(t, admin.access_token, {
    Code: 'DEPUTY-STD',
    DocType: 'deputy',
    NameZH: '报销审批',
    NameEN: 'Deputy approval',
  });
  meals = await flaggedItem(t.ctx.db, m.type.id, 'T-MEALS', { needsInvoice: true });
  rail = await flaggedItem(t.ctx.db, m.type.id, 'T-RAIL', { needsInvoice: true, personalBuyerAllowed: true });
  const [c] = await t.ctx.db.select().from(company).where(eq(company.id, 1));
  buyer = { nameZh: c!.nameZh, taxId: c!.taxId! };
});
afterAll(() => t.close());

async function draft(lines: { item: number; amount: string }[], id?: { ID: number; Version: number }) {
  const res = await t.call(
    '/api/document/SaveDeputyDetail',
    {
      ...id,
      ExpenseTypeID: m.type.id,
      CostCenterID: m.own.id,
      Reason: '逐行发票',
      Lines: lines.map((l) => ({ ExpenseItemID: l.item, ExpenseDate: today, Amount: l.amount })),
    },
    employee.access_token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ID: number; Version: number };
}
const add = (documentId: number, body: Record<string, unknown>) =>
  t.call('/api/document/SaveInvoice', { DocumentID: documentId, ...body }, employee.access_token);
const update = (documentId: number, row: { ID: number; Version: number }, body: Record<string, unknown>) =>
  t.call(
    '/api/document/UpdateInvoice',
    { DocumentID: documentId, InvoiceID: row.ID, Version: row.Version, ...body },
    employee.access_token,
  );
const listOf = async (documentId: number) =>
  (await t.call('/api/document/SearchInvoice', { DocumentID: documentId }, employee.access_token)).json();
const submit = async (id: number) =>
  t.act('/api/DocumentSubmit/SubmitDeputy', id, employee.access_token, { Language: 'en-GB' });

describe('fapiao per line', () => {
  it('names each short line at submit and lists what every line lacks', async () => {
    const d = await draft([
      { item: meals.id, amount: '200.00' },
      { item: m.hotel.id, amount: '300.00' },
      { item: meals.id, amount: '120.50' },
    ]);
    const res = await submit(d.ID);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'document.invoice_short', params: { lines: '1: 200.00, 3: 120.50' } });
    const list = await listOf(d.ID);
    expect(list.Buyer).toEqual({ Name: buyer.nameZh, TaxID: buyer.taxId });
    expect(
      list.Lines.map((l: { LineNo: number; NeedsInvoice: boolean; Short: string }) => [
        l.LineNo,
        l.NeedsInvoice,
        l.Short,
      ]),
    ).toEqual([
      [1, true, '200.00'],
      [2, false, '0.00'],
      [3, true, '120.50'],
    ]);
  });

  it('puts a new fapiao on the short line it closes, else the first short line, and covers each line by its own', async () => {
    const d = await draft([
      { item: meals.id, amount: '200.00' },
      { item: meals.id, amount: '120.50' },
    ]);
    // 120.50 closes line 2 exactly; 150.00 closes none, so it goes to the first short line.
    const exact = await add(d.ID, { QrText: digitalQr('120.50'), BuyerTaxID: buyer.taxId });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json()).toMatchObject({ LineNo: 2 });
    const first = (await add(d.ID, { QrText: digitalQr('150.00'), BuyerTaxID: buyer.taxId })).json();
    expect(first).toMatchObject({ LineNo: 1 });
    expect((await submit(d.ID)).json()).toMatchObject({ params: { lines: '1: 50.00' } });
    // A fapiao too many on one line does not stand in for another line's shortfall.
    const onTwo = (await add(d.ID, { QrText: digitalQr('50.00'), BuyerTaxID: buyer.taxId, LineNo: 2 })).json();
    expect(onTwo).toMatchObject({ LineNo: 2 });
    expect((await submit(d.ID)).json()).toMatchObject({ params: { lines: '1: 50.00' } });
    // Moved to line 1 it closes it.
    const moved = await update(d.ID, onTwo, { LineNo: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ LineNo: 1 });
    const list = await listOf(d.ID);
    expect(list.Lines.map((l: { Covered: string; Short: string }) => [l.Covered, l.Short])).toEqual([
      ['200.00', '0.00'],
      ['120.50', '0.00'],
    ]);
    const res = await submit(d.ID);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a line the document does not have, and a stale version', async () => {
    const d = await draft([{ item: meals.id, amount: '80.00' }]);
    const bad = await add(d.ID, { QrText: digitalQr('80.00'), BuyerTaxID: buyer.taxId, LineNo: 4 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'LineNo', code: 'invoice.line_unknown' });
    const row = (await add(d.ID, { QrText: digitalQr('80.00'), BuyerTaxID: buyer.taxId })).json();
    expect((await update(d.ID, row, { LineNo: 2 })).json().errors[0]).toMatchObject({ code: 'invoice.line_unknown' });
    expect((await update(d.ID, row, { LineNo: null })).statusCode).toBe(200);
    expect((await update(d.ID, row, { LineNo: 1 })).statusCode).toBe(409);
  });

  it('leaves a fapiao unassigned when its line is removed, and refuses the submit until it is placed', async () => {
    const d = await draft([
      { item: meals.id, amount: '60.00' },
      { item: meals.id, amount: '40.00' },
    ]);
    const a = (await add(d.ID, { QrText: digitalQr('60.00'), BuyerTaxID: buyer.taxId })).json();
    const b = (await add(d.ID, { QrText: digitalQr('40.00'), BuyerTaxID: buyer.taxId })).json();
    expect([a.LineNo, b.LineNo]).toEqual([1, 2]);
    const version = await t.version(d.ID);
    await draft([{ item: meals.id, amount: '100.00' }], { ID: d.ID, Version: version });
    const rows = (await listOf(d.ID)).Rows as { ID: number; Number: string; LineNo: number | null; Version: number }[];
    expect(rows.map((r) => r.LineNo)).toEqual([1, null]);
    const res = await submit(d.ID);
    expect(res.json()).toMatchObject({ code: 'invoice.line_unassigned', params: { number: b.Number } });
    expect((await update(d.ID, rows[1]!, { LineNo: 1 })).statusCode).toBe(200);
    expect((await submit(d.ID)).statusCode).toBe(200);
  });
});

describe('the buyer a fapiao names', () => {
  it('asks a QR-read fully digital fapiao for its buyer at submit, and takes the company’s', async () => {
    const d = await draft([{ item: meals.id, amount: '90.00' }]);
    const row = (await add(d.ID, { QrText: digitalQr('90.00') })).json();
    expect(row).toMatchObject({ BuyerTaxID: '', BuyerPersonal: false, LineNo: 1 });
    const res = await submit(d.ID);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'invoice.buyer_tax_id_missing', params: { number: row.Number } });
    const other = await update(d.ID, row, { BuyerName: buyer.nameZh, BuyerTaxID: '91310000MA1FL0000X' });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0]).toMatchObject({ field: 'BuyerTaxID', code: 'invoice.buyer_tax_id_mismatch' });
    const ok = await update(d.ID, row, { BuyerName: buyer.nameZh, BuyerTaxID: buyer.taxId.toLowerCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ BuyerTaxID: buyer.taxId });
    expect((await submit(d.ID)).statusCode).toBe(200);
  });

  it('refuses at submit a fapiao whose buyer is another company, however it got its buyer', async () => {
    const d = await draft([{ item: meals.id, amount: '70.00' }]);
    const row = (await add(d.ID, { QrText: digitalQr('70.00'), BuyerTaxID: buyer.taxId })).json();
    // The company's tax id changed after the fapiao was entered (or the row came by import).
    await t.ctx.db.update(company).set({ taxId: '91310000MA1FL0000X' }).where(eq(company.id, 1));
    try {
      const res = await submit(d.ID);
      expect(res.json()).toMatchObject({
        code: 'invoice.buyer_other_company',
        params: { number: row.Number, taxId: '91310000MA1FL0000X' },
      });
    } finally {
      await t.ctx.db.update(company).set({ taxId: buyer.taxId }).where(eq(company.id, 1));
    }
    expect((await submit(d.ID)).statusCode).toBe(200);
  });

  it('takes a personal buyer only where the line’s item allows it, and never on a special VAT fapiao', async () => {
    const d = await draft([
      { item: meals.id, amount: '55.00' },
      { item: rail.id, amount: '553.00' },
    ]);
    const personal = (await add(d.ID, { QrText: digitalQr('55.00'), BuyerName: '个人' })).json();
    expect(personal).toMatchObject({ BuyerPersonal: true, LineNo: 1 });
    const onRail = (await add(d.ID, { QrText: digitalQr('553.00'), BuyerPersonal: true, BuyerName: '张伟' })).json();
    expect(onRail).toMatchObject({ BuyerPersonal: true, LineNo: 2 });
    const res = await submit(d.ID);
    expect(res.json()).toMatchObject({
      code: 'invoice.personal_buyer_not_allowed',
      params: { number: personal.Number, line: 1 },
    });
    expect(res.json().message).toContain('Item T-MEALS');
    // The claimant corrects the buyer to the company; the rail line keeps its person.
    const fixed = await update(d.ID, personal, {
      BuyerPersonal: false,
      BuyerName: buyer.nameZh,
      BuyerTaxID: buyer.taxId,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ BuyerPersonal: false });
    expect((await submit(d.ID)).statusCode).toBe(200);

    const special = await add((await draft([{ item: meals.id, amount: '10.60' }])).ID, {
      InvoiceType: 'vat_special',
      Code: '3100194130',
      Number: '10000001',
      InvoiceDate: today,
      Amount: '10.00',
      TaxAmount: '0.60',
      BuyerPersonal: true,
    });
    expect(special.statusCode).toBe(400);
    expect(special.json().errors[0]).toMatchObject({ field: 'BuyerPersonal', code: 'invoice.personal_buyer_special' });
  });
});
