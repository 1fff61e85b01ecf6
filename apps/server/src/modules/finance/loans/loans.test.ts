import { randomBytes } from 'node:crypto';
import type { DocState, DocType, LoanAccountPage, LoanMovementList } from '@ems/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { concurrencyTest } from '../../../../test/concurrency';
import { type Session, withoutRoles } from '../../../../test/documents';
import { sheetOf } from '../../../../test/finance';
import { shanghaiToday } from '../../../core/time';
import { document, documentLoanLink, expenseLine } from '../../documents/document.table';
import { runNightlyFreeze } from '../../freezes/freeze.service';
import { expenseItem } from '../../masterdata/expense.table';
import { employee } from '../../org/org.table';
import { outboundJob } from '../../outbound/outbound.table';
import { accountingEntry, voucher } from '../entries/entries.table';
import { writeVoucher } from '../entries/voucher.service';
import { type ErpGateway, erpSimulator, useErpGateway } from '../posting/erp.gateway';
import { erpJob } from '../posting/posting.service';
import { queuePosting } from '../posting/queue.service';
import { loanBalanceMovement } from './loans.table';

const DAY = 86_400_000;
let t: TestApp;
let finance: Session;
let employeeUser: Session;
let outsider: Session;

beforeAll(async () => {
  t = await testApp();
  [finance, employeeUser, outsider] = await t.logins('finance', 'employee', 'compliance');
  await withoutRoles(t, 'compliance');
});
afterAll(() => t.close());
afterEach(() => {
  useErpGateway(erpSimulator());
});

/** A person of company 1 without a sign-in. */
async function person(code: string) {
  const [row] = await t.ctx.db
    .insert(employee)
    .values({ companyId: 1, code, nameZh: `测试${code}`, nameEn: `Test ${code}` })
    .returning();
  return row!;
}

/** A document made directly in the database in a finance state, with its voucher (loan: advance; deputy: expense). */
async function documentAt(
  docType: DocType,
  applicantId: number,
  total: string,
  status: DocState,
  opts: { daysAgo?: number; companyId?: number; voucher?: boolean } = {},
) {
  const companyId = opts.companyId ?? 1;
  const [d] = await t.ctx.db
    .insert(document)
    .values({
      companyId,
      docType,
      docNo: `${docType === 'loan' ? 'LT' : 'DT'}${randomBytes(5).toString('hex').toUpperCase()}`,
      applicantId,
      preparerId: applicantId,
      status,
      totalAmount: total,
      totalAmountCny: total,
      reason: '测试',
      approvedAt: new Date(Date.now() - (opts.daysAgo ?? 5) * DAY),
    })
    .returning();
  if (opts.voucher !== false)
    await writeVoucher(t.ctx.db, {
      companyId,
      documentId: d!.id,
      kind: docType === 'loan' ? 'loan' : 'expense',
      postingDate: shanghaiToday(),
      period: shanghaiToday().slice(0, 7),
      entries: [
        { side: 'D', glAccount: docType === 'loan' ? '122101' : '660101', amount: total, employeeId: applicantId },
        { side: 'C', glAccount: '224101', amount: total, employeeId: applicantId },
      ],
    });
  return d!;
}

const vouchersOf = (documentId: number) => t.ctx.db.select().from(voucher).where(eq(voucher.documentId, documentId));
const docOf = async (id: number) => (await t.ctx.db.select().from(document).where(eq(document.id, id)))[0]!;
const movementsOf = (loanId: number) =>
  t.ctx.db.select().from(loanBalanceMovement).where(eq(loanBalanceMovement.loanId, loanId));

/** Runs the ERP job for every queued voucher of the document, as the outbox worker would. */
async function runErp(documentId: number) {
  for (const v of await vouchersOf(documentId))
    if (v.state === 'queued') await erpJob(t.ctx.db)({ voucherId: v.id }, { last: true, requestId: 'test' });
}

/** A loan posted through the loan posting calls: its advance is booked. */
async function postedLoan(applicantId: number, total: string, daysAgo = 5) {
  const loan = await documentAt('loan', applicantId, total, 'to_post', { daysAgo });
  const started = await t.call('/api/LoanPosting/StartPosting', { IDs: [loan.id] }, finance.access_token);
  expect(started.statusCode, started.body).toBe(200);
  await runErp(loan.id);
  expect((await docOf(loan.id)).status).toBe('posted');
  return loan;
}

