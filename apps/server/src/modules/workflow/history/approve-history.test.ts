import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { grantProxyToday, type Masters, type Session, saveApply, saveDeputy } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { fieldsOf } from '../../../../test/finance';
import { shanghaiToday } from '../../../core/time';
import { document } from '../../documents/document.table';
import { statusHistory } from '../../documents/lifecycle/lifecycle.table';
import { role, roleFunction } from '../../org/org.table';
import { approvalStep } from '../approval/approval.table';

type Row = Record<string, unknown>;
let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let admin: Session;
let finance: Session;
const today = shanghaiToday();
const yesterday = new Date(Date.now() - 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

const LIST = '/api/PersonalApproveHistory/Search_Requisition_List';
const EXPORT = '/api/PersonalApproveHistory/Export';
const COMING = '/api/PersonalApproveHistory/Search_Requisition_Pending';
const BATCH = '/api/ApproveCenter/BatchApprove';
const PENDING = '/api/ApproveCenter/QueryPendingList';

beforeAll(async () => {
  t = await testApp();
  // The lists are per person and cover every document: start without the demo documents.
  await t.ctx.db.delete(document);
  m = await documentMasters(t.ctx.db);
  [employee, manager, admin, finance] = await t.logins('employee', 'manager', 'admin', 'finance');
  const templates = [
    {
      Workflow: { Code: 'DEPUTY-STD', DocType: 'deputy', NameZH: '报销审批', NameEN: 'Deputy approval' },
      Details: [{ Seq: 1, StepKind: 'line_manager', NameZH: '直属经理', NameEN: 'Line manager' }],
    },
    {
      // The finance reviewer first, then the line manager: the document comes the manager's way later.
      Workflow: { Code: 'APPLY-STD', DocType: 'apply', NameZH: '申请审批', NameEN: 'Apply approval' },
      Details: [
        { Seq: 1, StepKind: 'person', PersonID: finance.UserID, NameZH: '财务预审', NameEN: 'Finance pre-check' },
        { Seq: 2, StepKind: 'line_manager', NameZH: '直属经理', NameEN: 'Line manager' },
      ],
    },
  ];
  for (const body of templates) {
    expect((await t.call('/api/workflowSetting/SaveDetail', body, admin.access_token)).statusCode).toBe(200);
  }
});
afterAll(() => t.close());

async function deputy(amount = '725.50', submit = true) {
  const d = await saveDeputy(t, m, employee.access_token, amount);
  if (!submit) return d;
  const sent = await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token);
  expect(sent.json().Status).toBe('approving');
  return sent.json();
}

async function apply() {
  const d = await saveApply(t, m, employee.access_token);
  const sent = await t.act('/api/DocumentSubmit/SubmitApply', d.ID, employee.access_token);
  expect(sent.json().Status).toBe('approving');
  return sent.json();
}

const decide = async (id: number, token: string, pass: boolean, comment?: string, extra: Row = {}) =>
  t.act('/api/DocumentApprove/ApproveDeputy', id, token, { Pass: pass, Comment: comment, ...extra });
