import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { documentMasters } from '../../../test/factories';
import {
  companyId,
  employeeIdOf,
  expectGuarded,
  fieldsOf,
  sheetOf,
  tokenFor,
  upload,
  workbook,
} from '../../../test/finance';
import { auditLog } from '../audit/audit.table';
import { document, expenseLine } from '../documents/document.table';
import { costCentre } from '../masterdata/costcentre.table';
import { product } from '../masterdata/reference.table';
import { rebuildSummaries } from '../reports/summary/summary.service';
import { salesAsp, salesDaily } from './sales.table';

let t: TestApp;
let admin: string;
let employee: string;
let other: string;
let m: Awaited<ReturnType<typeof documentMasters>>;
let applicantId: number;
let cv1: number;
let cv2: number;
let foreignProduct: number;
let foreignCostCentre: number;

const YEAR = '2025';

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  [admin, employee] = await t.tokens('admin', 'employee');
  other = await tokenFor(t, 'admin', '2000');
  applicantId = await employeeIdOf(t, 'employee');
  const c2 = await companyId(t, '2000');
  const products = await t.ctx.db.select().from(product);
  cv1 = products.find((p) => p.companyId === 1 && p.code === 'CV-001')!.id;
  cv2 = products.find((p) => p.companyId === 1 && p.code === 'CV-002')!.id;
  foreignProduct = products.find((p) => p.companyId === c2)!.id;
  const [cc2] = await t.ctx.db
    .insert(costCentre)
    .values({ companyId: c2, code: 'T-OTHER', nameZh: '他司成本中心', nameEn: 'Other company centre' })
    .returning();
  foreignCostCentre = cc2!.id;

  // Company 1: an approved deputy of two lines, one in approval, one returned, one draft, an approved apply.
  await doc(1, 'deputy', 'approved', m.own.id, [
    { item: m.hotel.id, date: `${YEAR}-03-05`, amount: '100.00', productId: cv1 },
    { item: m.taxi.id, date: `${YEAR}-04-10`, amount: '50.50', productId: cv2 },
  ]);
  await doc(1, 'deputy', 'approving', m.foreign.id, [
    { item: m.hotel.id, date: `${YEAR}-04-11`, amount: '20.00', productId: cv1 },
  ]);
  await doc(1, 'deputy', 'returned', m.own.id, [{ item: m.hotel.id, date: `${YEAR}-04-12`, amount: '999.00' }]);
  await doc(1, 'deputy', 'draft', m.own.id, [{ item: m.hotel.id, date: `${YEAR}-04-12`, amount: '999.00' }]);
  await doc(1, 'apply', 'approved', m.own.id, [
    { item: m.meal.id, date: `${YEAR}-05-01`, amount: '300.00', productId: cv2 },
  ]);
  // Company 2: a deputy that must never show in company 1.
  await doc(c2, 'deputy', 'approved', foreignCostCentre, [{ item: null, date: `${YEAR}-04-01`, amount: '777.00' }]);
  // Made directly in the database, past the lifecycle: the report summaries are rebuilt, as after a bulk load.
  await rebuildSummaries(t.ctx.db);
});
afterAll(() => t.close());

/** A document with lines made directly in the database, past whatever the test needs. */
async function doc(
  company: number,
  docType: 'apply' | 'deputy',
  status: 'approved' | 'approving' | 'returned' | 'draft',
  costCentreId: number,
  lines: { item: number | null; date: string; amount: string; productId?: number }[],
) {
  const total = lines.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0);
  const [d] = await t.ctx.db
    .insert(document)
    .values({
      companyId: company,
      docType,
      docNo: `${docType === 'apply' ? 'A' : 'D'}T${randomBytes(4).toString('hex').toUpperCase()}`,
      applicantId,
      preparerId: applicantId,
      costCentreId,
      expenseTypeId: docType === 'apply' ? m.applyType.id : m.type.id,
      status,
      totalAmount: (total / 100).toFixed(2),
      totalAmountCny: (total / 100).toFixed(2),
    })
    .returning();
  await t.ctx.db.insert(expenseLine).values(
    lines.map((l, i) => ({
      documentId: d!.id,
      lineNo: i + 1,
      expenseItemId: l.item,
      expenseDate: l.date,
      amount: l.amount,
      amountCny: l.amount,
      fxRate: '1',
      productId: l.productId ?? null,
    })),
  );
  return d!;
}

