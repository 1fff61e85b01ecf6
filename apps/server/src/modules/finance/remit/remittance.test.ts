import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { concurrencyTest } from '../../../../test/concurrency';
import { expectGuarded, fieldsOf } from '../../../../test/finance';
import { documentNow, okCaller, payee, postedDocument } from '../../../../test/remittance';
import { shanghaiToday } from '../../../core/time';
import { document } from '../../documents/document.table';
import { statusHistory } from '../../documents/lifecycle/lifecycle.table';
import { payDetail } from '../../documents/parts/parts.table';
import { mailOutbox } from '../../notify/notify.table';
import { employee } from '../../org/org.table';
import { outboundJob } from '../../outbound/outbound.table';
import { company } from '../../system/system.table';
import { voucher } from '../entries/entries.table';
import { type BankGateway, bankFileAdapter, renderBankFile, useBankGateway } from './bank.gateway';
import { bankJob } from './bank.service';
import { failRemittanceAt, type RemitFaultPoint } from './remit.faults';
import { lines as runLines } from './remit.repository';
import { remittanceRun } from './remit.table';

const repoLines = (runId: number) => runLines(t.ctx.db, runId);

const R = '/api/RemittancePosting';
let t: TestApp;
let finance: string;
let employeeToken: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ems-remit-'));
  t = await testApp({ DATA_DIR: dataDir });
  [finance, employeeToken] = await t.tokens('finance', 'employee');
});
afterAll(() => t.close());

/** Every run finished, so each test opens its own (one unfinished run per company). */
beforeEach(async () => {
  await t.ctx.db.update(remittanceRun).set({ step: 'done' }).where(ne(remittanceRun.step, 'done'));
});

const today = () => shanghaiToday();
const WAY = { PaymentMethod: 'transfer', CreditingDate: today(), AuditMethod: 'payee' };

const ok = (url: string, body: unknown) => okCaller(t, () => finance)(url, body);
const status = (id: number) => documentNow(t, id);

const docsOf = (...ds: { id: number; version: number }[]) => ds.map((d) => ({ ID: d.id, Version: d.version }));

async function confirm(runId: number, step: string) {
  const { Run } = await ok(`${R}/LoadMainExpenseData`, { RunID: runId });
  return ok(`${R}/ConfirmStep`, { RunID: runId, Version: Run.Version, Step: step });
}

describe('who may call', () => {
  it('answers 401 without a token and 403 to an employee', async () => {
    await expectGuarded(t, employeeToken, [
      `${R}/LoadMainExpenseData`,
      `${R}/GenerateData`,
      `${R}/Pass`,
      `${R}/Remit`,
      '/api/RemitPosting/Search',
      '/api/PmPostiong/CompleteAccount',
      '/api/PaySuggest/Search',
    ]);
  });

  it('refuses bad input with the fields named', async () => {
    expect(fieldsOf(await t.call(`${R}/GenerateData`, { ...WAY, PaymentMethod: 'gold' }, finance))).toContain(
      'PaymentMethod',
    );
    expect(fieldsOf(await t.call(`${R}/Pass`, { RunID: 1, Documents: [] }, finance))).toContain('Documents');
    const past = await t.call(`${R}/GenerateData`, { ...WAY, CreditingDate: '2020-01-02' }, finance);
    expect(fieldsOf(past)).toEqual(['CreditingDate']);
    expect(fieldsOf(await t.call(`${R}/ConfirmStep`, { RunID: 1, Version: 1, Step: 'x' }, finance))).toContain('Step');
  });

  it('answers 404 for a run or a document of another company', async () => {
    expect((await t.call(`${R}/LoadMainExpenseData`, { RunID: 999_999 }, finance)).statusCode).toBe(404);
    const [other] = await t.ctx.db.select().from(company).where(ne(company.id, 1)).limit(1);
    const stranger = await payee(t, 'X404', '6225000404', other!.id);
    const foreign = await postedDocument(t, stranger.id, '10.00', { companyId: other!.id });
    const run = await ok(`${R}/GenerateData`, WAY);
    const res = await t.call(`${R}/Pass`, { RunID: run.RunID, Documents: docsOf(foreign) }, finance);
    expect(res.statusCode).toBe(404);
    expect((await status(foreign.id)).status).toBe('posted');
  });
});

