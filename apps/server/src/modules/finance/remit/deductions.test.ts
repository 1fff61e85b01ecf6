import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { okCaller, postedDocument } from '../../../../test/remittance';
import { shanghaiToday } from '../../../core/time';
import { insertCard, insertTransactions } from '../../cards/business/business.repository';
import { cardTransaction } from '../../cards/business/business.table';
import { document, documentLoanLink } from '../../documents/document.table';
import { type MailTransport, mailJob } from '../../notify/notify.service';
import { mailOutbox } from '../../notify/notify.table';
import { employee } from '../../org/org.table';
import { remittanceRun } from './remit.table';

const R = '/api/RemittancePosting';
let t: TestApp;
let finance: string;
let own: { access_token: string; UserID: number };
let colleague: string;

beforeAll(async () => {
  t = await testApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ems-remit-deduct-')) });
  const [f, e, m] = await t.logins('finance', 'employee', 'manager');
  finance = f.access_token;
  own = e;
  colleague = m.access_token;
});
afterAll(() => t.close());

const ok = (url: string, body: unknown) => okCaller(t, () => finance)(url, body);

const pdfText = (pdf: Buffer) => {
  const dir = mkdtempSync(join(tmpdir(), 'ems-remit-pdf-'));
  writeFileSync(join(dir, 'l.pdf'), pdf);
  return execFileSync('pdftotext', ['-layout', join(dir, 'l.pdf'), '-'], { encoding: 'utf8' });
};

