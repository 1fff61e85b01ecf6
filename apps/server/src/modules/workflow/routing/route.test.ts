import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { type Masters, type Session, saveDeputy } from '../../../../test/documents';
import { documentMasters, flaggedItem } from '../../../../test/factories';
import { shanghaiToday } from '../../../core/time';
import { document } from '../../documents/document.table';
import { employeeRoleTeam, employee as employeeTable, role } from '../../org/org.table';
import { approvalStep } from '../approval/approval.table';
import { workflowSetting } from '../workflow.table';

/**
 * The route resolved from the database as an administrator set it up: every kind of condition and approver,
 * documents with and without the lines those conditions look for, the preview and the stored steps.
 */
let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let admin: Session;
let finance: Session;
let auditor: Session;
let hcp: { id: number };
let abroad: { id: number };
let special: { id: number };
let unset: { id: number };
const today = shanghaiToday();
const SAVE = '/api/workflowSetting/SaveDetail';

const header = { Code: 'DEPUTY-RT', DocType: 'deputy', NameZH: '报销路由', NameEN: 'Deputy route' };
const steps = () => [
  { Seq: 1, StepKind: 'line_manager', NameZH: '直属经理', NameEN: 'Line manager' },
  { Seq: 2, StepKind: 'role', RoleCode: 'COMPLIANCE', HcpOnly: true, NameZH: '合规', NameEN: 'Compliance' },
  { Seq: 3, StepKind: 'person', PersonID: finance.UserID, OverseasOnly: true, NameZH: '境外', NameEN: 'Overseas' },
  { Seq: 4, StepKind: 'special_approver', ExpenseItemIDs: [special.id], NameZH: '特批', NameEN: 'Special' },
  { Seq: 5, StepKind: 'role', RoleCode: 'SYSADMIN', MinAmount: '50000.00', NameZH: '大额', NameEN: 'Large amount' },
];

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  [employee, manager, admin, finance, auditor] = (await Promise.all(
    ['employee', 'manager', 'admin', 'finance', 'auditor'].map((u) => t.login(u)),
  )) as Session[] as [Session, Session, Session, Session, Session];
  hcp = await flaggedItem(t.ctx.db, m.type.id, 'T-HCP', { involvesHcp: true });
  abroad = await flaggedItem(t.ctx.db, m.type.id, 'T-ABROAD', { overseas: true });
  special = await flaggedItem(t.ctx.db, m.type.id, 'T-SPECIAL', { specialApproverId: auditor.UserID });
  unset = await flaggedItem(t.ctx.db, m.type.id, 'T-UNSET', {});
  const saved = await t.call(
    SAVE,
    { Workflow: { ...header, ExpenseTypeID: m.type.id }, Details: steps() },
    admin.access_token,
  );
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

async function draft(lines: { item: number; amount: string }[]) {
  const d = await saveDeputy(t, m, employee.access_token, undefined, {
    Reason: '路由',
    Lines: lines.map((l) => ({ ExpenseItemID: l.item, ExpenseDate: today, Amount: l.amount })),
  });
  return d.ID;
}
const submit = async (id: number) => t.act('/api/DocumentSubmit/SubmitDeputy', id, employee.access_token);

