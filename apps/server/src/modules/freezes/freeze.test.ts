import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { concurrencyTest } from '../../../test/concurrency';
import { type Masters, type Session, saveApply, saveDeputy, withoutRoles } from '../../../test/documents';
import { documentMasters } from '../../../test/factories';
import { eventually } from '../../../test/jobs';
import { createBoss, startScheduled } from '../../core/jobs';
import { addDays, shanghaiToday } from '../../core/time';
import { auditLog } from '../audit/audit.table';
import { document, documentLoanLink } from '../documents/document.table';
import { mailOutbox } from '../notify/notify.table';
import { employee, employeeStatusHistory } from '../org/org.table';
import { freezeJob, runLoanReminders, runNightlyFreeze } from './freeze.service';

const DAY = 86_400_000;
let t: TestApp;
let m: Masters;
let finance: Session;
let employeeUser: Session;
let auditor: Session;
let outsider: Session;

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  [finance, employeeUser, auditor, outsider] = await t.logins('finance', 'employee', 'auditor', 'compliance');
  await withoutRoles(t, 'compliance');
});
afterAll(() => t.close());

/**
 * An approved loan of the person, approved `daysAgo` days before `now`, made directly in the database; with `repayBy`
 * the date its borrower set.
 */
async function approvedLoan(applicantId: number, total: string, daysAgo: number, now = new Date(), repayBy?: string) {
  const [row] = await t.ctx.db
    .insert(document)
    .values({
      companyId: 1,
      docType: 'loan',
      docNo: `LT${randomBytes(5).toString('hex')}`,
      applicantId,
      preparerId: applicantId,
      status: 'approved',
      totalAmount: total,
      totalAmountCny: total,
      reason: '测试借款',
      approvedAt: new Date(now.getTime() - daysAgo * DAY),
      repayBy: repayBy ?? null,
    })
    .returning();
  return row!;
}

/** A deputy past draft that writes `amount` of the loan off. */
async function writeOff(loanId: number, applicantId: number, amount: string) {
  const [d] = await t.ctx.db
    .insert(document)
    .values({
      companyId: 1,
      docType: 'deputy',
      docNo: `DT${randomBytes(5).toString('hex')}`,
      applicantId,
      preparerId: applicantId,
      status: 'approving',
      totalAmount: amount,
      totalAmountCny: amount,
    })
    .returning();
  await t.ctx.db.insert(documentLoanLink).values({ documentId: d!.id, loanId, amount });
}

/** A person of company 1 without a sign-in, for the job and the races. */
async function person(code: string) {
  const [row] = await t.ctx.db
    .insert(employee)
    .values({ companyId: 1, code, nameZh: `测试${code}`, nameEn: `Test ${code}` })
    .returning();
  return row!;
}

async function state(id: number) {
  const [row] = await t.ctx.db.select().from(employee).where(eq(employee.id, id));
  return row!;
}

async function historyOf(id: number) {
  return t.ctx.db.select().from(employeeStatusHistory).where(eq(employeeStatusHistory.employeeId, id));
}

const freeze = async (screen: string, id: number, reason = '借款逾期未还', token = finance.access_token) =>
  t.call(
    `/api/${screen}/${screen === 'OverdueThaw' ? 'ThawEmployee' : 'FreezeEmployee'}`,
    { EmployeeID: id, Version: (await state(id)).version, Reason: reason },
    token,
  );

