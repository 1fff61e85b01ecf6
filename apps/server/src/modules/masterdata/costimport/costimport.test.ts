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

const S = '/api/system';

describe('guards', () => {
  it('mapping and YTD calls need their functions', async () => {
    await expectGuarded(t, employee, [
      `${S}/GetCostCenterMapping`,
      `${S}/ExportCostCenterMapping`,
      `${S}/DeleteCostCenterMapping`,
      `${S}/GetYTDManual`,
      `${S}/ExportYTDManual`,
      `${S}/DeleteYTDManual`,
    ]);
    const file = await workbook([['x']]);
    for (const url of [`${S}/ImportCostCenterMapping`, `${S}/ImportYTDManual`]) {
      expect((await upload(t, url, file)).statusCode).toBe(401);
      expect((await upload(t, url, file, employee)).statusCode).toBe(403);
    }
  });
});

describe('cost-centre mapping', () => {
  it('imports a good file in one go, lists, exports the same layout, updates by source code and deletes', async () => {
    const file = await workbook([
      ['外部成本中心代码', '成本中心代码', '说明'],
      ['L-SH-01', 'CC1101', '旧系统上海区'],
      ['L-JS-01', 'cc1102', ''],
    ]);
    const res = await upload(t, `${S}/ImportCostCenterMapping`, file, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Imported: 2, Created: 2, Updated: 0 });
    const list = (await t.call(`${S}/GetCostCenterMapping`, { Keyword: 'L-', Language: 'en-GB' }, admin)).json();
    expect(
      list.Rows.map((r: { SourceCode: string; CostCenterCode: string }) => [r.SourceCode, r.CostCenterCode]),
    ).toEqual([
      ['L-JS-01', 'CC1102'],
      ['L-SH-01', 'CC1101'],
    ]);
    expect(list.Rows[1]).toMatchObject({ CostCenterName: 'Oncology Shanghai Sales', Description: '旧系统上海区' });
    const sheet = await sheetOf(
      await t.call(`${S}/ExportCostCenterMapping`, { Keyword: 'L-', Language: 'en-GB' }, admin),
    );
    expect(sheet[0]).toEqual(['Source cost centre code', 'Cost centre code', 'Cost centre', 'Description']);
    sheet[1]![1] = 'CC1103';
    const again = await upload(t, `${S}/ImportCostCenterMapping`, await workbook(sheet), admin);
    expect(again.json()).toEqual({ Imported: 2, Created: 0, Updated: 2 });
    const moved = (await t.call(`${S}/GetCostCenterMapping`, { SourceCode: 'L-JS-01' }, admin)).json().Rows[0];
    expect(moved.CostCenterCode).toBe('CC1103');
    expect((await t.call(`${S}/DeleteCostCenterMapping`, { IDs: [moved.MappingID] }, admin)).json().Changed).toBe(1);
    // A cost centre that a mapping uses cannot be deleted.
    const used = await costCentreOf(t, '1000', 'CC1101');
    const del = await t.call('/api/CostCenterMaster/Delete', { IDs: [used.id] }, admin);
    expect(del.json().message).toMatch(/\d+ 条成本中心映射/);
  });

  it('refuses a bad file whole, naming each bad cell in the user’s language', async () => {
    const file = await workbook([
      ['Source cost centre code', 'Cost centre code', 'Description'],
      ['L-OK-01', 'CC1101', ''],
      ['L-BAD-01', 'CC0000', ''],
      ['L-OK-01', 'CC1102', ''],
      ['', 'CC1101', 'no source'],
    ]);
    const res = await upload(t, `${S}/ImportCostCenterMapping`, file, admin, { Language: 'en-GB' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toEqual([
      'Row 5, "Source cost centre code": Required',
      'Row 4, "Source cost centre code": Code L-OK-01 occurs more than once in the file',
      'Row 3, "Cost centre code": Cost centre CC0000 does not exist',
    ]);
    expect((await t.call(`${S}/GetCostCenterMapping`, { SourceCode: 'L-OK' }, admin)).json().Total).toBe(0);
  });
});

describe('YTD manual', () => {
  it('imports amounts, sums what the filters select, exports the same layout, and updates by key', async () => {
    const file = await workbook([
      ['年度', '月份', '成本中心代码', '总账费用代码', '金额', '备注'],
      [2025, 11, 'CC1101', '6601-01', 12345.6, '上线前差旅'],
      [2025, 11, 'CC1101', '6601-02', '-200.40', '冲回'],
      [2025, 12, 'CC1102', '6601-03', '8000', ''],
    ]);
    const res = await upload(t, `${S}/ImportYTDManual`, file, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Imported: 3, Created: 3, Updated: 0 });
    const page = (await t.call(`${S}/GetYTDManual`, { Year: 2025, Language: 'en-GB' }, admin)).json();
    expect(page.Total).toBe(3);
    expect(page.Amount).toBe('20145.20');
    expect(page.Rows[0]).toMatchObject({
      Month: 12,
      CostCenterCode: 'CC1102',
      LedgerExpenseName: 'Selling – meetings',
      Amount: '8000.00',
    });
    const cc = await costCentreOf(t, '1000', 'CC1101');
    const november = (await t.call(`${S}/GetYTDManual`, { Year: 2025, Month: 11, CostCenterID: cc.id }, admin)).json();
    expect(november.Amount).toBe('12145.20');
    const sheet = await sheetOf(await t.call(`${S}/ExportYTDManual`, { Year: 2025, Language: 'en-GB' }, admin));
    expect(sheet[0]).toEqual([
      'Year',
      'Month',
      'Cost centre code',
      'Cost centre',
      'Ledger expense code',
      'Ledger expense',
      'Amount',
      'Remark',
    ]);
    sheet[1]![6] = '9000.5';
    const again = await upload(t, `${S}/ImportYTDManual`, await workbook([sheet[0]!, sheet[1]!]), admin);
    expect(again.json()).toEqual({ Imported: 1, Created: 0, Updated: 1 });
    expect((await t.call(`${S}/GetYTDManual`, { Year: 2025 }, admin)).json().Amount).toBe('21145.70');
    const del = await t.call(`${S}/DeleteYTDManual`, { IDs: [page.Rows[0].YTDManualID] }, admin);
    expect(del.json().Changed).toBe(1);
  });

  it('refuses a bad file whole: unknown codes, bad amounts and months, repeated keys', async () => {
    const file = await workbook([
      ['Year', 'Month', 'Cost centre code', 'Ledger expense code', 'Amount'],
      [2024, 13, 'CC1101', '6601-01', '100'],
      [2024, 1, 'CC0000', '9999-99', '1.234'],
      [2024, 2, 'CC1101', '6601-01', '50'],
      [2024, 2, 'CC1101', '6601-01', '60'],
    ]);
    const res = await upload(t, `${S}/ImportYTDManual`, file, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([
      '2.Month',
      '3.Amount',
      '3.CostCenterCode',
      '3.LedgerExpenseCode',
      '5.LedgerExpenseCode',
    ]);
    expect(res.json().errors[1].message).toMatch(/^第 3 行“金额”：/);
    expect((await t.call(`${S}/GetYTDManual`, { Year: 2024 }, admin)).json().Total).toBe(0);
  });

  it('keeps companies apart and refuses bad filters', async () => {
    const other = await tokenFor(t, 'admin', '2000');
    const file = await workbook([
      ['Year', 'Month', 'Cost centre code', 'Ledger expense code', 'Amount'],
      [2023, 5, 'CC1101', '6601-01', '1'],
    ]);
    // CC1101 belongs to the other company.
    expect((await upload(t, `${S}/ImportYTDManual`, file, other)).statusCode).toBe(400);
    const mine = (await t.call(`${S}/GetYTDManual`, {}, admin)).json();
    if (mine.Rows[0])
      expect((await t.call(`${S}/DeleteYTDManual`, { IDs: [mine.Rows[0].YTDManualID] }, other)).statusCode).toBe(404);
    expect(fieldsOf(await t.call(`${S}/GetYTDManual`, { Year: 'last', Month: 0 }, admin))).toEqual(['Year', 'Month']);
  });
});
