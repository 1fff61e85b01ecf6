import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { concurrencyTest } from '../../../../test/concurrency';
import { type Masters, type Session, saveApply, saveDeputy, saveWorkflow } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { shanghaiToday } from '../../../core/time';
import { attachment } from '../../documents/attachments/attachment.table';
import { statusHistory } from '../../documents/lifecycle/lifecycle.table';
import { costCentreHead } from '../../masterdata/costcentre.table';
import { employee as employeeTable } from '../../org/org.table';

let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let admin: Session;
const today = shanghaiToday();

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  [employee, manager, admin] = await t.logins('employee', 'manager', 'admin');
  await saveWorkflow(
    t,
    admin.access_token,
    { Code: 'DEPUTY-STD', DocType: 'deputy', NameZH: '报销审批', NameEN: 'Deputy approval' },
    [
      { Seq: 1, StepKind: 'line_manager', NameZH: '直属经理', NameEN: 'Line manager' },
      {
        Seq: 2,
        StepKind: 'approval_limit_chain',
        MinAmount: '5000.00',
        NameZH: '逐级审批',
        NameEN: 'Approval limit chain',
      },
    ],
  );
});
afterAll(() => t.close());

async function draft(amount = '725.50', over: Record<string, unknown> = {}, as: Session = employee) {
  return saveDeputy(t, m, as.access_token, amount, over);
}
const submit = async (id: number, token: string, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/DocumentSubmit/SubmitDeputy',
    payload: { ID: id, Version: await t.version(id) },
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
  });
const decide = async (
  id: number,
  token: string,
  pass: boolean,
  comment?: string,
  extra: Record<string, unknown> = {},
) => t.act('/api/DocumentApprove/ApproveDeputy', id, token, { Pass: pass, Comment: comment, ...extra });

describe('the approve centre rows', () => {
  it('show the purpose and how many files and fapiao the approver has to look at', async () => {
    const d = await draft('100.00', { Reason: '武汉客户拜访' });
    const fapiao = await t.call(
      '/api/document/SaveInvoice',
      {
        DocumentID: d.ID,
        InvoiceType: 'vat_normal',
        Code: '044031900111',
        Number: '87654321',
        InvoiceDate: shanghaiToday(),
        Amount: '100.00',
        CheckCode: '12345678901234567890',
      },
      employee.access_token,
    );
    expect(fapiao.statusCode, fapiao.body).toBe(200);
    await t.ctx.db.insert(attachment).values(
      ['agenda.pdf', 'photo.jpg'].map((fileName) => ({
        documentId: d.ID,
        fileName,
        mimeType: 'application/pdf',
        size: 10,
        sha256: '0'.repeat(64),
        storageKey: `test/${fileName}`,
        uploadedBy: employee.UserID,
      })),
    );
    expect((await submit(d.ID, employee.access_token)).statusCode).toBe(200);
    const pending = (await t.call('/api/ApproveCenter/QueryPendingList', {}, manager.access_token)).json();
    expect(pending.Rows.find((r: { ID: number }) => r.ID === d.ID)).toMatchObject({
      Reason: '武汉客户拜访',
      Attachments: 2,
      Fapiao: 1,
    });
  });
});

