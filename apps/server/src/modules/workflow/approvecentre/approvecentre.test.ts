import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { grantProxyToday, type Masters, type Session, saveWorkflow, withoutRoles } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { shanghaiToday } from '../../../core/time';
import { applyBlock } from '../../documents/applies/applies.table';
import { document } from '../../documents/document.table';
import { statusHistory } from '../../documents/lifecycle/lifecycle.table';
import { costCentreHead } from '../../masterdata/costcentre.table';
import { expenseItem } from '../../masterdata/expense.table';
import { mailJob } from '../../notify/notify.service';
import { mailOutbox } from '../../notify/notify.table';
import { employeeRoleTeam, role } from '../../org/org.table';
import { approvalStep } from '../approval/approval.table';
import { runApprovalReminders } from './reminder.service';

let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let admin: Session;
let finance: Session;
/** Signed in without any role: holds no function. */
let plain: Session;
const today = shanghaiToday();
const DAY = 86_400_000;

beforeAll(async () => {
  t = await testApp({ PUBLIC_URL: 'https://ems.example.cn' });
  m = await documentMasters(t.ctx.db);
  await withoutRoles(t, 'compliance');
  [employee, manager, admin, finance, plain] = await t.logins('employee', 'manager', 'admin', 'finance', 'compliance');
  await t.ctx.db.insert(costCentreHead).values({ costCentreId: m.own.id, employeeId: finance.UserID, seq: 1 });
  for (const [code, docType] of [
    ['DEPUTY-CC', 'deputy'],
    ['APPLY-LM', 'apply'],
  ] as const) {
    await saveWorkflow(t, admin.access_token, { Code: code, DocType: docType, NameZH: '审批', NameEN: 'Approval' }, [
      { Seq: 1, StepKind: 'line_manager', NameZH: '直属经理', NameEN: 'Line manager' },
      ...(docType === 'deputy'
        ? [{ Seq: 2, StepKind: 'cost_centre_head', NameZH: '成本中心负责人', NameEN: 'Cost-centre head' }]
        : []),
    ]);
  }
});
afterAll(() => t.close());

async function submitted(docType: 'deputy' | 'apply' = 'deputy') {
  const [save, submit, type, item] =
    docType === 'deputy'
      ? ['SaveDeputyDetail', 'SubmitDeputy', m.type.id, m.hotel.id]
      : ['SavePlanDetail', 'SubmitApply', m.applyType.id, m.meal.id];
  const d = await t.call(
    `/api/document/${save}`,
    {
      ExpenseTypeID: type,
      CostCenterID: m.own.id,
      Reason: '会议',
      Lines: [{ ExpenseItemID: item, ExpenseDate: today, Amount: '300.00' }],
    },
    employee.access_token,
  );
  expect(d.statusCode).toBe(200);
  const s = await t.call(
    `/api/DocumentSubmit/${submit}`,
    { ID: d.json().ID, Version: d.json().Version },
    employee.access_token,
  );
  expect(s.json().Status).toBe('approving');
  return s.json() as { ID: number; DocNo: string; Version: number };
}

describe('overdue approval reminders', () => {
  it('sends each approver one digest a day naming their overdue documents with links, which open after sign-in', async () => {
    const late = await submitted();
    const fresh = await submitted();
    await t.ctx.db
      .update(approvalStep)
      .set({ pendingSince: new Date(Date.now() - 5 * DAY) })
      .where(eq(approvalStep.documentId, late.ID));
    const before = await t.ctx.db.select({ id: mailOutbox.id }).from(mailOutbox);
    expect(await runApprovalReminders(t.ctx.db)).toBeGreaterThanOrEqual(1);
    const written = (await t.ctx.db.select().from(mailOutbox)).filter((n) => !before.some((b) => b.id === n.id));
    const digest = written.find((n) => n.toEmployeeId === manager.UserID)!;
    expect(digest).toMatchObject({
      template: 'workflow.mail.overdueDigest',
      documentId: null,
      link: '/manage/approveCenter',
    });
    const lines = (
      JSON.parse(digest.params) as { lines: { params: { docNo: string; amount: string }; link: string }[] }
    ).lines;
    expect(lines.map((i) => i.params.docNo)).toContain(late.DocNo);
    expect(lines.map((i) => i.params.docNo)).not.toContain(fresh.DocNo);
    expect(lines.find((i) => i.params.docNo === late.DocNo)).toMatchObject({
      params: { amount: '300.00' },
      link: `/manage/document/view/${late.ID}`,
    });
    // Once a day: a second run writes nothing.
    expect(await runApprovalReminders(t.ctx.db)).toBe(0);

    // The mail, in the approver's language, names the document and its link.
    const sent: { text: string; subject: string }[] = [];
    await mailJob(t.ctx, { send: async (message) => void sent.push(message) })(
      { mailId: digest.id },
      { last: false, requestId: null },
    );
    expect(sent[0]!.subject).toContain('3');
    // The subject is a sentence without a link; the approve centre's link closes the mail.
    expect(sent[0]!.subject).not.toContain('https://');
    expect(sent[0]!.text).toContain('https://ems.example.cn/manage/approveCenter');
    expect(sent[0]!.text).toContain(late.DocNo);
    expect(sent[0]!.text).toContain(`https://ems.example.cn/manage/document/view/${late.ID}`);
    // Back to waiting since now, for the tests of the overdue list that follow.
    await t.ctx.db.update(approvalStep).set({ pendingSince: new Date() }).where(eq(approvalStep.documentId, late.ID));
  });
});

