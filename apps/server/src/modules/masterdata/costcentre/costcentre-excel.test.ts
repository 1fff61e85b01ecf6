import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { costCentreOf, sheetOf, upload, workbook } from '../../../../test/finance';

let t: TestApp;
let admin: string;
let employee: string;
beforeAll(async () => {
  t = await testApp();
  [admin, employee] = await t.tokens('admin', 'employee');
});
afterAll(() => t.close());

const B = '/api/CostCenterMaster';
const HEADER_ZH = [
  '成本中心代码',
  '中文名称',
  '英文名称',
  'SAP 代码',
  '类型',
  '所属团队代码',
  '状态',
  '生效日期',
  '失效日期',
  '负责人工号',
];

describe('ExportCostCenter', () => {
  it('exports the filtered list with headers and labels in the caller’s language', async () => {
    const en = await sheetOf(await t.call(`${B}/ExportCostCenter`, { Type: 'marketing', Language: 'en-GB' }, admin));
    expect(en[0]).toEqual([
      'Cost centre code',
      'Chinese name',
      'English name',
      'SAP code',
      'Type',
      'Owner team code',
      'Owner team',
      'Status',
      'Valid from',
      'Valid to',
      'Head employee codes',
    ]);
    expect(en.slice(1).map((r) => r[0])).toEqual(['CC2101', 'CC2102', 'CC2103']);
    expect(en[1]!.slice(4, 8)).toEqual(['Marketing', 'MKT', 'Marketing', 'Started']);
    expect(en[1]![10]).toMatch(/^E\d{5},E\d{5}$/);
    const zh = await sheetOf(await t.call(`${B}/ExportCostCenter`, { CostCenterCode: 'CC1109' }, admin));
    expect(zh[0]![0]).toBe('成本中心代码');
    expect(zh[1]!.slice(4, 8)).toEqual(['销售', 'ONC-E', '肿瘤华东大区', '停用']);
    const res = await t.call(`${B}/ExportCostCenter`, { Language: 'en-GB' }, admin);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Cost%20centres.xlsx");
  });

  it('is for cost-centre administrators only', async () => {
    expect((await t.call(`${B}/ExportCostCenter`, {})).statusCode).toBe(401);
    expect((await t.call(`${B}/ExportCostCenter`, {}, employee)).statusCode).toBe(403);
    const file = await workbook([HEADER_ZH]);
    expect((await upload(t, `${B}/ImportCostCenter`, file)).statusCode).toBe(401);
    expect((await upload(t, `${B}/ImportCostCenter`, file, employee)).statusCode).toBe(403);
  });
});

describe('ImportCostCenter', () => {
  it('round-trips an export: a good file creates and updates in one go, each in history', async () => {
    const exported = await sheetOf(await t.call(`${B}/ExportCostCenter`, { CostCenterCode: 'CC2103' }, admin));
    const row = exported[1]!;
    row[2] = 'Digital Marketing and CRM';
    const manager = (await t.ctx.database.db.query.employee.findFirst({
      where: (e, { eq }) => eq(e.nameEn, 'Jing Li'),
    }))!;
    const file = await workbook([
      exported[0]!,
      row,
      ['CC9001', '导入成本中心', 'Imported centre', '', '医学', 'MED', '', '', '', '', manager.code],
      ['CC9002', '导入成本中心二', 'Imported centre 2', '', 'rd', '', '', 'Stopped', '2026-01-01', '2026-12-31', ''],
    ]);
    const res = await upload(t, `${B}/ImportCostCenter`, file, admin, { Language: 'en-GB' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Imported: 3, Created: 2, Updated: 1 });
    const updated = await costCentreOf(t, '1000', 'CC2103');
    expect(updated.nameEn).toBe('Digital Marketing and CRM');
    const created = (await t.call(`${B}/Search`, { Keyword: 'CC900' }, admin)).json().Rows;
    expect(
      created.map((r: { CostCenterCode: string; Type: string; Status: string }) => [
        r.CostCenterCode,
        r.Type,
        r.Status,
      ]),
    ).toEqual([
      ['CC9001', 'medical', 'started'],
      ['CC9002', 'rd', 'stopped'],
    ]);
    expect(created[0].Heads).toBe('李静');
    const history = (await t.call(`${B}/SearchCostCenterHistory`, { CostCenterID: updated.id }, admin)).json();
    expect(history.Rows[0]).toMatchObject({
      Action: 'import',
      Changes: [{ Field: 'NameEN', After: 'Digital Marketing and CRM' }],
    });
  });

  it('refuses a file with bad rows, changing nothing, and names each bad cell in the user’s language', async () => {
    const before = await costCentreOf(t, '1000', 'CC2101');
    const file = await workbook([
      HEADER_ZH,
      ['CC2101', '改名', 'Renamed', '', '市场', 'MKT', '', '', '', ''],
      ['CC9101', '', 'No Chinese name', '', '市场', '', '', '', '', ''],
      ['CC9102', '类型错', 'Bad type', '', '财务', 'NOPE', '', '2026-13-01', '', 'E99999'],
      ['CC9101', '重复', 'Repeated', '', '销售', '', '启用', '', '', ''],
    ]);
    const res = await upload(t, `${B}/ImportCostCenter`, file, admin, { Language: 'en-GB' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('import.rows_invalid');
    expect(body.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining([
        '3.NameZH',
        '4.Type',
        '4.OwnerTeamCode',
        '4.ValidFrom',
        '4.HeadCodes',
        '5.CostCenterCode',
      ]),
    );
    const messages = body.errors.map((e: { message: string }) => e.message);
    expect(messages).toContain('Row 4, "Type": Unknown cost-centre type "财务"');
    expect(messages).toContain('Row 4, "Head employee codes": Employee code E99999 does not exist in this company');
    expect((await costCentreOf(t, '1000', 'CC2101')).nameZh).toBe(before.nameZh);
    expect((await t.call(`${B}/Search`, { Keyword: 'CC910' }, admin)).json().Total).toBe(0);
  });

  it('refuses what is not a workbook, or lacks required columns', async () => {
    const junk = await upload(t, `${B}/ImportCostCenter`, Buffer.from('not excel'), admin);
    expect(junk.json().code).toBe('import.not_xlsx');
    const missing = await upload(t, `${B}/ImportCostCenter`, await workbook([['成本中心代码'], ['CC1']]), admin);
    expect(missing.json().code).toBe('import.columns_missing');
  });
});