describe('submit and approve', () => {
  it('routes to the line manager, who approves; the employee sees it approved with its history', async () => {
    const d = await draft();
    const preview = (await t.call('/api/Workflow/PreviewRoute', { ID: d.ID }, employee.access_token)).json();
    expect(preview.Rows.map((r: { ApproverName: string }) => r.ApproverName)).toEqual(['李静']);

    const submitted = await submit(d.ID, employee.access_token);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ Status: 'approving' });
    expect(submitted.json().AllowedActions).not.toContain('edit');

    const pending = (await t.call('/api/ApproveCenter/QueryPendingList', {}, manager.access_token)).json();
    expect(pending.Rows.map((r: { ID: number }) => r.ID)).toContain(d.ID);
    const seen = (await t.call('/api/document/SearchDeputyDetail', { ID: d.ID }, manager.access_token)).json();
    expect(seen.AllowedActions).toEqual(expect.arrayContaining(['approve', 'reject']));

    const approved = await decide(d.ID, manager.access_token, true, '同意');
    expect(approved.json().Status).toBe('approved');
    const mine = (await t.call('/api/document/SearchDeputyDetail', { ID: d.ID }, employee.access_token)).json();
    expect(mine.Status).toBe('approved');
    const route = (
      await t.call('/api/Workflow/GetApproveUIList', { ID: d.ID, Language: 'en-GB' }, employee.access_token)
    ).json();
    expect(route.Rows).toEqual([
      expect.objectContaining({
        StepName: 'Line manager',
        ApproverName: 'Jing Li',
        Status: 'approved',
        Comment: '同意',
        ActedByName: 'Jing Li',
      }),
    ]);
    const history = await t.ctx.db.select().from(statusHistory).where(eq(statusHistory.documentId, d.ID));
    expect(history.map((h) => `${h.action}:${h.toStatus}`)).toEqual([
      'create:draft',
      'submit:approving',
      'approve:approved',
    ]);
    const mails = await t.ctx.db.query.mailOutbox.findMany({ where: (x, { eq }) => eq(x.documentId, d.ID) });
    expect(mails.map((x) => x.template)).toEqual(['workflow.mail.pending', 'workflow.mail.approved']);
  });

  it('walks up the line for larger amounts, and a rejection needs a comment and returns the document', async () => {
    const d = await draft('8000.00');
    expect((await submit(d.ID, employee.access_token)).json().Status).toBe('approving');
    const route = (await t.call('/api/Workflow/GetApproveUIList', { ID: d.ID }, employee.access_token)).json();
    expect(route.Rows.length).toBeGreaterThanOrEqual(2);
    const noComment = await decide(d.ID, manager.access_token, false);
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().errors[0].field).toBe('Comment');
    const rejected = await decide(d.ID, manager.access_token, false, '请补充发票');
    expect(rejected.json().Status).toBe('returned');
    const back = (await t.call('/api/document/SearchDeputyDetail', { ID: d.ID }, employee.access_token)).json();
    expect(back.AllowedActions).toEqual(expect.arrayContaining(['edit', 'submit']));
    const resubmitted = await submit(d.ID, employee.access_token);
    expect(resubmitted.json().Status).toBe('approving');
    const rounds = (await t.call('/api/Workflow/GetApproveUIList', { ID: d.ID }, employee.access_token))
      .json()
      .Rows.map((r: { Round: number; Status: string }) => `${r.Round}:${r.Status}`);
    expect(rounds[0]).toBe('1:rejected');
    expect(rounds).toContain('2:pending');
  });

  it('refuses to submit with a coded, translated reason and changes nothing', async () => {
    const noCc = await draft('100.00', { CostCenterID: null });
    const res = await t.act('/api/DocumentSubmit/SubmitDeputy', noCc.ID, employee.access_token, { Language: 'en-GB' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'document.cost_centre_missing' });
    expect(res.json().message).toContain('choose one');
    expect(
      (await t.call('/api/document/SearchDeputyDetail', { ID: noCc.ID }, employee.access_token)).json(),
    ).toMatchObject({ Status: 'draft', Version: noCc.Version });

    const incomplete = await draft('100.00', { Lines: [{ ExpenseItemID: m.hotel.id, Amount: '10' }] });
    expect((await submit(incomplete.ID, employee.access_token)).json()).toMatchObject({
      code: 'document.lines_incomplete',
      params: { lines: '1' },
    });

    // The user's own profile without a bank account: the expense pages' rule (org), before the document's checks.
    const noBank = await draft();
    await t.ctx.db.update(employeeTable).set({ bankAccount: null }).where(eq(employeeTable.id, employee.UserID));
    expect((await submit(noBank.ID, employee.access_token)).json().code).toBe('org.no_bank_account');
    await t.ctx.db
      .update(employeeTable)
      .set({ bankAccount: '6225880000000001' })
      .where(eq(employeeTable.id, employee.UserID));
  });

  it('submits once for a repeated Idempotency-Key, and refuses a second plain submit', async () => {
    const d = await draft();
    const first = await submit(d.ID, employee.access_token, 'submit-key-0001');
    const again = await submit(d.ID, employee.access_token, 'submit-key-0001');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().Status).toBe('approving');
    const plain = await submit(d.ID, employee.access_token);
    expect(plain.statusCode).toBe(422);
    expect(plain.json().code).toBe('document.action_not_allowed');
    const history = await t.ctx.db.select().from(statusHistory).where(eq(statusHistory.documentId, d.ID));
    expect(history.filter((h) => h.action === 'submit')).toHaveLength(1);
  });

  it('refuses an Idempotency-Key reused for another document or another call, and changes nothing', async () => {
    const d = await draft();
    const other = await draft();
    expect((await submit(d.ID, employee.access_token, 'submit-key-0002')).statusCode).toBe(200);
    const reused = await submit(other.ID, employee.access_token, 'submit-key-0002');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('common.idempotency_key_reused');
    const still = await t.call('/api/document/SearchDeputyDetail', { ID: other.ID }, employee.access_token);
    expect(still.json().Status).toBe('draft');
    // The same key on another call (an approval) is a different request, not a repeat.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/DocumentApprove/ApproveDeputy',
      payload: { ID: other.ID, Version: await t.version(other.ID), Pass: true },
      headers: { authorization: `Bearer ${employee.access_token}`, 'idempotency-key': 'submit-key-0002' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('common.idempotency_key_reused');
  });

  it('answers 409 to anyone but the current approver, and 404 to those who may not see it', async () => {
    const d = await draft();
    await submit(d.ID, employee.access_token);
    const self = await decide(d.ID, employee.access_token, true);
    expect(self.statusCode).toBe(409);
    expect((await decide(d.ID, (await t.login('finance')).access_token, true)).statusCode).toBe(404);
  });

  it('approves consecutive steps of the same person once, recording the second as automatic', async () => {
    await t.ctx.db.insert(costCentreHead).values({ costCentreId: m.own.id, employeeId: manager.UserID, seq: 1 });
    await t.call(
      '/api/workflowSetting/SaveDetail',
      {
        Workflow: { Code: 'APPLY-STD', DocType: 'apply', NameZH: '申请审批', NameEN: 'Apply approval' },
        Details: [
          { Seq: 1, StepKind: 'line_manager', NameZH: '直属经理', NameEN: 'Line manager' },
          { Seq: 2, StepKind: 'cost_centre_head', NameZH: '成本中心负责人', NameEN: 'Cost centre head' },
        ],
      },
      admin.access_token,
    );
    const a = await saveApply(t, m, employee.access_token);
    expect((await t.act('/api/DocumentSubmit/SubmitApply', a.ID, employee.access_token)).json().Status).toBe(
      'approving',
    );
    const done = await t.act('/api/DocumentApprove/ApproveApply', a.ID, manager.access_token, { Pass: true });
    expect(done.json().Status).toBe('approved');
    const route = (await t.call('/api/Workflow/GetApproveUIList', { ID: a.ID }, employee.access_token)).json();
    expect(route.Rows.map((r: { Status: string }) => r.Status)).toEqual(['approved', 'auto_approved']);
  });
});

