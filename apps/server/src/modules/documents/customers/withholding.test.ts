import { labourTax, maskIdNumber } from '@ems/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { backendPid, concurrencyTest, waitUntilBlocked } from '../../../../test/concurrency';
import { LINE_MANAGER_STEP, type Masters, type Session, saveDeputy, saveWorkflow } from '../../../../test/documents';
import { documentMasters, flaggedItem } from '../../../../test/factories';
import { sheetOf } from '../../../../test/finance';
import { shanghaiToday } from '../../../core/time';
import { writeDocumentVoucher } from '../../finance/entries/document-voucher.service';
import { entriesOf } from '../../finance/entries/voucher.service';
import { customerHcp } from '../../masterdata/customers/customer.table';
import { ledgerExpense, ledgerExpenseItemConfig } from '../../masterdata/expense.table';
import { technicalParameter } from '../../system/system.table';
import { document } from '../document.table';
import { lockDocument } from '../lifecycle/document.lock';
import { lecturerAgreement } from './customer.table';
import { fixWithholding } from './withholding.service';
import { lectureFeeMonth } from './withholding.table';

/**
 * Lecture fees reach the books with their withheld individual income tax (decision 050): a lecture-fee line needs
 * its agreement at submit; a lecturer's fees in one calendar month are one occasion, each taxed on the month's total
 * less what was withheld; the voucher credits the tax to the IIT payable and the payee the net; a claim going back
 * takes its fees out of the month; the monthly list and its export show name, masked ID, gross, tax and net.
 */
let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let lecture: { id: number };
let admin: Session;
let finance: Session;
const today = shanghaiToday();
const month = today.slice(0, 7);
const lecturers = new Map<string, { id: number; idNumber: string }>();

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  [employee, manager, admin, finance] = await t.logins('employee', 'manager', 'admin', 'finance');
  lecture = await flaggedItem(t.ctx.db, m.type.id, 'T-LECTURE', { category: 'lecture_fee' });
  await saveWorkflow(
    t,
    admin.access_token,
    { Code: 'DEPUTY-IIT', DocType: 'deputy', NameZH: '报销', NameEN: 'Deputy' },
    [LINE_MANAGER_STEP],
  );
  // Lecturers of this test alone, so the demo's fees of this month are not in their months.
  for (const [i, code] of ['T-L1', 'T-L2', 'T-L3', 'T-L4', 'T-L5'].entries()) {
    const idNumber = `31010119800101${String(1000 + i).slice(-4)}`;
    const [row] = await t.ctx.db
      .insert(customerHcp)
      .values({ companyId: 1, code, nameZh: `讲者${i + 1}`, nameEn: `Lecturer ${i + 1}`, idNumber })
      .returning();
    lecturers.set(code, { id: row!.id, idNumber });
  }
  const [le] = await t.ctx.db
    .insert(ledgerExpense)
    .values({ companyId: 1, code: 'T-LE-LECTURE', nameZh: '讲课费', nameEn: 'Lecture fees', glAccount: '66010400' })
    .returning();
  await t.ctx.db
    .insert(ledgerExpenseItemConfig)
    .values({ companyId: 1, ledgerExpenseId: le!.id, expenseItemId: lecture.id, docType: 'deputy' });
});
afterAll(() => t.close());

/** A draft claim of lecture-fee lines of these amounts, each with its lecturer's agreement before tax. */
async function feeClaim(fees: { lecturer: string; fee: string; line?: string }[], agree = true) {
  const d = await saveDeputy(t, m, employee.access_token, '0', {
    Reason: '讲课费',
    Lines: fees.map((f) => ({ ExpenseItemID: lecture.id, ExpenseDate: today, Amount: f.line ?? f.fee })),
  });
  if (agree)
    for (const [i, f] of fees.entries()) {
      const saved = await t.call(
        '/api/DocumentViewCenter/SaveLecturerAgreementSingle',
        {
          DocumentID: d.ID,
          Version: await t.version(d.ID),
          HCPID: lecturers.get(f.lecturer)!.id,
          MeetingName: `科室会 ${d.DocNo}-${i}`,
          MeetingDate: today,
          FeeBasis: 'gross',
          Fee: f.fee,
        },
        employee.access_token,
      );
      expect(saved.statusCode, saved.body).toBe(200);
    }
  return d;
}

const submit = (id: number) => t.act('/api/DocumentSubmit/SubmitDeputy', id, employee.access_token);

async function withheld(documentId: number) {
  const rows = await t.ctx.db
    .select({ tax: lecturerAgreement.withheldTax })
    .from(lecturerAgreement)
    .where(eq(lecturerAgreement.documentId, documentId));
  return rows.map((r) => r.tax);
}

async function monthOf(code: string) {
  const [row] = await t.ctx.db
    .select({ gross: lectureFeeMonth.gross, tax: lectureFeeMonth.tax, fees: lectureFeeMonth.fees })
    .from(lectureFeeMonth)
    .where(and(eq(lectureFeeMonth.hcpId, lecturers.get(code)!.id), eq(lectureFeeMonth.month, `${month}-01`)));
  return row;
}