describe('the six steps', () => {
  it('pays a run: list by payee and account, balanced payment voucher, printed list, paid documents, bank file', async () => {
    const a = await payee(t, 'PA1');
    const b = await payee(t, 'PB1');
    const noBank = await payee(t, 'PN1', null);
    const a1 = await postedDocument(t, a.id, '100.10');
    const a2 = await postedDocument(t, a.id, '200.25', { docType: 'loan' });
    const b1 = await postedDocument(t, b.id, '50.00');
    const n1 = await postedDocument(t, noBank.id, '10.00');

    const run = await ok(`${R}/GenerateData`, WAY);
    expect(run.Step).toBe('documents');
    // A second run beside the unfinished one is refused: the screen resumes that one.
    expect((await t.call(`${R}/GenerateData`, WAY, finance)).json().code).toBe('remit.unfinished_run');
    expect((await ok(`${R}/LoadMainExpenseData`, {})).Run.RunID).toBe(run.RunID);

    const candidates = await ok(`${R}/SearchDocuments`, { RunID: run.RunID, InRun: false, IDs: [a1.id, b1.id] });
    expect(candidates.Rows.map((r: { Payable: string }) => r.Payable).sort()).toEqual(['100.10', '50.00']);

    const passed = await ok(`${R}/Pass`, { RunID: run.RunID, Documents: docsOf(a1, a2, b1, n1) });
    expect(passed.Changed).toBe(3);
    expect(passed.Refused).toEqual([{ ID: n1.id, DocNo: n1.docNo, Code: 'remit.no_bank_account' }]);
    expect((await status(a1.id)).status).toBe('remitting');
    expect((await status(n1.id)).status).toBe('posted');

    // b1 out and in again.
    const out = await ok(`${R}/NoPass`, { RunID: run.RunID, Documents: docsOf(await status(b1.id)) });
    expect(out.Changed).toBe(1);
    expect((await status(b1.id)).status).toBe('posted');
    await ok(`${R}/Pass`, { RunID: run.RunID, Documents: docsOf(await status(b1.id)) });

    // The printed list is required before the remittance; it is not ready before the list.
    expect((await t.call(`${R}/PrintList`, { RunID: run.RunID }, finance)).json().code).toBe('remit.list_not_ready');
    await confirm(run.RunID, 'documents');
    const list = await ok(`${R}/SearchRecord`, { RunID: run.RunID });
    expect(list.Rows).toHaveLength(2);
    expect(list.Total).toBe('350.35');
    const lineA = list.Rows.find((r: { PayeeCode: string }) => r.PayeeCode === 'PA1');
    expect(lineA).toMatchObject({ Documents: 2, Amount: '300.35', BankAccount: '6225PA1' });

    const entriesStep = await confirm(run.RunID, 'list');
    expect(entriesStep.VoucherID).not.toBeNull();
    const entries = await ok(`${R}/SearchPostingData`, { RunID: run.RunID });
    expect(entries.Debit).toBe('350.35');
    expect(entries.Credit).toBe('350.35');
    expect(entries.Rows.filter((e: { Side: string }) => e.Side === 'D')).toHaveLength(3);
    expect(
      entries.Rows.filter((e: { Side: string; GLAccount: string }) => e.Side === 'C' && e.GLAccount === '100201'),
    ).toHaveLength(2);

    await confirm(run.RunID, 'entries');
    const { Run: atPrint } = await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID });
    expect(
      (await t.call(`${R}/ConfirmStep`, { RunID: run.RunID, Version: atPrint.Version, Step: 'print' }, finance)).json()
        .code,
    ).toBe('remit.not_printed');
    const pdf = await t.call(`${R}/PrintList`, { RunID: run.RunID }, finance);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await confirm(run.RunID, 'print');

    const { Run: atRemit } = await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID });
    const done = await ok(`${R}/Remit`, { RunID: run.RunID, Version: atRemit.Version });
    expect(done.Step).toBe('done');
    expect(done.VoucherState).toBe('queued');
    for (const d of [a1, a2, b1]) expect((await status(d.id)).status).toBe('paid');
    const mails = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.documentId, a1.id), eq(mailOutbox.template, 'remit.mail.paid')));
    expect(mails).toHaveLength(1);
    // The money it is about: what the bank pays.
    expect(mails[0]).toMatchObject({ amount: '100.10', currency: 'CNY' });
    const again = await t.call(`${R}/Remit`, { RunID: run.RunID, Version: done.Version }, finance);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('remit.already_remitted');

    // The bank job writes one file named by the run; a second delivery replaces it with the same content.
    const jobs = await t.ctx.db
      .select()
      .from(outboundJob)
      .where(and(eq(outboundJob.queue, 'bank'), sql`${outboundJob.payload}->>'runId' = ${String(run.RunID)}`));
    expect(jobs).toHaveLength(1);
    const job = bankJob(t.ctx);
    await job(jobs[0]!.payload, { last: false, requestId: null });
    await job(jobs[0]!.payload, { last: false, requestId: null });
    const file = readFileSync(join(dataDir, 'bank', `${done.RunNo}.csv`), 'utf8');
    expect(file.trim().split('\n')).toHaveLength(3);
    expect(file).toContain('6225PA1');
    expect(file).toContain('300.35');
    expect((await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID })).Run.BankFile).toBe(`${done.RunNo}.csv`);
  });

  it('asks to confirm a change of way once documents are in, then regenerates the list and withdraws the voucher', async () => {
    const p = await payee(t, 'PW1');
    const d1 = await postedDocument(t, p.id, '80.00');
    const d2 = await postedDocument(t, p.id, '20.00');
    const run = await ok(`${R}/GenerateData`, WAY);
    await ok(`${R}/Pass`, { RunID: run.RunID, Documents: docsOf(d1, d2) });
    await confirm(run.RunID, 'documents');
    const atEntries = await confirm(run.RunID, 'list');
    const changed = { ...WAY, RunID: run.RunID, Version: atEntries.Version, AuditMethod: 'document' };
    const asked = await t.call(`${R}/GenerateData`, changed, finance);
    expect(asked.statusCode).toBe(422);
    expect(asked.json().code).toBe('remit.confirm_regenerate');
    const again = await ok(`${R}/GenerateData`, { ...changed, Confirm: true });
    expect(again).toMatchObject({ Step: 'documents', VoucherID: null, AuditMethod: 'document', Documents: 2 });
    const [old] = await t.ctx.db.select().from(voucher).where(eq(voucher.id, atEntries.VoucherID));
    expect(old!.state).toBe('cancelled');
    await confirm(run.RunID, 'documents');
    // By document: one bank line per document.
    expect((await ok(`${R}/SearchRecord`, { RunID: run.RunID })).Rows).toHaveLength(2);
  });

  it('pays a vendor chosen as the payee on its own bank account, clearing the applicant’s payable', async () => {
    const p = await payee(t, 'PV1');
    const d = await postedDocument(t, p.id, '880.00');
    await t.ctx.db.insert(payDetail).values({
      documentId: d.id,
      payeeKind: 'vendor',
      vendorCode: 'V100',
      vendorName: '上海会务有限公司',
      bankName: '工商银行',
      bankAccount: '1001-2002',
    });
    const run = await ok(`${R}/GenerateData`, WAY);
    await ok(`${R}/Pass`, { RunID: run.RunID, Documents: docsOf(d) });
    await confirm(run.RunID, 'documents');
    const list = await ok(`${R}/SearchRecord`, { RunID: run.RunID });
    expect(list.Rows).toEqual([
      expect.objectContaining({ PayeeKind: 'vendor', PayeeCode: 'V100', BankAccount: '1001-2002', Amount: '880.00' }),
    ]);
    await confirm(run.RunID, 'list');
    const entries = await ok(`${R}/SearchPostingData`, { RunID: run.RunID });
    expect(entries.Rows.find((e: { Side: string }) => e.Side === 'D')).toMatchObject({
      GLAccount: '224101',
      EmployeeName: '收款PV1',
    });
  });

  it('refuses a step the run is no longer on (someone else moved it)', async () => {
    const p = await payee(t, 'PS1');
    const d = await postedDocument(t, p.id, '5.00');
    const run = await ok(`${R}/GenerateData`, WAY);
    const passed = await ok(`${R}/Pass`, { RunID: run.RunID, Documents: docsOf(d) });
    const res = await t.call(
      `${R}/ConfirmStep`,
      { RunID: run.RunID, Version: passed.Run.Version, Step: 'list' },
      finance,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('remit.step_moved');
    const empty = await ok(`${R}/GenerateData`, { ...WAY, RunID: run.RunID, Version: passed.Run.Version });
    await ok(`${R}/NoPass`, { RunID: run.RunID, Documents: docsOf(await status(d.id)) });
    const none = await t.call(
      `${R}/ConfirmStep`,
      { RunID: run.RunID, Version: empty.Version + 1, Step: 'documents' },
      finance,
    );
    expect(none.json().code).toBe('remit.no_documents');
  });
});

