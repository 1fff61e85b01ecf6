import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { costCentreOf, employeeIdOf, expectGuarded, fieldsOf } from '../../../../test/finance';

let t: TestApp;
let admin: string;
let employee: string;
let manager: number;
let worker: number;
let finance: number;
beforeAll(async () => {
  t = await testApp();
  [admin, employee] = await t.tokens('admin', 'employee');
  manager = await employeeIdOf(t, 'manager');
  worker = await employeeIdOf(t, 'employee');
  finance = await employeeIdOf(t, 'finance');
});
afterAll(() => t.close());

const B = '/api/CostCenterMaster';

interface Detail {
  CostCenterID: number;
  Version: number;
  HeadList: { HeadID: number; EmployeeID: number; Seq: number; AmountLimit: string | null }[];
  Allotments: { AllotID: number; TargetCostCenterID: number; Percent: string }[];
  AllotRest: string;
  FormOrders: { FormOrderID: number; DocType: string; Seq: number; EmployeeID: number }[];
}

async function fresh(code: string, heads: number[] = []): Promise<Detail> {
  const res = await t.call(
    `${B}/Save`,
    { CostCenterCode: code, NameZH: '部件测试', NameEN: 'Parts test', Type: 'marketing', HeadIDs: heads },
    admin,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function ok(url: string, body: Record<string, unknown>): Promise<Detail> {
  const res = await t.call(`${B}/${url}`, body, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function actions(id: number): Promise<string[]> {
  const res = (await t.call(`${B}/SearchCostCenterHistory`, { CostCenterID: id, PageSize: 50 }, admin)).json();
  return res.Rows.map((r: { Action: string }) => r.Action);
}

describe('part calls', () => {
  it('are for cost-centre administrators only', async () => {
    await expectGuarded(t, employee, [
      `${B}/SearchAllot`,
      `${B}/SearchRestAllot`,
      `${B}/SaveAllot`,
      `${B}/DeleteAllot`,
      `${B}/SearchHeadList`,
      `${B}/SaveHead`,
      `${B}/DeleteHead`,
      `${B}/SaveOrderHead`,
      `${B}/SelectFormOrderList`,
      `${B}/SearchFormOrder`,
      `${B}/SaveFormOrder`,
      `${B}/DeleteFormOrder`,
    ]);
  });

  it('answer 404 for another company’s cost centre and 409 for a stale version', async () => {
    const other = await costCentreOf(t, '2000', 'CC5101');
    for (const [url, body] of [
      ['SearchAllot', { CostCenterID: other.id }],
      ['SearchRestAllot', { CostCenterID: other.id }],
      ['SearchHeadList', { CostCenterID: other.id }],
      ['SearchFormOrder', { CostCenterID: other.id }],
      ['SelectFormOrderList', { CostCenterID: other.id, DocType: 'apply' }],
      ['SaveHead', { CostCenterID: other.id, Version: other.version, EmployeeID: manager }],
    ] as const) {
      expect((await t.call(`${B}/${url}`, body, admin)).statusCode, url).toBe(404);
    }
    const c = await fresh('P-STALE');
    const stale = await t.call(
      `${B}/SaveHead`,
      { CostCenterID: c.CostCenterID, Version: c.Version + 1, EmployeeID: manager },
      admin,
    );
    expect(stale.statusCode).toBe(409);
  });
});

describe('allotments', () => {
  it('add up to at most 100 %, SearchRestAllot gives what is left, and each change is in history', async () => {
    const c = await fresh('P-ALLOT');
    const a = await costCentreOf(t, '1000', 'CC2101');
    const b = await costCentreOf(t, '1000', 'CC2102');
    let d = await ok('SaveAllot', {
      CostCenterID: c.CostCenterID,
      Version: c.Version,
      TargetCostCenterID: a.id,
      Percent: '60',
    });
    expect(d.Allotments).toEqual([expect.objectContaining({ TargetCostCenterID: a.id, Percent: '60.00' })]);
    expect(d.AllotRest).toBe('40.00');
    const over = await t.call(
      `${B}/SaveAllot`,
      {
        CostCenterID: c.CostCenterID,
        Version: d.Version,
        TargetCostCenterID: b.id,
        Percent: '40.01',
        Language: 'en-GB',
      },
      admin,
    );
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'costcentre.allot_over_100', params: { rest: '40.00' } });
    expect(over.json().errors[0].field).toBe('Percent');
    d = await ok('SaveAllot', {
      CostCenterID: c.CostCenterID,
      Version: d.Version,
      TargetCostCenterID: b.id,
      Percent: '40.00',
    });
    expect(d.AllotRest).toBe('0.00');
    const rest = (
      await t.call(
        `${B}/SearchRestAllot`,
        { CostCenterID: c.CostCenterID, ExcludeAllotID: d.Allotments[0]!.AllotID },
        admin,
      )
    ).json();
    expect(rest).toMatchObject({ Allotted: '40.00', Rest: '60.00' });
    // Changing an allotment counts the others only.
    const first = d.Allotments.find((x) => x.TargetCostCenterID === a.id)!;
    d = await ok('SaveAllot', {
      CostCenterID: c.CostCenterID,
      Version: d.Version,
      AllotID: first.AllotID,
      TargetCostCenterID: a.id,
      Percent: '55.5',
    });
    expect(d.AllotRest).toBe('4.50');
    const list = (await t.call(`${B}/SearchAllot`, { CostCenterID: c.CostCenterID }, admin)).json();
    expect(list.Total).toBe(2);
    d = await ok('DeleteAllot', { CostCenterID: c.CostCenterID, Version: d.Version, AllotIDs: [first.AllotID] });
    expect(d.Allotments).toHaveLength(1);
    expect(await actions(c.CostCenterID)).toEqual(['allot_delete', 'allot_save', 'allot_save', 'allot_save', 'create']);
  });

  it('refuse the centre itself, a repeated target, a stopped or foreign target, and bad percentages', async () => {
    const c = await fresh('P-ALLOT2');
    const base = { CostCenterID: c.CostCenterID, Version: c.Version };
    expect(
      fieldsOf(await t.call(`${B}/SaveAllot`, { ...base, TargetCostCenterID: c.CostCenterID, Percent: '10' }, admin)),
    ).toEqual(['TargetCostCenterID']);
    const stopped = await costCentreOf(t, '1000', 'CC1109');
    expect(
      fieldsOf(await t.call(`${B}/SaveAllot`, { ...base, TargetCostCenterID: stopped.id, Percent: '10' }, admin)),
    ).toEqual(['TargetCostCenterID']);
    const foreign = await costCentreOf(t, '2000', 'CC5101');
    expect(
      fieldsOf(await t.call(`${B}/SaveAllot`, { ...base, TargetCostCenterID: foreign.id, Percent: '10' }, admin)),
    ).toEqual(['TargetCostCenterID']);
    for (const Percent of ['0', '100.001', '-5', 'abc', '101'])
      expect(
        fieldsOf(await t.call(`${B}/SaveAllot`, { ...base, TargetCostCenterID: 1, Percent }, admin)),
        Percent,
      ).toEqual(['Percent']);
    const target = await costCentreOf(t, '1000', 'CC2101');
    const d = await ok('SaveAllot', { ...base, TargetCostCenterID: target.id, Percent: '10' });
    const again = await t.call(
      `${B}/SaveAllot`,
      { ...base, Version: d.Version, TargetCostCenterID: target.id, Percent: '10' },
      admin,
    );
    expect(fieldsOf(again)).toEqual(['TargetCostCenterID']);
  });
});

describe('heads', () => {
  it('are added at the end, reordered, limited, and removed', async () => {
    const c = await fresh('P-HEAD');
    let d = await ok('SaveHead', {
      CostCenterID: c.CostCenterID,
      Version: c.Version,
      EmployeeID: manager,
      AmountLimit: '20000',
    });
    d = await ok('SaveHead', { CostCenterID: c.CostCenterID, Version: d.Version, EmployeeID: worker });
    expect(d.HeadList.map((h) => [h.EmployeeID, h.Seq, h.AmountLimit])).toEqual([
      [manager, 1, '20000.00'],
      [worker, 2, null],
    ]);
    const dup = await t.call(
      `${B}/SaveHead`,
      { CostCenterID: c.CostCenterID, Version: d.Version, EmployeeID: worker },
      admin,
    );
    expect(fieldsOf(dup)).toEqual(['EmployeeID']);
    const badLimit = await t.call(
      `${B}/SaveHead`,
      { CostCenterID: c.CostCenterID, Version: d.Version, EmployeeID: finance, AmountLimit: '1.234' },
      admin,
    );
    expect(fieldsOf(badLimit)).toEqual(['AmountLimit']);
    const ids = d.HeadList.map((h) => h.HeadID);
    d = await ok('SaveOrderHead', { CostCenterID: c.CostCenterID, Version: d.Version, HeadIDs: [...ids].reverse() });
    expect(d.HeadList.map((h) => h.EmployeeID)).toEqual([worker, manager]);
    const partial = await t.call(
      `${B}/SaveOrderHead`,
      { CostCenterID: c.CostCenterID, Version: d.Version, HeadIDs: [ids[0]] },
      admin,
    );
    expect(fieldsOf(partial)).toEqual(['HeadIDs']);
    const list = (
      await t.call(`${B}/SearchHeadList`, { CostCenterID: c.CostCenterID, Language: 'en-GB' }, admin)
    ).json();
    expect(list.Rows.map((h: { EmployeeName: string }) => h.EmployeeName)).toEqual(['Wei Zhang', 'Jing Li']);
    d = await ok('DeleteHead', { CostCenterID: c.CostCenterID, Version: d.Version, HeadIDs: [d.HeadList[0]!.HeadID] });
    expect(d.HeadList.map((h) => [h.EmployeeID, h.Seq])).toEqual([[manager, 1]]);
    expect(await actions(c.CostCenterID)).toEqual(['head_delete', 'head_order', 'head_save', 'head_save', 'create']);
    const h = (await t.call(`${B}/SearchCostCenterHistory`, { CostCenterID: c.CostCenterID }, admin)).json();
    expect(h.Rows[0].Changes[0]).toMatchObject({ Field: 'Heads', After: expect.stringContaining('李静') });
  });
});

describe('form orders', () => {
  it('list the heads still free, take heads only, close up on removal, and keep heads that approve', async () => {
    const c = await fresh('P-FORM', [manager, worker]);
    const free = (
      await t.call(`${B}/SelectFormOrderList`, { CostCenterID: c.CostCenterID, DocType: 'deputy' }, admin)
    ).json();
    expect(free.Rows.map((h: { EmployeeID: number }) => h.EmployeeID)).toEqual([manager, worker]);
    const notHead = await t.call(
      `${B}/SaveFormOrder`,
      { CostCenterID: c.CostCenterID, Version: c.Version, DocType: 'deputy', EmployeeIDs: [finance] },
      admin,
    );
    expect(fieldsOf(notHead)).toEqual(['EmployeeIDs']);
    let d = await ok('SaveFormOrder', {
      CostCenterID: c.CostCenterID,
      Version: c.Version,
      DocType: 'deputy',
      EmployeeIDs: [worker, manager],
    });
    d = await ok('SaveFormOrder', {
      CostCenterID: c.CostCenterID,
      Version: d.Version,
      DocType: 'apply',
      EmployeeIDs: [manager],
    });
    expect(d.FormOrders.map((o) => [o.DocType, o.Seq, o.EmployeeID])).toEqual([
      ['apply', 1, manager],
      ['deputy', 1, worker],
      ['deputy', 2, manager],
    ]);
    const left = (
      await t.call(`${B}/SelectFormOrderList`, { CostCenterID: c.CostCenterID, DocType: 'apply' }, admin)
    ).json();
    expect(left.Rows.map((h: { EmployeeID: number }) => h.EmployeeID)).toEqual([worker]);
    const deputyOnly = (
      await t.call(`${B}/SearchFormOrder`, { CostCenterID: c.CostCenterID, DocType: 'deputy' }, admin)
    ).json();
    expect(deputyOnly.Total).toBe(2);
    // A head who approves in a form order stays until removed from it.
    const workerHead = d.HeadList.find((h) => h.EmployeeID === worker)!;
    const refused = await t.call(
      `${B}/DeleteHead`,
      { CostCenterID: c.CostCenterID, Version: d.Version, HeadIDs: [workerHead.HeadID] },
      admin,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('costcentre.head_in_form_order');
    const first = d.FormOrders.find((o) => o.DocType === 'deputy' && o.Seq === 1)!;
    d = await ok('DeleteFormOrder', {
      CostCenterID: c.CostCenterID,
      Version: d.Version,
      FormOrderIDs: [first.FormOrderID],
    });
    expect(d.FormOrders.filter((o) => o.DocType === 'deputy').map((o) => [o.Seq, o.EmployeeID])).toEqual([
      [1, manager],
    ]);
    d = await ok('DeleteHead', { CostCenterID: c.CostCenterID, Version: d.Version, HeadIDs: [workerHead.HeadID] });
    expect(d.HeadList).toHaveLength(1);
    expect(
      fieldsOf(
        await t.call(
          `${B}/SaveFormOrder`,
          { CostCenterID: c.CostCenterID, Version: d.Version, DocType: 'expense', EmployeeIDs: [] },
          admin,
        ),
      ),
    ).toEqual(expect.arrayContaining(['DocType', 'EmployeeIDs']));
  });
});