describe('the freeze lists', () => {
  it('show the demo person the nightly job froze for a loan four months overdue', async () => {
    const res = await t.call('/api/OverdueThaw/Search', {}, finance.access_token);
    expect(res.statusCode, res.body).toBe(200);
    const demo = (res.json() as { Rows: { EmployeeID: number; OverdueLoans: number; OpenBalance: string }[] }).Rows;
    expect(demo).toContainEqual(expect.objectContaining({ OverdueLoans: 1, OpenBalance: '6000.00' }));
    const history = await t.call('/api/OverdueThaw/SearchHistory', {}, finance.access_token);
    expect(history.json().Rows).toContainEqual(expect.objectContaining({ Action: 'freeze', ActorName: null }));
  });

  it('lists on OverdueFreeze the active people with an overdue loan, with balances after write-offs', async () => {
    const p = await person('FZ-LIST');
    const loan = await approvedLoan(p.id, '1000.00', 120);
    await approvedLoan(p.id, '300.00', 10);
    await writeOff(loan.id, p.id, '250.00');
    const res = await t.call('/api/OverdueFreeze/Search', { Keyword: 'FZ-LIST' }, finance.access_token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      Total: 1,
      Rows: [{ Code: 'FZ-LIST', Status: 'active', OpenLoans: 2, OpenBalance: '1050.00', OverdueLoans: 1 }],
    });
    const loans = await t.call('/api/OverdueFreeze/SearchLoanList', { EmployeeID: p.id }, finance.access_token);
    expect(loans.json()).toMatchObject({
      Balance: '1050.00',
      Rows: [
        { DocNo: loan.docNo, Total: '1000.00', WrittenOff: '250.00', Balance: '750.00', Overdue: true },
        { Total: '300.00', WrittenOff: '0.00', Balance: '300.00', Overdue: false },
      ],
    });
    // Not overdue: only the resignation screen, which lists everyone still working, shows the person without loans.
    const q = await person('FZ-NOLOAN');
    const none = await t.call('/api/OverdueFreeze/Search', { Keyword: 'FZ-NOLOAN' }, finance.access_token);
    expect(none.json()).toMatchObject({ Total: 0 });
    const hr = await t.call('/api/ResignationFreeze/Search', { Keyword: 'FZ-NOLOAN' }, finance.access_token);
    expect(hr.json()).toMatchObject({ Total: 1, Rows: [{ EmployeeID: q.id, OpenLoans: 0, OpenBalance: '0.00' }] });
    const withLoans = await t.call(
      '/api/ResignationFreeze/Search',
      { Keyword: 'FZ-NOLOAN', HasOpenLoans: true },
      finance.access_token,
    );
    expect(withLoans.json()).toMatchObject({ Total: 0 });
  });

  it('exports the list as Excel', async () => {
    const res = await t.call('/api/ResignationFreeze/Export', { Keyword: 'FZ-' }, finance.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });

  it('refuses bad input with field errors and people without the screen', async () => {
    const bad = await t.call('/api/OverdueThaw/Search', { PageSize: 0 }, finance.access_token);
    expect(bad.statusCode).toBe(400);
    const noReason = await t.call(
      '/api/OverdueFreeze/FreezeEmployee',
      { EmployeeID: 1, Version: 1, Reason: '  ' },
      finance.access_token,
    );
    expect(noReason.statusCode).toBe(400);
    for (const url of ['/api/OverdueFreeze/Search', '/api/OverdueThaw/SearchHistory', '/api/ResignationFreeze/Search'])
      expect((await t.call(url, {}, outsider.access_token)).statusCode, url).toBe(403);
    const loans = await t.call('/api/OverdueThaw/SearchLoanList', { EmployeeID: 999_999 }, finance.access_token);
    expect(loans.statusCode).toBe(404);
  });
});