describe('the payee as the bank registered the account', () => {
  /** The payee columns of the bank file: payee, bank, account and amount of each line. */
  const payeeColumns = (csv: string) =>
    csv
      .trim()
      .split('\n')
      .map((l) => {
        const c = l.split(',');
        return [c[6], c[7], c[10], c[11]].join(',');
      });

  it('names the payee alike in Chinese and in English: the registered holder, else the Chinese name', async () => {
    const holder = await payee(t, 'PH1');
    const plain = await payee(t, 'PH2');
    await t.ctx.db.update(employee).set({ bankAccountName: '张伟（个人账户）' }).where(eq(employee.id, holder.id));
    const docs = [await postedDocument(t, holder.id, '12.30'), await postedDocument(t, plain.id, '45.60')];
    const run = await ok(`${R}/GenerateData`, WAY);
    await ok(`${R}/Pass`, { RunID: run.RunID, Documents: docsOf(...docs) });

    const inLanguage = async (language: string) => {
      const headers = { 'accept-language': language };
      const { Run } = (await t.call(`${R}/LoadMainExpenseData`, { RunID: run.RunID }, finance, headers)).json();
      if (Run.Step !== 'documents') {
        const way = { ...WAY, RunID: run.RunID, Version: Run.Version, AuditMethod: 'payee', Confirm: true };
        expect((await t.call(`${R}/GenerateData`, way, finance, headers)).statusCode).toBe(200);
      }
      const at = (await t.call(`${R}/LoadMainExpenseData`, { RunID: run.RunID }, finance, headers)).json().Run;
      const step = { RunID: run.RunID, Version: at.Version, Step: 'documents' };
      expect((await t.call(`${R}/ConfirmStep`, step, finance, headers)).statusCode).toBe(200);
      const list = (await t.call(`${R}/SearchRecord`, { RunID: run.RunID }, finance, headers)).json();
      const lines = (await repoLines(run.RunID)).map((l) => ({ ...l, paidAt: null }));
      const csv = renderBankFile(
        {
          runNo: run.RunNo,
          createdAt: '2026-11-25T00:00:00.000Z',
          creditingDate: WAY.CreditingDate,
          method: 'transfer',
          total: list.Total,
          debtor: null,
          lines: lines.map((l) => ({
            lineNo: Number(l.lineNo),
            endToEndId: `${run.RunNo}-${l.lineNo}`,
            payeeName: l.payeeName,
            bankName: l.bankName,
            bankCnaps: l.bankCnaps,
            bankBranch: l.bankBranch,
            bankAccount: l.bankAccount,
            amount: l.amount,
            currency: l.currency,
            reference: l.docNos,
          })),
        },
        'generic_csv',
      );
      const pdf = await t.call(`${R}/PrintList`, { RunID: run.RunID }, finance, headers);
      expect(pdf.statusCode).toBe(200);
      return {
        list: list.Rows.map((r: { PayeeName: string; BankAccount: string; Amount: string }) =>
          [r.PayeeName, r.BankAccount, r.Amount].join('|'),
        ),
        csv: payeeColumns(csv).join('\n'),
      };
    };
    const zh = await inLanguage('zh-CN');
    const en = await inLanguage('en-GB');
    expect(Buffer.from(en.csv)).toEqual(Buffer.from(zh.csv));
    expect(en.list).toEqual(zh.list);
    expect(zh.list).toEqual(
      expect.arrayContaining([expect.stringContaining('张伟（个人账户）|'), expect.stringContaining('收款PH2|')]),
    );
    expect(en.csv).not.toContain('Payee PH2');
  });
});