describe('a payment less than what the document is owed', () => {
  it('shows gross, each deduction with its reason and source, and net alike in the list, its PDF, the document and the paid notice', async () => {
    const me = own.UserID;
    await t.ctx.db.update(employee).set({ bankAccount: '6225880099990001' }).where(eq(employee.id, me));
    // The demo's own private spend of this employee is out of the way: only what the test adds is kept back.
    await t.ctx.db.update(cardTransaction).set({ status: 'open' }).where(eq(cardTransaction.employeeId, me));
    const card = (await insertCard(t.ctx.db, { companyId: 1, employeeId: me, cardNo: '6250000011114321' }))!;
    await insertTransactions(t.ctx.db, [
      {
        companyId: 1,
        cardId: card.id,
        employeeId: me,
        issuerRef: 'DED-1',
        transDate: '2026-10-03',
        merchant: '星巴克',
        amount: '45.00',
        status: 'private',
      },
      {
        companyId: 1,
        cardId: card.id,
        employeeId: me,
        issuerRef: 'DED-2',
        transDate: '2026-10-09',
        merchant: '全家便利',
        amount: '80.00',
        status: 'private',
      },
    ]);
    // A claim that wrote off a loan: its payable was credited net of the 200.00 the loan had advanced.
    const loan = await postedDocument(t, me, '200.00', { docType: 'loan' });
    const claim = await postedDocument(t, me, '100.00');
    await t.ctx.db.insert(documentLoanLink).values({ documentId: claim.id, loanId: loan.id, amount: '200.00' });

    await t.ctx.db.update(remittanceRun).set({ step: 'done' }).where(ne(remittanceRun.step, 'done'));
    const run = await ok(`${R}/GenerateData`, {
      PaymentMethod: 'transfer',
      CreditingDate: shanghaiToday(),
      AuditMethod: 'document',
    });
    await ok(`${R}/Pass`, { RunID: run.RunID, Documents: [{ ID: claim.id, Version: claim.version }] });
    for (const step of ['documents', 'list', 'entries', 'print']) {
      if (step === 'print') {
        const pdf = await t.call(`${R}/PrintList`, { RunID: run.RunID }, finance);
        const text = pdfText(pdf.rawPayload);
        expect(text).toContain('扣减明细');
        expect(text).toContain('商务卡私人消费');
        expect(text).toContain('**** 4321 星巴克');
        expect(text).toContain(loan.docNo);
        expect(text).toContain('300.00');
      }
      const { Run } = await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID });
      await ok(`${R}/ConfirmStep`, { RunID: run.RunID, Version: Run.Version, Step: step });
    }

    // 100.00 payable: of the private card spend, 45.00 fits under it less a cent and is kept back whole, 80.00 waits.
    // With the loan written off (200.00): gross 300.00, net 55.00.
    const list = await ok(`${R}/SearchRecord`, { RunID: run.RunID });
    expect(list.Rows).toHaveLength(1);
    expect(list.Rows[0]).toMatchObject({
      Gross: '300.00',
      Amount: '55.00',
      Deductions: [
        { DocNo: claim.docNo, Kind: 'card_private', Source: '**** 4321 星巴克', Date: '2026-10-03', Amount: '45.00' },
        { DocNo: claim.docNo, Kind: 'loan', Source: loan.docNo, Date: null, Amount: '200.00' },
      ],
    });

    const { Run } = await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID });
    await ok(`${R}/Remit`, { RunID: run.RunID, Version: Run.Version });
    const seen = await t.call('/api/DocumentPayment/Load', { ID: claim.id }, own.access_token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().Payment).toMatchObject({
      Status: 'paid',
      Gross: '300.00',
      Net: '55.00',
      Deductions: list.Rows[0].Deductions,
    });
    // Someone who may not open the document is not told it exists.
    expect((await t.call('/api/DocumentPayment/Load', { ID: claim.id }, colleague)).statusCode).toBe(404);
  });

  it('keeps private card spend back from the next payments, naming card, date and merchant, split where one fills', async () => {
    const me = own.UserID;
    const [card] = await t.ctx.db.select().from(employee).where(eq(employee.id, me));
    expect(card?.bankAccount).toBeTruthy();
    // Numbered so the first is kept back from first (a payee's documents go in document-number order).
    const numbered = async (amount: string, docNo: string) => {
      const d = await postedDocument(t, me, amount);
      await t.ctx.db.update(document).set({ docNo }).where(eq(document.id, d.id));
      return { ...d, docNo };
    };
    const d1 = await numbered('50.00', 'DR00DEDUCT01');
    const d2 = await numbered('500.00', 'DR00DEDUCT02');
    await t.ctx.db.update(remittanceRun).set({ step: 'done' }).where(ne(remittanceRun.step, 'done'));
    const run = await ok(`${R}/GenerateData`, {
      PaymentMethod: 'transfer',
      CreditingDate: shanghaiToday(),
      AuditMethod: 'document',
    });
    await ok(`${R}/Pass`, { RunID: run.RunID, Documents: [d1, d2].map((d) => ({ ID: d.id, Version: d.version })) });
    for (const step of ['documents', 'list', 'entries', 'print']) {
      if (step === 'print') await t.call(`${R}/PrintList`, { RunID: run.RunID }, finance);
      const { Run } = await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID });
      await ok(`${R}/ConfirmStep`, { RunID: run.RunID, Version: Run.Version, Step: step });
    }
    const list = await ok(`${R}/SearchRecord`, { RunID: run.RunID });
    const byDoc = new Map(list.Rows.map((r: { DocNos: string }) => [r.DocNos, r]));
    // The 80.00 left: 49.99 from the first document (each pays at least a cent), 30.01 from the second.
    expect(byDoc.get(d1.docNo)).toMatchObject({
      Gross: '50.00',
      Amount: '0.01',
      Deductions: [{ Kind: 'card_private', Source: '**** 4321 全家便利', Date: '2026-10-09', Amount: '49.99' }],
    });
    expect(byDoc.get(d2.docNo)).toMatchObject({
      Gross: '500.00',
      Amount: '469.99',
      Deductions: [{ Kind: 'card_private', Source: '**** 4321 全家便利', Date: '2026-10-09', Amount: '30.01' }],
    });
    const { Run } = await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID });
    await ok(`${R}/Remit`, { RunID: run.RunID, Version: Run.Version });

    const shown = (await ok('/api/DocumentPayment/Load', { ID: d2.id })).Payment;
    expect(shown).toMatchObject({
      Gross: '500.00',
      Net: '469.99',
      Deductions: (byDoc.get(d2.docNo) as { Deductions: unknown }).Deductions,
    });

    // The paid notice, as its employee reads it in their language.
    const [notice] = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.documentId, d1.id), eq(mailOutbox.template, 'remit.mail.paidLess')));
    expect(notice).toBeDefined();
    const sent: string[] = [];
    const transport: MailTransport = { send: async (m) => void sent.push(m.text) };
    await t.ctx.db.update(employee).set({ email: 'payee@example.com', language: 'zh-CN' }).where(eq(employee.id, me));
    await mailJob(t.ctx, transport)({ mailId: notice!.id }, { last: false, requestId: null });
    expect(sent[0]).toContain(`您的单据 ${d1.docNo} 已付款，实付 0.01`);
    expect(sent[0]).toContain('应付：50.00');
    expect(sent[0]).toContain('扣减 49.99：商务卡私人消费，卡号 **** 4321 全家便利，交易日 2026-10-09');
    expect(sent[0]).toContain('实付：0.01');
  });
});