/** Writes the claim's voucher as accounting review does, under the document's lock. */
async function book(documentId: number) {
  const v = await t.ctx.db.transaction(async (tx) => writeDocumentVoucher(tx, (await lockDocument(tx, documentId))!));
  return entriesOf(t.ctx.db, [v.id]);
}

describe('submit', () => {
  it('refuses a lecture-fee line without its agreement, and an agreement without its line', async () => {
    const bare = await feeClaim([{ lecturer: 'T-L1', fee: '3000.00' }], false);
    const noAgreement = await submit(bare.ID);
    expect(noAgreement.statusCode).toBe(422);
    expect(noAgreement.json()).toMatchObject({ code: 'lecturer.line_without_agreement', params: { lines: '1' } });

    const other = await feeClaim([{ lecturer: 'T-L1', fee: '3000.00', line: '2500.00' }]);
    const mismatched = await submit(other.ID);
    expect(mismatched.statusCode).toBe(422);
    expect(mismatched.json().code).toBe('lecturer.line_without_agreement');
    // The line carries the fee after tax: still no agreement of that fee before tax.
    await t.ctx.db.delete(lecturerAgreement).where(eq(lecturerAgreement.documentId, other.ID));
    const withoutLine = await saveDeputy(t, m, employee.access_token, '300.00');
    const agreed = await t.call(
      '/api/DocumentViewCenter/SaveLecturerAgreementSingle',
      {
        DocumentID: withoutLine.ID,
        Version: withoutLine.Version,
        HCPID: lecturers.get('T-L1')!.id,
        MeetingName: '无明细的协议',
        MeetingDate: today,
        FeeBasis: 'gross',
        Fee: '1000',
      },
      employee.access_token,
    );
    expect(agreed.statusCode, agreed.body).toBe(200);
    const noLine = await submit(withoutLine.ID);
    expect(noLine.statusCode).toBe(422);
    expect(noLine.json()).toMatchObject({
      code: 'lecturer.agreement_without_line',
      params: { lecturer: 'T-L1 讲者1', fee: '1000.00' },
    });
    // Nothing was withheld by the refusals.
    expect(await monthOf('T-L1')).toBeUndefined();
    expect(noLine.json().message).toContain('T-L1 讲者1');
  });
});

