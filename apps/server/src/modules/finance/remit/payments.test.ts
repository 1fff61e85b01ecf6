import { ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { fieldsOf } from '../../../../test/finance';
import { documentNow, okCaller, payee, postedDocument } from '../../../../test/remittance';
import { shanghaiToday } from '../../../core/time';
import { documentLoanLink } from '../../documents/document.table';
import { writeOffLoansOnPosting } from '../loans/loans.service';
import { erpSimulator, useErpGateway } from '../posting/erp.gateway';
import { erpJob } from '../posting/posting.service';
import { remittancePaymentsOf } from './payments.service';
import { remittanceRun } from './remit.table';

const R = '/api/RemittancePosting';
let t: TestApp;
let finance: string;

beforeAll(async () => {
  t = await testApp();
  [finance] = await t.tokens('finance');
});
afterAll(() => t.close());

const today = () => shanghaiToday();

const ok = (url: string, body: unknown) => okCaller(t, () => finance)(url, body);
const status = (id: number) => documentNow(t, id);

/** A run paid through all six steps for the documents. */
async function remitted(docs: { id: number }[]) {
  await t.ctx.db.update(remittanceRun).set({ step: 'done' }).where(ne(remittanceRun.step, 'done'));
  const run = await ok(`${R}/GenerateData`, {
    PaymentMethod: 'transfer',
    CreditingDate: today(),
    AuditMethod: 'payee',
  });
  const current = await Promise.all(docs.map((d) => status(d.id)));
  await ok(`${R}/Pass`, { RunID: run.RunID, Documents: current.map((d) => ({ ID: d.id, Version: d.version })) });
  for (const step of ['documents', 'list', 'entries', 'print']) {
    if (step === 'print') await t.call(`${R}/PrintList`, { RunID: run.RunID }, finance);
    const { Run } = await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID });
    await ok(`${R}/ConfirmStep`, { RunID: run.RunID, Version: Run.Version, Step: step });
  }
  const { Run } = await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID });
  return ok(`${R}/Remit`, { RunID: run.RunID, Version: Run.Version });
}

describe('payment postings (automatic remittance posting)', () => {
  it('lists the payment voucher, resends it after the ERP refused, and keeps a remark', async () => {
    const p = await payee(t, 'RP1');
    const run = await remitted([await postedDocument(t, p.id, '42.00')]);
    const listed = await ok('/api/RemitPosting/Search', { Keyword: run.RunNo });
    expect(listed.Rows).toEqual([expect.objectContaining({ RunID: run.RunID, State: 'queued', Amount: '42.00' })]);

    // Nothing failed yet: nothing to resend.
    const early = await ok('/api/RemitPosting/ResendPosting', { RunIDs: [run.RunID] });
    expect(early).toEqual({ Queued: 0, Refused: [{ RunID: run.RunID, Code: 'remit.posting_not_failed' }] });

    const previous = useErpGateway({ name: 'refusing', post: async () => ({ ok: false, error: 'period closed' }) });
    try {
      await erpJob(t.ctx.db)({ voucherId: run.VoucherID }, { last: true, requestId: null });
    } finally {
      useErpGateway(previous);
    }
    const failed = await ok('/api/RemitPosting/Search', { State: 'failed', Keyword: run.RunNo });
    expect(failed.Rows[0]).toMatchObject({ State: 'failed', LastError: 'period closed' });

    expect((await ok('/api/RemitPosting/ResendPosting', { RunIDs: [run.RunID] })).Queued).toBe(1);
    useErpGateway(erpSimulator());
    await erpJob(t.ctx.db)({ voucherId: run.VoucherID }, { last: false, requestId: null });
    const posted = await ok('/api/RemitPosting/Search', { Keyword: run.RunNo });
    expect(posted.Rows[0].State).toBe('posted');
    expect(posted.Rows[0].ErpDocNo).toBeTruthy();

    const remarked = await ok('/api/RemitPosting/SavePostRemark', {
      RunID: run.RunID,
      Version: posted.Rows[0].Version,
      Remark: '已与银行核对',
    });
    expect(remarked.PostRemark).toBe('已与银行核对');
    const stale = await t.call(
      '/api/RemitPosting/SavePostRemark',
      { RunID: run.RunID, Version: posted.Rows[0].Version, Remark: 'x' },
      finance,
    );
    expect(stale.statusCode).toBe(409);
    expect(fieldsOf(await t.call('/api/RemitPosting/ResendPosting', { RunIDs: [] }, finance))).toContain('RunIDs');
    expect(
      (await t.call('/api/RemitPosting/SavePostRemark', { RunID: 999_999, Version: 1, Remark: '' }, finance))
        .statusCode,
    ).toBe(404);
  });
});

