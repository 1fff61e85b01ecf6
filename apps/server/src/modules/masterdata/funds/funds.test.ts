import { shanghaiToday } from '@ems/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { costCentreOf, employeeIdOf, expectGuarded, fieldsOf, teamIdOf, tokenFor } from '../../../../test/finance';
import { assertChargeable } from './chargeable';

let t: TestApp;
let admin: string;
let employee: string;
let worker: number;
let companyId: number;
beforeAll(async () => {
  t = await testApp();
  [admin, employee] = await t.tokens('admin', 'employee');
  worker = await employeeIdOf(t, 'employee');
  companyId = (await costCentreOf(t, '1000', 'CC1101')).companyId;
});
afterAll(() => t.close());

const B = '/api/FundsPermission';
/** The demo's grants and internal orders run through its year (the year it was loaded in). */
const year = Number(shanghaiToday().slice(0, 4));

async function io(code: string) {
  return (await t.ctx.database.db.query.internalOrder.findFirst({ where: (o, { eq }) => eq(o.code, code) }))!;
}

async function refusal(target: { costCentreId?: number; internalOrderId?: number; date?: string }) {
  try {
    await assertChargeable(t.ctx.db, { userId: worker, companyId }, target);
    return 'allowed';
  } catch (err) {
    return (err as { code: string }).code;
  }
}

describe('guards', () => {
  it('setting and querying need their functions; anyone signed in may ask for their own', async () => {
    await expectGuarded(t, employee, [`${B}/Search`, `${B}/Save`, `${B}/Delete`, `${B}/Query`]);
    expect((await t.call(`${B}/SearchChargeable`, {})).statusCode).toBe(401);
    expect((await t.call(`${B}/SearchChargeable`, {}, employee)).statusCode).toBe(200);
  });
});