describe('a run stopped at any step', () => {
  it('resumes where it stopped and pays nobody twice', async () => {
    const p = await payee(t, 'PF1');
    const q = await payee(t, 'PF2');
    const d1 = await postedDocument(t, p.id, '11.11');
    const d2 = await postedDocument(t, p.id, '22.22');
    const d3 = await postedDocument(t, q.id, '33.33');

    /** Fails the call once at the point (nothing of it stays), then makes it again. */
    async function interrupted(point: RemitFaultPoint, url: string, body: () => Promise<unknown>) {
      failRemittanceAt(point);
      const before = await t.ctx.db.select().from(remittanceRun).orderBy(sql`${remittanceRun.id} desc`).limit(1);
      const failed = await t.call(url, await body(), finance);
      expect(failed.statusCode, point).toBe(500);
      const after = await t.ctx.db.select().from(remittanceRun).orderBy(sql`${remittanceRun.id} desc`).limit(1);
      expect(after[0]?.version, point).toBe(before[0]?.version);
      expect(after[0]?.step, point).toBe(before[0]?.step);
      failRemittanceAt(null);
      return ok(url, await body());
    }
    const runNow = async () => (await ok(`${R}/LoadMainExpenseData`, {})).Run;
    const step = (s: string) => async () => {
      const r = await runNow();
      return { RunID: r.RunID, Version: r.Version, Step: s };
    };

    const run = await interrupted('generate', `${R}/GenerateData`, async () => WAY);
    await interrupted('pass', `${R}/Pass`, async () => ({
      RunID: run.RunID,
      Documents: docsOf(await status(d1.id), await status(d2.id), await status(d3.id)),
    }));
    expect((await status(d3.id)).status).toBe('remitting');
    await interrupted('no_pass', `${R}/NoPass`, async () => ({
      RunID: run.RunID,
      Documents: docsOf(await status(d3.id)),
    }));
    expect((await status(d3.id)).status).toBe('posted');
    await ok(`${R}/Pass`, { RunID: run.RunID, Documents: docsOf(await status(d3.id)) });
    await interrupted('confirm_documents', `${R}/ConfirmStep`, step('documents'));
    await interrupted('confirm_list', `${R}/ConfirmStep`, step('list'));
    await interrupted('confirm_entries', `${R}/ConfirmStep`, step('entries'));
    expect((await t.call(`${R}/PrintList`, { RunID: run.RunID }, finance)).statusCode).toBe(200);
    await interrupted('confirm_print', `${R}/ConfirmStep`, step('print'));
    const remitBody = async () => {
      const r = await runNow();
      return { RunID: r.RunID, Version: r.Version };
    };
    failRemittanceAt('remit_paid');
    expect((await t.call(`${R}/Remit`, await remitBody(), finance)).statusCode).toBe(500);
    expect((await status(d1.id)).status).toBe('remitting');
    await interrupted('remit', `${R}/Remit`, remitBody);

    // Each document paid once, one payment voucher (the one kept), one bank delivery recorded.
    const paid = await t.ctx.db
      .select()
      .from(statusHistory)
      .where(and(inArray(statusHistory.documentId, [d1.id, d2.id, d3.id]), eq(statusHistory.action, 'mark_paid')));
    expect(paid).toHaveLength(3);
    const payments = await t.ctx.db
      .select()
      .from(voucher)
      .where(and(eq(voucher.kind, 'payment'), ne(voucher.state, 'cancelled'), sql`${voucher.amount} = 66.66`));
    expect(payments).toHaveLength(1);
    const jobs = await t.ctx.db
      .select()
      .from(outboundJob)
      .where(and(eq(outboundJob.queue, 'bank'), sql`${outboundJob.payload}->>'runId' = ${String(run.RunID)}`));
    expect(jobs).toHaveLength(1);
    const erp = await t.ctx.db
      .select()
      .from(outboundJob)
      .where(and(eq(outboundJob.queue, 'erp'), sql`${outboundJob.payload}->>'voucherId' = ${String(payments[0]!.id)}`));
    expect(erp).toHaveLength(1);
  });

  it('delivers one bank file when the job stopped after writing it', async () => {
    const p = await payee(t, 'PJ1');
    const d = await postedDocument(t, p.id, '9.99');
    const run = await ok(`${R}/GenerateData`, { ...WAY, PaymentMethod: 'urgent' });
    await ok(`${R}/Pass`, { RunID: run.RunID, Documents: docsOf(d) });
    for (const s of ['documents', 'list', 'entries']) await confirm(run.RunID, s);
    await t.call(`${R}/PrintList`, { RunID: run.RunID }, finance);
    await confirm(run.RunID, 'print');
    const { Run } = await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID });
    await ok(`${R}/Remit`, { RunID: run.RunID, Version: Run.Version });

    const dir = mkdtempSync(join(tmpdir(), 'ems-bank-'));
    const real = bankFileAdapter('bank-file', dir, 'generic_csv');
    const crashing: BankGateway = {
      name: 'crashing',
      async deliver(file) {
        await real.deliver(file);
        throw new Error('connection lost after the file was written');
      },
    };
    const previous = useBankGateway(crashing);
    try {
      await expect(bankJob(t.ctx)({ runId: run.RunID }, { last: false, requestId: null })).rejects.toThrow();
      useBankGateway(real);
      await bankJob(t.ctx)({ runId: run.RunID }, { last: false, requestId: null });
    } finally {
      useBankGateway(previous);
    }
    expect(readdirSync(dir)).toEqual([`${Run.RunNo}.csv`]);
    const csv = readFileSync(join(dir, `${Run.RunNo}.csv`), 'utf8');
    expect(csv).toContain(',URGENT,');
    expect(csv.trim().split('\n')).toHaveLength(2);
  });
});

