import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { type Masters, type Session, saveDeputy, saveWorkflow, withoutRoles } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { statusHistory } from '../../documents/lifecycle/lifecycle.table';
import { costCentreFormOrder, costCentreHead, costCentreHistory } from '../../masterdata/costcentre.table';
import { mailOutbox } from '../../notify/notify.table';
import { employee as employeeTable } from '../../org/org.table';
import { approvalStep } from '../approval/approval.table';

let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let admin: Session;
let finance: Session;
let auditor: Session;
/** Signed in without any role: holds no function. */
let plain: Session;
let foreignerId: number;

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  await withoutRoles(t, 'compliance');
  [employee, manager, admin, finance, auditor, plain] = await t.logins(
    'employee',
    'manager',
    'admin',
    'finance',
    'auditor',
    'compliance',
  );
  const [foreigner] = await t.ctx.db
    .select({ id: employeeTable.id })
    .from(employeeTable)
    .where(ne(employeeTable.companyId, 1))
    .limit(1);
  foreignerId = foreigner!.id;
  // The head of the employee's cost centre approves after the line manager.
  await t.ctx.db.insert(costCentreHead).values({ costCentreId: m.own.id, employeeId: finance.UserID, seq: 1 });
  await t.ctx.db
    .insert(costCentreFormOrder)
    .values({ costCentreId: m.own.id, docType: 'deputy', seq: 1, employeeId: finance.UserID });
  await saveWorkflow(
    t,
    admin.access_token,
    { Code: 'DEPUTY-CC', DocType: 'deputy', NameZH: '报销审批', NameEN: 'Deputy approval' },
    [
      { Seq: 1, StepKind: 'line_manager', NameZH: '直属经理', NameEN: 'Line manager' },
      { Seq: 2, StepKind: 'cost_centre_head', NameZH: '成本中心负责人', NameEN: 'Cost-centre head' },
    ],
  );
});
afterAll(() => t.close());

/** A deputy of the employee, submitted: pending with the manager, then waiting for the cost-centre head. */
async function submitted() {
  const d = await saveDeputy(t, m, employee.access_token);
  const s = await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token);
  expect(s.json().Status).toBe('approving');
  return s.json() as { ID: number; DocNo: string; Version: number };
}
const stepsOf = (documentId: number) =>
  t.ctx.db.select().from(approvalStep).where(eq(approvalStep.documentId, documentId)).orderBy(approvalStep.seq);
const mailsTo = (documentId: number, to: number) =>
  t.ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.documentId, documentId), eq(mailOutbox.toEmployeeId, to)));

describe('ChangeApprove', () => {
  const url = '/api/document/ChangeApprove';

  it('lets an administrator hand the pending step to someone else, recorded and notified', async () => {
    const d = await submitted();
    expect(
      (await t.call(url, { ID: d.ID, Version: await t.version(d.ID), NewApproverID: auditor.UserID })).statusCode,
    ).toBe(401);
    expect((await t.act(url, d.ID, admin.access_token)).statusCode).toBe(400);
    // Neither the applicant nor someone unrelated sees the document here.
    expect((await t.act(url, d.ID, employee.access_token, { NewApproverID: auditor.UserID })).statusCode).toBe(404);
    expect((await t.act(url, d.ID, plain.access_token, { NewApproverID: auditor.UserID })).statusCode).toBe(404);
    const self = await t.act(url, d.ID, admin.access_token, { NewApproverID: employee.UserID });
    expect(self.statusCode).toBe(422);
    expect(self.json().code).toBe('workflow.self_approval');
    const gone = await t.act(url, d.ID, admin.access_token, { NewApproverID: foreignerId });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().errors[0]).toMatchObject({ field: 'NewApproverID', code: 'workflow.person_unknown' });

    const done = await t.act(url, d.ID, admin.access_token, { NewApproverID: auditor.UserID, Comment: '休假' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      ID: d.ID,
      ApproverID: auditor.UserID,
      OriginalApproverID: manager.UserID,
      Version: d.Version + 1,
    });
    const [first] = await stepsOf(d.ID);
    expect(first).toMatchObject({ status: 'pending', approverId: auditor.UserID, originalApproverId: manager.UserID });
    const history = await t.ctx.db.select().from(statusHistory).where(eq(statusHistory.documentId, d.ID));
    expect(history.at(-1)).toMatchObject({ action: 'change_approver', comment: '休假', actorId: admin.UserID });
    expect((await mailsTo(d.ID, auditor.UserID)).map((x) => x.template)).toEqual(['workflow.mail.reassigned']);
    const pending = (await t.call('/api/ApproveCenter/QueryPendingList', {}, auditor.access_token)).json();
    expect(pending.Rows.map((r: { ID: number }) => r.ID)).toContain(d.ID);
    const same = await t.act(url, d.ID, admin.access_token, { NewApproverID: auditor.UserID });
    expect(same.json().code).toBe('workflow.same_approver');
  });

  it('lets the current approver’s line manager reassign, and refuses a document no longer in approval', async () => {
    const d = await submitted();
    await t.ctx.db
      .update(employeeTable)
      .set({ lineManagerId: auditor.UserID })
      .where(eq(employeeTable.id, manager.UserID));
    const done = await t.act(url, d.ID, auditor.access_token, { NewApproverID: finance.UserID });
    expect(done.statusCode).toBe(200);
    // Now the finance colleague holds it; the auditor is not their manager.
    expect((await t.act(url, d.ID, auditor.access_token, { NewApproverID: manager.UserID })).statusCode).toBe(404);

    const decided = await t.act('/api/DocumentApprove/ApproveDeputy', d.ID, finance.access_token, {
      Pass: false,
      Comment: '退回',
    });
    expect(decided.json().Status).toBe('returned');
    const late = await t.act(url, d.ID, admin.access_token, { NewApproverID: manager.UserID });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('workflow.not_pending');
  });
});