describe('Query', () => {
  it('lists what a person may charge and why: own team, default, grants to them and their teams, orders on them', async () => {
    const res = await t.call(`${B}/Query`, { EmployeeID: worker, PageSize: 100, Language: 'en-GB' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.Employee).toMatchObject({ EmployeeName: 'Wei Zhang', TeamName: 'Oncology Shanghai District' });
    const byCode = new Map(body.Rows.map((r: { Code: string }) => [r.Code, r]));
    expect(byCode.get('CC1101')).toMatchObject({
      Kind: 'cost_centre',
      Choosable: true,
      Reasons: [
        { Reason: 'own_team', Detail: 'Oncology Shanghai District' },
        { Reason: 'default', Detail: '' },
      ],
    });
    expect(byCode.get('CC1102')).toMatchObject({
      Reasons: [{ Reason: 'granted_employee', Detail: `${year}-01-01 ~ ${year}-12-31` }],
    });
    expect(byCode.get('IO26001')).toMatchObject({ Kind: 'internal_order', Reasons: [{ Reason: 'granted_employee' }] });
    expect(byCode.get('IO26004')).toMatchObject({ Reasons: [{ Reason: 'granted_team', Detail: 'Oncology BU' }] });
    expect(byCode.get('IO26006')).toMatchObject({ Reasons: [{ Reason: 'via_cost_centre', Detail: 'CC1101' }] });
    expect(byCode.has('CC2101')).toBe(false);
    const cc = await t.call(`${B}/Query`, { EmployeeCode: body.Employee.EmployeeCode, Kind: 'cost_centre' }, admin);
    expect(cc.json().Rows.every((r: { Kind: string }) => r.Kind === 'cost_centre')).toBe(true);
  });

  it('asks about a day: grants that have ended no longer count', async () => {
    const later = (
      await t.call(`${B}/Query`, { EmployeeID: worker, OnDate: `${year + 1}-02-01`, PageSize: 100 }, admin)
    ).json();
    const codes = later.Rows.map((r: { Code: string }) => r.Code);
    expect(codes).toContain('CC1101');
    expect(codes).not.toContain('CC1102');
    expect(codes).not.toContain('IO26001');
  });

  it('answers for the signed-in user by default, 404 for someone of another company, 400 for an unknown code', async () => {
    const self = (await t.call(`${B}/Query`, {}, admin)).json();
    expect(self.Employee.EmployeeName).toBe('系统管理员');
    const otherCompany = (await costCentreOf(t, '2000', 'CC5101')).companyId;
    const someone = await t.ctx.database.db.query.employee.findFirst({
      where: (e, { eq }) => eq(e.companyId, otherCompany),
    });
    expect((await t.call(`${B}/Query`, { EmployeeID: someone!.id }, admin)).statusCode).toBe(404);
    expect(fieldsOf(await t.call(`${B}/Query`, { EmployeeCode: 'NOPE' }, admin))).toEqual(['EmployeeCode']);
  });
});

describe('grants', () => {
  it('are searched, created, changed at the version seen and withdrawn; the person may then charge the target', async () => {
    const target = await costCentreOf(t, '1000', 'CC2102');
    expect(await refusal({ costCentreId: target.id })).toBe('funds.cost_centre_not_permitted');
    const created = await t.call(
      `${B}/Save`,
      { EmployeeID: worker, CostCenterID: target.id, Remark: '支援心血管市场' },
      admin,
    );
    expect(created.statusCode, created.body).toBe(200);
    const g = created.json();
    expect(g).toMatchObject({
      GranteeKind: 'employee',
      TargetKind: 'cost_centre',
      CostCenterCode: 'CC2102',
      Active: true,
      Version: 1,
    });
    expect(await refusal({ costCentreId: target.id })).toBe('allowed');
    const dup = await t.call(`${B}/Save`, { EmployeeID: worker, CostCenterID: target.id }, admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('funds.duplicate');
    const upd = await t.call(`${B}/Save`, { ...g, ValidTo: '2026-01-31' }, admin);
    expect(upd.json()).toMatchObject({ ValidTo: '2026-01-31', Version: 2 });
    expect((await t.call(`${B}/Save`, { ...g, ValidTo: '2026-02-28' }, admin)).statusCode).toBe(409);
    expect(await refusal({ costCentreId: target.id, date: '2026-06-01' })).toBe('funds.cost_centre_not_permitted');
    const search = await t.call(`${B}/Search`, { Grantee: '张伟', TargetKind: 'cost_centre' }, admin);
    expect(search.statusCode, search.body).toBe(200);
    const found = search.json();
    expect(found.Rows.map((r: { CostCenterCode: string }) => r.CostCenterCode)).toEqual(
      expect.arrayContaining(['CC1102', 'CC2102']),
    );
    expect((await t.call(`${B}/Delete`, { IDs: [g.FundsPermissionID] }, admin)).json().Changed).toBe(1);
    expect((await t.call(`${B}/Delete`, { IDs: [g.FundsPermissionID] }, admin)).statusCode).toBe(404);
    const audit = await t.ctx.database.db.query.auditLog.findMany({
      where: (a, { eq }) => eq(a.entity, 'fund_permission'),
    });
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('a team grant covers the teams below it', async () => {
    const target = await costCentreOf(t, '1000', 'CC3101');
    expect(await refusal({ costCentreId: target.id })).toBe('funds.cost_centre_not_permitted');
    const onc = await teamIdOf(t, '1000', 'ONC');
    expect((await t.call(`${B}/Save`, { TeamID: onc, CostCenterID: target.id }, admin)).statusCode).toBe(200);
    expect(await refusal({ costCentreId: target.id })).toBe('allowed');
  });

  it('refuse two grantees or none, two targets or none, stopped targets, and another company’s data', async () => {
    const cc = await costCentreOf(t, '1000', 'CC2101');
    const team = await teamIdOf(t, '1000', 'HR');
    expect(
      fieldsOf(await t.call(`${B}/Save`, { EmployeeID: worker, TeamID: team, CostCenterID: cc.id }, admin)),
    ).toEqual(['EmployeeID']);
    expect(fieldsOf(await t.call(`${B}/Save`, { CostCenterID: cc.id }, admin))).toEqual(['EmployeeID']);
    expect(fieldsOf(await t.call(`${B}/Save`, { TeamID: team }, admin))).toEqual(['CostCenterID']);
    const stopped = await costCentreOf(t, '1000', 'CC1109');
    expect(fieldsOf(await t.call(`${B}/Save`, { TeamID: team, CostCenterID: stopped.id }, admin))).toEqual([
      'CostCenterID',
    ]);
    const foreignTeam = await teamIdOf(t, '2000', 'FIN');
    expect(fieldsOf(await t.call(`${B}/Save`, { TeamID: foreignTeam, CostCenterID: cc.id }, admin))).toEqual([
      'TeamID',
    ]);
    const foreignCc = await costCentreOf(t, '2000', 'CC8101');
    expect(fieldsOf(await t.call(`${B}/Save`, { TeamID: team, CostCenterID: foreignCc.id }, admin))).toEqual([
      'CostCenterID',
    ]);
    expect(fieldsOf(await t.call(`${B}/Save`, { TeamID: 'x', ValidFrom: '2026-1-1' }, admin))).toEqual(
      expect.arrayContaining(['TeamID', 'ValidFrom']),
    );
    const other = await tokenFor(t, 'admin', '2000');
    const theirs = (await t.call(`${B}/Search`, {}, other)).json().Rows[0];
    expect((await t.call(`${B}/Save`, { ...theirs, Remark: 'x' }, admin)).statusCode).toBe(404);
    expect((await t.call(`${B}/Delete`, { IDs: [theirs.FundsPermissionID] }, admin)).statusCode).toBe(404);
  });
});

describe('assertChargeable', () => {
  it('refuses stopped, out-of-date, unknown and foreign cost centres and internal orders, with coded errors', async () => {
    expect(await refusal({ costCentreId: (await costCentreOf(t, '1000', 'CC1101')).id })).toBe('allowed');
    expect(await refusal({ costCentreId: (await costCentreOf(t, '1000', 'CC1109')).id })).toBe(
      'funds.cost_centre_stopped',
    );
    expect(await refusal({ costCentreId: (await costCentreOf(t, '2000', 'CC5101')).id })).toBe(
      'funds.cost_centre_unknown',
    );
    expect(await refusal({ internalOrderId: (await io('IO26001')).id })).toBe('allowed');
    expect(await refusal({ internalOrderId: (await io('IO26001')).id, date: `${year + 1}-03-01` })).toBe(
      'funds.internal_order_out_of_validity',
    );
    expect(await refusal({ internalOrderId: (await io('IO25009')).id })).toBe('funds.internal_order_stopped');
    expect(await refusal({ internalOrderId: (await io('IO26002')).id })).toBe('funds.internal_order_not_permitted');
    const cc = await costCentreOf(t, '1000', 'CC1101');
    await t.call('/api/CostCenterMaster/StopCenter', { Items: [{ ID: cc.id, Version: cc.version }] }, admin);
    expect(await refusal({ costCentreId: cc.id })).toBe('funds.cost_centre_stopped');
    // The order on the stopped cost centre stops with it.
    expect(await refusal({ internalOrderId: (await io('IO26006')).id })).toBe('funds.internal_order_stopped');
    const own = (await t.call(`${B}/SearchChargeable`, { PageSize: 100 }, employee)).json();
    expect(own.Rows.map((r: { Code: string }) => r.Code)).not.toContain('CC1101');
    expect(own.Rows.every((r: { Choosable: boolean }) => r.Choosable)).toBe(true);
  });
});