describe('account completion', () => {
  it('closes paid documents and reports one that is not paid', async () => {
    const p = await payee(t, 'CA1');
    const paid = await postedDocument(t, p.id, '15.00');
    const unpaid = await postedDocument(t, p.id, '16.00');
    const run = await remitted([paid]);
    const list = await ok('/api/PmPostiong/Search', { RunID: run.RunID });
    expect(list.Rows).toEqual([expect.objectContaining({ ID: paid.id, RunNo: run.RunNo, Amount: '15.00' })]);
    const now = await status(paid.id);
    const done = await ok('/api/PmPostiong/CompleteAccount', {
      Documents: [
        { ID: paid.id, Version: now.version },
        { ID: unpaid.id, Version: unpaid.version },
      ],
    });
    expect(done.Changed).toBe(1);
    expect(done.Refused).toEqual([{ ID: unpaid.id, DocNo: unpaid.docNo, Code: 'remit.not_paid' }]);
    expect((await status(paid.id)).status).toBe('closed');
    const payments = await remittancePaymentsOf(t.ctx.db, 1, [paid.id, unpaid.id]);
    expect(payments).toEqual([
      expect.objectContaining({ documentId: paid.id, runNo: run.RunNo, lineNo: 1, amount: '15.00', step: 'done' }),
    ]);
    expect(await remittancePaymentsOf(t.ctx.db, 2, [paid.id])).toEqual([]);
    expect((await status(unpaid.id)).status).toBe('posted');
    const again = await ok('/api/PmPostiong/CompleteAccount', { Documents: [{ ID: paid.id, Version: now.version }] });
    expect(again.Refused[0].Code).toBe('common.stale_version');
    expect(
      (await t.call('/api/PmPostiong/CompleteAccount', { Documents: [{ ID: 999_999, Version: 1 }] }, finance))
        .statusCode,
    ).toBe(404);
  });
});

describe('pay suggestion', () => {
  it('groups posted documents no run holds by payee, longest waiting first, with totals', async () => {
    const a = await payee(t, 'SG1');
    const b = await payee(t, 'SG2');
    const a1 = await postedDocument(t, a.id, '10.00', { postedDaysAgo: 2 });
    const a2 = await postedDocument(t, a.id, '5.50', { postedDaysAgo: 9 });
    await postedDocument(t, b.id, '7.00', { postedDaysAgo: 1 });
    const res = await ok('/api/PaySuggest/Search', { Keyword: 'SG', PageSize: 50 });
    const rows = res.Rows.filter((r: { PayeeCode: string }) => r.PayeeCode === 'SG1' || r.PayeeCode === 'SG2');
    expect(rows.map((r: { PayeeCode: string }) => r.PayeeCode)).toEqual(['SG1', 'SG2']);
    expect(rows[0]).toMatchObject({ Documents: 2, Amount: '15.50', MaxDaysWaiting: 9 });
    expect(rows[0].DocumentIDs.sort()).toEqual([a1.id, a2.id].sort());
    expect(res.TotalDocuments).toBeGreaterThanOrEqual(3);
  });
});

describe('account completion of a loan', () => {
  it('waits until deputies that were booked wrote the loan off', async () => {
    const p = await payee(t, 'LN1');
    const loan = await postedDocument(t, p.id, '500.00', { docType: 'loan' });
    // Posting a loan books its advance on the loan book, as the ERP job does.
    await writeOffLoansOnPosting(t.ctx.db, loan.id);
    await remitted([loan]);
    const paid = await status(loan.id);
    const open = await ok('/api/PmPostiong/CompleteAccount', { Documents: [{ ID: loan.id, Version: paid.version }] });
    expect(open.Refused).toEqual([{ ID: loan.id, DocNo: loan.docNo, Code: 'remit.loan_open' }]);
    const deputy = await postedDocument(t, p.id, '500.00');
    await t.ctx.db.insert(documentLoanLink).values({ documentId: deputy.id, loanId: loan.id, amount: '500.00' });
    // The reimbursement's posting writes the loan off.
    await writeOffLoansOnPosting(t.ctx.db, deputy.id);
    const closed = await ok('/api/PmPostiong/CompleteAccount', { Documents: [{ ID: loan.id, Version: paid.version }] });
    expect(closed).toMatchObject({ Changed: 1, Refused: [] });
    expect((await status(loan.id)).status).toBe('closed');
  });
});
