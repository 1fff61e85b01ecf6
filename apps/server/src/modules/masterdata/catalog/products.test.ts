import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import {
  expectFieldErrors,
  expectGuards,
  otherCompanyToken,
  sheetRows,
  upload,
  workbook,
} from '../expense/guards.test-helper';

let t: TestApp;
let admin: string;
let employee: string;
beforeAll(async () => {
  t = await testApp();
  [admin, employee] = await t.tokens('admin', 'employee');
});
afterAll(() => t.close());

interface Row {
  ID: number;
  Code: string;
  Name: string;
  Version: number;
  Active: boolean;
  BuCode?: string | null;
  ProductCount?: number;
}

async function find(url: string, code: string): Promise<Row> {
  const res = await t.call(url, { Keyword: code, PageSize: 100 }, admin);
  const row = (res.json().Rows as Row[]).find((r) => r.Code === code);
  expect(row, code).toBeDefined();
  return row!;
}

describe('products', () => {
  it('lists the company’s products with their BU in the user’s language', async () => {
    const res = await t.call(
      '/api/system/SearchProductConfig',
      { Keyword: 'CV-', SortField: 'Code', SortOrder: 'descend', Language: 'en-GB' },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().Rows.map((r: Row) => r.Code)).toEqual(['CV-005', 'CV-004', 'CV-003', 'CV-002', 'CV-001']);
    expect(res.json().Rows[1]).toMatchObject({ Name: 'Sacubitril/valsartan tablets', BuName: 'Cardiovascular BU' });
    const inactive = await t.call('/api/system/SearchProductConfig', { Status: 'inactive' }, admin);
    expect(inactive.json().Rows.map((r: Row) => r.Code)).toEqual(['CV-005']);
    const other = await otherCompanyToken(t);
    const theirs = await t.call('/api/system/SearchProductConfig', {}, other);
    expect(theirs.json().Rows.map((r: Row) => r.Code)).toContain('INTV-001');
    expect(theirs.json().Rows.map((r: Row) => r.Code)).not.toContain('CV-001');
  });

  it('creates, updates by version, refuses duplicates and inactive BUs, and refuses deleting one in use', async () => {
    const onc = await find('/api/system/SearchProductConfigBU', 'ONC');
    const body = {
      Code: 'ONC-006',
      NameZH: '注射用培美曲塞二钠',
      NameEN: 'Pemetrexed disodium for injection',
      BuID: onc.ID,
    };
    const created = await t.call('/api/system/SaveProductConfig', body, admin);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ Code: 'ONC-006', BuCode: 'ONC', Active: true, Version: 1 });
    expect((await t.call('/api/system/SaveProductConfig', body, admin)).statusCode).toBe(409);
    const updated = await t.call(
      '/api/system/SaveProductConfig',
      { ...body, ID: created.json().ID, Version: 1, SapCode: '100000106' },
      admin,
    );
    expect(updated.json()).toMatchObject({ SapCode: '100000106', Version: 2 });
    const stale = await t.call('/api/system/SaveProductConfig', { ...body, ID: created.json().ID, Version: 1 }, admin);
    expect(stale.statusCode).toBe(409);

    const bu = await t.call(
      '/api/system/SaveProductConfigBU',
      { Code: 'OLD', NameZH: '旧事业部', NameEN: 'Old BU', Active: false },
      admin,
    );
    const onInactive = await t.call(
      '/api/system/SaveProductConfig',
      { ...body, Code: 'ONC-007', BuID: bu.json().ID },
      admin,
    );
    expect(onInactive.statusCode).toBe(400);
    expect(onInactive.json().errors[0]).toMatchObject({ field: 'BuID', code: 'expense_master.bu_inactive' });

    const used = await find('/api/system/SearchProductConfig', 'CV-004');
    const refused = await t.call('/api/system/DeleteProductConfig', { IDs: [used.ID], Language: 'en-GB' }, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'Product CV-004 is used by 1 GL mappings and cannot be deleted; deactivate it instead',
    );
    const deleted = await t.call('/api/system/DeleteProductConfig', { IDs: [created.json().ID] }, admin);
    expect(deleted.statusCode).toBe(200);
    const other = await otherCompanyToken(t);
    expect((await t.call('/api/system/DeleteProductConfig', { IDs: [used.ID] }, other)).statusCode).toBe(404);
  });

  it('exports with headers in the user’s language and imports the same layout', async () => {
    const res = await t.call('/api/system/ExportProductConfig', { Keyword: 'ONC', Language: 'en-GB' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Products.xlsx");
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual([
      'Code',
      'Chinese name',
      'English name',
      'BU code',
      'Business unit',
      'SAP material number',
      'Active',
    ]);
    expect(rows[1]).toEqual([
      'ONC-001',
      '注射用紫杉醇（白蛋白结合型）',
      'Paclitaxel for injection (albumin-bound)',
      'ONC',
      'Oncology BU',
      '100000101',
      'Yes',
    ]);

    // Change one name, add one product: the exported file, edited, imports back.
    rows[1]![2] = 'Nab-paclitaxel for injection';
    rows.push(['ONC-010', '依维莫司片', 'Everolimus tablets', 'ONC', '', '', 'Yes']);
    const imported = await upload(t, '/api/system/ImportProductConfig', await workbook(rows), admin);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ Imported: rows.length - 1, Created: 1, Updated: rows.length - 2 });
    expect((await find('/api/system/SearchProductConfig', 'ONC-001')).Version).toBe(2);
    const everolimus = await t.call(
      '/api/system/SearchProductConfig',
      { Keyword: 'ONC-010', Language: 'en-GB' },
      admin,
    );
    expect(everolimus.json().Rows[0]).toMatchObject({ Name: 'Everolimus tablets', BuCode: 'ONC' });
    const audit = await t.ctx.database.db.query.auditLog.findFirst({
      where: (a, { and, eq }) => and(eq(a.entity, 'product'), eq(a.action, 'import')),
    });
    expect(audit?.detail).toMatchObject({ created: 1 });
  });

  it('refuses a file with bad rows whole, naming each bad cell in the user’s language', async () => {
    const before = await t.call('/api/system/SearchProductConfig', {}, admin);
    const file = await workbook([
      ['代码', '中文名称', '英文名称', '事业部代码', '启用'],
      ['ONC-020', '新产品', 'New product', 'ONC', '是'],
      ['', '缺代码', 'No code', 'ONC', '是'],
      ['ONC-021', '未知事业部', 'Unknown BU', 'XYZ', '是'],
      ['ONC-022', '状态错', 'Bad flag', 'ONC', '也许'],
      ['ONC-020', '重复', 'Repeated', 'ONC', '否'],
    ]);
    const res = await upload(t, '/api/system/ImportProductConfig', file, admin, { Language: 'en-GB' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('import.rows_invalid');
    const errors = res.json().errors as { field: string; message: string }[];
    expect(errors.map((e) => e.field).sort()).toEqual(['3.Code', '4.BuCode', '5.Active', '6.Code']);
    expect(errors.find((e) => e.field === '4.BuCode')?.message).toBe(
      'Row 4, "BU code": The business unit does not exist',
    );
    expect(errors.find((e) => e.field === '6.Code')?.message).toContain('row 2');
    const zh = await upload(t, '/api/system/ImportProductConfig', file, admin, { Language: 'zh-CN' });
    expect(zh.json().errors.find((e: { field: string }) => e.field === '3.Code').message).toBe('第 3 行“代码”：必填');
    const after = await t.call('/api/system/SearchProductConfig', {}, admin);
    expect(after.json().Total).toBe(before.json().Total);
    const notExcel = await upload(t, '/api/system/ImportProductConfig', Buffer.from('plain text'), admin);
    expect(notExcel.statusCode).toBe(400);
    expect(notExcel.json().code).toBe('import.not_xlsx');
    const foreign = await upload(t, '/api/system/ImportProductConfig', file, admin, { CompanyID: '999' });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('business units', () => {
  it('lists BUs with their team and product count, and refuses deleting one with products', async () => {
    const res = await t.call('/api/system/SearchProductConfigBU', { Language: 'en-GB', SortField: 'Code' }, admin);
    expect(res.statusCode).toBe(200);
    const cv = (res.json().Rows as Row[]).find((r) => r.Code === 'CV');
    expect(cv).toMatchObject({ Name: 'Cardiovascular BU', TeamCode: 'CV', ProductCount: 5 });
    const refused = await t.call('/api/system/DeleteProductConfigBU', { IDs: [cv!.ID] }, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('expense_master.bu_has_products');
    const created = await t.call(
      '/api/system/SaveProductConfigBU',
      { Code: 'RES', NameZH: '呼吸事业部', NameEN: 'Respiratory BU' },
      admin,
    );
    expect(created.statusCode).toBe(200);
    const renamed = await t.call(
      '/api/system/SaveProductConfigBU',
      {
        ID: created.json().ID,
        Version: 1,
        Code: 'RES',
        NameZH: '呼吸与免疫事业部',
        NameEN: 'Respiratory and Immunology BU',
      },
      admin,
    );
    expect(renamed.json()).toMatchObject({ Version: 2, NameEN: 'Respiratory and Immunology BU' });
    expect((await t.call('/api/system/DeleteProductConfigBU', { IDs: [created.json().ID] }, admin)).statusCode).toBe(
      200,
    );
    const badTeam = await t.call(
      '/api/system/SaveProductConfigBU',
      { Code: 'X', NameZH: 'x', NameEN: 'x', TeamID: 999999 },
      admin,
    );
    expect(badTeam.json().errors[0]).toMatchObject({ field: 'TeamID', code: 'expense_master.team_unknown' });
  });

  it('exports and imports BUs; a bad team code refuses the file', async () => {
    const res = await t.call('/api/system/ExportProductConfigBU', {}, admin);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['代码', '中文名称', '英文名称', '所属团队代码', '启用', '产品数']);
    rows.push(['NEU', '神经科学事业部', 'Neuroscience BU', 'MKT', '是', '']);
    const ok = await upload(t, '/api/system/ImportProductConfigBU', await workbook(rows), admin);
    expect(ok.json()).toEqual({ Imported: rows.length - 1, Created: 1, Updated: rows.length - 2 });
    const bad = await upload(
      t,
      '/api/system/ImportProductConfigBU',
      await workbook([
        ['Code', 'Chinese name', 'English name', 'Team code'],
        ['DER', '皮肤科事业部', 'Dermatology BU', 'NOPE'],
      ]),
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['2.TeamCode']);
    const missingColumn = await upload(
      t,
      '/api/system/ImportProductConfigBU',
      await workbook([['Code'], ['X']]),
      admin,
    );
    expect(missingColumn.json().code).toBe('import.columns_missing');
  });
});

describe('guards', () => {
  it('answers 401 without a token and 403 without the function', async () => {
    await expectGuards(
      t,
      employee,
      [
        'SearchProductConfig',
        'SaveProductConfig',
        'DeleteProductConfig',
        'ExportProductConfig',
        'ImportProductConfig',
        'SearchProductConfigBU',
        'SaveProductConfigBU',
        'DeleteProductConfigBU',
        'ExportProductConfigBU',
        'ImportProductConfigBU',
      ].map((a) => ({ url: `/api/system/${a}`, body: {} })),
    );
  });

  it('refuses invalid bodies with field errors', async () => {
    const cases: [string, unknown, string[]][] = [
      ['/api/system/SearchProductConfig', { BuID: 'x', Status: 'maybe' }, ['BuID', 'Status']],
      ['/api/system/SaveProductConfig', { Code: 'a b', NameZH: '' }, ['Code', 'NameZH', 'NameEN']],
      ['/api/system/SaveProductConfig', { ID: 1, Code: 'A', NameZH: 'a', NameEN: 'a' }, ['Version']],
      ['/api/system/DeleteProductConfig', { IDs: 'all' }, ['IDs']],
      ['/api/system/ExportProductConfig', { Status: 'x' }, ['Status']],
      ['/api/system/SearchProductConfigBU', { PageIndex: 0 }, ['PageIndex']],
      ['/api/system/SaveProductConfigBU', { Code: 'A', NameZH: 'a', NameEN: 'a', TeamID: 'x' }, ['TeamID']],
      ['/api/system/DeleteProductConfigBU', { IDs: [] }, ['IDs']],
      ['/api/system/ExportProductConfigBU', { Keyword: 'x'.repeat(200) }, ['Keyword']],
    ];
    for (const [url, body, fields] of cases) await expectFieldErrors(t, admin, url, body, fields);
    const json = await t.call('/api/system/ImportProductConfig', {}, admin);
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('upload.multipart_required');
  });
});
