import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { backendPid, concurrencyTest, waitUntilBlocked } from '../../../../test/concurrency';
import { upload } from '../../../../test/finance';
import { documentNow, okCaller, payee, postedDocument } from '../../../../test/remittance';
import { shanghaiToday } from '../../../core/time';
import { systemUser } from '../../documents/lifecycle/transition';
import { mailOutbox } from '../../notify/notify.table';
import { employee } from '../../org/org.table';
import { outboundJob } from '../../outbound/outbound.table';
import { accountingEntry, voucher } from '../entries/entries.table';
import { bankJob, bankStatusJob } from './bank.service';
import { bankLinkSimulator, useBankLink } from './bank-link.gateway';
import { type Answerer, applyAnswers, applyAnswersIn } from './bank-return.service';
import { remittanceItem, remittanceRun } from './remit.table';

const R = '/api/RemittancePosting';
let t: TestApp;
let finance: string;
let admin: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ems-bank-return-'));
  t = await testApp({ DATA_DIR: dataDir });
  [finance, admin] = await t.tokens('finance', 'admin');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.db.update(remittanceRun).set({ step: 'done' }).where(ne(remittanceRun.step, 'done'));
});

const ok = (url: string, body: unknown) => okCaller(t, () => finance)(url, body);
const WAY = { PaymentMethod: 'transfer', CreditingDate: shanghaiToday(), AuditMethod: 'payee' };
const who = (): Answerer => ({ companyId: 1, userId: 0, requestId: 'bank-test', user: systemUser(1) });

/** A payee whose account names its branch by a CNAPS code of the demo directory. */
async function branchPayee(code: string, bankName: string, cnaps: string, branch: string) {
  const p = await payee(t, code);
  await t.ctx.db.update(employee).set({ bankName, bankCnaps: cnaps, bankBranch: branch }).where(eq(employee.id, p.id));
  return p;
}

/** Pays the documents in one run through the six steps; answers the run and its remittance list. */
async function remitRun(docs: { id: number }[], payerAccountId?: number) {
  const run = await ok(`${R}/GenerateData`, { ...WAY, ...(payerAccountId ? { PayerAccountID: payerAccountId } : {}) });
  const fresh = await Promise.all(docs.map((d) => documentNow(t, d.id)));
  await ok(`${R}/Pass`, { RunID: run.RunID, Documents: fresh.map((d) => ({ ID: d.id, Version: d.version })) });
  const step = async (s: string) => {
    const { Run } = await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID });
    return ok(`${R}/ConfirmStep`, { RunID: run.RunID, Version: Run.Version, Step: s });
  };
  await step('documents');
  await step('list');
  await step('entries');
  await t.call(`${R}/PrintList`, { RunID: run.RunID }, finance);
  await step('print');
  const { Run } = await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID });
  const done = await ok(`${R}/Remit`, { RunID: run.RunID, Version: Run.Version });
  await bankJob(t.ctx)({ runId: run.RunID }, { last: false, requestId: null });
  const list = await ok(`${R}/SearchRecord`, { RunID: run.RunID });
  return { run: done, list };
}

const returnFile = (rows: string[][]) =>
  Buffer.from(`end_to_end_id,status,reason,amount\r\n${rows.map((r) => r.join(',')).join('\r\n')}\r\n`);
const importReturn = (rows: string[][], language = 'zh-CN') =>
  upload(t, `${R}/ImportReturn`, returnFile(rows), finance, { Language: language });
const lineOf = (list: { Rows: { PayeeCode: string; EndToEndID: string }[] }, code: string) =>
  list.Rows.find((r) => r.PayeeCode === code)!;
const itemsOf = (documentId: number) =>
  t.ctx.db.select().from(remittanceItem).where(eq(remittanceItem.documentId, documentId)).orderBy(remittanceItem.id);