/** A deputy of the applicant that writes `amount` off the loan, posted by the ERP job. */
async function postedDeputy(applicantId: number, loanId: number, amount: string, total = amount) {
  const d = await documentAt('deputy', applicantId, total, 'to_post');
  await t.ctx.db.insert(documentLoanLink).values({ documentId: d.id, loanId, amount });
  const vs = await vouchersOf(d.id);
  await t.ctx.db.transaction((tx) =>
    queuePosting(
      tx,
      1,
      vs.map((v) => v.id),
    ),
  );
  await runErp(d.id);
  expect((await docOf(d.id)).status).toBe('posted');
  return d;
}

const movements = async (loanId: number) => {
  const res = await t.call('/api/LoanAccount/Movements', { LoanID: loanId }, finance.access_token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LoanMovementList;
};

describe('loan posting', () => {
  it('lists a loan to post, queues its voucher, and the posting books its advance', async () => {
    const p = await person('LN-POST');
    const loan = await documentAt('loan', p.id, '1000.00', 'to_post');
    const toPost = await t.call(
      '/api/LoanPosting/Search',
      { Tab: 'to_post', Keyword: loan.docNo },
      finance.access_token,
    );
    expect(toPost.statusCode, toPost.body).toBe(200);
    expect(toPost.json().Rows).toEqual([expect.objectContaining({ LoanID: loan.id, VoucherState: 'open' })]);

    const started = await t.call('/api/LoanPosting/StartPosting', { IDs: [loan.id] }, finance.access_token);
    expect(started.json()).toEqual({ Done: [{ ID: loan.id, DocNo: loan.docNo }], Skipped: [] });
    const [v] = await vouchersOf(loan.id);
    expect(v!.state).toBe('queued');
    expect(await t.ctx.db.select().from(outboundJob).where(eq(outboundJob.queue, 'erp'))).not.toHaveLength(0);
    const posting = await t.call(
      '/api/LoanPosting/Search',
      { Tab: 'posting', Keyword: loan.docNo },
      finance.access_token,
    );
    expect(posting.json().Rows).toHaveLength(1);

    // Started again before the job ran: nothing left to send.
    const again = await t.call('/api/LoanPosting/StartPosting', { IDs: [loan.id] }, finance.access_token);
    expect(again.json().Done).toEqual([]);
    expect(again.json().Skipped[0].Message).toContain(loan.docNo);

    await runErp(loan.id);
    expect((await docOf(loan.id)).status).toBe('posted');
    const posted = await t.call(
      '/api/LoanPosting/Search',
      { Tab: 'posted', Keyword: loan.docNo },
      finance.access_token,
    );
    expect(posted.json().Rows).toEqual([
      expect.objectContaining({ VoucherState: 'posted', ErpDocNo: expect.any(String) }),
    ]);
    const list = await movements(loan.id);
    expect(list.Rows).toEqual([expect.objectContaining({ Kind: 'advance', Amount: '1000.00' })]);
    expect(list.Account).toMatchObject({ Advanced: '1000.00', Balance: '1000.00', Open: '1000.00' });

    // The job run twice for the same posting records the advance once.
    await t.ctx.db.transaction((tx) => import('./loans.service').then((s) => s.writeOffLoansOnPosting(tx, loan.id)));
    expect(await movementsOf(loan.id)).toHaveLength(1);
  });

  it('resends a loan the ERP refused, which then posts', async () => {
    const p = await person('LN-FAIL');
    const loan = await documentAt('loan', p.id, '500.00', 'to_post');
    const refusing: ErpGateway = { name: 'refusing', post: async () => ({ ok: false, error: 'GL 122101 blocked' }) };
    useErpGateway(refusing);
    await t.call('/api/LoanPosting/StartPosting', { IDs: [loan.id] }, finance.access_token);
    await runErp(loan.id);
    expect((await docOf(loan.id)).status).toBe('post_failed');
    const failed = await t.call(
      '/api/LoanPosting/Search',
      { Tab: 'failed', Keyword: loan.docNo },
      finance.access_token,
    );
    expect(failed.json().Rows).toEqual([expect.objectContaining({ LastError: 'GL 122101 blocked' })]);
    expect(await movementsOf(loan.id)).toEqual([]);

    useErpGateway(erpSimulator());
    const resent = await t.call('/api/LoanPosting/ResendPosting', { IDs: [loan.id] }, finance.access_token);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().Done).toHaveLength(1);
    expect((await docOf(loan.id)).status).toBe('to_post');
    expect((await vouchersOf(loan.id))[0]!.state).toBe('queued');
    await runErp(loan.id);
    expect((await docOf(loan.id)).status).toBe('posted');
    expect(await movementsOf(loan.id)).toHaveLength(1);

    // A posted loan is not resent: reported, not failed as a whole.
    const twice = await t.call('/api/LoanPosting/ResendPosting', { IDs: [loan.id] }, finance.access_token);
    expect(twice.json()).toMatchObject({ Done: [], Skipped: [{ ID: loan.id }] });
  });

  it('marks picked posted loans paid and reports those that are not posted', async () => {
    const p = await person('LN-PAY');
    const posted = await postedLoan(p.id, '300.00');
    const waiting = await documentAt('loan', p.id, '200.00', 'to_post');
    const res = await t.call('/api/LoanPosting/Payed', { IDs: [waiting.id, posted.id] }, finance.access_token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Done).toEqual([{ ID: posted.id, DocNo: posted.docNo }]);
    expect(res.json().Skipped).toEqual([expect.objectContaining({ ID: waiting.id, DocNo: waiting.docNo })]);
    expect((await docOf(posted.id)).status).toBe('paid');
    expect((await docOf(waiting.id)).status).toBe('to_post');
    const paid = await t.call('/api/LoanPosting/Search', { Tab: 'paid', Keyword: posted.docNo }, finance.access_token);
    expect(paid.json().Rows).toHaveLength(1);
  });

  it('exports a tab as Excel', async () => {
    const res = await t.call('/api/LoanPosting/Export', { Tab: 'posted' }, finance.access_token);
    expect(res.statusCode).toBe(200);
    const rows = await sheetOf(res);
    expect(rows[0]).toContain('借款单号');
  });
});