async function previewed(id: number) {
  const res = await t.call('/api/Workflow/PreviewRoute', { ID: id }, employee.access_token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Rows.map((r: { StepKind: string; ApproverID: number }) => [r.StepKind, r.ApproverID]);
}
async function stored(id: number) {
  const rows = await t.ctx.db
    .select()
    .from(approvalStep)
    .where(eq(approvalStep.documentId, id))
    .orderBy(asc(approvalStep.seq));
  return rows.map((r) => [r.stepKind, r.approverId]);
}
async function roleMemberIds(code: string) {
  const rows = await t.ctx.db
    .select({ id: employeeRoleTeam.employeeId })
    .from(employeeRoleTeam)
    .innerJoin(role, eq(role.id, employeeRoleTeam.roleId))
    .where(and(eq(role.companyId, 1), eq(role.code, code)));
  return rows.map((r) => r.id);
}

describe('route resolution from the settings', () => {
  it('runs only the line manager for a plain document', async () => {
    const id = await draft([{ item: m.hotel.id, amount: '300.00' }]);
    expect(await previewed(id)).toEqual([['line_manager', manager.UserID]]);
    expect((await submit(id)).statusCode).toBe(200);
    expect(await stored(id)).toEqual([['line_manager', manager.UserID]]);
  });

  it('adds the HCP-only step exactly when a line is HCP spend', async () => {
    const id = await draft([
      { item: m.hotel.id, amount: '300.00' },
      { item: hcp.id, amount: '200.00' },
    ]);
    const route = await previewed(id);
    expect(route.map((s: [string, number]) => s[0])).toEqual(['line_manager', 'role']);
    expect(await roleMemberIds('COMPLIANCE')).toContain(route[1][1]);
    expect((await submit(id)).statusCode).toBe(200);
    expect(await stored(id)).toEqual(route);
  });

  it('adds the overseas-only step exactly when a line is overseas spend', async () => {
    const id = await draft([{ item: abroad.id, amount: '900.00' }]);
    const want = [
      ['line_manager', manager.UserID],
      ['person', finance.UserID],
    ];
    expect(await previewed(id)).toEqual(want);
    expect((await submit(id)).statusCode).toBe(200);
    expect(await stored(id)).toEqual(want);
  });

  it('sends the special-approver step to the approver set on the expense item', async () => {
    const id = await draft([{ item: special.id, amount: '120.00' }]);
    const want = [
      ['line_manager', manager.UserID],
      ['special_approver', auditor.UserID],
    ];
    expect(await previewed(id)).toEqual(want);
    expect((await submit(id)).statusCode).toBe(200);
    expect(await stored(id)).toEqual(want);
    const [step] = await t.ctx.db
      .select()
      .from(approvalStep)
      .where(and(eq(approvalStep.documentId, id), eq(approvalStep.stepKind, 'special_approver')));
    expect(step?.reasonKey).toBe('workflow.reason.special_approver');
  });

  it('runs every step that applies, the amount-range step from its minimum', async () => {
    const id = await draft([
      { item: hcp.id, amount: '20000.00' },
      { item: abroad.id, amount: '20000.00' },
      { item: special.id, amount: '20000.00' },
    ]);
    const steps = await previewed(id);
    expect(steps.map((s: [string, number]) => s[0])).toEqual([
      'line_manager',
      'role',
      'person',
      'special_approver',
      'role',
    ]);
    expect(await roleMemberIds('SYSADMIN')).toContain(steps[4][1]);
    expect((await submit(id)).statusCode).toBe(200);
    expect(await stored(id)).toEqual(steps);
  });

  it('refuses at submit, naming the step, when the items have no special approver who can approve', async () => {
    await t.ctx.db.update(employeeTable).set({ status: 'left' }).where(eq(employeeTable.id, auditor.UserID));
    try {
      const id = await draft([{ item: special.id, amount: '80.00' }]);
      const res = await t.act('/api/DocumentSubmit/SubmitDeputy', id, employee.access_token, { Language: 'en-GB' });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('workflow.special_approver_missing');
      expect(res.json().message).toContain('Special');
      expect(await stored(id)).toEqual([]);
      const [d] = await t.ctx.db.select().from(document).where(eq(document.id, id));
      expect(d?.status).toBe('draft');
    } finally {
      await t.ctx.db.update(employeeTable).set({ status: 'active' }).where(eq(employeeTable.id, auditor.UserID));
    }
  });

  it('refuses at submit when the person a step names can no longer approve', async () => {
    await t.ctx.db.update(employeeTable).set({ status: 'left' }).where(eq(employeeTable.id, finance.UserID));
    try {
      const id = await draft([{ item: abroad.id, amount: '80.00' }]);
      const res = await submit(id);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('workflow.approver_missing');
      expect(await stored(id)).toEqual([]);
    } finally {
      await t.ctx.db.update(employeeTable).set({ status: 'active' }).where(eq(employeeTable.id, finance.UserID));
    }
  });
});

describe('saving a route that would find nobody', () => {
  const save = (details: unknown[]) =>
    t.call(SAVE, { Workflow: { ...header, Code: 'DEPUTY-BAD' }, Details: details }, admin.access_token);
  const fieldCodes = (res: { json(): { errors?: { field: string; code: string }[] } }) =>
    (res.json().errors ?? []).map((e) => [e.field, e.code]);

  it('refuses a special-approver step not limited to expense items, or naming an item without an approver', async () => {
    const open = await save([{ Seq: 1, StepKind: 'special_approver', NameZH: '特批', NameEN: 'Special' }]);
    expect(open.statusCode).toBe(400);
    expect(fieldCodes(open)).toEqual([['Details.0.ExpenseItemIDs', 'workflow.special_items_required']]);
    const without = await save([
      { Seq: 1, StepKind: 'special_approver', ExpenseItemIDs: [special.id, unset.id], NameZH: '特批', NameEN: 'S' },
    ]);
    expect(without.statusCode).toBe(400);
    expect(fieldCodes(without)).toEqual([['Details.0.ExpenseItemIDs', 'workflow.special_approver_unset']]);
  });

  it('refuses a role step whose role has nobody who can approve', async () => {
    await t.ctx.db.insert(role).values({ companyId: 1, code: 'T-EMPTY', nameZh: '空角色', nameEn: 'Empty role' });
    const res = await save([{ Seq: 1, StepKind: 'role', RoleCode: 'T-EMPTY', NameZH: '空', NameEN: 'Empty' }]);
    expect(res.statusCode).toBe(400);
    expect(fieldCodes(res)).toEqual([['Details.0.RoleCode', 'workflow.role_empty']]);
  });
});

describe('approve-all follows the route’s AllowBatchApprove', () => {
  it('marks the pending rows and refuses them in BatchApprove, while one-by-one approval works', async () => {
    const a = await draft([{ item: m.hotel.id, amount: '10.00' }]);
    const b = await draft([{ item: m.hotel.id, amount: '11.00' }]);
    for (const id of [a, b]) expect((await submit(id)).statusCode).toBe(200);
    await t.ctx.db
      .update(workflowSetting)
      .set({ allowBatchApprove: false })
      .where(and(eq(workflowSetting.companyId, 1), eq(workflowSetting.code, header.Code)));
    const list = await t.call(
      '/api/ApproveCenter/QueryPendingList',
      { PageIndex: 1, PageSize: 100 },
      manager.access_token,
    );
    const rows = list.json().Rows as { ID: number; BatchApprovable: boolean; Version: number }[];
    const mine = rows.filter((r) => r.ID === a || r.ID === b);
    expect(mine.map((r) => r.BatchApprovable)).toEqual([false, false]);
    const batch = await t.call(
      '/api/ApproveCenter/BatchApprove',
      { Items: mine.map((r) => ({ ID: r.ID, Version: r.Version })) },
      manager.access_token,
    );
    expect(batch.statusCode).toBe(200);
    for (const r of batch.json().Rows) {
      expect(r).toMatchObject({ Ok: false, ErrorCode: 'workflow.batch_not_allowed' });
    }
    const one = await t.call(
      '/api/DocumentApprove/ApproveDeputy',
      { ID: a, Pass: true, Version: await t.version(a) },
      manager.access_token,
    );
    expect(one.statusCode).toBe(200);
    await t.ctx.db
      .update(workflowSetting)
      .set({ allowBatchApprove: true })
      .where(and(eq(workflowSetting.companyId, 1), eq(workflowSetting.code, header.Code)));
    const again = await t.call(
      '/api/ApproveCenter/BatchApprove',
      { Items: [{ ID: b, Version: mine.find((r) => r.ID === b)!.Version }] },
      manager.access_token,
    );
    expect(again.json().Rows[0]).toMatchObject({ Ok: true });
  });
});
