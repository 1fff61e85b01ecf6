import { randomBytes } from 'node:crypto';
import { addMoney } from '@ems/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { withoutRoles } from '../../../test/documents';
import { postedDocument } from '../../../test/remittance';
import { addDays, shanghaiToday } from '../../core/time';
import { document } from '../documents/document.table';
import { remittanceItem, remittanceRun } from '../finance/remit/remit.table';
import { documentReturn } from '../finance/review/review.table';
import { approvalStep } from '../workflow/approval/approval.table';

/** `/api/Home/GetMyMoney`: a claimant's loans falling due and this month's payments on the home page. */
let t: TestApp;
let employee: string;
let employeeId: number;
beforeAll(async () => {
  t = await testApp();
  const [login] = await t.logins('employee');
  employee = login!.access_token;
  employeeId = login!.UserID;
});
afterAll(() => t.close());

const money = async (token = employee) => {
  const res = await t.call('/api/Home/GetMyMoney', {}, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** An approved loan of the employee the borrower will repay by `repayBy`. */
async function loan(total: string, repayBy: string) {
  await t.ctx.db.insert(document).values({
    companyId: 1,
    docType: 'loan',
    docNo: `LH${randomBytes(5).toString('hex')}`,
    applicantId: employeeId,
    preparerId: employeeId,
    status: 'approved',
    totalAmount: total,
    totalAmountCny: total,
    approvedAt: new Date(),
    repayBy,
  });
}

describe("the home page's money", () => {
  it('counts the loans overdue or falling due within the reminders, with what is left and the next due date', async () => {
    const before = (await money()).LoansDue;
    const today = shanghaiToday();
    await loan('1000.00', addDays(today, 2));
    // Far off: not yet falling due.
    await loan('500.00', addDays(today, 200));
    const after = (await money()).LoansDue;
    expect(after.Count).toBe(before.Count + 1);
    expect(after.Balance).toBe(addMoney(before.Balance, '1000.00'));
    expect(after.NextDue <= addDays(today, 2)).toBe(true);
  });

  it("sums this month's payments gross, deducted and net, and leaves earlier months out", async () => {
    const before = (await money()).PaidThisMonth.find((r: { Currency: string }) => r.Currency === 'CNY');
    const d = await postedDocument(t, employeeId, '800.00');
    const old = await postedDocument(t, employeeId, '300.00');
    const [run] = await t.ctx.db
      .insert(remittanceRun)
      .values({
        companyId: 1,
        paymentMethod: 'transfer',
        creditingDate: shanghaiToday(),
        auditMethod: 'payee',
        step: 'done',
      })
      .returning();
    const item = (documentId: number, amount: string, deducted: string, paidAt: Date) => ({
      runId: run!.id,
      documentId,
      payeeKind: 'employee' as const,
      employeeId,
      payeeName: '张伟',
      amount,
      deducted,
      paidAt,
      bankStatus: 'paid' as const,
    });
    await t.ctx.db
      .insert(remittanceItem)
      .values([
        item(d.id, '750.00', '50.00', new Date()),
        item(old.id, '300.00', '0.00', new Date(Date.now() - 40 * 86_400_000)),
      ]);
    const cny = (await money()).PaidThisMonth.find((r: { Currency: string }) => r.Currency === 'CNY');
    expect(cny).toEqual({
      Currency: 'CNY',
      Count: (before?.Count ?? 0) + 1,
      Net: addMoney(before?.Net ?? '0', '750.00'),
      Deducted: addMoney(before?.Deducted ?? '0', '50.00'),
      Gross: addMoney(before?.Gross ?? '0', '800.00'),
    });
  });

  it("is a claimant's call: one without the personal expense centre is refused", async () => {
    await withoutRoles(t, 'compliance');
    const [outsider] = await t.logins('compliance');
    expect((await t.call('/api/Home/GetMyMoney', {}, outsider!.access_token)).statusCode).toBe(403);
  });

  it("counts the finance centre's queues of the company, for finance only", async () => {
    const [finance] = await t.logins('finance');
    const queues = async () => {
      const res = await t.call('/api/Home/GetFinanceQueues', {}, finance!.access_token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const before = await queues();
    const doc = (status: 'held' | 'post_failed' | 'received') => ({
      companyId: 1,
      docType: 'deputy' as const,
      docNo: `DQ${randomBytes(5).toString('hex')}`,
      applicantId: employeeId,
      preparerId: employeeId,
      status,
      totalAmount: '10.00',
      totalAmountCny: '10.00',
    });
    await t.ctx.db.insert(document).values([doc('held'), doc('post_failed'), doc('post_failed'), doc('received')]);
    // Another company's document is not this one's queue.
    await t.ctx.db.insert(document).values({ ...doc('post_failed'), companyId: 2 });
    expect(await queues()).toEqual({
      ...before,
      Held: before.Held + 1,
      PostFailed: before.PostFailed + 2,
      ToReview: before.ToReview + 1,
    });
    expect((await t.call('/api/Home/GetFinanceQueues', {}, employee)).statusCode).toBe(403);
  });

  it('counts the documents finance sent back that are still with their claimants, as the returns centre lists them', async () => {
    const [finance] = await t.logins('finance');
    const queues = async () => (await t.call('/api/Home/GetFinanceQueues', {}, finance!.access_token)).json();
    const openSlips = async () =>
      (await t.call('/api/ReturnDocumentsCenter/Search', { View: 'open' }, finance!.access_token)).json().Total;
    const before = await queues();
    expect(before.ChargedBack).toBe(await openSlips());
    /** A document in `status` with a return slip in `state`. */
    const sentBack = async (status: 'returned' | 'approving', state: 'open' | 're_received', companyId = 1) => {
      const [d] = await t.ctx.db
        .insert(document)
        .values({
          companyId,
          docType: 'deputy',
          docNo: `DR${randomBytes(5).toString('hex')}`,
          applicantId: employeeId,
          preparerId: employeeId,
          status,
          totalAmount: '10.00',
          totalAmountCny: '10.00',
        })
        .returning();
      await t.ctx.db
        .insert(documentReturn)
        .values({ companyId, documentId: d!.id, source: 'chargeback', versionAfter: d!.version, state });
    };
    await sentBack('returned', 'open');
    await sentBack('returned', 'open');
    // Resubmitted by its owner since, its paper received again, another company's: not with the claimant here.
    await sentBack('approving', 'open');
    await sentBack('returned', 're_received');
    await sentBack('returned', 'open', 2);
    const after = await queues();
    expect(after).toEqual({ ...before, ChargedBack: before.ChargedBack + 2 });
    expect(after.ChargedBack).toBe(await openSlips());
  });

  it('says how many of the documents waiting for an approver have waited past the overdue days', async () => {
    const [manager] = await t.logins('manager');
    const pending = async () => (await t.call('/api/ApproveCenter/QueryPending', {}, manager!.access_token)).json();
    const before = await pending();
    // Two documents waiting for the manager: one since a month (the demo's overdue limit is days), one since now.
    for (const since of [new Date(Date.now() - 30 * 86_400_000), new Date()]) {
      const [d] = await t.ctx.db
        .insert(document)
        .values({
          companyId: 1,
          docType: 'deputy',
          docNo: `DP${randomBytes(5).toString('hex')}`,
          applicantId: employeeId,
          preparerId: employeeId,
          status: 'approving',
          totalAmount: '10.00',
          totalAmountCny: '10.00',
          round: 1,
        })
        .returning();
      await t.ctx.db.insert(approvalStep).values({
        documentId: d!.id,
        round: 1,
        seq: 1,
        stepKind: 'line_manager',
        approverId: manager!.UserID,
        status: 'pending',
        pendingSince: since,
        reasonKey: 'workflow.reason.lineManager',
        nameZh: '直属经理',
        nameEn: 'Line manager',
        documentCreatedAt: d!.createdAt,
      });
    }
    expect(await pending()).toEqual({ Count: before.Count + 2, Overdue: before.Overdue + 1 });
  });
});