const RANGE = { DateFrom: `${YEAR}-01-01`, DateTo: `${YEAR}-12-31` };

const SPEND_CALLS = [
  'SearchApplyDetailByCostCenter',
  'ExportApplyDetailByCostCenter',
  'SearchApplyDetailByProduct',
  'ExportApplyDetailByProduct',
  'SearchDeputyDetailByCostCenter',
  'ExportDeputyDetailByCostCenter',
  'SearchDeputyDetailByProduct',
  'ExportDeputyDetailByProduct',
  'ExpenseTypeList',
  'ProductList',
  'ItemNameList',
  'GetASPList',
  'GetBudGetList',
  'ASPReportExport',
  'BudReportExport',
  'ReportDaily_Sales_Import',
  'ReportASPImport',
].map((c) => `/api/Report/${c}`);

describe('guards', () => {
  it('answers 401 without a token and 403 without the report’s function', async () => {
    await expectGuarded(t, employee, SPEND_CALLS);
  });
});

describe('spend reports', () => {
  it('lists the submitted deputy lines of the company by cost centre, with the total and the monthly trend', async () => {
    const res = await t.call(
      '/api/Report/SearchDeputyDetailByCostCenter',
      { ...RANGE, Language: 'en-GB', SortField: 'CostCenterCode', SortOrder: 'ascend' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.Total).toBe(3);
    expect(page.TotalAmountCNY).toBe('170.50');
    expect(page.Trend).toEqual([
      { Month: `${YEAR}-03`, Lines: 1, AmountCNY: '100.00' },
      { Month: `${YEAR}-04`, Lines: 2, AmountCNY: '70.50' },
    ]);
    expect(page.TopGroups).toEqual([
      { Code: 'T-OWN', Name: 'Cost centre T-OWN', Lines: 2, AmountCNY: '150.50' },
      { Code: 'T-MKT', Name: 'Cost centre T-MKT', Lines: 1, AmountCNY: '20.00' },
    ]);
    // Sorted by cost centre code: T-MKT before T-OWN; without a sort, newest expense date first.
    expect(page.Rows.map((r: { CostCenterCode: string }) => r.CostCenterCode)).toEqual(['T-MKT', 'T-OWN', 'T-OWN']);
    const newest = await t.call('/api/Report/SearchDeputyDetailByCostCenter', RANGE, admin);
    expect(newest.json().Rows.map((r: { ExpenseDate: string }) => r.ExpenseDate)).toEqual([
      `${YEAR}-04-11`,
      `${YEAR}-04-10`,
      `${YEAR}-03-05`,
    ]);
    expect(page.Rows[1]).toMatchObject({
      ExpenseItemName: 'Hotel',
      CostCenterName: 'Cost centre T-OWN',
      ProductCode: 'CV-001',
      Amount: '100.00',
      Status: 'approved',
    });
    // The other company's documents are never in it, even asked for by its own cost centre id: 404.
    const foreign = await t.call(
      '/api/Report/SearchDeputyDetailByCostCenter',
      { ...RANGE, CostCenterID: foreignCostCentre },
      admin,
    );
    expect(foreign.statusCode).toBe(404);
    const theirs = await t.call('/api/Report/SearchDeputyDetailByCostCenter', RANGE, other);
    expect(theirs.json().Rows.map((r: { CostCenterCode: string }) => r.CostCenterCode)).toEqual(['T-OTHER']);
  });

  it('applies every filter: stage, cost centre, item, product, type, number and dates', async () => {
    const total = async (body: Record<string, unknown>, call = 'SearchDeputyDetailByCostCenter') => {
      const res = await t.call(`/api/Report/${call}`, { ...RANGE, ...body }, admin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().Total as number;
    };
    expect(await total({ Stage: 'approving' })).toBe(1);
    expect(await total({ Stage: 'approved' })).toBe(2);
    expect(await total({ CostCenterID: m.own.id })).toBe(2);
    expect(await total({ CostCenter: 't-mk' })).toBe(1);
    expect(await total({ ExpenseItemID: m.taxi.id })).toBe(1);
    expect(await total({ ProductID: cv1 })).toBe(2);
    expect(await total({ ExpenseTypeID: m.applyType.id })).toBe(0);
    expect(await total({ DateFrom: `${YEAR}-04-01`, DateTo: `${YEAR}-04-30` })).toBe(2);
    expect(await total({ Keyword: 'dt' })).toBe(3);
    expect(await total({ Keyword: 'AT' })).toBe(0);
    expect(await total({}, 'SearchApplyDetailByCostCenter')).toBe(1);
    const products = await t.call('/api/Report/SearchApplyDetailByProduct', RANGE, admin);
    expect(products.json().TopGroups).toEqual([
      { Code: 'CV-002', Name: expect.any(String), Lines: 1, AmountCNY: '300.00' },
    ]);
    const byCode = { SortField: 'ProductCode', SortOrder: 'ascend' };
    const byProduct = await t.call(
      '/api/Report/SearchDeputyDetailByProduct',
      { ...RANGE, ...byCode, PageSize: 2 },
      admin,
    );
    expect(byProduct.json().Rows.map((r: { ProductCode: string }) => r.ProductCode)).toEqual(['CV-001', 'CV-001']);
    const second = await t.call(
      '/api/Report/SearchDeputyDetailByProduct',
      { ...RANGE, ...byCode, PageSize: 2, PageIndex: 2 },
      admin,
    );
    expect(second.json().Rows.map((r: { ProductCode: string }) => r.ProductCode)).toEqual(['CV-002']);
    const sorted = await t.call(
      '/api/Report/SearchDeputyDetailByProduct',
      { ...RANGE, SortField: 'AmountCNY', SortOrder: 'descend' },
      admin,
    );
    expect(sorted.json().Rows.map((r: { AmountCNY: string }) => r.AmountCNY)).toEqual(['100.00', '50.50', '20.00']);
  });

  it('sums whole months from the summary and odd days from the lines, as the lines alone would', async () => {
    const report = async (body: Record<string, unknown>) => {
      const res = await t.call('/api/Report/SearchDeputyDetailByProduct', body, admin);
      expect(res.statusCode, res.body).toBe(200);
      const { Total, TotalAmountCNY, Trend, TopGroups } = res.json();
      return { Total, TotalAmountCNY, Trend, TopGroups };
    };
    const ranges = [
      RANGE,
      { DateFrom: `${YEAR}-02-15`, DateTo: `${YEAR}-04-10` },
      { DateFrom: `${YEAR}-03-05`, DateTo: `${YEAR}-04-11` },
      { DateFrom: `${YEAR}-04-11`, DateTo: `${YEAR}-04-11` },
      { DateFrom: `${YEAR}-03-06`, DateTo: `${YEAR}-05-31` },
    ];
    const filters = [
      {},
      { ExpenseItemID: m.hotel.id },
      { ExpenseTypeID: m.type.id, Stage: 'approved' },
      { CostCenter: 't-own' },
    ];
    for (const range of ranges)
      for (const filter of filters) {
        // A document-number prefix every deputy has: no summary can answer it, so the lines do.
        const bare = await report({ ...range, ...filter, Keyword: 'D' });
        expect(await report({ ...range, ...filter }), JSON.stringify({ range, filter })).toEqual(bare);
      }
    expect(await report(ranges[1]!)).toMatchObject({ Total: 2, TotalAmountCNY: '150.50' });
  });

  it('refuses bad filters with field errors and another company’s records with 404', async () => {
    const url = '/api/Report/SearchApplyDetailByProduct';
    expect(fieldsOf(await t.call(url, { DateFrom: `${YEAR}-05-01`, DateTo: `${YEAR}-04-01` }, admin))).toEqual([
      'DateTo',
    ]);
    expect(fieldsOf(await t.call(url, { DateFrom: '2025-02-30' }, admin))).toContain('DateFrom');
    expect(fieldsOf(await t.call(url, { Stage: 'paid', PageSize: 0 }, admin))).toEqual(
      expect.arrayContaining(['Stage', 'PageSize']),
    );
    expect((await t.call(url, { ProductID: foreignProduct }, admin)).statusCode).toBe(404);
    expect((await t.call('/api/Report/ItemNameList', { ExpenseTypeID: 999999 }, admin)).statusCode).toBe(404);
  });

  it('exports every line of the filters, newest first as on screen, in the user’s language', async () => {
    const res = await t.call(
      '/api/Report/ExportDeputyDetailByProduct',
      { ...RANGE, Stage: 'approved', Language: 'en-GB' },
      admin,
    );
    const rows = await sheetOf(res);
    expect(rows[0]!.slice(0, 3)).toEqual(['Product code', 'Product', 'Document no.']);
    expect(rows.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([
      ['CV-002', '50.50'],
      ['CV-001', '100.00'],
    ]);
    const zh = await sheetOf(await t.call('/api/Report/ExportApplyDetailByCostCenter', RANGE, admin));
    expect(zh[0]![0]).toBe('成本中心代码');
    expect(zh).toHaveLength(2);
    expect(
      (await t.call('/api/Report/ExportApplyDetailByCostCenter', { ProductID: foreignProduct }, admin)).statusCode,
    ).toBe(404);
    expect(fieldsOf(await t.call('/api/Report/ExportApplyDetailByCostCenter', { DateFrom: 'x' }, admin))).toContain(
      'DateFrom',
    );
  });

  it('gives the filter lists of the company only', async () => {
    const types = (await t.call('/api/Report/ExpenseTypeList', { DocType: 'apply' }, admin)).json();
    expect(types.map((r: { Code: string }) => r.Code)).toContain('T-MEET');
    expect(types.map((r: { Code: string }) => r.Code)).not.toContain('T-TRAVEL');
    const items = (await t.call('/api/Report/ItemNameList', { ExpenseTypeID: m.type.id }, admin)).json();
    expect(items.map((r: { Code: string }) => r.Code).sort()).toEqual(['T-HOTEL', 'T-TAXI']);
    const products = (await t.call('/api/Report/ProductList', {}, admin)).json();
    expect(products.map((r: { Code: string }) => r.Code)).toContain('CV-001');
    const theirs = (await t.call('/api/Report/ProductList', {}, other)).json();
    expect(theirs.map((r: { Code: string }) => r.Code)).not.toContain('CV-001');
    expect(fieldsOf(await t.call('/api/Report/ExpenseTypeList', { DocType: 'loan' }, admin))).toEqual(['DocType']);
  });
});

describe('daily sales', () => {
  it('imports the standard ASPs and the daily sales, and reports ASP and budget with the month to date', async () => {
    const asp = await upload(
      t,
      '/api/Report/ReportASPImport',
      await workbook([
        ['月份', '产品代码', '标准ASP'],
        [`${YEAR}-04`, 'CV-001', '12.5'],
        // A month typed into Excel becomes a date cell.
        [new Date(Date.UTC(Number(YEAR), 3, 1)) as unknown as string, 'cv-002', '20'],
      ]),
      admin,
    );
    expect(asp.statusCode, asp.body).toBe(200);
    expect(asp.json()).toEqual({ Imported: 2, Created: 2, Updated: 0 });
    const daily = await upload(
      t,
      '/api/Report/ReportDaily_Sales_Import',
      await workbook([
        ['Sales date', 'Product code', 'Units sold', 'Amount', 'Budget amount'],
        [`${YEAR}-04-01`, 'CV-001', '10', '130.00', '100.00'],
        [`${YEAR}-04-02`, 'CV-001', '10', '110.00', '100.00'],
        [`${YEAR}-04-02`, 'CV-002', '5', '100.00', '0'],
        [`${YEAR}-05-01`, 'CV-001', '4', '48.00', '60.00'],
      ]),
      admin,
    );
    expect(daily.statusCode, daily.body).toBe(200);
    expect(daily.json()).toEqual({ Imported: 4, Created: 4, Updated: 0 });

    const list = await t.call('/api/Report/GetASPList', { MonthFrom: `${YEAR}-04`, MonthTo: `${YEAR}-05` }, admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ Total: 3, Quantity: '29.00', Amount: '388.00' });
    const april = list.json().Rows.filter((r: { Month: string }) => r.Month === `${YEAR}-04`);
    expect(april[0]).toMatchObject({
      ProductCode: 'CV-001',
      StandardASP: '12.5000',
      Quantity: '20.00',
      Amount: '240.00',
      ActualASP: '12.0000',
      VariancePercent: '-4.00',
    });
    expect(list.json().Rows[0]).toMatchObject({ Month: `${YEAR}-05`, StandardASP: null, ActualASP: '12.0000' });

    const budget = await t.call(
      '/api/Report/GetBudGetList',
      { DateFrom: `${YEAR}-04-02`, DateTo: `${YEAR}-04-30`, ProductID: cv1 },
      admin,
    );
    expect(budget.statusCode, budget.body).toBe(200);
    // The month to date starts on the first even though the filter starts on the second.
    expect(budget.json()).toMatchObject({
      Total: 1,
      Amount: '110.00',
      BudgetAmount: '100.00',
      AchievementPercent: '110.00',
    });
    expect(budget.json().Rows[0]).toMatchObject({
      SalesDate: `${YEAR}-04-02`,
      MonthToDateAmount: '240.00',
      MonthToDateBudget: '200.00',
      MonthToDatePercent: '120.00',
    });
    const all = await t.call(
      '/api/Report/GetBudGetList',
      { DateFrom: `${YEAR}-04-01`, DateTo: `${YEAR}-05-31` },
      admin,
    );
    expect(all.json().Days).toEqual([
      {
        SalesDate: `${YEAR}-04-01`,
        Amount: '130.00',
        BudgetAmount: '100.00',
        CumulativeAmount: '130.00',
        CumulativeBudget: '100.00',
      },
      {
        SalesDate: `${YEAR}-04-02`,
        Amount: '210.00',
        BudgetAmount: '100.00',
        CumulativeAmount: '340.00',
        CumulativeBudget: '200.00',
      },
      {
        SalesDate: `${YEAR}-05-01`,
        Amount: '48.00',
        BudgetAmount: '60.00',
        CumulativeAmount: '388.00',
        CumulativeBudget: '260.00',
      },
    ]);
    expect(
      all.json().Rows.find((r: { ProductCode: string }) => r.ProductCode === 'CV-002').AchievementPercent,
    ).toBeNull();

    // Imported again, a day is replaced, not added.
    const again = await upload(
      t,
      '/api/Report/ReportDaily_Sales_Import',
      await workbook([
        ['销售日期', '产品代码', '销售数量', '金额', '预算金额'],
        [`${YEAR}-05-01`, 'CV-001', '5', '60.00', '60.00'],
      ]),
      admin,
    );
    expect(again.json()).toEqual({ Imported: 1, Created: 0, Updated: 1 });
    const [may] = await t.ctx.db
      .select()
      .from(salesDaily)
      .where(and(eq(salesDaily.salesDate, `${YEAR}-05-01`), eq(salesDaily.productId, cv1)));
    expect(may).toMatchObject({ amount: '60.00', version: 2 });
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'sales_daily'));
    expect(audits.filter((a) => a.requestId !== 'demo-seed')).toHaveLength(2);

    // Exports in the import's layout: the file exported imports back.
    const aspFile = await sheetOf(
      await t.call(
        '/api/Report/ASPReportExport',
        { MonthFrom: `${YEAR}-04`, MonthTo: `${YEAR}-04`, Language: 'en-GB' },
        admin,
      ),
    );
    expect(aspFile[0]!.slice(0, 3)).toEqual(['Month', 'Product code', 'Standard ASP']);
    expect(aspFile).toHaveLength(3);
    const budFile = await sheetOf(
      await t.call('/api/Report/BudReportExport', { DateFrom: `${YEAR}-04-01`, DateTo: `${YEAR}-04-30` }, admin),
    );
    expect(budFile[0]!.slice(0, 5)).toEqual(['销售日期', '产品代码', '销售数量', '金额', '预算金额']);
    expect(budFile).toHaveLength(4);

    // The other company sees none of it.
    expect((await t.call('/api/Report/GetBudGetList', RANGE, other)).json().Total).toBe(0);
    expect((await t.call('/api/Report/GetASPList', { MonthFrom: `${YEAR}-01` }, other)).json().Total).toBe(0);
  });

  it('refuses a file with bad rows whole, naming each bad cell in the user’s language', async () => {
    const before = await t.ctx.db.select().from(salesDaily);
    const file = await workbook([
      ['销售日期', '产品代码', '销售数量', '金额', '预算金额'],
      [`${YEAR}-06-01`, 'CV-001', '1', '10.00', '10.00'],
      [`${YEAR}-06-31`, 'CV-001', '1', '10.00', '10.00'],
      [`${YEAR}-06-02`, 'NOPE-1', '1', '10.00', '10.00'],
      [`${YEAR}-06-03`, 'CV-001', '-1', 'abc', ''],
      [`${YEAR}-06-01`, 'cv-001', '1', '10.00', '10.00'],
      [`${YEAR}-06-04`, 'INTV-001', '1', '10.00', '10.00'],
    ]);
    const res = await upload(t, '/api/Report/ReportDaily_Sales_Import', file, admin, { Language: 'en-GB' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('import.rows_invalid');
    const errors = res.json().errors as { field: string; message: string }[];
    expect(errors.map((e) => e.field).sort()).toEqual([
      '3.SalesDate',
      '4.ProductCode',
      '5.Amount',
      '5.BudgetAmount',
      '5.Quantity',
      '6.ProductCode',
      '7.ProductCode',
    ]);
    expect(errors.find((e) => e.field === '4.ProductCode')?.message).toBe(
      'Row 4, "Product code": Product NOPE-1 does not exist',
    );
    expect(errors.find((e) => e.field === '6.ProductCode')?.message).toContain('row 2');
    const zh = await upload(t, '/api/Report/ReportDaily_Sales_Import', file, admin, { Language: 'zh-CN' });
    expect(zh.json().errors.find((e: { field: string }) => e.field === '4.ProductCode').message).toBe(
      '第 4 行“产品代码”：产品 NOPE-1 不存在',
    );
    expect(await t.ctx.db.select().from(salesDaily)).toHaveLength(before.length);

    const aspBad = await upload(
      t,
      '/api/Report/ReportASPImport',
      await workbook([
        ['Month', 'Product code', 'Standard ASP'],
        [`${YEAR}-13`, 'CV-001', '1'],
        [`${YEAR}-07`, 'CV-001', '1.23456'],
      ]),
      admin,
    );
    expect(aspBad.statusCode).toBe(400);
    expect((aspBad.json().errors as { field: string }[]).map((e) => e.field).sort()).toEqual([
      '2.Month',
      '3.StandardASP',
    ]);
    expect(
      await t.ctx.db
        .select()
        .from(salesAsp)
        .where(eq(salesAsp.month, `${YEAR}-07`)),
    ).toEqual([]);
    const missing = await upload(t, '/api/Report/ReportASPImport', await workbook([['Month'], ['2025-01']]), admin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('import.columns_missing');
    const foreign = await upload(t, '/api/Report/ReportASPImport', file, admin, { CompanyID: '999' });
    expect(foreign.statusCode).toBe(403);
  });

  it('refuses bad filters and another company’s product', async () => {
    expect(fieldsOf(await t.call('/api/Report/GetASPList', { MonthFrom: '2025-13' }, admin))).toEqual(['MonthFrom']);
    expect(
      fieldsOf(await t.call('/api/Report/GetASPList', { MonthFrom: '2025-05', MonthTo: '2025-04' }, admin)),
    ).toEqual(['MonthTo']);
    expect(
      fieldsOf(await t.call('/api/Report/GetBudGetList', { DateFrom: '2024-01-01', DateTo: '2025-12-31' }, admin)),
    ).toEqual(['DateTo']);
    expect(fieldsOf(await t.call('/api/Report/BudReportExport', { DateFrom: 'soon' }, admin))).toEqual(['DateFrom']);
    expect((await t.call('/api/Report/GetASPList', { ProductID: foreignProduct }, admin)).statusCode).toBe(404);
    expect((await t.call('/api/Report/GetBudGetList', { ProductID: foreignProduct }, admin)).statusCode).toBe(404);
    expect((await t.call('/api/Report/ASPReportExport', { ProductID: foreignProduct }, admin)).statusCode).toBe(404);
    expect((await t.call('/api/Report/BudReportExport', { ProductID: foreignProduct }, admin)).statusCode).toBe(404);
  });
});

describe('demo data', () => {
  it('gives both companies daily sales and standard ASPs this year', async () => {
    for (const token of [admin, other]) {
      const budget = (await t.call('/api/Report/GetBudGetList', { PageSize: 5 }, token)).json();
      expect(budget.Total).toBeGreaterThan(0);
      expect(Number(budget.BudgetAmount)).toBeGreaterThan(0);
      const asp = (await t.call('/api/Report/GetASPList', {}, token)).json();
      expect(asp.Rows[0].StandardASP).not.toBeNull();
      expect(asp.Rows[0].ActualASP).not.toBeNull();
    }
  });
});

describe('report access', () => {
  it('closes a report whose access the role loses, and only that one', async () => {
    const roles = (await t.call('/api/RoleDefine/SearchRoleList', { Keyword: 'SYSADMIN', PageSize: 50 }, admin)).json();
    const sys = roles.Rows.find((r: { Code: string }) => r.Code === 'SYSADMIN');
    const reports = (await t.call('/api/RoleDefine/LoadRoleReportByUserId', {}, admin))
      .json()
      .Rows.map((r: { ReportCode: string }) => r.ReportCode) as string[];
    expect(reports).toContain('deputyCostReport');
    const saved = await t.call(
      '/api/RoleDefine/SaveRoleReport',
      { RoleID: sys.RoleID, ReportCodes: reports.filter((c) => c !== 'deputyCostReport'), Version: sys.Version },
      admin,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const again = (await t.login('admin')).access_token;
    const closed = await t.call('/api/Report/SearchDeputyDetailByCostCenter', RANGE, again);
    expect(closed.statusCode).toBe(403);
    expect((await t.call('/api/Report/ExportDeputyDetailByCostCenter', RANGE, again)).statusCode).toBe(403);
    expect((await t.call('/api/Report/SearchDeputyDetailByProduct', RANGE, again)).statusCode).toBe(200);
  });
});