const rowsOf = async (url: string, body: Row, token: string) => {
  const res = await t.call(url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { Total: number; Rows: Row[] };
};

describe('approval history (Search_Requisition_List)', () => {
  let approved: { ID: number; DocNo: string };
  let rejected: { ID: number; DocNo: string };

  beforeAll(async () => {
    approved = await deputy('100.00');
    rejected = await deputy('200.00');
    expect((await decide(approved.ID, manager.access_token, true, '同意')).statusCode).toBe(200);
    expect((await decide(rejected.ID, manager.access_token, false, '请补充发票')).statusCode).toBe(200);
  });

  it('needs a token and a valid body', async () => {
    expect((await t.call(LIST, {})).statusCode).toBe(401);
    const bad = await t.call(LIST, { Decision: 'maybe', ActedAtFrom: 'yesterday' }, manager.access_token);
    expect(fieldsOf(bad).sort()).toEqual(['ActedAtFrom', 'Decision']);
  });

  it('lists each step the approver decided, newest first, with the decision, comment and document status', async () => {
    const list = await rowsOf(LIST, { Language: 'en-GB' }, manager.access_token);
    expect(list.Total).toBe(2);
    expect(list.Rows.map((r) => r.DocNo)).toEqual([rejected.DocNo, approved.DocNo]);
    expect(list.Rows[0]).toMatchObject({
      ID: rejected.ID,
      DocType: 'deputy',
      ApplicantName: 'Wei Zhang',
      ExpenseTypeName: 'Travel',
      Currency: 'CNY',
      TotalAmount: '200.00',
      StepName: 'Line manager',
      Decision: 'rejected',
      Comment: '请补充发票',
      ActedByID: manager.UserID,
      ActedByName: 'Jing Li',
      ForApproverID: null,
      ForApproverName: null,
      Status: 'returned',
    });
    expect(list.Rows[1]).toMatchObject({ Decision: 'approved', Status: 'approved', Comment: '同意' });
    // The applicant decided nothing.
    expect((await rowsOf(LIST, {}, employee.access_token)).Total).toBe(0);
  });

  it('filters by decision, type, keyword and the day decided, and sorts on request', async () => {
    const only = async (body: Row) => (await rowsOf(LIST, body, manager.access_token)).Rows.map((r) => r.ID);
    expect(await only({ Decision: 'rejected' })).toEqual([rejected.ID]);
    expect(await only({ DocType: 'apply' })).toEqual([]);
    expect(await only({ Keyword: approved.DocNo.slice(-5) })).toEqual([approved.ID]);
    expect(await only({ Keyword: '张伟' })).toHaveLength(2);
    expect(await only({ ActedAtFrom: today, ActedAtTo: today })).toHaveLength(2);
    expect(await only({ ActedAtFrom: yesterday, ActedAtTo: yesterday })).toEqual([]);
    expect(await only({ SortField: 'TotalAmount', SortOrder: 'ascend' })).toEqual([approved.ID, rejected.ID]);
    const paged = await rowsOf(LIST, { PageIndex: 2, PageSize: 1 }, manager.access_token);
    expect(paged).toMatchObject({ Total: 2, Rows: [{ ID: approved.ID }] });
  });

  it('exports the same rows as an Excel file with headers in the caller’s language', async () => {
    expect((await t.call(EXPORT, {})).statusCode).toBe(401);
    const res = await t.call(EXPORT, { Language: 'en-GB', Decision: 'approved' }, manager.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('My%20approval%20history.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('Document No.');
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(1).value).toBe(approved.DocNo);
    expect(ws.getRow(2).getCell(8).value).toBe('Approved');
  });

  it('records a proxy’s decision for both: the proxy sees whom they acted for, the approver who acted', async () => {
    const g = await grantProxyToday(t, manager.access_token, admin.UserID);
    const d = await deputy('300.00');
    expect((await decide(d.ID, admin.access_token, true, '代批', { ProxyId: manager.UserID })).statusCode).toBe(200);
    const byProxy = (await rowsOf(LIST, { Keyword: d.DocNo }, admin.access_token)).Rows;
    expect(byProxy).toEqual([
      expect.objectContaining({
        ID: d.ID,
        ActedByID: admin.UserID,
        ForApproverID: manager.UserID,
        ForApproverName: '李静',
        Comment: '代批',
      }),
    ]);
    const forMe = (await rowsOf(LIST, { Keyword: d.DocNo }, manager.access_token)).Rows;
    expect(forMe).toEqual([expect.objectContaining({ ActedByName: '系统管理员', ForApproverID: manager.UserID })]);
    await t.call('/api/ProxyApproveUser/FreeProxyUser', { ID: g.ID }, manager.access_token);
  });
});

describe('coming my way (Search_Requisition_Pending)', () => {
  it('lists documents whose step for me is still to come, with my place in the route and who holds it now', async () => {
    expect((await t.call(COMING, {})).statusCode).toBe(401);
    expect((await t.call(COMING, { DocType: 'memo' }, manager.access_token)).statusCode).toBe(400);
    const later = await apply();
    const now = await deputy('50.00');
    const rows = (await rowsOf(COMING, { Language: 'en-GB' }, manager.access_token)).Rows;
    const byId = new Map(rows.map((r) => [r.ID, r]));
    expect(byId.get(later.ID)).toMatchObject({
      DocNo: later.DocNo,
      DocType: 'apply',
      ApplicantName: 'Wei Zhang',
      TotalAmount: '300.00',
      StepName: 'Line manager',
      MyStepStatus: 'waiting',
      Position: 2,
      StepCount: 2,
      CurrentStepName: 'Finance pre-check',
      CurrentApproverName: 'Fang Wang',
      ForApproverID: null,
    });
    expect(byId.get(now.ID)).toMatchObject({ MyStepStatus: 'pending', Position: 1, StepCount: 1 });
    // Pending ones come first.
    expect(rows[0]?.MyStepStatus).toBe('pending');
    expect((await rowsOf(COMING, { DocType: 'apply' }, manager.access_token)).Rows.map((r) => r.ID)).toEqual([
      later.ID,
    ]);

    // The finance reviewer approves: now it waits for the manager.
    const passed = await t.act('/api/DocumentApprove/ApproveApply', later.ID, finance.access_token, { Pass: true });
    expect(passed.statusCode).toBe(200);
    const after = (await rowsOf(COMING, { Keyword: later.DocNo }, manager.access_token)).Rows;
    expect(after).toEqual([expect.objectContaining({ MyStepStatus: 'pending', CurrentApproverName: '李静' })]);
    // Decided: no longer coming.
    await t.act('/api/DocumentApprove/ApproveApply', later.ID, manager.access_token, { Pass: true });
    expect((await rowsOf(COMING, { Keyword: later.DocNo }, manager.access_token)).Total).toBe(0);
    expect((await rowsOf(COMING, {}, employee.access_token)).Total).toBe(0);
  });
});

describe('approve centre list', () => {
  it('tells the team, whom the step is for, and how long it has waited against ApprovalOverdueDays', async () => {
    const d = await deputy('60.00');
    const fresh = (await rowsOf(PENDING, { Keyword: d.DocNo }, manager.access_token)).Rows[0];
    expect(fresh).toMatchObject({
      ID: d.ID,
      ForApproverID: null,
      ForApproverName: null,
      PendingDays: 0,
      Overdue: false,
      OverdueDays: 0,
    });
    expect(fresh?.TeamName).toEqual(expect.any(String));
    await t.ctx.db
      .update(approvalStep)
      .set({ pendingSince: new Date(Date.now() - 5.5 * 86_400_000) })
      .where(and(eq(approvalStep.documentId, d.ID), eq(approvalStep.status, 'pending')));
    const old = (await rowsOf(PENDING, { Keyword: d.DocNo }, manager.access_token)).Rows[0];
    expect(old).toMatchObject({ PendingDays: 5, Overdue: true, OverdueDays: 2 });
    const sorted = await rowsOf(PENDING, { SortField: 'PendingSince', SortOrder: 'ascend' }, manager.access_token);
    expect(sorted.Rows[0]?.ID).toBe(d.ID);
  });

  it('pages through the list in its order, each page where the one before ended', async () => {
    for (const amount of ['61.00', '62.00', '63.00', '64.00']) await deputy(amount);
    const order = { SortField: 'TotalAmount', SortOrder: 'descend' };
    const all = await rowsOf(PENDING, { ...order, PageSize: 100 }, manager.access_token);
    expect(all.Total).toBeGreaterThanOrEqual(5);
    const amounts = all.Rows.map((r) => Number(r.TotalAmount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const paged = [];
    for (let page = 1; page <= 3; page++) {
      const got = await rowsOf(PENDING, { ...order, PageIndex: page, PageSize: 2 }, manager.access_token);
      expect(got.Total).toBe(all.Total);
      paged.push(...got.Rows.map((r) => r.ID));
    }
    expect(paged).toEqual(all.Rows.slice(0, 6).map((r) => r.ID));
  });
});

describe('approve-all (BatchApprove)', () => {
  it('needs a token and at least one item', async () => {
    expect((await t.call(BATCH, { Items: [{ ID: 1 }] })).statusCode).toBe(401);
    expect((await t.call(BATCH, { Items: [] }, manager.access_token)).statusCode).toBe(400);
    expect((await t.call(BATCH, { Items: [{ ID: 'x' }] }, manager.access_token)).statusCode).toBe(400);
  });

  it('approves each document on its own: refusals are reported per document and do not undo the others', async () => {
    const good = await deputy('70.00');
    const stale = await deputy('80.00');
    const done = await deputy('90.00');
    const foreign = await deputy('95.00', false);
    await decide(done.ID, manager.access_token, true);
    const res = await t.call(
      BATCH,
      {
        Language: 'en-GB',
        Comment: '批量同意',
        Items: [
          { ID: good.ID, Version: good.Version },
          { ID: stale.ID, Version: stale.Version - 1 },
          { ID: done.ID, Version: await t.version(done.ID) },
          { ID: foreign.ID, Version: foreign.Version },
          { ID: good.ID, Version: good.Version },
        ],
      },
      manager.access_token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().Rows).toEqual([
      { ID: good.ID, DocNo: good.DocNo, Ok: true, ErrorCode: null, Message: null },
      {
        ID: stale.ID,
        DocNo: stale.DocNo,
        Ok: false,
        ErrorCode: 'common.stale_version',
        Message: 'Someone else changed this record; refresh and try again',
      },
      expect.objectContaining({ ID: done.ID, DocNo: done.DocNo, Ok: false, ErrorCode: expect.any(String) }),
      expect.objectContaining({ ID: foreign.ID, DocNo: null, Ok: false, ErrorCode: 'common.not_found' }),
    ]);
    const detail = (id: number) =>
      t.call('/api/document/SearchDeputyDetail', { ID: id }, employee.access_token).then((r) => r.json());
    expect((await detail(good.ID)).Status).toBe('approved');
    expect((await detail(stale.ID)).Status).toBe('approving');
    const steps = await t.ctx.db.select().from(approvalStep).where(eq(approvalStep.documentId, good.ID));
    expect(steps[0]).toMatchObject({ status: 'approved', actedBy: manager.UserID, comment: '批量同意' });
  });

  it('approves as proxy for the step’s approver without a ProxyId, recording both', async () => {
    const g = await grantProxyToday(t, manager.access_token, finance.UserID);
    const d = await deputy('110.00');
    const listed = (await rowsOf(PENDING, { Keyword: d.DocNo }, finance.access_token)).Rows[0];
    expect(listed).toMatchObject({ ForApproverID: manager.UserID, ForApproverName: '李静' });
    const res = await t.call(BATCH, { Items: [{ ID: d.ID, Version: d.Version }] }, finance.access_token);
    expect(res.json().Rows).toEqual([expect.objectContaining({ ID: d.ID, Ok: true })]);
    const history = await t.ctx.db.select().from(statusHistory).where(eq(statusHistory.documentId, d.ID));
    expect(history.at(-1)).toMatchObject({ action: 'approve', actorId: finance.UserID, principalId: manager.UserID });
    await t.call('/api/ProxyApproveUser/FreeProxyUser', { ID: g.ID }, manager.access_token);
  });

  it('answers a repeated Idempotency-Key with the first result and approves once', async () => {
    const d = await deputy('120.00');
    const send = () =>
      t.call(BATCH, { Items: [{ ID: d.ID, Version: d.Version }] }, manager.access_token, {
        'idempotency-key': 'batch-key-0001',
      });
    expect((await send()).json().Rows[0].Ok).toBe(true);
    expect((await send()).json().Rows[0].Ok).toBe(true);
    const history = await t.ctx.db.select().from(statusHistory).where(eq(statusHistory.documentId, d.ID));
    expect(history.filter((h) => h.action === 'approve')).toHaveLength(1);
  });
});

describe('functions', () => {
  it('answers 403 to a user whose roles lack the screen’s function', async () => {
    const [employeeRole] = await t.ctx.db
      .select()
      .from(role)
      .where(and(eq(role.companyId, 1), eq(role.code, 'EMPLOYEE')));
    await t.ctx.db
      .delete(roleFunction)
      .where(
        and(
          eq(roleFunction.roleId, employeeRole!.id),
          inArray(roleFunction.functionCode, ['approveCenter', 'personalApproveHistory']),
        ),
      );
    for (const url of [LIST, EXPORT, COMING, BATCH]) {
      const res = await t.call(url, url === BATCH ? { Items: [{ ID: 1 }] } : {}, employee.access_token);
      expect(res.statusCode, url).toBe(403);
    }
  });
});