describe('proxies in the flow', () => {
  it('a fill-in proxy submits for the employee, who confirms into approval', async () => {
    await t.call(
      '/api/ProxyUser/SaveOrUpdateProxyUser',
      { ProxyUserID: admin.UserID, StartDate: today, EndDate: today },
      employee.access_token,
    );
    const d = await draft('200.00', { ProxyId: employee.UserID }, admin);
    expect(d).toMatchObject({ ApplicantID: employee.UserID, PreparerID: admin.UserID });
    const sent = await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, admin.access_token, {
      ProxyId: employee.UserID,
    });
    expect(sent.json().Status).toBe('confirming');
    const mine = (await t.call('/api/document/SearchDeputyDetail', { ID: d.ID }, employee.access_token)).json();
    expect(mine.AllowedActions).toEqual(expect.arrayContaining(['confirm', 'decline']));
    const confirmed = await t.act('/api/DocumentApprove/ResponsibleConfirm', d.ID, employee.access_token, {
      Accept: true,
    });
    expect(confirmed.json().Status).toBe('approving');
    const history = await t.ctx.db.select().from(statusHistory).where(eq(statusHistory.documentId, d.ID));
    expect(history.map((h) => [h.action, h.actorId, h.principalId])).toEqual([
      ['create', admin.UserID, employee.UserID],
      ['submit_for_confirm', admin.UserID, employee.UserID],
      ['confirm', employee.UserID, employee.UserID],
    ]);
  });

  concurrencyTest('an approval proxy approves in the approver’s place, both recorded; at once, one wins', async () => {
    await t.call(
      '/api/ProxyApproveUser/SaveOrUpdateProxyUser',
      { ProxyUserID: admin.UserID, StartDate: today, EndDate: today },
      manager.access_token,
    );
    const pending = (await t.call('/api/ApproveCenter/QueryPendingList', {}, admin.access_token)).json();
    const d = await draft('150.00');
    await submit(d.ID, employee.access_token);
    const listed = (await t.call('/api/ApproveCenter/QueryPendingList', {}, admin.access_token)).json();
    expect(listed.Total).toBe(pending.Total + 1);
    expect(listed.Rows.find((r: { ID: number }) => r.ID === d.ID).ForApproverID).toBe(manager.UserID);

    const [a, b] = await Promise.all([
      decide(d.ID, admin.access_token, true, '代批', { ProxyId: manager.UserID }),
      decide(d.ID, manager.access_token, true),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const route = (await t.call('/api/Workflow/GetApproveUIList', { ID: d.ID }, employee.access_token)).json();
    expect(route.Rows[0].ApproverID).toBe(manager.UserID);
    expect([admin.UserID, manager.UserID]).toContain(route.Rows[0].ActedByID);
    const history = await t.ctx.db.select().from(statusHistory).where(eq(statusHistory.documentId, d.ID));
    expect(history.filter((h) => h.action === 'approve')).toHaveLength(1);
    expect(history.at(-1)!.principalId).toBe(manager.UserID);
  });
});

describe('administration', () => {
  it('lets an administrator cancel an open document with a reason, and nobody else', async () => {
    const d = await draft('90.00');
    await submit(d.ID, employee.access_token);
    const noReason = await t.act('/api/system/UpateDocumentState', d.ID, admin.access_token, { Status: 'cancelled' });
    expect(noReason.statusCode).toBe(400);
    expect(
      (await t.act('/api/system/UpateDocumentState', d.ID, employee.access_token, { Status: 'cancelled', Reason: 'x' }))
        .statusCode,
    ).toBe(403);
    const done = await t.act('/api/system/UpateDocumentState', d.ID, admin.access_token, {
      Status: 'cancelled',
      Reason: '重复提交',
    });
    expect(done.json().Status).toBe('cancelled');
    expect(
      (await t.call('/api/ApproveCenter/QueryPendingList', {}, manager.access_token))
        .json()
        .Rows.map((r: { ID: number }) => r.ID),
    ).not.toContain(d.ID);
    const again = await t.act('/api/system/UpateDocumentState', d.ID, admin.access_token, {
      Status: 'cancelled',
      Reason: '再次',
    });
    expect(again.statusCode).toBe(422);
  });

  it('tells managers from others', async () => {
    expect((await t.call('/api/DocumentApprove/IsManager', {}, manager.access_token)).json()).toEqual({
      IsManager: true,
    });
    expect((await t.call('/api/DocumentApprove/IsManager', {}, employee.access_token)).json()).toEqual({
      IsManager: false,
    });
  });
});