describe('the bank file in the paying account’s layout', () => {
  it('writes pain.001 with the payees’ CNAPS codes, then reads the return: paid stays paid, failed waits again with its reason', async () => {
    const payer = (
      await t.call(
        '/api/PayerAccount/Save',
        {
          Code: 'ICBC-PAIN',
          AccountName: '华康医药',
          AccountNo: '0200001109009999',
          Cnaps: '102100099996',
          Layout: 'pain001',
        },
        admin,
      )
    ).json();
    const a = await branchPayee('BR1', '招商银行', '308100005019', '招商银行股份有限公司北京分行');
    const b = await branchPayee('BR2', '中国银行', '104100000004', '中国银行股份有限公司北京市分行');
    const a1 = await postedDocument(t, a.id, '100.00');
    const b1 = await postedDocument(t, b.id, '50.00');
    const { run, list } = await remitRun([a1, b1], payer.ID);
    expect(run.Layout).toBe('pain001');

    const xml = readFileSync(join(dataDir, 'bank', `${run.RunNo}.xml`), 'utf8');
    const la = lineOf(list, 'BR1');
    const lb = lineOf(list, 'BR2');
    expect(la).toMatchObject({ BankCnaps: '308100005019', Currency: 'CNY', BankStatus: 'sent', Amount: '100.00' });
    expect(xml).toContain(`<EndToEndId>${la.EndToEndID}</EndToEndId>`);
    expect(xml).toContain('<ClrSysMmbId><ClrSysId><Cd>CNAPS</Cd></ClrSysId><MmbId>308100005019</MmbId></ClrSysMmbId>');
    expect(xml).toContain('<InstdAmt Ccy="CNY">50.00</InstdAmt>');
    expect(xml).toContain('<Id>0200001109009999</Id>');
    // The direct link is asked once the file is out.
    const asks = await t.ctx.db
      .select()
      .from(outboundJob)
      .where(and(eq(outboundJob.queue, 'bank_status'), sql`${outboundJob.payload}->>'runId' = ${String(run.RunID)}`));
    expect(asks).toHaveLength(1);

    const res = await importReturn([
      [la.EndToEndID, 'PAID', '', '100.00'],
      [lb.EndToEndID, 'FAILED', '账户已销户', '50.00'],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Paid: 1, Failed: 1, Ignored: 0 });
    expect((await documentNow(t, a1.id)).status).toBe('paid');
    expect((await documentNow(t, b1.id)).status).toBe('posted');

    // Finance sees why on the remittance screen, the payee on the document and in the notice.
    const again = await ok(`${R}/SearchRecord`, { RunID: run.RunID });
    expect(lineOf(again, 'BR2')).toMatchObject({ BankStatus: 'failed', BankReason: '账户已销户' });
    expect(lineOf(again, 'BR1')).toMatchObject({ BankStatus: 'paid', BankReason: null });
    const waiting = await ok(`${R}/SearchDocuments`, { InRun: false, IDs: [b1.id] });
    expect(waiting.Rows).toEqual([expect.objectContaining({ ID: b1.id, LastFailure: '账户已销户', Payable: '50.00' })]);
    const payment = await ok('/api/DocumentPayment/Load', { ID: b1.id });
    expect(payment.Payment).toMatchObject({ Status: 'failed', BankStatus: 'failed', FailureReason: '账户已销户' });
    const notices = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.documentId, b1.id), eq(mailOutbox.template, 'remit.mail.failed')));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ amount: '50.00', currency: 'CNY' });

    // The payment voucher's lines are reversed: the bank debited back, the payable credited again.
    const reversal = await t.ctx.db
      .select({ side: accountingEntry.side, gl: accountingEntry.glAccount, amount: accountingEntry.amount })
      .from(accountingEntry)
      .innerJoin(voucher, eq(voucher.id, accountingEntry.voucherId))
      .where(and(eq(voucher.kind, 'payment'), eq(accountingEntry.employeeId, b.id), eq(accountingEntry.side, 'C')));
    expect(reversal).toEqual([{ side: 'C', gl: '224101', amount: '50.00' }]);

    // The same file again changes nothing: both were answered.
    const twice = (
      await importReturn([
        [la.EndToEndID, 'PAID', '', ''],
        [lb.EndToEndID, 'FAILED', '账户已销户', ''],
      ])
    ).json();
    expect(twice).toMatchObject({ Paid: 0, Failed: 0, Ignored: 2 });
    expect(twice.Outcomes.map((o: { Code: string }) => o.Code)).toEqual([
      'remit.payment_already_answered',
      'remit.payment_already_answered',
    ]);

    // Paid again in a new run; the old payment's late "paid" does not pay it a second time.
    const second = await remitRun([b1]);
    const lb2 = lineOf(second.list, 'BR2');
    expect(lb2.EndToEndID).not.toBe(lb.EndToEndID);
    const late = (await importReturn([[lb.EndToEndID, 'PAID', '', '']])).json();
    expect(late.Outcomes).toEqual([expect.objectContaining({ Applied: false, Code: 'remit.payment_already_failed' })]);
    expect((await itemsOf(b1.id)).map((i) => i.bankStatus)).toEqual(['failed', 'sent']);
    expect((await importReturn([[lb2.EndToEndID, 'PAID', '', '50.00']])).json()).toMatchObject({ Paid: 1 });
    expect((await itemsOf(b1.id)).map((i) => i.bankStatus)).toEqual(['failed', 'paid']);
    // What the payable was debited by payments, net: the document's 50.00, once.
    const [net] = await t.ctx.db
      .select({
        n: sql<string>`sum(case when ${accountingEntry.side} = 'D' then ${accountingEntry.amount} else -${accountingEntry.amount} end)::text`,
      })
      .from(accountingEntry)
      .innerJoin(voucher, eq(voucher.id, accountingEntry.voucherId))
      .where(
        and(eq(voucher.kind, 'payment'), eq(accountingEntry.employeeId, b.id), eq(accountingEntry.glAccount, '224101')),
      );
    expect(net!.n).toBe('50.00');
  });

  it('refuses a return file with an unknown payment, another amount or an unknown status, changing nothing', async () => {
    const p = await branchPayee('BR3', '招商银行', '308290003020', '招商银行股份有限公司上海分行');
    const d = await postedDocument(t, p.id, '30.00');
    const { list } = await remitRun([d]);
    const line = lineOf(list, 'BR3');
    const res = await importReturn(
      [
        [line.EndToEndID, 'FAILED', '户名不符', '31.00'],
        ['RM999999-0001', 'PAID', '', ''],
        [line.EndToEndID, 'MAYBE', '', ''],
        [line.EndToEndID, 'FAILED', '', ''],
      ],
      'en-GB',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string; code: string }) => e.field)).toEqual(['4.Status', '5.Reason']);
    const wrong = await importReturn([
      [line.EndToEndID, 'FAILED', '户名不符', '31.00'],
      ['RM999999-0001', 'PAID', '', ''],
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.map((e: { field: string }) => e.field)).toEqual(['2.Amount', '3.EndToEndId']);
    expect((await itemsOf(d.id))[0]!.bankStatus).toBe('sent');
    expect((await documentNow(t, d.id)).status).toBe('paid');
  });
});

