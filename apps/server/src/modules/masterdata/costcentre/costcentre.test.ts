import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { costCentreOf, employeeIdOf, expectGuarded, fieldsOf, teamIdOf, tokenFor } from '../../../../test/finance';
import { renameCostCentre } from './costcentre.service';

let t: TestApp;
let admin: string;
let employee: string;
beforeAll(async () => {
  t = await testApp();
  [admin, employee] = await t.tokens('admin', 'employee');
});
afterAll(() => t.close());

const B = '/api/CostCenterMaster';

async function create(body: Record<string, unknown>) {
  const res = await t.call(`${B}/Save`, { Type: 'sales', NameZH: '测试中心', NameEN: 'Test centre', ...body }, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function historyOf(id: number, language = 'zh-CN') {
  const res = await t.call(`${B}/SearchCostCenterHistory`, { CostCenterID: id, Language: language }, admin);
  expect(res.statusCode).toBe(200);
  return res.json().Rows as { Action: string; Changes: { Field: string; Before: string; After: string }[] }[];
}

describe('cost centre calls', () => {
  it('are for cost-centre administrators only', async () => {
    await expectGuarded(t, employee, [
      `${B}/Search`,
      `${B}/LoadRecord`,
      `${B}/Save`,
      `${B}/StartCenter`,
      `${B}/StopCenter`,
      `${B}/Delete`,
      `${B}/LoadRelSapCode`,
      `${B}/LoadOwnerTeam`,
      `${B}/SearchHaveHead`,
      `${B}/ExportCostCenter`,
      `${B}/SearchCostCenterHistory`,
    ]);
  });
});

describe('Search', () => {
  it('lists the company’s cost centres with heads and owner team in the user’s language', async () => {
    const zh = (await t.call(`${B}/Search`, { CostCenterCode: 'CC1101' }, admin)).json();
    expect(zh.Total).toBe(1);
    expect(zh.Rows[0]).toMatchObject({
      CostCenterCode: 'CC1101',
      Name: '肿瘤上海区销售',
      OwnerTeamName: '肿瘤上海区',
      Status: 'started',
      Choosable: true,
      HeadCount: 2,
    });
    expect(zh.Rows[0].Heads).toContain('李静');
    const en = (await t.call(`${B}/Search`, { CostCenterCode: 'CC1101', Language: 'en-GB' }, admin)).json();
    expect(en.Rows[0]).toMatchObject({ Name: 'Oncology Shanghai Sales', OwnerTeamName: 'Oncology Shanghai District' });
    expect(en.Rows[0].Heads).toContain('Jing Li');
  });

  it('filters by keyword, type, status, owner team, head and choosability, and sorts', async () => {
    const stopped = (await t.call(`${B}/Search`, { Status: 'stopped' }, admin)).json();
    expect(stopped.Rows.map((r: { CostCenterCode: string }) => r.CostCenterCode)).toEqual(['CC1109']);
    const choosable = (await t.call(`${B}/Search`, { Choosable: true, PageSize: 500 }, admin)).json();
    expect(choosable.Rows.some((r: { CostCenterCode: string }) => r.CostCenterCode === 'CC1109')).toBe(false);
    const medical = (await t.call(`${B}/Search`, { Type: 'medical' }, admin)).json();
    expect(medical.Rows.every((r: { Type: string }) => r.Type === 'medical')).toBe(true);
    const mkt = await teamIdOf(t, '1000', 'MKT');
    const owned = (await t.call(`${B}/Search`, { OwnerTeamID: String(mkt) }, admin)).json();
    expect(owned.Total).toBe(3);
    const keyword = (await t.call(`${B}/Search`, { Keyword: 'Digital' }, admin)).json();
    expect(keyword.Rows[0].CostCenterCode).toBe('CC2103');
    const manager = await employeeIdOf(t, 'manager');
    const headed = (await t.call(`${B}/Search`, { HeadID: manager }, admin)).json();
    expect(headed.Rows.map((r: { CostCenterCode: string }) => r.CostCenterCode)).toContain('CC1101');
    const sorted = (
      await t.call(`${B}/Search`, { SortField: 'CostCenterCode', SortOrder: 'descend', PageSize: 3 }, admin)
    ).json();
    const codes = sorted.Rows.map((r: { CostCenterCode: string }) => r.CostCenterCode);
    expect([...codes].sort().reverse()).toEqual(codes);
  });

  it('never shows another company’s cost centres', async () => {
    const res = (await t.call(`${B}/Search`, { CostCenterCode: 'CC5101' }, admin)).json();
    expect(res.Total).toBe(0);
    const other = await tokenFor(t, 'admin', '2000');
    expect((await t.call(`${B}/Search`, { CostCenterCode: 'CC5101' }, other)).json().Total).toBe(1);
  });

  it('refuses bad filters with field errors', async () => {
    expect(fieldsOf(await t.call(`${B}/Search`, { Status: 'open', PageSize: 9999 }, admin))).toEqual(
      expect.arrayContaining(['Status', 'PageSize']),
    );
  });
});

describe('Save and LoadRecord', () => {
  it('creates a cost centre with heads and keeps its first history row', async () => {
    const manager = await employeeIdOf(t, 'manager');
    const employeeId = await employeeIdOf(t, 'employee');
    const team = await teamIdOf(t, '1000', 'ONC-E-SH');
    const saved = await create({
      CostCenterCode: 'T-NEW1',
      NameZH: '新成本中心',
      NameEN: 'New cost centre',
      SapCode: '1000999900',
      OwnerTeamID: team,
      ValidFrom: '2026-01-01',
      HeadIDs: [manager, employeeId],
    });
    expect(saved).toMatchObject({ CostCenterCode: 'T-NEW1', Status: 'started', Version: 1, HeadCount: 2 });
    expect(saved.HeadList.map((h: { EmployeeID: number }) => h.EmployeeID)).toEqual([manager, employeeId]);
    const loaded = (await t.call(`${B}/LoadRecord`, { CostCenterID: saved.CostCenterID }, admin)).json();
    expect(loaded).toMatchObject({ OwnerTeamName: '肿瘤上海区', AllotRest: '100.00', SapCode: '1000999900' });
    const h = await historyOf(saved.CostCenterID);
    expect(h).toHaveLength(1);
    expect(h[0]!.Action).toBe('create');
    expect(h[0]!.Changes.find((c) => c.Field === 'Heads')?.After).toContain('李静');
  });

  it('updates at the version seen, records what changed, and refuses a stale version', async () => {
    const c = await create({ CostCenterCode: 'T-UPD1' });
    const res = await t.call(
      `${B}/Save`,
      { ...c, CostCenterID: c.CostCenterID, Version: c.Version, NameEN: 'Renamed centre', Type: 'marketing' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ NameEN: 'Renamed centre', Type: 'marketing', Version: 2 });
    const stale = await t.call(`${B}/Save`, { ...c, CostCenterID: c.CostCenterID, Version: 1, NameEN: 'Again' }, admin);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('common.stale_version');
    const h = await historyOf(c.CostCenterID, 'en-GB');
    expect(h[0]!.Action).toBe('update');
    expect(h[0]!.Changes).toEqual(
      expect.arrayContaining([
        { Field: 'NameEN', Before: 'Test centre', After: 'Renamed centre' },
        { Field: 'Type', Before: 'Sales', After: 'Marketing' },
      ]),
    );
  });

  it('keeps codes unique per company, ignoring case, and never changes a code', async () => {
    await create({ CostCenterCode: 'T-DUP1' });
    const dup = await t.call(
      `${B}/Save`,
      { CostCenterCode: 't-dup1', Type: 'sales', NameZH: '甲', NameEN: 'A' },
      admin,
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'costcentre.code_duplicate', message: '成本中心代码 t-dup1 已存在' });
    expect(dup.json().errors[0].field).toBe('CostCenterCode');
    // The same code in the other company is fine.
    const other = await tokenFor(t, 'admin', '2000');
    const there = await t.call(
      `${B}/Save`,
      { CostCenterCode: 'T-DUP1', Type: 'sales', NameZH: '甲', NameEN: 'A' },
      other,
    );
    expect(there.statusCode).toBe(200);
    const c = await create({ CostCenterCode: 'T-IMM1' });
    const renamed = await t.call(`${B}/Save`, { ...c, CostCenterCode: 'T-IMM2' }, admin);
    expect(fieldsOf(renamed)).toEqual(['CostCenterCode']);
  });

  it('refuses invalid bodies with field errors', async () => {
    const res = await t.call(
      `${B}/Save`,
      { CostCenterCode: 'bad code!', NameZH: '', Type: 'sales-ish', ValidFrom: '2026-02-30', HeadIDs: [0] },
      admin,
    );
    expect(fieldsOf(res)).toEqual(expect.arrayContaining(['CostCenterCode', 'NameZH', 'NameEN', 'Type', 'ValidFrom']));
    const dates = await t.call(
      `${B}/Save`,
      {
        CostCenterCode: 'T-DATE',
        NameZH: '甲',
        NameEN: 'A',
        Type: 'sales',
        ValidFrom: '2026-05-01',
        ValidTo: '2026-04-01',
      },
      admin,
    );
    expect(fieldsOf(dates)).toEqual(['ValidTo']);
    const noVersion = await t.call(
      `${B}/Save`,
      { CostCenterID: 1, CostCenterCode: 'X', NameZH: '甲', NameEN: 'A', Type: 'sales' },
      admin,
    );
    expect(fieldsOf(noVersion)).toEqual(['Version']);
  });

  it('refuses heads and owner teams of another company', async () => {
    const otherTeam = await teamIdOf(t, '2000', 'DEV-E');
    const team = await t.call(
      `${B}/Save`,
      { CostCenterCode: 'T-OT', NameZH: '甲', NameEN: 'A', Type: 'sales', OwnerTeamID: otherTeam },
      admin,
    );
    expect(fieldsOf(team)).toEqual(['OwnerTeamID']);
    const head = await t.call(
      `${B}/Save`,
      { CostCenterCode: 'T-OH', NameZH: '甲', NameEN: 'A', Type: 'sales', HeadIDs: [999999] },
      admin,
    );
    expect(fieldsOf(head)).toEqual(['HeadIDs']);
  });

  it('answers 404 for another company’s cost centre', async () => {
    const other = await costCentreOf(t, '2000', 'CC5101');
    expect((await t.call(`${B}/LoadRecord`, { CostCenterID: other.id }, admin)).statusCode).toBe(404);
    const save = await t.call(
      `${B}/Save`,
      {
        CostCenterID: other.id,
        Version: other.version,
        CostCenterCode: 'CC5101',
        NameZH: '甲',
        NameEN: 'A',
        Type: 'sales',
      },
      admin,
    );
    expect(save.statusCode).toBe(404);
    expect(
      (await t.call(`${B}/StopCenter`, { Items: [{ ID: other.id, Version: other.version }] }, admin)).statusCode,
    ).toBe(404);
    expect((await t.call(`${B}/SearchCostCenterHistory`, { CostCenterID: other.id }, admin)).statusCode).toBe(404);
  });
});

describe('StopCenter and StartCenter', () => {
  it('stop and start at the version seen; stopped ones are not choosable; each is kept in history', async () => {
    const c = await create({ CostCenterCode: 'T-STOP1' });
    const stop = await t.call(`${B}/StopCenter`, { Items: [{ ID: c.CostCenterID, Version: c.Version }] }, admin);
    expect(stop.json()).toEqual({ Success: true, Changed: 1 });
    const stopped = (await t.call(`${B}/Search`, { CostCenterCode: 'T-STOP1' }, admin)).json().Rows[0];
    expect(stopped).toMatchObject({ Status: 'stopped', Choosable: false, Version: 2 });
    const choosable = (await t.call(`${B}/Search`, { CostCenterCode: 'T-STOP1', Choosable: true }, admin)).json();
    expect(choosable.Total).toBe(0);
    const stale = await t.call(`${B}/StartCenter`, { Items: [{ ID: c.CostCenterID, Version: 1 }] }, admin);
    expect(stale.statusCode).toBe(409);
    const start = await t.call(`${B}/StartCenter`, { Items: [{ ID: c.CostCenterID, Version: 2 }] }, admin);
    expect(start.json().Changed).toBe(1);
    const h = await historyOf(c.CostCenterID);
    expect(h.map((r) => r.Action)).toEqual(['start', 'stop', 'create']);
    expect(h[1]!.Changes).toEqual([{ Field: 'Status', Before: '启用', After: '停用' }]);
    expect(fieldsOf(await t.call(`${B}/StopCenter`, { Items: [] }, admin))).toEqual(['Items']);
  });

  it('a cost centre whose validity has ended is not choosable either', async () => {
    const c = await create({ CostCenterCode: 'T-OLD1', ValidFrom: '2020-01-01', ValidTo: '2020-12-31' });
    expect(c.Choosable).toBe(false);
  });
});

describe('renameCostCentre', () => {
  it('renames in both languages for other screens, kept in history', async () => {
    const c = await create({ CostCenterCode: 'T-REN1' });
    const adminId = await employeeIdOf(t, 'admin');
    await renameCostCentre(
      t.ctx.db,
      {
        userId: adminId,
        companyId: (await costCentreOf(t, '1000', 'T-REN1')).companyId,
        requestId: 'test',
        teamId: null,
        culture: 'zh-CN',
      },
      c.CostCenterID,
      { nameZh: '改名中心', nameEn: 'Renamed centre' },
      c.Version,
    );
    const h = await historyOf(c.CostCenterID, 'en-GB');
    expect(h[0]).toMatchObject({ Action: 'rename' });
    expect(h[0]!.Changes.map((x) => x.Field)).toEqual(['NameZH', 'NameEN']);
  });
});

describe('Delete', () => {
  it('deletes a cost centre nobody uses', async () => {
    const c = await create({ CostCenterCode: 'T-DEL1' });
    const res = await t.call(`${B}/Delete`, { IDs: [c.CostCenterID] }, admin);
    expect(res.json()).toEqual({ Success: true, Changed: 1 });
    expect((await t.call(`${B}/LoadRecord`, { CostCenterID: c.CostCenterID }, admin)).statusCode).toBe(404);
  });

  it('refuses one in use, saying what uses it, in the user’s language', async () => {
    const used = await costCentreOf(t, '1000', 'CC1101');
    const res = await t.call(`${B}/Delete`, { IDs: [used.id], Language: 'en-GB' }, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('costcentre.in_use');
    expect(res.json().message).toMatch(
      /^Cost centre CC1101 is in use \(default cost centre of \d+ employees.*stop it instead$/,
    );
  });
});

describe('lookups', () => {
  it('LoadRelSapCode lists SAP codes with the cost centres carrying them', async () => {
    const res = (await t.call(`${B}/LoadRelSapCode`, { Keyword: '1000110100' }, admin)).json();
    expect(res.Rows).toEqual([
      { SapCode: '1000110100', CostCenters: [expect.objectContaining({ CostCenterCode: 'CC1101' })] },
    ]);
  });

  it('LoadOwnerTeam gives the owner team with its path, head and cost centres', async () => {
    const cc = await costCentreOf(t, '1000', 'CC1101');
    const res = (await t.call(`${B}/LoadOwnerTeam`, { CostCenterID: cc.id, Language: 'en-GB' }, admin)).json();
    expect(res.Team).toMatchObject({
      TeamCode: 'ONC-E-SH',
      Path: 'General Management / Oncology BU / Oncology East Region / Oncology Shanghai District',
      HeadName: 'Jing Li',
    });
    expect(res.Team.MemberCount).toBeGreaterThan(10);
    expect(res.Team.CostCenters.map((c: { CostCenterCode: string }) => c.CostCenterCode)).toContain('CC1101');
    const byTeam = (await t.call(`${B}/LoadOwnerTeam`, { TeamID: await teamIdOf(t, '1000', 'MKT') }, admin)).json();
    expect(byTeam.Team.CostCenters).toHaveLength(3);
    expect(fieldsOf(await t.call(`${B}/LoadOwnerTeam`, {}, admin))).toEqual(['CostCenterID']);
  });

  it('SearchHaveHead finds what a person heads and the centres without heads', async () => {
    const manager = await employeeIdOf(t, 'manager');
    const heads = (await t.call(`${B}/SearchHaveHead`, { EmployeeID: manager }, admin)).json();
    expect(heads.Rows.map((r: { CostCenterCode: string }) => r.CostCenterCode)).toContain('CC1101');
    expect(heads.Rows.every((r: { Heads: string }) => r.Heads.includes('李静'))).toBe(true);
    await create({ CostCenterCode: 'T-NOHEAD' });
    const none = (await t.call(`${B}/SearchHaveHead`, { HasHead: false, PageSize: 100 }, admin)).json();
    expect(none.Rows.map((r: { CostCenterCode: string }) => r.CostCenterCode)).toContain('T-NOHEAD');
    expect(none.Rows.every((r: { HeadCount: number }) => r.HeadCount === 0)).toBe(true);
    expect(none.Total).toBe(none.Rows.length);
    expect(heads.Total).toBe(heads.Rows.length);
  });
});