describe('ChangeApprovers', () => {
  const search = '/api/Workflow/SearchPendingByApprover';
  const change = '/api/Workflow/ChangeApprovers';

  it('is guarded and validated', async () => {
    for (const url of [search, change]) {
      expect((await t.call(url, {})).statusCode).toBe(401);
      expect((await t.call(url, {}, employee.access_token)).statusCode).toBe(403);
    }
    expect((await t.call(search, {}, admin.access_token)).statusCode).toBe(400);
    const same = await t.call(
      change,
      { FromApproverID: finance.UserID, ToApproverID: finance.UserID },
      admin.access_token,
    );
    expect(same.statusCode).toBe(400);
    expect((await t.call(search, { ApproverID: foreignerId }, admin.access_token)).statusCode).toBe(404);
    const foreign = await t.call(
      change,
      { FromApproverID: foreignerId, ToApproverID: auditor.UserID },
      admin.access_token,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('lists a person’s open steps and replaces them, skipping documents of the replacement', async () => {
    const a = await submitted();
    const b = await submitted();
    const held = (await t.call(search, { ApproverID: finance.UserID, PageSize: 100 }, admin.access_token)).json();
    const mine = held.Rows.filter((r: { DocumentID: number }) => [a.ID, b.ID].includes(r.DocumentID));
    expect(mine).toEqual([
      expect.objectContaining({ DocNo: a.DocNo, StepStatus: 'waiting', StepName: '成本中心负责人' }),
      expect.objectContaining({ DocNo: b.DocNo, StepStatus: 'waiting' }),
    ]);

    const own = await t.call(
      change,
      { FromApproverID: finance.UserID, ToApproverID: employee.UserID, DocumentIDs: [a.ID, b.ID] },
      admin.access_token,
    );
    expect(own.json()).toEqual({
      Changed: 0,
      Skipped: [
        { ID: a.ID, DocNo: a.DocNo, ReasonKey: 'workflow.skip.self_approval' },
        { ID: b.ID, DocNo: b.DocNo, ReasonKey: 'workflow.skip.self_approval' },
      ],
    });

    const one = await t.call(
      change,
      { FromApproverID: finance.UserID, ToApproverID: auditor.UserID, DocumentIDs: [a.ID] },
      admin.access_token,
    );
    expect(one.json()).toEqual({ Changed: 1, Skipped: [] });
    expect((await stepsOf(a.ID))[1]).toMatchObject({ approverId: auditor.UserID, originalApproverId: finance.UserID });
    expect((await stepsOf(b.ID))[1]).toMatchObject({ approverId: finance.UserID, originalApproverId: null });
    // A waiting step sends no notice yet.
    expect(await mailsTo(a.ID, auditor.UserID)).toEqual([]);

    // All of the manager's open steps, pending ones notified.
    const all = await t.call(
      change,
      { FromApproverID: manager.UserID, ToApproverID: auditor.UserID },
      admin.access_token,
    );
    expect(all.json().Changed).toBeGreaterThanOrEqual(2);
    expect((await stepsOf(b.ID))[0]).toMatchObject({ status: 'pending', approverId: auditor.UserID });
    expect((await mailsTo(b.ID, auditor.UserID)).map((x) => x.template)).toEqual(['workflow.mail.reassigned']);
    const audits = await t.ctx.db.query.auditLog.findMany({ where: (x, { eq }) => eq(x.action, 'change_approvers') });
    expect(audits.filter((x) => x.entityId === String(b.ID))).toHaveLength(1);
    expect(
      (await t.call(search, { ApproverID: manager.UserID }, admin.access_token))
        .json()
        .Rows.map((r: { DocumentID: number }) => r.DocumentID),
    ).not.toContain(b.ID);
  });
});

describe('changeprogramManager', () => {
  const search = '/api/CostCenterMaster/SearchHeadsByPerson';
  const change = '/api/CostCenterMaster/ChangeProgramManager';

  it('is guarded and validated', async () => {
    for (const url of [search, change]) {
      expect((await t.call(url, {})).statusCode).toBe(401);
      expect((await t.call(url, {}, employee.access_token)).statusCode).toBe(403);
    }
    expect((await t.call(change, { FromEmployeeID: finance.UserID }, admin.access_token)).statusCode).toBe(400);
    expect((await t.call(search, { EmployeeID: foreignerId }, admin.access_token)).statusCode).toBe(404);
    const foreign = await t.call(
      change,
      { FromEmployeeID: foreignerId, ToEmployeeID: auditor.UserID },
      admin.access_token,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('lists the cost centres a person heads and hands them over, with their open head steps', async () => {
    await t.ctx.db.insert(costCentreHead).values([
      { costCentreId: m.foreign.id, employeeId: finance.UserID, seq: 1, amountLimit: '5000.00' },
      { costCentreId: m.foreign.id, employeeId: manager.UserID, seq: 2 },
    ]);
    const d = await submitted();
    const heads = (await t.call(search, { EmployeeID: finance.UserID }, admin.access_token)).json();
    expect(heads.Rows).toEqual([
      expect.objectContaining({ CostCenterCode: 'T-MKT', Seq: 1, HeadCount: 2, AmountLimit: '5000.00', OpenSteps: 0 }),
      expect.objectContaining({ CostCenterCode: 'T-OWN', Seq: 1, HeadCount: 1 }),
    ]);
    expect(heads.Rows[1].OpenSteps).toBeGreaterThanOrEqual(1);

    // The manager already heads T-MKT: that one is skipped.
    const res = await t.call(
      change,
      { FromEmployeeID: finance.UserID, ToEmployeeID: manager.UserID, AlsoPendingSteps: true },
      admin.access_token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Changed: 1,
      Skipped: [{ ID: m.foreign.id, CostCenterCode: 'T-MKT', ReasonKey: 'workflow.skip.already_head' }],
    });
    expect(res.json().DocumentsChanged).toBeGreaterThanOrEqual(1);
    const own = await t.ctx.db.select().from(costCentreHead).where(eq(costCentreHead.costCentreId, m.own.id));
    expect(own).toEqual([expect.objectContaining({ employeeId: manager.UserID, seq: 1 })]);
    const orders = await t.ctx.db
      .select()
      .from(costCentreFormOrder)
      .where(eq(costCentreFormOrder.costCentreId, m.own.id));
    expect(orders.map((o) => o.employeeId)).toEqual([manager.UserID]);
    const history = await t.ctx.db.select().from(costCentreHistory).where(eq(costCentreHistory.costCentreId, m.own.id));
    expect(history.at(-1)).toMatchObject({ action: 'head_change', actorId: admin.UserID });
    // The document's head step is now the manager's too, right after their own step.
    expect((await stepsOf(d.ID)).map((s) => s.approverId)).toEqual([manager.UserID, manager.UserID]);
    expect((await stepsOf(d.ID))[1]).toMatchObject({ status: 'waiting', originalApproverId: finance.UserID });
  });
});