describe('overdue freeze and thaw', () => {
  it('freezes, refuses applies but not reimbursements, and thaws again, each kept in the history', async () => {
    const id = employeeUser.UserID;
    const refusedNoLoan = await freeze('OverdueFreeze', id);
    expect(refusedNoLoan.statusCode).toBe(422);
    expect(refusedNoLoan.json().code).toBe('freeze.no_overdue_loan');
    expect((await freeze('OverdueThaw', id)).json().code).toBe('freeze.not_overdue_frozen');

    await approvedLoan(id, '2000.00', 100);
    const stale = await t.call(
      '/api/OverdueFreeze/FreezeEmployee',
      { EmployeeID: id, Version: (await state(id)).version - 1, Reason: '逾期' },
      finance.access_token,
    );
    expect(stale.statusCode).toBe(409);
    const frozen = await freeze('OverdueFreeze', id, '借款逾期 100 天');
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(frozen.json()).toMatchObject({ EmployeeID: id, Status: 'overdue_frozen' });
    expect((await freeze('OverdueFreeze', id)).json().code).toBe('freeze.not_active');

    const apply = await saveApply(t, m, employeeUser.access_token);
    const sent = await t.act('/api/DocumentSubmit/SubmitApply', apply.ID, employeeUser.access_token);
    expect(sent.statusCode).toBe(422);
    expect(sent.json().code).toBe('document.applicant_overdue_frozen');
    const deputy = await saveDeputy(t, m, employeeUser.access_token);
    const claim = await t.act('/api/DocumentSubmit/SubmitDeputy', deputy.ID, employeeUser.access_token);
    expect(claim.json().code).not.toBe('document.applicant_overdue_frozen');

    const thawed = await freeze('OverdueThaw', id, '已承诺本月还款');
    expect(thawed.json()).toMatchObject({ Status: 'active' });
    const history = await t.call('/api/OverdueThaw/SearchHistory', { EmployeeID: id }, finance.access_token);
    expect(history.json()).toMatchObject({
      Total: 2,
      Rows: [
        { Action: 'thaw', Kind: 'overdue', Reason: '已承诺本月还款', ActorName: '王芳', ToStatus: 'active' },
        { Action: 'freeze', Reason: '借款逾期 100 天', FromStatus: 'active', ToStatus: 'overdue_frozen' },
      ],
    });
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'employee'), eq(auditLog.entityId, String(id))));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['freeze', 'thaw']));
    const again = await t.act('/api/DocumentSubmit/SubmitApply', apply.ID, employeeUser.access_token);
    expect(again.json().code).not.toBe('document.applicant_overdue_frozen');
  });
});

describe('resignation freeze', () => {
  it('freezes a person who is leaving; every document of theirs is refused; twice is refused', async () => {
    const id = auditor.UserID;
    await m.permit(id, m.own.id);
    const deputy = await saveDeputy(t, m, auditor.access_token);
    const frozen = await freeze('ResignationFreeze', id, '已提交离职申请');
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(frozen.json()).toMatchObject({ Status: 'resignation_frozen' });
    const claim = await t.act('/api/DocumentSubmit/SubmitDeputy', deputy.ID, auditor.access_token);
    expect(claim.statusCode).toBe(422);
    expect(claim.json().code).toBe('document.applicant_resignation_frozen');
    expect((await freeze('ResignationFreeze', id)).json().code).toBe('freeze.already_resignation_frozen');
    // An overdue thaw does not lift a resignation freeze.
    expect((await freeze('OverdueThaw', id)).json().code).toBe('freeze.not_overdue_frozen');
    const history = await t.call('/api/ResignationFreeze/SearchHistory', { EmployeeID: id }, finance.access_token);
    expect(history.json()).toMatchObject({ Total: 1, Rows: [{ Kind: 'resignation', Action: 'freeze' }] });
  });

  it('refuses to freeze someone who has left', async () => {
    const p = await person('FZ-LEFT');
    await t.ctx.db.update(employee).set({ status: 'left' }).where(eq(employee.id, p.id));
    expect((await freeze('ResignationFreeze', p.id)).json().code).toBe('freeze.employee_left');
  });
});

/** The notices written to the person, oldest first, with what the mail says. */
async function noticesTo(employeeId: number) {
  return t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toEmployeeId, employeeId)).orderBy(mailOutbox.id);
}

describe('loan reminders', () => {
  it('reminds the borrower once before the due day, warns once on it, and tells them once frozen', async () => {
    const now = new Date();
    const p = await person('FZ-REMIND');
    // Due in 5 days (approved 85 of the 90 days ago), and one due today.
    const soon = await approvedLoan(p.id, '800.00', 85, now);
    const last = await approvedLoan(p.id, '300.00', 90, now);
    const far = await approvedLoan(p.id, '100.00', 10, now);
    await writeOff(soon.id, p.id, '200.00');

    expect(await runLoanReminders(t.ctx.db, { now })).toBeGreaterThanOrEqual(2);
    const mine = await noticesTo(p.id);
    expect(mine.map((n) => [n.template, n.documentId])).toEqual([
      ['freeze.mail.loanDue', soon.id],
      ['freeze.mail.freezeWarning', last.id],
    ]);
    expect(JSON.parse(mine[0]!.params)).toMatchObject({ docNo: soon.docNo, balance: '600.00', currency: 'CNY' });
    expect(mine[0]).toMatchObject({ amount: '600.00', currency: 'CNY' });
    expect(mine.some((n) => n.documentId === far.id)).toBe(false);
    // Run again the same day, or the next: nothing more for the same loans and due dates.
    await runLoanReminders(t.ctx.db, { now });
    await runLoanReminders(t.ctx.db, { now: new Date(now.getTime() + DAY / 2) });
    expect(await noticesTo(p.id)).toHaveLength(2);

    // The night after the due day the job freezes them, and says so.
    await runNightlyFreeze(t.ctx.db, { now: new Date(now.getTime() + DAY) });
    const frozen = (await noticesTo(p.id)).at(-1)!;
    expect(frozen.template).toBe('freeze.mail.frozen');
    // It opens the person's loans.
    expect(frozen.link).toBe('/manage/personalExpense?DocType=loan');
    expect(JSON.parse(frozen.params).loans).toContain(last.docNo);
  });
});

