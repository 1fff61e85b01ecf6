import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';

let t: TestApp;
let admin: string;
let employee: string;
beforeAll(async () => {
  t = await testApp();
  [admin, employee] = await t.tokens('admin', 'employee');
});
afterAll(() => t.close());

const template = (code: string, over: Record<string, unknown> = {}) => ({
  Workflow: {
    Code: code,
    DocType: 'deputy',
    NameZH: '报销标准审批',
    NameEN: 'Standard deputy approval',
    Active: true,
    ...over,
  },
  Details: [
    { Seq: 1, StepKind: 'line_manager', NameZH: '直属经理', NameEN: 'Line manager' },
    {
      Seq: 2,
      StepKind: 'approval_limit_chain',
      MinAmount: '5000.00',
      NameZH: '逐级审批',
      NameEN: 'Approval limit chain',
    },
    { Seq: 3, StepKind: 'role', RoleCode: 'COMPLIANCE', HcpOnly: true, NameZH: '合规审批', NameEN: 'Compliance' },
  ],
});

describe('workflow settings', () => {
  it('saves a route template with its steps and reads it back in the user’s language', async () => {
    const saved = await t.call('/api/workflowSetting/SaveDetail', template('DEPUTY-STD'), admin);
    expect(saved.statusCode).toBe(200);
    const { Workflow, Details } = saved.json();
    expect(Workflow).toMatchObject({ Code: 'DEPUTY-STD', Name: '报销标准审批', StepCount: 3, Version: 1 });
    expect(Details.map((d: { StepKind: string }) => d.StepKind)).toEqual([
      'line_manager',
      'approval_limit_chain',
      'role',
    ]);

    const loaded = (
      await t.call('/api/workflowSetting/SearchDetailList', { WorkflowID: Workflow.ID, Language: 'en-GB' }, admin)
    ).json();
    expect(loaded.Workflow.Name).toBe('Standard deputy approval');
    const list = (await t.call('/api/workflowSetting/SearchWorkflowList', { DocType: 'deputy' }, admin)).json();
    expect(list.Rows.map((r: { Code: string }) => r.Code)).toContain('DEPUTY-STD');
    const codes = (await t.call('/api/workflowSetting/SearchWorkflowCodeList', {}, admin)).json();
    expect(codes.Rows).toEqual(expect.arrayContaining([expect.objectContaining({ Code: 'DEPUTY-STD' })]));
  });

  it('replaces steps on save, checks the version, and removes one step closing the gap', async () => {
    const first = (
      await t.call('/api/workflowSetting/SaveDetail', template('LOAN-STD', { DocType: 'loan' }), admin)
    ).json();
    const stale = await t.call(
      '/api/workflowSetting/SaveDetail',
      { ...template('LOAN-STD', { DocType: 'loan', ID: first.Workflow.ID, Version: 0 }) },
      admin,
    );
    expect(stale.statusCode).toBe(409);
    const second = first.Details[1];
    expect((await t.call('/api/workflowSetting/deleteDetail', { ID: second.ID }, admin)).statusCode).toBe(200);
    const after = (
      await t.call('/api/workflowSetting/SearchDetailList', { WorkflowID: first.Workflow.ID }, admin)
    ).json();
    expect(after.Details.map((d: { Seq: number; StepKind: string }) => [d.Seq, d.StepKind])).toEqual([
      [1, 'line_manager'],
      [2, 'role'],
    ]);
    const audit = await t.ctx.db.query.auditLog.findMany({ where: (a, { eq }) => eq(a.entity, 'workflow_setting') });
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'delete_step']));
  });

  it('refuses bad steps with field errors and duplicate codes with 409', async () => {
    const bad = await t.call(
      '/api/workflowSetting/SaveDetail',
      {
        Workflow: { Code: 'BAD', DocType: 'apply', NameZH: '坏', NameEN: 'Bad' },
        Details: [
          { Seq: 1, StepKind: 'role', RoleCode: 'NOPE', NameZH: 'x', NameEN: 'x' },
          { Seq: 2, StepKind: 'person', PersonID: 999999, NameZH: 'x', NameEN: 'x' },
          { Seq: 3, StepKind: 'line_manager', MinAmount: '100.00', MaxAmount: '10.00', NameZH: 'x', NameEN: 'x' },
        ],
      },
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'Details.0.RoleCode',
      'Details.1.PersonID',
      'Details.2.MaxAmount',
    ]);
    const invalid = await t.call(
      '/api/workflowSetting/SaveDetail',
      { Workflow: { Code: 'x y', DocType: 'other' }, Details: [] },
      admin,
    );
    expect(invalid.statusCode).toBe(400);
    await t.call('/api/workflowSetting/SaveDetail', template('DUP'), admin);
    const dup = await t.call('/api/workflowSetting/SaveDetail', template('DUP'), admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('workflow.code_duplicate');
  });

  it('is for administrators, and hides other companies’ templates', async () => {
    expect((await t.call('/api/workflowSetting/SearchWorkflowList', {}, employee)).statusCode).toBe(403);
    const mine = (await t.call('/api/workflowSetting/SaveDetail', template('ONLY-1000'), admin)).json();
    const shifted = (await t.call('/api/System/ShiftCompany', { TargetCompanyID: 2 }, admin)).json();
    expect(
      (await t.call('/api/workflowSetting/SearchDetailList', { WorkflowID: mine.Workflow.ID }, shifted.access_token))
        .statusCode,
    ).toBe(404);
  });

  it('offers the company’s active roles for role steps', async () => {
    const url = '/api/workflowSetting/SearchRoleCodeList';
    expect((await t.call(url, {})).statusCode).toBe(401);
    expect((await t.call(url, {}, employee)).statusCode).toBe(403);
    const res = await t.call(url, { Language: 'en-GB' }, admin);
    expect(res.json().Rows).toEqual(expect.arrayContaining([{ Code: 'MANAGER', Name: 'Manager' }]));
  });
});