describe('write-offs, repayments and cancels', () => {
  it('writes a loan off when the deputy posts, and shows what is pending before', async () => {
    const p = await person('LN-WO');
    const loan = await postedLoan(p.id, '1000.00');
    const pending = await documentAt('deputy', p.id, '400.00', 'approving', { voucher: false });
    await t.ctx.db.insert(documentLoanLink).values({ documentId: pending.id, loanId: loan.id, amount: '400.00' });
    expect((await movements(loan.id)).Account).toMatchObject({ Balance: '1000.00', Pending: '400.00', Open: '600.00' });

    const d = await postedDeputy(p.id, loan.id, '250.00', '300.00');
    const list = await movements(loan.id);
    expect(list.Rows.map((r) => [r.Kind, r.Amount, r.DeputyNo])).toEqual([
      ['advance', '1000.00', null],
      ['write_off', '-250.00', d.docNo],
    ]);
    expect(list.Account).toMatchObject({ WrittenOff: '250.00', Balance: '750.00', Pending: '400.00', Open: '350.00' });
  });

  it('records a repayment within the open balance, with a voucher from bank to advance queued to the ERP', async () => {
    const p = await person('LN-REPAY');
    const loan = await postedLoan(p.id, '800.00');
    const today = shanghaiToday();
    const repay = (body: Record<string, unknown>) =>
      t.call(
        '/api/LoanAccount/Repay',
        { LoanID: loan.id, RepaidOn: today, Open: '800.00', ...body },
        finance.access_token,
      );

    const over = await repay({ Amount: '800.01' });
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json().errors[0]).toMatchObject({ field: 'Amount' });
    const future = await repay({ Amount: '10.00', RepaidOn: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    const stale = await repay({ Amount: '10.00', Open: '700.00' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('loans.balance_changed');

    const ok = await repay({ Amount: '300.00', Note: '现金还款' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as LoanMovementList).Account).toMatchObject({ Repaid: '300.00', Balance: '500.00' });
    const [v] = (await vouchersOf(loan.id)).filter((x) => x.kind === 'loan_repayment');
    expect(v).toMatchObject({ state: 'queued', amount: '300.00', postingDate: today });
    const entries = await t.ctx.db.select().from(accountingEntry).where(eq(accountingEntry.voucherId, v!.id));
    expect(entries.map((e) => [e.side, e.glAccount, e.amount, e.employeeId])).toEqual([
      ['D', '100201', '300.00', null],
      ['C', '122101', '300.00', p.id],
    ]);
    // The same click again sees a balance that changed.
    expect((await repay({ Amount: '300.00' })).statusCode).toBe(409);
    // The repayment voucher posts without moving the loan.
    await runErp(loan.id);
    expect((await docOf(loan.id)).status).toBe('posted');
  });

  it('refuses a repayment of a loan not posted yet, and of a closed one', async () => {
    const p = await person('LN-NOBOOK');
    const loan = await documentAt('loan', p.id, '100.00', 'to_post');
    const body = { LoanID: loan.id, Amount: '10.00', Open: '0.00', RepaidOn: shanghaiToday() };
    const res = await t.call('/api/LoanAccount/Repay', body, finance.access_token);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('loans.not_booked');
    const closed = await documentAt('loan', p.id, '100.00', 'closed');
    const again = await t.call('/api/LoanAccount/Repay', { ...body, LoanID: closed.id }, finance.access_token);
    expect(again.json().code).toBe('loans.loan_closed');
  });

  it('cancels a write-off once: the amount is owed again and a reversing voucher is queued', async () => {
    const p = await person('LN-CANCEL');
    const loan = await postedLoan(p.id, '600.00');
    await postedDeputy(p.id, loan.id, '600.00');
    const before = await movements(loan.id);
    expect(before.Account.Balance).toBe('0.00');
    const writeOff = before.Rows.find((r) => r.Kind === 'write_off')!;

    const cancel = (id: number) =>
      t.call('/api/LoanAccount/CancelWriteOff', { MovementID: id, Reason: '报销单冲错借款' }, finance.access_token);
    const res = await cancel(writeOff.ID);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as LoanMovementList;
    expect(after.Account).toMatchObject({ WrittenOff: '0.00', Balance: '600.00' });
    expect(after.Rows.find((r) => r.ID === writeOff.ID)?.Cancelled).toBe(true);
    const reversal = after.Rows.find((r) => r.Kind === 'write_off_cancel')!;
    expect(reversal).toMatchObject({ Amount: '600.00', Note: '报销单冲错借款', VoucherState: 'queued' });
    const entries = await t.ctx.db
      .select()
      .from(accountingEntry)
      .where(eq(accountingEntry.voucherId, reversal.VoucherID!));
    expect(entries.map((e) => [e.side, e.glAccount, e.amount])).toEqual([
      ['D', '122101', '600.00'],
      ['C', '224101', '600.00'],
    ]);

    expect((await cancel(writeOff.ID)).json().code).toBe('loans.write_off_cancelled');
    expect((await cancel(reversal.ID)).json().code).toBe('loans.not_a_write_off');
    expect((await cancel(999_999)).statusCode).toBe(404);
  });

  concurrencyTest('records one of two repayments made at once from the same open balance', async () => {
    const p = await person('LN-REPAY-RACE');
    const loan = await postedLoan(p.id, '100.00');
    const body = { LoanID: loan.id, Amount: '60.00', Open: '100.00', RepaidOn: shanghaiToday() };
    const answers = await Promise.all([1, 2].map(() => t.call('/api/LoanAccount/Repay', body, finance.access_token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await movements(loan.id)).Account).toMatchObject({ Repaid: '60.00', Balance: '40.00' });
  });

  concurrencyTest('cancels a write-off once when two cancels race', async () => {
    const p = await person('LN-RACE');
    const loan = await postedLoan(p.id, '100.00');
    await postedDeputy(p.id, loan.id, '100.00');
    const w = (await movements(loan.id)).Rows.find((r) => r.Kind === 'write_off')!;
    const answers = await Promise.all(
      [1, 2].map(() =>
        t.call('/api/LoanAccount/CancelWriteOff', { MovementID: w.ID, Reason: '并发' }, finance.access_token),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    const cancels = await t.ctx.db
      .select()
      .from(loanBalanceMovement)
      .where(and(eq(loanBalanceMovement.loanId, loan.id), eq(loanBalanceMovement.kind, 'write_off_cancel')));
    expect(cancels).toHaveLength(1);
  });
});

describe('loan accounts', () => {
  it('ages balances in buckets, filters by bucket and overdue, and sums per person', async () => {
    const p = await person('LN-AGE');
    await postedLoan(p.id, '100.00', 10);
    await postedLoan(p.id, '200.00', 45);
    const old = await postedLoan(p.id, '300.00', 200);
    const search = async (body: Record<string, unknown>) => {
      const res = await t.call('/api/LoanAccount/Search', { Keyword: 'LN-AGE', ...body }, finance.access_token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as LoanAccountPage;
    };
    const all = await search({ SortField: 'AgeDays', SortOrder: 'descend' });
    expect(all.Rows.map((r) => [r.Total, r.Bucket, r.Overdue])).toEqual([
      ['300.00', 'd181', true],
      ['200.00', 'd31_60', false],
      ['100.00', 'd0_30', false],
    ]);
    expect(all.Summary.Balance).toBe('600.00');
    expect(all.Summary.Buckets).toEqual([
      { Bucket: 'd0_30', Amount: '100.00', Loans: 1 },
      { Bucket: 'd31_60', Amount: '200.00', Loans: 1 },
      { Bucket: 'd61_90', Amount: '0.00', Loans: 0 },
      { Bucket: 'd91_180', Amount: '0.00', Loans: 0 },
      { Bucket: 'd181', Amount: '300.00', Loans: 1 },
    ]);
    expect((await search({ Bucket: 'd31_60' })).Rows.map((r) => r.Total)).toEqual(['200.00']);
    expect((await search({ OverdueOnly: true })).Rows.map((r) => r.LoanID)).toEqual([old.id]);

    // Repaid in full, a loan leaves the open list but stays with OpenOnly false.
    await t.call(
      '/api/LoanAccount/Repay',
      { LoanID: old.id, Amount: '300.00', Open: '300.00', RepaidOn: shanghaiToday() },
      finance.access_token,
    );
    expect((await search({})).Rows).toHaveLength(2);
    expect((await search({ OpenOnly: false })).Rows).toHaveLength(3);

    const people = await t.call('/api/LoanAccount/SearchEmployee', { Keyword: 'LN-AGE' }, finance.access_token);
    expect(people.statusCode, people.body).toBe(200);
    expect(people.json().Rows).toEqual([
      expect.objectContaining({
        EmployeeID: p.id,
        Loans: 2,
        Balance: '300.00',
        D0_30: '100.00',
        D31_60: '200.00',
        D181: '0.00',
      }),
    ]);

    const exported = await t.call('/api/LoanAccount/Export', { Keyword: 'LN-AGE' }, finance.access_token);
    expect(exported.statusCode).toBe(200);
    const sheet = await sheetOf(exported);
    expect(sheet).toHaveLength(3);
  });

  it('answers 401, 403, 404 and 400 as every call does', async () => {
    const calls = [
      '/api/LoanAccount/Search',
      '/api/LoanAccount/Repay',
      '/api/LoanAccount/CancelWriteOff',
      '/api/LoanPosting/Search',
      '/api/LoanPosting/StartPosting',
      '/api/document/PayedForLoan',
      '/api/document/OnlyAirTicketCompleted',
    ];
    for (const url of calls) {
      expect((await t.call(url, {})).statusCode, url).toBe(401);
      expect((await t.call(url, {}, employeeUser.access_token)).statusCode, url).toBe(403);
      expect((await t.call(url, {}, outsider.access_token)).statusCode, url).toBe(403);
    }
    const bad = await t.call(
      '/api/LoanAccount/Repay',
      { LoanID: 1, Amount: 'abc', Open: '1', RepaidOn: '2026-02-30' },
      finance.access_token,
    );
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['Amount', 'RepaidOn']);

    // Another company's loan is not found, on every call that names one.
    const p = await person('LN-OTHER');
    const foreign = await documentAt('loan', p.id, '100.00', 'posted', { companyId: 2 });
    expect((await t.call('/api/LoanAccount/Movements', { LoanID: foreign.id }, finance.access_token)).statusCode).toBe(
      404,
    );
    const repay = { LoanID: foreign.id, Amount: '1.00', Open: '0.00', RepaidOn: shanghaiToday() };
    expect((await t.call('/api/LoanAccount/Repay', repay, finance.access_token)).statusCode).toBe(404);
    const mark = await t.call(
      '/api/document/PayedForLoan',
      { ID: foreign.id, Version: foreign.version },
      finance.access_token,
    );
    expect(mark.statusCode).toBe(404);
    const batch = await t.call('/api/LoanPosting/StartPosting', { IDs: [foreign.id] }, finance.access_token);
    // Reported without its number: the report does not tell another company's documents.
    expect(batch.json().Skipped).toEqual([expect.objectContaining({ ID: foreign.id, DocNo: null })]);
  });
});

describe('paid marks and completion without payment', () => {
  it('marks a posted loan and a posted deputy paid, at the version the screen saw', async () => {
    const p = await person('LN-MARK');
    const loan = await postedLoan(p.id, '100.00');
    const seen = await t.call('/api/document/SearchLoanDetail', { ID: loan.id }, finance.access_token);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().AllowedActions).toContain('mark_paid');
    const version = seen.json().Version as number;
    expect(
      (await t.call('/api/document/PayedForLoan', { ID: loan.id, Version: version - 1 }, finance.access_token))
        .statusCode,
    ).toBe(409);
    // The deputy's call does not take a loan.
    expect(
      (await t.call('/api/document/PayedForDeputy', { ID: loan.id, Version: version }, finance.access_token))
        .statusCode,
    ).toBe(404);
    const paid = await t.call('/api/document/PayedForLoan', { ID: loan.id, Version: version }, finance.access_token);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ Status: 'paid' });
    const again = await t.call(
      '/api/document/PayedForLoan',
      { ID: loan.id, Version: version + 1 },
      finance.access_token,
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('document.action_not_allowed');

    const deputy = await documentAt('deputy', p.id, '50.00', 'remitting');
    const d = await t.call(
      '/api/document/PayedForDeputy',
      { ID: deputy.id, Version: deputy.version },
      finance.access_token,
    );
    expect(d.statusCode, d.body).toBe(200);
    expect((await docOf(deputy.id)).status).toBe('paid');
  });

  it('closes a posted deputy with nothing to pay, and refuses one that pays its applicant', async () => {
    const p = await person('LN-AIR');
    const [air] = await t.ctx.db
      .insert(expenseItem)
      .values({ companyId: 1, code: 'T-AIR', nameZh: '机票', nameEn: 'Air ticket', category: 'air_ticket' })
      .returning();
    const [hotel] = await t.ctx.db
      .insert(expenseItem)
      .values({ companyId: 1, code: 'T-HOTEL-L', nameZh: '住宿', nameEn: 'Hotel', category: 'travel' })
      .returning();
    const withLine = async (itemId: number) => {
      const d = await documentAt('deputy', p.id, '900.00', 'posted');
      await t.ctx.db
        .insert(expenseLine)
        .values({ documentId: d.id, lineNo: 1, expenseItemId: itemId, amount: '900.00', amountCny: '900.00' });
      return d;
    };
    const complete = (d: { id: number; version: number }) =>
      t.call('/api/document/OnlyAirTicketCompleted', { ID: d.id, Version: d.version }, finance.access_token);

    const tickets = await withLine(air!.id);
    const done = await complete(tickets);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().Status).toBe('closed');

    const hotelStay = await withLine(hotel!.id);
    const refused = await complete(hotelStay);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('loans.something_to_pay');

    // Fully offset against a loan, the same stay has nothing left to pay.
    const loan = await postedLoan(p.id, '900.00');
    await t.ctx.db.insert(documentLoanLink).values({ documentId: hotelStay.id, loanId: loan.id, amount: '900.00' });
    expect((await complete(hotelStay)).statusCode).toBe(200);

    // A loan is never completed this way.
    expect((await complete(loan)).statusCode).toBe(404);
  });
});

describe('the overdue freeze', () => {
  it('counts repayments: a person who repaid an overdue loan is neither listed nor frozen', async () => {
    const p = await person('LN-FRZ');
    const loan = await postedLoan(p.id, '400.00', 150);
    const listed = async () =>
      (await t.call('/api/OverdueFreeze/Search', { Keyword: 'LN-FRZ' }, finance.access_token)).json().Rows;
    expect(await listed()).toEqual([expect.objectContaining({ OpenBalance: '400.00', OverdueLoans: 1 })]);
    await t.call(
      '/api/LoanAccount/Repay',
      { LoanID: loan.id, Amount: '150.00', Open: '400.00', RepaidOn: shanghaiToday() },
      finance.access_token,
    );
    expect(await listed()).toEqual([expect.objectContaining({ OpenBalance: '250.00' })]);
    // The person's loan list counts the repayment as settled.
    const loanList = await t.call('/api/OverdueFreeze/SearchLoanList', { EmployeeID: p.id }, finance.access_token);
    expect(loanList.json().Rows).toEqual([expect.objectContaining({ WrittenOff: '150.00', Balance: '250.00' })]);
    await t.call(
      '/api/LoanAccount/Repay',
      { LoanID: loan.id, Amount: '250.00', Open: '250.00', RepaidOn: shanghaiToday() },
      finance.access_token,
    );
    expect(await listed()).toEqual([]);
    await runNightlyFreeze(t.ctx.db);
    expect((await t.ctx.db.select().from(employee).where(eq(employee.id, p.id)))[0]!.status).toBe('active');
  });
});