const CENTRE_CALLS = [
  '/api/ApproveCenter/CheckIsOverApproval?accountId=1',
  '/api/ApproveCenter/IsSpecialApprover',
  '/api/ApproveCenter/GetCompanyFlag',
  '/api/ApproveCenter/SearchTeam',
  '/api/DocumentApprove/AutoApprove',
  '/api/ApproveCenter/UpdateUnlockReason',
];

it('guards every approve-centre call', async () => {
  for (const url of CENTRE_CALLS) {
    expect((await t.call(url, {})).statusCode, url).toBe(401);
    expect((await t.call(url, {}, plain.access_token)).statusCode, url).toBe(403);
  }
});

describe('CheckIsOverApproval', () => {
  const url = (accountId: number, typeFlag?: string) =>
    `/api/ApproveCenter/CheckIsOverApproval?accountId=${accountId}${typeFlag ? `&typeFlag=${typeFlag}` : ''}`;

  it('lists steps pending longer than the overdue days, for the caller only', async () => {
    const old = await submitted();
    const fresh = await submitted();
    await t.ctx.db
      .update(approvalStep)
      .set({ pendingSince: new Date(Date.now() - 5 * DAY - 60_000) })
      .where(eq(approvalStep.documentId, old.ID));
    const res = await t.call(url(manager.UserID), {}, manager.access_token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ IsOver: true, OverdueDays: 3 });
    expect(body.Rows).toEqual([expect.objectContaining({ ID: old.ID, DocNo: old.DocNo, DocType: 'deputy', Days: 5 })]);
    expect(body.Rows.map((r: { ID: number }) => r.ID)).not.toContain(fresh.ID);
    expect((await t.call(url(manager.UserID, 'apply'), {}, manager.access_token)).json()).toMatchObject({
      IsOver: false,
      Count: 0,
    });
    expect((await t.call(url(manager.UserID), {}, employee.access_token)).statusCode).toBe(404);
    expect((await t.call(url(manager.UserID, 'other'), {}, manager.access_token)).statusCode).toBe(400);
    expect((await t.call('/api/ApproveCenter/CheckIsOverApproval', {}, manager.access_token)).statusCode).toBe(400);
  });

  it('answers for a principal the caller approves for', async () => {
    const granted = await grantProxyToday(t, manager.access_token, employee.UserID);
    const res = await t.call(url(manager.UserID, 'deputy'), {}, employee.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json().IsOver).toBe(true);
    await t.call('/api/ProxyApproveUser/FreeProxyUser', { ID: granted.ID }, manager.access_token);
  });
});

describe('flags and filters', () => {
  it('says who is a special approver', async () => {
    const call = (s: Session) => t.call('/api/ApproveCenter/IsSpecialApprover', {}, s.access_token);
    expect((await call(manager)).json()).toEqual({ IsSpecialApprover: false });
    // Set on an expense item, the person approves that item's special-approver steps.
    await t.ctx.db.update(expenseItem).set({ specialApproverId: manager.UserID }).where(eq(expenseItem.id, m.taxi.id));
    expect((await call(manager)).json()).toEqual({ IsSpecialApprover: true });
    await saveWorkflow(t, admin.access_token, { Code: 'LOAN-SP', DocType: 'loan', NameZH: '借款', NameEN: 'Loan' }, [
      { Seq: 1, StepKind: 'special_approver', ExpenseItemIDs: [m.taxi.id], NameZH: '特批', NameEN: 'Special' },
    ]);
    await t.ctx.db.update(expenseItem).set({ specialApproverId: null }).where(eq(expenseItem.id, m.taxi.id));
    // Or through the special-approver role.
    const [special] = await t.ctx.db
      .insert(role)
      .values({ companyId: 1, code: 'SPECIAL_APPROVER', nameZh: '特批人', nameEn: 'Special approver' })
      .returning();
    expect((await call(finance)).json()).toEqual({ IsSpecialApprover: false });
    await t.ctx.db.insert(employeeRoleTeam).values({ employeeId: finance.UserID, roleId: special!.id });
    expect((await call(finance)).json()).toEqual({ IsSpecialApprover: true });
  });

  it('gives the company flags the approve centre follows', async () => {
    const res = await t.call('/api/ApproveCenter/GetCompanyFlag', {}, manager.access_token);
    expect(res.json()).toEqual({
      CompanyID: 1,
      CompanyCode: '1000',
      ApprovalOverdueDays: 3,
      AllowBatchApprove: true,
      RequireRejectComment: true,
    });
  });

  it('counts the waiting documents by team', async () => {
    const res = (await t.call('/api/ApproveCenter/SearchTeam', { Language: 'en-GB' }, manager.access_token)).json();
    expect(res.Rows).toEqual([
      expect.objectContaining({ TeamName: 'Oncology Shanghai District', Count: expect.any(Number) }),
    ]);
    expect(res.Rows[0].Count).toBeGreaterThanOrEqual(2);
    // Someone with nothing waiting (the demo's meeting advances wait for finance).
    expect((await t.call('/api/ApproveCenter/SearchTeam', {}, employee.access_token)).json().Rows).toEqual([]);
  });
});