describe('a loan’s own repayment date', () => {
  it('is its due date: reminded before it, frozen after it, whatever the company’s overdue days say', async () => {
    const now = new Date();
    const today = shanghaiToday(now);
    const p = await person('FZ-REPAY');
    // Approved 10 days ago (the company's 90 days leave 80), but to be repaid in 3 days.
    const early = await approvedLoan(p.id, '500.00', 10, now, addDays(today, 3));
    // Approved 85 days ago (due in 5 by the company's days), but to be repaid in 30: no reminder yet.
    const late = await approvedLoan(p.id, '700.00', 85, now, addDays(today, 30));

    await runLoanReminders(t.ctx.db, { now });
    const mine = await noticesTo(p.id);
    expect(mine.map((n) => [n.template, n.documentId])).toEqual([['freeze.mail.loanDue', early.id]]);
    expect(JSON.parse(mine[0]!.params)).toMatchObject({ docNo: early.docNo, due: addDays(today, 3) });

    // The freeze lists show the loan's own date; the night after it the job freezes them, for that loan alone.
    const loans = await t.call('/api/OverdueFreeze/SearchLoanList', { EmployeeID: p.id }, finance.access_token);
    expect(loans.statusCode, loans.body).toBe(200);
    const due = Object.fromEntries(
      loans.json().Rows.map((r: { DocNo: string; DueDate: string }) => [r.DocNo, r.DueDate]),
    );
    expect(due).toEqual({ [early.docNo]: addDays(today, 3), [late.docNo]: addDays(today, 30) });
    await runNightlyFreeze(t.ctx.db, { now: new Date(now.getTime() + 3 * DAY) });
    expect((await state(p.id)).status).toBe('active');
    await runNightlyFreeze(t.ctx.db, { now: new Date(now.getTime() + 4 * DAY) });
    expect((await state(p.id)).status).toBe('overdue_frozen');
    expect((await historyOf(p.id))[0]).toMatchObject({ reason: early.docNo });
  });

  it('is set on the loan form: from today to a year ahead, kept on the loan, ignored on other documents', async () => {
    const save = (path: string, body: Record<string, unknown>) =>
      t.call(path, { CostCenterID: m.own.id, Reason: '备用金', Lines: [], ...body }, employeeUser.access_token);
    const today = shanghaiToday();
    const past = await save('/api/document/SaveLoanDetail', { RepayBy: addDays(today, -1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0]).toMatchObject({ field: 'RepayBy', code: 'document.repay_by_past' });
    const far = await save('/api/document/SaveLoanDetail', { RepayBy: addDays(today, 400) });
    expect(far.json().errors[0]).toMatchObject({ field: 'RepayBy', code: 'document.repay_by_too_far' });
    expect(far.json().errors[0].message).toContain(addDays(today, 366));
    const saved = await save('/api/document/SaveLoanDetail', { RepayBy: addDays(today, 45) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ DocType: 'loan', RepayBy: addDays(today, 45) });
    const cleared = await save('/api/document/SaveLoanDetail', {
      ID: saved.json().ID,
      Version: saved.json().Version,
      RepayBy: null,
    });
    expect(cleared.json()).toMatchObject({ RepayBy: null });
    const deputy = await saveDeputy(t, m, employeeUser.access_token, '10.00', { RepayBy: addDays(today, 45) });
    expect(deputy).toMatchObject({ RepayBy: null });
  });
});

describe('the nightly job', () => {
  it('freezes people whose loans fall overdue on the day it runs, once, and leaves a recent thaw alone', async () => {
    const now = new Date();
    const p = await person('FZ-JOB');
    const loan = await approvedLoan(p.id, '500.00', 60, now);
    const paid = await person('FZ-JOB-PAID');
    const settled = await approvedLoan(paid.id, '500.00', 200, now);
    await writeOff(settled.id, paid.id, '500.00');

    await runNightlyFreeze(t.ctx.db, { now });
    expect((await state(p.id)).status).toBe('active');

    const later = new Date(now.getTime() + 40 * DAY);
    expect(await runNightlyFreeze(t.ctx.db, { now: later })).toBeGreaterThanOrEqual(1);
    expect((await state(p.id)).status).toBe('overdue_frozen');
    expect((await state(paid.id)).status).toBe('active');
    const [row] = await historyOf(p.id);
    expect(row).toMatchObject({ toStatus: 'overdue_frozen', actorId: null, reason: loan.docNo });

    // Idempotent: run again, nothing more.
    await runNightlyFreeze(t.ctx.db, { now: later });
    expect(await historyOf(p.id)).toHaveLength(1);

    // Thawed by finance: left alone for the overdue days, frozen again after them.
    expect((await freeze('OverdueThaw', p.id, '已安排还款')).statusCode).toBe(200);
    await runNightlyFreeze(t.ctx.db, { now: later });
    expect((await state(p.id)).status).toBe('active');
    await runNightlyFreeze(t.ctx.db, { now: new Date(Date.now() + 91 * DAY) });
    expect((await state(p.id)).status).toBe('overdue_frozen');
    const history = await t.call('/api/OverdueFreeze/SearchHistory', { EmployeeID: p.id }, finance.access_token);
    expect(
      history.json().Rows.map((r: { Action: string; ActorName: string | null }) => [r.Action, r.ActorName]),
    ).toEqual([
      ['freeze', null],
      ['thaw', '王芳'],
      ['freeze', null],
    ]);
  });
});

describe('the nightly schedule', () => {
  it('is kept in the job queue for 01:30 Shanghai time, and a run of its queue freezes', async () => {
    const boss = await createBoss(t.ctx.database, t.ctx.config.databaseUrl);
    await boss.start();
    try {
      const logged: object[] = [];
      await startScheduled(boss, [freezeJob(t.ctx.db, { info: (o) => logged.push(o) })]);
      expect(await boss.getSchedules()).toContainEqual(
        expect.objectContaining({
          name: 'freeze-overdue',
          cron: '30 1 * * *',
          options: expect.objectContaining({ tz: 'Asia/Shanghai' }),
        }),
      );
      const p = await person('FZ-QUEUE');
      await approvedLoan(p.id, '700.00', 200);
      await boss.send('freeze-overdue', {});
      await eventually(async () => expect((await state(p.id)).status).toBe('overdue_frozen'));
      await eventually(() => expect(logged).toContainEqual({ frozen: 1 }));
    } finally {
      await boss.stop({ graceful: true, timeout: 5_000 });
    }
  });
});

describe('races', () => {
  concurrencyTest('two freezes of one person at once: one wins, one history row', async () => {
    const p = await person('FZ-RACE');
    await approvedLoan(p.id, '800.00', 120);
    const version = (await state(p.id)).version;
    const body = { EmployeeID: p.id, Version: version, Reason: '同时冻结' };
    const results = await Promise.all([
      t.call('/api/OverdueFreeze/FreezeEmployee', body, finance.access_token),
      t.call('/api/ResignationFreeze/FreezeEmployee', body, finance.access_token),
      t.call('/api/OverdueFreeze/FreezeEmployee', body, finance.access_token),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await historyOf(p.id)).toHaveLength(1);
  });

  concurrencyTest('the nightly job and a manual freeze at once write one history row', async () => {
    const p = await person('FZ-RACE-JOB');
    await approvedLoan(p.id, '800.00', 120);
    const [manual] = await Promise.all([freeze('OverdueFreeze', p.id), runNightlyFreeze(t.ctx.db)]);
    expect([200, 409, 422]).toContain(manual.statusCode);
    expect(await historyOf(p.id)).toHaveLength(1);
    expect((await state(p.id)).status).toBe('overdue_frozen');
  });
});