describe('documents that moved on and calls at once', () => {
  it('lets a document an administrator cancelled inside the run be taken out, and refuses the list while it is in', async () => {
    const p = await payee(t, 'PM1');
    const kept = await postedDocument(t, p.id, '12.00');
    const gone = await postedDocument(t, p.id, '13.00');
    const run = await ok(`${R}/GenerateData`, WAY);
    await ok(`${R}/Pass`, { RunID: run.RunID, Documents: docsOf(kept, gone) });
    await t.ctx.db.update(document).set({ status: 'cancelled' }).where(eq(document.id, gone.id));
    const { Run } = await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID });
    const refused = await t.call(
      `${R}/ConfirmStep`,
      { RunID: run.RunID, Version: Run.Version, Step: 'documents' },
      finance,
    );
    expect(refused.json().code).toBe('remit.document_moved');
    const out = await ok(`${R}/NoPass`, { RunID: run.RunID, Documents: docsOf(await status(gone.id)) });
    expect(out.Changed).toBe(1);
    expect((await status(gone.id)).status).toBe('cancelled');
    const list = await confirm(run.RunID, 'documents');
    expect(list).toMatchObject({ Step: 'list', Documents: 1, Amount: '12.00' });
  });

  concurrencyTest('opens one run when two clerks start one at once', async () => {
    const answers = await Promise.all([0, 1].map(() => t.call(`${R}/GenerateData`, WAY, finance)));
    // The later one meets the unique index (409) or, when it started after the first committed, the open run (422).
    const [won, lost] = answers.map((a) => a.statusCode).sort();
    expect(won).toBe(200);
    expect([409, 422]).toContain(lost);
    const open = await t.ctx.db.select().from(remittanceRun).where(ne(remittanceRun.step, 'done'));
    expect(open).toHaveLength(1);
  });

  concurrencyTest('remits once when the remittance is sent twice at once', async () => {
    const p = await payee(t, 'PC1');
    const d = await postedDocument(t, p.id, '70.00');
    const run = await ok(`${R}/GenerateData`, WAY);
    await ok(`${R}/Pass`, { RunID: run.RunID, Documents: docsOf(d) });
    for (const s of ['documents', 'list', 'entries']) await confirm(run.RunID, s);
    await t.call(`${R}/PrintList`, { RunID: run.RunID }, finance);
    await confirm(run.RunID, 'print');
    const { Run } = await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID });
    const answers = await Promise.all(
      [0, 1].map(() => t.call(`${R}/Remit`, { RunID: run.RunID, Version: Run.Version }, finance)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const paid = await t.ctx.db
      .select()
      .from(statusHistory)
      .where(and(eq(statusHistory.documentId, d.id), eq(statusHistory.action, 'mark_paid')));
    expect(paid).toHaveLength(1);
  });
});
