import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { costCentreOf, expectGuarded, fieldsOf, sheetOf, tokenFor, upload, workbook } from '../../../../test/finance';

let t: TestApp;
let admin: string;
let employee: string;
beforeAll(async () => {
  t = await testApp();
  [admin, employee] = await t.tokens('admin', 'employee');
});
afterAll(() => t.close());

const IO = '/api/InsideOrder';
const ME = '/api/MainExpense';

describe('guards', () => {
  it('internal-order and ledger-expense calls are for their administrators only', async () => {
    await expectGuarded(t, employee, [
      `${IO}/Search`,
      `${IO}/Save`,
      `${IO}/Start`,
      `${IO}/Stop`,
      `${IO}/Delete`,
      `${IO}/ExportInsideOrder`,
      `${ME}/Search`,
      `${ME}/LoadRecord`,
      `${ME}/Save`,
      `${ME}/StartExpense`,
      `${ME}/StopExpense`,
      `${ME}/Delete`,
    ]);
    expect((await upload(t, `${IO}/ImportInsideOrder`, await workbook([['x']]), employee)).statusCode).toBe(403);
  });
});

describe('internal orders', () => {
  async function create(body: Record<string, unknown>) {
    const res = await t.call(`${IO}/Save`, { NameZH: '测试订单', NameEN: 'Test order', ...body }, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('search in the user’s language with cost centre and choosability', async () => {
    const en = (await t.call(`${IO}/Search`, { InternalOrderCode: 'IO26003', Language: 'en-GB' }, admin)).json();
    expect(en.Rows[0]).toMatchObject({
      Name: 'Phase III trial HK-ONC-301',
      CostCenterCode: 'CC3102',
      CostCenterName: 'Clinical Research',
      Status: 'started',
      Choosable: true,
    });
    const stopped = (await t.call(`${IO}/Search`, { Keyword: 'ASCO' }, admin)).json();
    expect(stopped.Rows[0]).toMatchObject({ InternalOrderCode: 'IO25009', Status: 'stopped', Choosable: false });
    const choosable = (await t.call(`${IO}/Search`, { Choosable: true, PageSize: 100 }, admin)).json();
    expect(choosable.Rows.map((r: { InternalOrderCode: string }) => r.InternalOrderCode)).not.toContain('IO25009');
    expect((await t.call(`${IO}/Search`, { InternalOrderCode: 'IO26101' }, admin)).json().Total).toBe(0);
  });

  it('create, update at the version seen, stop and start; codes unique per company and fixed', async () => {
    const cc = await costCentreOf(t, '1000', 'CC2101');
    const o = await create({
      InternalOrderCode: 'IOT-1',
      CostCenterID: cc.id,
      ValidFrom: '2026-01-01',
      ValidTo: '2026-12-31',
    });
    expect(o).toMatchObject({ CostCenterCode: 'CC2101', Version: 1, Status: 'started' });
    const dup = await t.call(`${IO}/Save`, { InternalOrderCode: 'iot-1', NameZH: '甲', NameEN: 'A' }, admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('internal_order.code_duplicate');
    const upd = await t.call(`${IO}/Save`, { ...o, NameEN: 'Renamed order' }, admin);
    expect(upd.json()).toMatchObject({ NameEN: 'Renamed order', Version: 2 });
    expect((await t.call(`${IO}/Save`, { ...o, NameEN: 'Stale' }, admin)).statusCode).toBe(409);
    expect(
      fieldsOf(await t.call(`${IO}/Save`, { ...(upd.json() as object), InternalOrderCode: 'IOT-2' }, admin)),
    ).toEqual(['InternalOrderCode']);
    const stop = await t.call(`${IO}/Stop`, { Items: [{ ID: o.InternalOrderID, Version: 2 }] }, admin);
    expect(stop.json().Changed).toBe(1);
    const row = (await t.call(`${IO}/Search`, { InternalOrderCode: 'IOT-1' }, admin)).json().Rows[0];
    expect(row).toMatchObject({ Status: 'stopped', Choosable: false, Version: 3 });
    expect(
      (await t.call(`${IO}/Start`, { Items: [{ ID: o.InternalOrderID, Version: 3 }] }, admin)).json().Changed,
    ).toBe(1);
    const audit = await t.ctx.database.db.query.auditLog.findMany({
      where: (a, { and, eq }) => and(eq(a.entity, 'internal_order'), eq(a.entityId, String(o.InternalOrderID))),
      orderBy: (a, { asc }) => [asc(a.id)],
    });
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'stop', 'start']);
  });

  it('an order on a stopped cost centre is not choosable, and new orders cannot use one', async () => {
    const stopped = await costCentreOf(t, '1000', 'CC1109');
    const res = await t.call(
      `${IO}/Save`,
      { InternalOrderCode: 'IOT-3', NameZH: '甲', NameEN: 'A', CostCenterID: stopped.id },
      admin,
    );
    expect(fieldsOf(res)).toEqual(['CostCenterID']);
    const foreign = await costCentreOf(t, '2000', 'CC5101');
    const res2 = await t.call(
      `${IO}/Save`,
      { InternalOrderCode: 'IOT-3', NameZH: '甲', NameEN: 'A', CostCenterID: foreign.id },
      admin,
    );
    expect(fieldsOf(res2)).toEqual(['CostCenterID']);
    const cc = await costCentreOf(t, '1000', 'CC4104');
    const o = await create({ InternalOrderCode: 'IOT-4', CostCenterID: cc.id });
    await t.call('/api/CostCenterMaster/StopCenter', { Items: [{ ID: cc.id, Version: cc.version }] }, admin);
    const row = (await t.call(`${IO}/Search`, { InternalOrderCode: 'IOT-4' }, admin)).json().Rows[0];
    expect(row).toMatchObject({ Status: 'started', Choosable: false });
    expect((await t.call(`${IO}/Search`, { InternalOrderCode: 'IOT-4', Choosable: true }, admin)).json().Total).toBe(0);
    // Renaming it keeps its (now stopped) cost centre.
    expect((await t.call(`${IO}/Save`, { ...o, NameZH: '改名' }, admin)).statusCode).toBe(200);
  });

  it('refuse invalid bodies, another company’s orders, and deleting one in use', async () => {
    expect(
      fieldsOf(await t.call(`${IO}/Save`, { InternalOrderCode: '', NameZH: 'x', ValidTo: 'tomorrow' }, admin)),
    ).toEqual(expect.arrayContaining(['InternalOrderCode', 'NameEN', 'ValidTo']));
    const other = await tokenFor(t, 'admin', '2000');
    const theirs = (await t.call(`${IO}/Search`, { InternalOrderCode: 'IO26101' }, other)).json().Rows[0];
    expect((await t.call(`${IO}/Save`, { ...theirs, NameZH: '改' }, admin)).statusCode).toBe(404);
    expect(
      (await t.call(`${IO}/Stop`, { Items: [{ ID: theirs.InternalOrderID, Version: theirs.Version }] }, admin))
        .statusCode,
    ).toBe(404);
    const used = (await t.call(`${IO}/Search`, { InternalOrderCode: 'IO26001' }, admin)).json().Rows[0];
    const del = await t.call(`${IO}/Delete`, { IDs: [used.InternalOrderID] }, admin);
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toBe('内部订单 IO26001 已被使用（1 条资金权限），不能删除，请改为停用');
    const unused = await create({ InternalOrderCode: 'IOT-5' });
    expect((await t.call(`${IO}/Delete`, { IDs: [unused.InternalOrderID] }, admin)).json().Changed).toBe(1);
  });

  it('export and import in the same layout; a bad file changes nothing', async () => {
    const sheet = await sheetOf(
      await t.call(`${IO}/ExportInsideOrder`, { Keyword: 'IO2600', Language: 'en-GB' }, admin),
    );
    expect(sheet[0]).toEqual([
      'Internal order',
      'Chinese name',
      'English name',
      'Cost centre code',
      'Cost centre',
      'Status',
      'Valid from',
      'Valid to',
    ]);
    expect(sheet.length).toBe(7);
    const good = await workbook([
      sheet[0]!,
      ['IO26002', '2026 长城会', 'Great Wall Congress 2026', 'CC2102', '', 'Stopped', '2026-01-01', '2026-12-31'],
      ['IOT-9', '导入订单', 'Imported order', '', '', '', '', ''],
    ]);
    const ok = await upload(t, `${IO}/ImportInsideOrder`, good, admin);
    expect(ok.json()).toEqual({ Imported: 2, Created: 1, Updated: 1 });
    const updated = (await t.call(`${IO}/Search`, { InternalOrderCode: 'IO26002' }, admin)).json().Rows[0];
    expect(updated).toMatchObject({ NameZH: '2026 长城会', Status: 'stopped' });
    const bad = await workbook([
      ['内部订单号', '中文名称', '英文名称', '成本中心代码', '状态'],
      ['IOT-10', '好', 'Good', 'CC2101', '启用'],
      ['IOT-11', '坏', 'Bad', 'CC0000', '作废'],
    ]);
    const refused = await upload(t, `${IO}/ImportInsideOrder`, bad, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((e: { field: string; message: string }) => [e.field, e.message])).toEqual([
      ['3.Status', '第 3 行“状态”：无法识别的状态“作废”，请填写“启用”或“停用”'],
      ['3.CostCenterCode', expect.stringContaining('成本中心代码')],
    ]);
    expect((await t.call(`${IO}/Search`, { InternalOrderCode: 'IOT-10' }, admin)).json().Total).toBe(0);
  });
});

describe('ledger expenses', () => {
  it('search with GL accounts and item configurations, in the user’s language', async () => {
    const res = (await t.call(`${ME}/Search`, { Keyword: '6601-04', Language: 'en-GB' }, admin)).json();
    expect(res.Rows[0]).toMatchObject({
      MainExpenseCode: '6601-04',
      Name: 'Selling – lecture fees',
      GLAccount: '66010400',
    });
    const stopped = (await t.call(`${ME}/Search`, { Status: 'stopped' }, admin)).json();
    expect(stopped.Rows.map((r: { MainExpenseCode: string }) => r.MainExpenseCode)).toEqual(['6601-99']);
    const loaded = (await t.call(`${ME}/LoadRecord`, { MainExpenseID: res.Rows[0].MainExpenseID }, admin)).json();
    expect(loaded.ItemConfigs).toEqual(expect.any(Array));
  });

  it('create, update, stop, start, delete; GL accounts are digits; codes unique and fixed', async () => {
    const created = await t.call(
      `${ME}/Save`,
      { MainExpenseCode: '6601-50', NameZH: '测试费用', NameEN: 'Test expense', GLAccount: '66015000' },
      admin,
    );
    expect(created.statusCode, created.body).toBe(200);
    const e = created.json();
    expect(e).toMatchObject({ Status: 'started', Version: 1, ItemConfigCount: 0, ItemConfigs: [] });
    const dup = await t.call(
      `${ME}/Save`,
      { MainExpenseCode: '6601-50', NameZH: '甲', NameEN: 'A', GLAccount: '122222' },
      admin,
    );
    expect(dup.statusCode).toBe(409);
    expect(
      fieldsOf(
        await t.call(`${ME}/Save`, { MainExpenseCode: 'X', NameZH: '甲', NameEN: 'A', GLAccount: '66AB' }, admin),
      ),
    ).toEqual(['GLAccount']);
    const upd = (await t.call(`${ME}/Save`, { ...e, GLAccount: '66015001' }, admin)).json();
    expect(upd).toMatchObject({ GLAccount: '66015001', Version: 2 });
    expect((await t.call(`${ME}/Save`, { ...e, GLAccount: '66015002' }, admin)).statusCode).toBe(409);
    expect(
      (await t.call(`${ME}/StopExpense`, { Items: [{ ID: e.MainExpenseID, Version: 2 }] }, admin)).json().Changed,
    ).toBe(1);
    expect(
      (await t.call(`${ME}/StartExpense`, { Items: [{ ID: e.MainExpenseID, Version: 3 }] }, admin)).json().Changed,
    ).toBe(1);
    expect((await t.call(`${ME}/Delete`, { IDs: [e.MainExpenseID] }, admin)).json().Changed).toBe(1);
    expect((await t.call(`${ME}/LoadRecord`, { MainExpenseID: e.MainExpenseID }, admin)).statusCode).toBe(404);
  });

  it('refuses deleting one that YTD amounts use, and another company’s', async () => {
    const row = (await t.call(`${ME}/Search`, { MainExpenseCode: '6601-01' }, admin)).json().Rows[0];
    // The demo's amounts before go-live are booked against 6601-01.
    const del = await t.call(`${ME}/Delete`, { IDs: [row.MainExpenseID], Language: 'en-GB' }, admin);
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toMatch(/\d+ YTD manual amounts/);
    const other = await tokenFor(t, 'admin', '2000');
    const theirs = (await t.call(`${ME}/Search`, { MainExpenseCode: '6601-01' }, other)).json().Rows[0];
    expect(theirs.MainExpenseID).not.toBe(row.MainExpenseID);
    expect((await t.call(`${ME}/LoadRecord`, { MainExpenseID: theirs.MainExpenseID }, admin)).statusCode).toBe(404);
  });
});