describe('one occasion per lecturer and month', () => {
  let first: number;
  let second: number;

  it('withholds on a second fee of the month the tax on the month’s total less what was withheld', async () => {
    first = (await feeClaim([{ lecturer: 'T-L2', fee: '3000.00' }])).ID;
    expect((await submit(first)).statusCode).toBe(200);
    expect(await withheld(first)).toEqual(['440.00']);
    second = (await feeClaim([{ lecturer: 'T-L2', fee: '3000.00' }])).ID;
    const res = await submit(second);
    expect(res.statusCode, res.body).toBe(200);
    // 6,000 in the month: 6,000 × 80 % × 20 % = 960, of which 440 was withheld on the first fee.
    expect(await withheld(second)).toEqual(['520.00']);
    expect(await monthOf('T-L2')).toEqual({ gross: '6000.00', tax: '960.00', fees: 2 });
    const agreements = await t.call(
      '/api/DocumentViewCenter/SearchLecturerAgreement',
      { DocumentID: second },
      employee.access_token,
    );
    expect(agreements.json().Rows[0]).toMatchObject({ FeeBeforeTax: '3000.00', Tax: '440.00', WithheldTax: '520.00' });
  });

  it('credits the withheld tax to the IIT payable and the payee the fee after it, on the account set', async () => {
    const entries = await book(second);
    const credits = entries.filter((e) => e.side === 'C');
    expect(credits.map((e) => [e.glAccount, e.amount])).toEqual([
      ['222106', '520.00'],
      ['224101', '2480.00'],
    ]);
    expect(credits[0]!.text).toContain(`IIT T-L2 ${month}`);
    expect(entries.filter((e) => e.side === 'D').map((e) => [e.glAccount, e.amount])).toEqual([
      ['66010400', '3000.00'],
    ]);
    // The setting takes effect on the next voucher.
    await t.ctx.db
      .update(technicalParameter)
      .set({ value: '22210699' })
      .where(eq(technicalParameter.key, 'GLIITPayable'));
    try {
      const again = await book(first);
      expect(again.filter((e) => e.side === 'C').map((e) => [e.glAccount, e.amount])).toEqual([
        ['22210699', '440.00'],
        ['224101', '2560.00'],
      ]);
    } finally {
      await t.ctx.db
        .update(technicalParameter)
        .set({ value: '222106' })
        .where(eq(technicalParameter.key, 'GLIITPayable'));
    }
  });

  it('takes a returned claim’s fee out of the month without taxing the others again; the next fee makes it up', async () => {
    const rejected = await t.act('/api/DocumentApprove/ApproveDeputy', first, manager.access_token, {
      Pass: false,
      Comment: '重填',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await withheld(first)).toEqual([null]);
    expect(await withheld(second)).toEqual(['520.00']);
    expect(await monthOf('T-L2')).toEqual({ gross: '3000.00', tax: '520.00', fees: 1 });
    // 4,000 in the month: 640, of which 520 is withheld already.
    const third = (await feeClaim([{ lecturer: 'T-L2', fee: '1000.00' }])).ID;
    expect((await submit(third)).statusCode).toBe(200);
    expect(await withheld(third)).toEqual(['120.00']);
    // The returned claim comes back: 7,000 in the month, 1,120 in all.
    expect((await submit(first)).statusCode).toBe(200);
    expect(await withheld(first)).toEqual(['480.00']);
    expect(await monthOf('T-L2')).toEqual({ gross: '7000.00', tax: labourTax('7000.00'), fees: 3 });
  });
});

describe('the monthly withholding list', () => {
  it('lists per lecturer and month the gross, tax and net with the ID number masked, and exports them', async () => {
    const d = await feeClaim([
      { lecturer: 'T-L3', fee: '2000.00' },
      { lecturer: 'T-L3', fee: '2500.00' },
    ]);
    expect((await submit(d.ID)).statusCode).toBe(200);
    const filter = { Month: month, HCPID: lecturers.get('T-L3')!.id };
    const res = await t.call('/api/LectureFeeWithholding/Search', filter, finance.access_token);
    expect(res.statusCode, res.body).toBe(200);
    const masked = maskIdNumber(lecturers.get('T-L3')!.idNumber);
    expect(masked).toBe('**************1002');
    // 4,500 in one occasion: 4,500 × 80 % × 20 % = 720.
    expect(res.json()).toEqual({
      Total: 1,
      Rows: [
        {
          WithholdingID: expect.any(Number),
          Month: month,
          HCPID: lecturers.get('T-L3')!.id,
          HCPCode: 'T-L3',
          Name: '讲者3',
          IDNumber: masked,
          Fees: 2,
          Gross: '4500.00',
          Tax: '720.00',
          Net: '3780.00',
        },
      ],
    });
    const all = await t.call('/api/LectureFeeWithholding/Search', { Month: month, PageSize: 100 }, admin.access_token);
    expect(all.json().Rows.map((r: { HCPCode: string }) => r.HCPCode)).toEqual(
      expect.arrayContaining(['T-L2', 'T-L3']),
    );
    expect(
      all.json().Rows.every((r: { IDNumber: string | null }) => r.IDNumber === null || r.IDNumber.startsWith('*')),
    ).toBe(true);

    const xlsx = await t.call('/api/LectureFeeWithholding/ExportExcel', filter, finance.access_token, {
      'accept-language': 'en-GB',
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const sheet = await sheetOf(xlsx);
    expect(sheet[0]).toEqual([
      'Month',
      'Lecturer code',
      'Name',
      'ID number',
      'Fees',
      'Gross income',
      'Tax withheld',
      'Net paid',
    ]);
    expect(sheet[1]).toEqual([month, 'T-L3', '讲者3', masked, '2', '4500.00', '720.00', '3780.00']);
  });

  it('is refused to a user without the screen, and a malformed month is a coded 400', async () => {
    expect(
      (await t.call('/api/LectureFeeWithholding/Search', { Month: month }, employee.access_token)).statusCode,
    ).toBe(403);
    const bad = await t.call('/api/LectureFeeWithholding/Search', { Month: '2026-13' }, finance.access_token);
    expect(bad.statusCode).toBe(400);
  });
});

describe('concurrency', () => {
  concurrencyTest(
    'taxes two fees of one lecturer’s month submitted at once as first and second, never both first',
    async () => {
      const opening = (await feeClaim([{ lecturer: 'T-L4', fee: '3000.00' }])).ID;
      expect((await submit(opening)).statusCode).toBe(200);
      const held = (await feeClaim([{ lecturer: 'T-L4', fee: '3000.00' }])).ID;
      const racing = (await feeClaim([{ lecturer: 'T-L4', fee: '3000.00' }])).ID;
      // One claim's fee is being fixed (its month row locked) while the other is submitted.
      let second: ReturnType<typeof submit> | undefined;
      await t.ctx.db.transaction(async (tx) => {
        const d = await lockDocument(tx, held);
        await fixWithholding(tx, d!);
        second = submit(racing);
        // Let go only once the submit waits on the month's row.
        await waitUntilBlocked(t.ctx.db, await backendPid(tx), second);
      });
      const res = await second!;
      expect(res.statusCode, res.body).toBe(200);
      // 9,000 in the month: 1,440 in all; 440 and 520 were withheld before, so the last fee bears 480.
      expect(await withheld(held)).toEqual(['520.00']);
      expect(await withheld(racing)).toEqual(['480.00']);
      expect(await monthOf('T-L4')).toEqual({ gross: '9000.00', tax: labourTax('9000.00'), fees: 3 });
      const [doc] = await t.ctx.db.select({ status: document.status }).from(document).where(eq(document.id, racing));
      expect(doc!.status).toBe('approving');
    },
  );
});