describe('the bank’s direct link', () => {
  it('asks the simulator after the file: a refused account’s payment waits again, the others are paid', async () => {
    const good = await branchPayee('BL1', '招商银行', '308100005019', '招商银行股份有限公司北京分行');
    const bad = await branchPayee('BL2', '招商银行', '308100005019', '招商银行股份有限公司北京分行');
    const g = await postedDocument(t, good.id, '20.00');
    const b = await postedDocument(t, bad.id, '21.00');
    const { run } = await remitRun([g, b]);
    const previous = useBankLink(bankLinkSimulator(new Map([[bad.bankAccount!, '账户状态异常']])));
    try {
      await bankStatusJob(t.ctx)({ runId: run.RunID }, { last: false, requestId: null });
    } finally {
      useBankLink(previous);
    }
    expect((await documentNow(t, g.id)).status).toBe('paid');
    expect((await documentNow(t, b.id)).status).toBe('posted');
    expect((await itemsOf(b.id))[0]).toMatchObject({ bankStatus: 'failed', bankReason: '账户状态异常' });
    expect((await itemsOf(g.id))[0]).toMatchObject({ bankStatus: 'paid' });
  });

  it('asks again later when the bank has no answer yet for a payment', async () => {
    const p = await branchPayee('BL3', '招商银行', '308100005019', '招商银行股份有限公司北京分行');
    const d = await postedDocument(t, p.id, '22.00');
    const { run } = await remitRun([d]);
    const previous = useBankLink({ name: 'silent', status: async () => [] });
    try {
      await expect(bankStatusJob(t.ctx)({ runId: run.RunID }, { last: false, requestId: null })).rejects.toThrow(
        /not answered 1 payment/,
      );
    } finally {
      useBankLink(previous);
    }
    expect((await itemsOf(d.id))[0]!.bankStatus).toBe('sent');
  });
});

describe('answers at once', () => {
  concurrencyTest(
    'a late "paid" racing the "failed" of the same payment waits for it and is refused; the re-remittance pays once',
    async () => {
      const p = await branchPayee('BC1', '招商银行', '308100005019', '招商银行股份有限公司北京分行');
      const d = await postedDocument(t, p.id, '40.00');
      const { list } = await remitRun([d]);
      const e2e = lineOf(list, 'BC1').EndToEndID;
      let late: Promise<Awaited<ReturnType<typeof applyAnswers>>> | undefined;
      await t.ctx.db.transaction(async (tx) => {
        await applyAnswersIn(tx, who(), [{ endToEndId: e2e, status: 'failed', reason: '账户冻结' }], {
          source: 'file',
        });
        // The direct link's "paid" for the same payment arrives while the failure is being written.
        late = applyAnswers(t.ctx.db, who(), [{ endToEndId: e2e, status: 'paid', reason: null }], { source: 'link' });
        await waitUntilBlocked(t.ctx.db, await backendPid(tx), late);
      });
      const answered = await late!;
      expect(answered.Outcomes).toEqual([
        expect.objectContaining({ Applied: false, Code: 'remit.payment_already_failed' }),
      ]);
      expect((await itemsOf(d.id)).map((i) => i.bankStatus)).toEqual(['failed']);
      expect((await documentNow(t, d.id)).status).toBe('posted');

      // Re-remitted; the late answer once more, against the new payment being answered paid at the same time.
      const second = await remitRun([d]);
      const e2e2 = lineOf(second.list, 'BC1').EndToEndID;
      const results = await Promise.all([
        applyAnswers(t.ctx.db, who(), [{ endToEndId: e2e, status: 'paid', reason: null }], { source: 'link' }),
        applyAnswers(t.ctx.db, who(), [{ endToEndId: e2e2, status: 'paid', reason: null }], { source: 'file' }),
      ]);
      expect(results.map((r) => r.Paid)).toEqual([0, 1]);
      const items = await itemsOf(d.id);
      expect(items.map((i) => i.bankStatus)).toEqual(['failed', 'paid']);
      expect((await documentNow(t, d.id)).status).toBe('paid');
      const paidTwice = await t.ctx.db
        .select()
        .from(remittanceItem)
        .where(and(inArray(remittanceItem.documentId, [d.id]), eq(remittanceItem.bankStatus, 'paid')));
      expect(paidTwice).toHaveLength(1);
    },
  );
});
