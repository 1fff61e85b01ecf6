import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { type Masters, type Session, saveApply, saveDeputy, saveWorkflow } from '../../../test/documents';
import { documentMasters } from '../../../test/factories';
import { shanghaiToday } from '../../core/time';
import { employee as employeeTable } from './org.table';

/** The specification's two user rules: no cost centre, no expense pages; no bank account, no loans or claims. */

let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let admin: Session;
let saved: { defaultCostCentreId: number | null; bankAccount: string | null };

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  [employee, manager, admin] = await t.logins('employee', 'manager', 'admin');
  await saveWorkflow(
    t,
    admin.access_token,
    { Code: 'DEPUTY-STD', DocType: 'deputy', NameZH: '报销审批', NameEN: 'Deputy approval' },
    [{ Seq: 1, StepKind: 'line_manager', NameZH: '直属经理', NameEN: 'Line manager' }],
  );
  const [row] = await t.ctx.db.select().from(employeeTable).where(eq(employeeTable.id, employee.UserID));
  saved = { defaultCostCentreId: row!.defaultCostCentreId, bankAccount: row!.bankAccount };
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.db.update(employeeTable).set(saved).where(eq(employeeTable.id, employee.UserID));
});

const setProfile = (id: number, v: Partial<typeof saved>) =>
  t.ctx.db.update(employeeTable).set(v).where(eq(employeeTable.id, id));
const deputyBody = () => ({
  ExpenseTypeID: m.type.id,
  CostCenterID: m.own.id,
  Reason: '差旅',
  Lines: [{ ExpenseItemID: m.hotel.id, ExpenseDate: shanghaiToday(), Amount: '100.00' }],
});

describe('a user with no cost centre', () => {
  it('cannot save or submit on the expense pages, and is told to change the default cost centre in the profile', async () => {
    const draft = await saveDeputy(t, m, employee.access_token);
    await setProfile(employee.UserID, { defaultCostCentreId: null });
    for (const culture of ['zh-CN', 'en-GB']) {
      const res = await t.call('/api/document/SaveDeputyDetail', deputyBody(), employee.access_token, {
        'accept-language': culture,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('org.no_cost_centre');
      expect(res.json().message).toMatch(culture === 'zh-CN' ? /个人信息中修改默认成本中心/ : /default cost centre/);
    }
    expect((await t.call('/api/document/SavePlanDetail', deputyBody(), employee.access_token)).json().code).toBe(
      'org.no_cost_centre',
    );
    // The document itself names a cost centre: the rule reads the user's profile, not the document.
    const submit = await t.act('/api/DocumentSubmit/SubmitDeputy', draft.ID, employee.access_token);
    expect(submit.statusCode).toBe(422);
    expect(submit.json().code).toBe('org.no_cost_centre');
  });

  it('sets the default cost centre in the profile, only one they may charge, and can use the pages again', async () => {
    await setProfile(employee.UserID, { defaultCostCentreId: null });
    const info = (await t.call('/api/System/GetDefaultInfo', {}, employee.access_token)).json();
    expect(info.DefaultCostCenterID).toBeNull();
    const foreign = await t.call(
      '/api/System/ModifyPersonalinfo',
      { DefaultCostCenterID: m.foreign.id, Version: info.Version },
      employee.access_token,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0]).toMatchObject({
      field: 'DefaultCostCenterID',
      code: 'org.cost_centre_not_chargeable',
    });
    const ok = await t.call(
      '/api/System/ModifyPersonalinfo',
      { DefaultCostCenterID: m.own.id, Version: info.Version },
      employee.access_token,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ DefaultCostCenterID: m.own.id, DefaultCostCenterCode: expect.any(String) });
    await saveDeputy(t, m, employee.access_token);
  });
});

describe('a user with no bank account', () => {
  it('cannot fill in a loan or a reimbursement, can still fill in an apply', async () => {
    const draft = await saveDeputy(t, m, employee.access_token);
    await setProfile(employee.UserID, { bankAccount: null });
    for (const [url, culture] of [
      ['/api/document/SaveDeputyDetail', 'zh-CN'],
      ['/api/document/SaveLoanDetail', 'en-GB'],
    ] as const) {
      const res = await t.call(url, deputyBody(), employee.access_token, { 'accept-language': culture });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('org.no_bank_account');
      expect(res.json().message).toMatch(culture === 'zh-CN' ? /银行账户/ : /bank account/);
    }
    expect((await t.act('/api/DocumentSubmit/SubmitDeputy', draft.ID, employee.access_token)).json().code).toBe(
      'org.no_bank_account',
    );
    await saveApply(t, m, employee.access_token);
  });

  it('can still approve', async () => {
    const draft = await saveDeputy(t, m, employee.access_token);
    expect((await t.act('/api/DocumentSubmit/SubmitDeputy', draft.ID, employee.access_token)).statusCode).toBe(200);
    const [mgr] = await t.ctx.db.select().from(employeeTable).where(eq(employeeTable.id, manager.UserID));
    await setProfile(manager.UserID, { bankAccount: null, defaultCostCentreId: null });
    try {
      const res = await t.act('/api/DocumentApprove/ApproveDeputy', draft.ID, manager.access_token, { Pass: true });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await setProfile(manager.UserID, {
        bankAccount: mgr!.bankAccount,
        defaultCostCentreId: mgr!.defaultCostCentreId,
      });
    }
  });
});