describe('AutoApprove', () => {
  const url = '/api/DocumentApprove/AutoApprove';

  it('approves the current step when its approver approved an earlier one, and refuses otherwise', async () => {
    const d = await submitted();
    expect((await t.call(url, {}, manager.access_token)).statusCode).toBe(400);
    // The finance colleague has no part in an apply of this route.
    const apply = await submitted('apply');
    expect((await t.act(url, apply.ID, finance.access_token)).statusCode).toBe(404);
    const notYet = await t.act(url, d.ID, manager.access_token);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().code).toBe('workflow.auto_approve_not_applicable');

    await t.act('/api/DocumentApprove/ApproveDeputy', d.ID, manager.access_token, { Pass: true });
    const moved = await t.act('/api/document/ChangeApprove', d.ID, admin.access_token, {
      NewApproverID: manager.UserID,
    });
    expect(moved.statusCode).toBe(200);
    const done = await t.act(url, d.ID, manager.access_token);
    expect(done.statusCode).toBe(200);
    expect(done.json().Status).toBe('approved');
    const steps = await t.ctx.db.select().from(approvalStep).where(eq(approvalStep.documentId, d.ID));
    expect(steps.map((s) => s.status).sort()).toEqual(['approved', 'auto_approved']);
    const history = await t.ctx.db.select().from(statusHistory).where(eq(statusHistory.documentId, d.ID));
    expect(history.at(-1)).toMatchObject({ action: 'auto_approve', toStatus: 'approved' });
    const again = await t.act(url, d.ID, manager.access_token);
    expect(again.json().code).toBe('workflow.not_pending');
  });
});

describe('UpdateUnlockReason', () => {
  const url = '/api/ApproveCenter/UpdateUnlockReason';

  it("lets the applicant's line manager accept the unlock reason of a blocked apply", async () => {
    const d = await submitted('apply');
    expect((await t.act(url, d.ID, manager.access_token)).statusCode).toBe(400);
    const notBlocked = await t.act(url, d.ID, manager.access_token, { Reason: '已补交' });
    expect(notBlocked.statusCode).toBe(409);
    expect(notBlocked.json().code).toBe('workflow.not_blocked');
    await t.ctx.db.update(document).set({ blocked: true }).where(eq(document.id, d.ID));
    await t.ctx.db.insert(applyBlock).values({ documentId: d.ID, eventDate: today, dueDate: today });
    expect((await t.act(url, d.ID, finance.access_token, { Reason: '已补交' })).statusCode).toBe(404);
    expect((await t.act(url, d.ID, employee.access_token, { Reason: '已补交' })).statusCode).toBe(404);
    // Nothing to accept until the applicant gives a reason.
    expect((await t.act(url, d.ID, manager.access_token, { Reason: '同意' })).json().code).toBe(
      'apply.unlock_reason_missing',
    );
    await t.ctx.db.update(applyBlock).set({ unlockReason: '证据已补交' }).where(eq(applyBlock.documentId, d.ID));

    const done = await t.act(url, d.ID, manager.access_token, { Reason: '同意' });
    expect(done.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(document).where(eq(document.id, d.ID));
    expect(row).toMatchObject({ blocked: false, version: d.Version + 1 });
    const history = await t.ctx.db.select().from(statusHistory).where(eq(statusHistory.documentId, d.ID));
    expect(history.at(-1)).toMatchObject({ action: 'unlock', comment: '同意', actorId: manager.UserID });
    const audits = await t.ctx.db.query.auditLog.findMany({ where: (x, { eq }) => eq(x.action, 'unlock') });
    expect(audits.map((a) => a.entityId)).toContain(String(d.ID));
  });
});
