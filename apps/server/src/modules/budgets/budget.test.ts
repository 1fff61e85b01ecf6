import Decimal from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { concurrencyTest } from '../../../test/concurrency';
import { type Masters, type Session, saveApply, saveDeputy, saveWorkflow, withoutRoles } from '../../../test/documents';
import { documentMasters } from '../../../test/factories';
import { multipart } from '../../../test/multipart';
import { shanghaiToday } from '../../core/time';
import { auditLog } from '../audit/audit.table';
import { budget, budgetBalance, budgetBalanceMonth, budgetLedger } from './budget.table';

let t: TestApp;
let m: Masters;
let other: Masters;
let employee: Session;
let manager: Session;
let admin: Session;
const year = Number(shanghaiToday().slice(0, 4));

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  other = await documentMasters(t.ctx.db, 2);
  [employee, manager, admin] = await t.logins('employee', 'manager', 'admin');
  await m.permit(employee.UserID, m.foreign.id);
  for (const [code, docType] of [
    ['DEP-BUDGET', 'deputy'],
    ['APP-BUDGET', 'apply'],
  ] as const)
    await saveWorkflow(t, admin.access_token, { Code: code, DocType: docType, NameZH: '审批', NameEN: 'Approval' });
});
afterAll(() => t.close());

const months = (amount: string, n = 12) => Array.from({ length: n }, (_, i) => ({ Month: i + 1, Amount: amount }));

async function addBudget(over: Record<string, unknown>, token = admin.access_token) {
  const res = await t.call(
    '/api/budget/Add',
    { Year: year, CostCenterID: m.own.id, ExpenseItemID: m.hotel.id, LimitStatus: 0, Details: [], ...over },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ID: number; Version: number; Amount: string };
}
const balance = async (id: number) =>
  (await t.ctx.db.select().from(budgetBalance).where(eq(budgetBalance.budgetId, id)))[0]!;
const submitDeputy = (id: number, over: Record<string, unknown> = {}, token = employee.access_token) =>
  t.act('/api/DocumentSubmit/SubmitDeputy', id, token, over);
const approveDeputy = (id: number) =>
  t.act('/api/DocumentApprove/ApproveDeputy', id, manager.access_token, { Pass: true });

/** A cost centre and item of its own per test, so the tests' budgets never meet. */
async function freshItem(code: string) {
  const { expenseItem, expenseTypeItem } = await import('../masterdata/expense.table');
  const [item] = await t.ctx.db
    .insert(expenseItem)
    .values({
      companyId: 1,
      code,
      nameZh: `项目${code}`,
      nameEn: `Item ${code}`,
      category: 'travel',
      needsInvoice: false,
    })
    .returning();
  await t.ctx.db.insert(expenseTypeItem).values({ expenseTypeId: m.type.id, expenseItemId: item!.id });
  return item!;
}
const deputyOn = (itemId: number, amount: string, over: Record<string, unknown> = {}) =>
  saveDeputy(t, m, employee.access_token, amount, {
    Lines: [{ ExpenseItemID: itemId, ExpenseDate: shanghaiToday(), Amount: amount }],
    ...over,
  });

describe('budget calls', () => {
  it('refuses without a token (401) and without the function (403)', async () => {
    const calls = [
      '/api/budget/Search',
      '/api/budget/Add',
      '/api/budget/Delete',
      '/api/budget/DetailSearch',
      '/api/budget/DetailSave',
      '/api/budget/DetailDelete',
      '/api/budget/SetBudgetLimitStatus',
      '/api/budget/SearchExpenseItemList',
      '/api/budget/DownloadTemplateFile',
      '/api/budget/Import',
      '/api/budgetLimitStatus/SearchCostCenterByCompanyID',
      '/api/BudgeLimitStatusReport/Search',
      '/api/BudgeLimitStatusReport/SearchTeam',
      '/api/BudgeLimitStatusReport/SearchCostCenterByCompanyID',
      '/api/BudgeLimitStatusReport/SearchAllDeputyExpenseItem',
      '/api/BudgeLimitStatusReport/SearchLimitSubGrid',
      '/api/BudgeLimitStatusReport/ExportExcel',
      '/api/BudgeLimitStatusReport/ExportSubExcel',
    ];
    for (const url of calls) {
      expect((await t.call(url, {})).statusCode, url).toBe(401);
      expect((await t.call(url, {}, employee.access_token)).statusCode, url).toBe(403);
    }
  });

  it('adds a budget with its months, edits and removes months, and refuses a duplicate', async () => {
    const item = await freshItem('B-ADD');
    const b = await addBudget({ ExpenseItemID: item.id, Details: months('100.00', 3), LimitStatus: 1 });
    expect(b).toMatchObject({ Amount: '300.00', Available: '300.00', LimitStatus: 1, CostCenterCode: 'T-OWN' });
    const dup = await t.call(
      '/api/budget/Add',
      { Year: year, CostCenterID: m.own.id, ExpenseItemID: item.id },
      admin.access_token,
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('budget.duplicate');

    const saved = await t.call(
      '/api/budget/DetailSave',
      {
        BudgetID: b.ID,
        Version: b.Version,
        Details: [
          { Month: 2, Amount: '50.50' },
          { Month: 12, Amount: '1000' },
        ],
      },
      admin.access_token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().Budget.Amount).toBe('1250.50');
    expect(saved.json().Details).toHaveLength(4);
    const stale = await t.call(
      '/api/budget/DetailSave',
      { BudgetID: b.ID, Version: b.Version, Details: [{ Month: 1, Amount: '1' }] },
      admin.access_token,
    );
    expect(stale.statusCode).toBe(409);
    const removed = await t.call(
      '/api/budget/DetailDelete',
      { BudgetID: b.ID, Version: saved.json().Budget.Version, Months: [12] },
      admin.access_token,
    );
    expect(removed.json().Budget.Amount).toBe('250.50');
    const detail = (await t.call('/api/budget/DetailSearch', { BudgetID: b.ID }, admin.access_token)).json();
    expect(detail.Details.map((d: { Month: number }) => d.Month)).toEqual([1, 2, 3]);

    const list = (
      await t.call('/api/budget/Search', { Year: year, ExpenseItemID: item.id }, admin.access_token)
    ).json();
    expect(list.Total).toBe(1);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'budget'), eq(auditLog.entityId, String(b.ID))));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'delete_detail', 'update']);
  });

  it('sets the limit status of several budgets, and deletes budgets no document has moved', async () => {
    const item = await freshItem('B-DEL');
    const a = await addBudget({ ExpenseItemID: item.id, Details: months('10.00', 1) });
    const c = await addBudget({ ExpenseItemID: item.id, CostCenterID: m.foreign.id });
    const set = await t.call(
      '/api/budget/SetBudgetLimitStatus',
      {
        Items: [
          { ID: a.ID, Version: a.Version },
          { ID: c.ID, Version: c.Version },
        ],
        LimitStatus: 1,
      },
      admin.access_token,
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().Rows.map((r: { LimitStatus: number }) => r.LimitStatus)).toEqual([1, 1]);
    const stale = await t.call('/api/budget/Delete', { Items: [{ ID: a.ID, Version: a.Version }] }, admin.access_token);
    expect(stale.statusCode).toBe(409);
    const versions = set.json().Rows.map((r: { ID: number; Version: number }) => ({ ID: r.ID, Version: r.Version }));
    const gone = await t.call('/api/budget/Delete', { Items: versions }, admin.access_token);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await t.call('/api/budget/DetailSearch', { BudgetID: a.ID }, admin.access_token)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(budget).where(eq(budget.expenseItemId, item.id))).toEqual([]);
  });

  it('answers 400 with field errors on bad bodies, and changes nothing', async () => {
    const before = (await t.ctx.db.select().from(budget)).length;
    const bad = await t.call(
      '/api/budget/Add',
      { Year: 1999, CostCenterID: 'x', ExpenseItemID: m.hotel.id, LimitStatus: 5 },
      admin.access_token,
    );
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['CostCenterID', 'LimitStatus', 'Year']);
    const money = await t.call(
      '/api/budget/Add',
      { Year: year, CostCenterID: m.own.id, ExpenseItemID: m.taxi.id, Details: [{ Month: 13, Amount: '1.234' }] },
      admin.access_token,
    );
    expect(money.statusCode).toBe(400);
    const foreignCc = await t.call(
      '/api/budget/Add',
      { Year: year, CostCenterID: other.own.id, ExpenseItemID: m.hotel.id },
      admin.access_token,
    );
    expect(foreignCc.statusCode).toBe(400);
    expect(foreignCc.json().errors[0]).toMatchObject({ field: 'CostCenterID', code: 'budget.cost_centre_unknown' });
    for (const [url, body] of [
      ['/api/budget/DetailSave', { BudgetID: 1, Details: [] }],
      ['/api/budget/SetBudgetLimitStatus', { Items: [], LimitStatus: 1 }],
      ['/api/budget/Delete', { Items: [{ ID: 'a' }] }],
      ['/api/BudgeLimitStatusReport/Search', { Year: 'next' }],
      ['/api/BudgeLimitStatusReport/SearchLimitSubGrid', {}],
    ] as const)
      expect((await t.call(url, body, admin.access_token)).statusCode, url).toBe(400);
    expect((await t.ctx.db.select().from(budget)).length).toBe(before);
  });

  it('does not find another company’s budget (404) on any call that names one', async () => {
    const [foreign] = await t.ctx.db
      .insert(budget)
      .values({ companyId: 2, year, costCentreId: other.own.id, expenseItemId: other.hotel.id, amount: '10' })
      .returning();
    const id = foreign!.id;
    const v = foreign!.version;
    for (const [url, body] of [
      ['/api/budget/DetailSearch', { BudgetID: id }],
      ['/api/budget/DetailSave', { BudgetID: id, Version: v, Details: [{ Month: 1, Amount: '1' }] }],
      ['/api/budget/DetailDelete', { BudgetID: id, Version: v, Months: [1] }],
      ['/api/budget/SetBudgetLimitStatus', { Items: [{ ID: id, Version: v }], LimitStatus: 2 }],
      ['/api/budget/Delete', { Items: [{ ID: id, Version: v }] }],
      ['/api/BudgeLimitStatusReport/SearchLimitSubGrid', { BudgetID: id }],
      ['/api/BudgeLimitStatusReport/ExportSubExcel', { BudgetID: id }],
    ] as const)
      expect((await t.call(url, body, admin.access_token)).statusCode, url).toBe(404);
    const list = (await t.call('/api/budget/Search', { PageSize: 500 }, admin.access_token)).json();
    expect(list.Rows.map((r: { ID: number }) => r.ID)).not.toContain(id);
    const report = (
      await t.call('/api/BudgeLimitStatusReport/Search', { Year: year, PageSize: 500 }, admin.access_token)
    ).json();
    expect(report.Rows.map((r: { ID: number }) => r.ID)).not.toContain(id);
  });

  it('lists cost centres, teams and items for the screens', async () => {
    const ccs = (
      await t.call('/api/budgetLimitStatus/SearchCostCenterByCompanyID', { Keyword: 'T-OWN' }, admin.access_token)
    ).json();
    expect(ccs.Rows.map((r: { Code: string }) => r.Code)).toEqual(['T-OWN']);
    const rcc = (
      await t.call('/api/BudgeLimitStatusReport/SearchCostCenterByCompanyID', {}, admin.access_token)
    ).json();
    expect(rcc.Rows.length).toBeGreaterThan(1);
    const items = (
      await t.call('/api/budget/SearchExpenseItemList', { Keyword: 'T-HOTEL' }, admin.access_token)
    ).json();
    expect(items.Rows[0]).toMatchObject({ Code: 'T-HOTEL', Name: '住宿费' });
    const deputyItems = (
      await t.call('/api/BudgeLimitStatusReport/SearchAllDeputyExpenseItem', { Language: 'en-GB' }, admin.access_token)
    ).json();
    const codes = deputyItems.Rows.map((r: { Code: string }) => r.Code);
    expect(codes).toContain('T-HOTEL');
    expect(codes).not.toContain('T-MEAL');
    const teams = (await t.call('/api/BudgeLimitStatusReport/SearchTeam', {}, admin.access_token)).json();
    expect(teams.Rows.length).toBeGreaterThan(0);
  });
});

describe('budget import', () => {
  async function sheet(rows: (string | number)[][], headers?: string[]) {
    const template = await t.call('/api/budget/DownloadTemplateFile', {}, admin.access_token);
    expect(template.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    if (headers) ws.getRow(1).values = headers;
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const upload = (data: Buffer, language = 'zh-CN') => {
    const body = multipart({ Language: language }, { name: 'budget.xlsx', data });
    return t.app.inject({
      method: 'POST',
      url: '/api/budget/Import',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${admin.access_token}` },
    });
  };

  it('gives a template with the headers in the user’s language', async () => {
    const wb = new ExcelJS.Workbook();
    const res = await t.call('/api/budget/DownloadTemplateFile', { Language: 'en-GB' }, admin.access_token);
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const headers = (wb.worksheets[0]!.getRow(1).values as string[]).filter(Boolean);
    expect(headers.slice(0, 5)).toEqual([
      'Year',
      'Cost centre code',
      'Expense item code',
      'Product code',
      'Limit status',
    ]);
    expect(headers).toHaveLength(18);
  });

  it('refuses a file with any bad row, naming row, column and reason in the user’s language, and saves nothing', async () => {
    const before = (await t.ctx.db.select().from(budget)).length;
    const data = await sheet([
      [year, 'T-OWN', 'T-TAXI', '', 1, 100, 100],
      [year, 'NOPE', 'T-TAXI', '', 1, 100],
      [year, 'T-OWN', 'T-TAXI', '', 7, -5],
      [year, 'T-OWN', 'T-TAXI', '', 0, 1],
      [year, 'T-OWN', 'T-HOTEL', '', 1, '-5'],
      [year, 'T-OWN', 'T-MEAL', '', 1, 5, ...Array(11).fill(''), 'weekly'],
    ]);
    const res = await upload(data, 'en-GB');
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { field: string; message: string }[];
    expect(errors.map((e) => e.field).sort()).toEqual([
      '3.CostCenterCode',
      '4.LimitStatus',
      '5.CostCenterCode',
      '6.M01',
      '7.ControlPeriod',
    ]);
    const message = (field: string) => errors.find((e) => e.field === field)!.message;
    expect(message('3.CostCenterCode')).toBe('Row 3, "Cost centre code": Unknown cost centre');
    expect(message('6.M01')).toContain('"Jan": The amount must be a number of at least 0');
    expect(message('5.CostCenterCode')).toContain('Same budget as row 2');
    const zh = (await upload(data)).json().errors as { field: string; message: string }[];
    expect(zh.find((e) => e.field === '3.CostCenterCode')!.message).toContain('成本中心不存在');
    expect((await t.ctx.db.select().from(budget)).length).toBe(before);
  });

  it('creates budgets from a good file, and replaces those it names again', async () => {
    const first = await upload(await sheet([[year, 'T-OWN', 'T-TAXI', '', 2, 100, 200, '1,000.50']]));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ Imported: 1, Created: 1, Updated: 0 });
    const again = await upload(await sheet([[year, 't-own', 't-taxi', '', 1, 50]]));
    expect(again.json()).toEqual({ Imported: 1, Created: 0, Updated: 1 });
    const list = (
      await t.call('/api/budget/Search', { Year: year, ExpenseItemID: m.taxi.id }, admin.access_token)
    ).json();
    expect(list.Rows[0]).toMatchObject({ Amount: '50.00', LimitStatus: 1, ControlPeriod: 'year' });
    // The control period by its name in either language, in the last column; left empty it stays as it was.
    const monthly = await upload(
      await sheet([[year, 'T-OWN', 'T-TAXI', '', 1, 50, ...Array(11).fill(''), '按月累计']]),
    );
    expect(monthly.json()).toEqual({ Imported: 1, Created: 0, Updated: 1 });
    const kept = await upload(await sheet([[year, 'T-OWN', 'T-TAXI', '', 2, 60]]));
    expect(kept.statusCode).toBe(200);
    const after = (
      await t.call('/api/budget/Search', { Year: year, ExpenseItemID: m.taxi.id }, admin.access_token)
    ).json();
    expect(after.Rows[0]).toMatchObject({ Amount: '60.00', LimitStatus: 2, ControlPeriod: 'cumulative' });
  });
});

describe('enforcement at submit and the ledger', () => {
  it('warns: the applicant must confirm; then the hold becomes consumption at approval', async () => {
    const item = await freshItem('B-WARN');
    const b = await addBudget({ ExpenseItemID: item.id, Details: [{ Month: 1, Amount: '500' }], LimitStatus: 1 });
    const d = await deputyOn(item.id, '800.00');
    const first = await submitDeputy(d.ID, { Language: 'en-GB' });
    expect(first.statusCode).toBe(409);
    expect(first.json().code).toBe('limits.confirm_needed');
    expect(first.json().errors[0]).toMatchObject({
      code: 'budget.exceeded_warn',
      message: `Budget ${year} / Cost centre T-OWN (T-OWN) / Item B-WARN (B-WARN) would be overspent: 500.00 available, this document needs 800.00, 300.00 over`,
    });
    expect(await balance(b.ID)).toMatchObject({ held: '0.00' });

    const confirmed = await submitDeputy(d.ID, { ConfirmLimitWarnings: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await balance(b.ID)).toMatchObject({ held: '800.00', consumed: '0.00' });
    expect((await approveDeputy(d.ID)).json().Status).toBe('approved');
    expect(await balance(b.ID)).toMatchObject({ held: '0.00', consumed: '800.00' });

    const report = (
      await t.call('/api/BudgeLimitStatusReport/Search', { Year: year, ExpenseItemID: item.id }, admin.access_token)
    ).json();
    expect(report.Rows[0]).toMatchObject({ Consumed: '800.00', Available: '-300.00', UsedPercent: '160.00' });
    expect(report.Totals).toMatchObject({ Amount: '500.00', Consumed: '800.00' });
    const sub = (
      await t.call('/api/BudgeLimitStatusReport/SearchLimitSubGrid', { BudgetID: b.ID }, admin.access_token)
    ).json();
    expect(sub.Rows).toEqual([expect.objectContaining({ DocumentID: d.ID, Consumed: '800.00', Status: 'approved' })]);
    const kinds = await t.ctx.db.select().from(budgetLedger).where(eq(budgetLedger.documentId, d.ID));
    expect(kinds.map((k) => k.kind)).toEqual(['hold', 'consume']);
  });

  it('blocks: refuses naming the budget and the shortfall, and holds nothing', async () => {
    const item = await freshItem('B-BLOCK');
    const b = await addBudget({ ExpenseItemID: item.id, Details: [{ Month: 1, Amount: '1000' }], LimitStatus: 2 });
    const ok = await deputyOn(item.id, '700.00');
    expect((await submitDeputy(ok.ID)).statusCode).toBe(200);
    const d = await deputyOn(item.id, '400.00');
    const refused = await submitDeputy(d.ID, { ConfirmLimitWarnings: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'budget.exceeded_block',
      params: { budget: `${year} / T-OWN / B-BLOCK`, available: '300.00', requested: '400.00', shortfall: '100.00' },
    });
    expect(refused.json().message).toContain('100.00');
    // The message names the cost centre and the expense item by their names in the reader's language, each with its
    // code; the params keep the codes.
    expect(refused.json().message).toContain(`${year} / 成本中心T-OWN（T-OWN） / 项目B-BLOCK（B-BLOCK）`);
    expect(await balance(b.ID)).toMatchObject({ held: '700.00' });

    // Returning the first releases its hold; the second then fits.
    const rejected = await t.act('/api/DocumentApprove/ApproveDeputy', ok.ID, manager.access_token, {
      Pass: false,
      Comment: '金额有误',
    });
    expect(rejected.json().Status).toBe('returned');
    expect(await balance(b.ID)).toMatchObject({ held: '0.00' });
    expect((await submitDeputy(d.ID)).statusCode).toBe(200);
    expect(await balance(b.ID)).toMatchObject({ held: '400.00' });

    // A blocked budget is not cut below what is used.
    const cut = await t.call(
      '/api/budget/DetailSave',
      { BudgetID: b.ID, Version: b.Version, Details: [{ Month: 1, Amount: '100' }] },
      admin.access_token,
    );
    expect(cut.statusCode).toBe(422);
    expect(cut.json().code).toBe('budget.below_used');
    const del = await t.call('/api/budget/Delete', { Items: [{ ID: b.ID, Version: b.Version }] }, admin.access_token);
    expect(del.json().code).toBe('budget.in_use');
  });

  it('splits an apportioned document across the budgets of its cost centres', async () => {
    const item = await freshItem('B-SPLIT');
    const own = await addBudget({ ExpenseItemID: item.id, Details: [{ Month: 1, Amount: '1000' }], LimitStatus: 2 });
    const foreign = await addBudget({
      ExpenseItemID: item.id,
      CostCenterID: m.foreign.id,
      Details: [{ Month: 1, Amount: '100' }],
      LimitStatus: 2,
    });
    const d = await deputyOn(item.id, '300.00');
    const split = await t.call(
      '/api/document/SaveApportion',
      {
        DocumentID: d.ID,
        Version: d.Version,
        Rows: [
          { CostCenterID: m.own.id, Percent: '60' },
          { CostCenterID: m.foreign.id, Percent: '40' },
        ],
      },
      employee.access_token,
    );
    expect(split.statusCode, split.body).toBe(200);
    const refused = await submitDeputy(d.ID);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().params).toMatchObject({ budget: `${year} / T-MKT / B-SPLIT`, shortfall: '20.00' });
    await t.call(
      '/api/budget/DetailSave',
      { BudgetID: foreign.ID, Version: foreign.Version, Details: [{ Month: 1, Amount: '120' }] },
      admin.access_token,
    );
    expect((await submitDeputy(d.ID)).statusCode).toBe(200);
    expect(await balance(own.ID)).toMatchObject({ held: '180.00' });
    expect(await balance(foreign.ID)).toMatchObject({ held: '120.00' });
  });

  it('keeps a budget’s product, and spends a line with that product on it; other lines on the item’s budget', async () => {
    const { product } = await import('../masterdata/reference.table');
    const item = await freshItem('B-PROD');
    const [prod] = await t.ctx.db
      .insert(product)
      .values({ companyId: 1, code: 'P-BUDGET', nameZh: '预算产品', nameEn: 'Budget product' })
      .returning();
    const [foreignProd] = await t.ctx.db
      .insert(product)
      .values({ companyId: 2, code: 'P-ELSEWHERE', nameZh: '别家产品', nameEn: 'Other product' })
      .returning();
    // The picker lists the company's active products only.
    const listed = (await t.call('/api/budget/SearchProductList', { Keyword: 'P-' }, admin.access_token)).json();
    expect(listed.Rows.map((r: { Code: string }) => r.Code)).toContain('P-BUDGET');
    expect(listed.Rows.map((r: { Code: string }) => r.Code)).not.toContain('P-ELSEWHERE');
    const refused = await t.call(
      '/api/budget/Add',
      {
        Year: year,
        CostCenterID: m.own.id,
        ExpenseItemID: item.id,
        ProductID: foreignProd!.id,
        LimitStatus: 0,
        Details: [],
      },
      admin.access_token,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([expect.objectContaining({ field: 'ProductID' })]);

    const forProduct = await addBudget({
      ExpenseItemID: item.id,
      ProductID: prod!.id,
      Details: [{ Month: 1, Amount: '300' }],
      LimitStatus: 2,
    });
    const forItem = await addBudget({
      ExpenseItemID: item.id,
      Details: [{ Month: 1, Amount: '1000' }],
      LimitStatus: 2,
    });
    const found = await t.call('/api/budget/Search', { ProductID: prod!.id, PageSize: 50 }, admin.access_token);
    expect(found.json().Rows).toEqual([
      expect.objectContaining({
        ID: forProduct.ID,
        ProductID: prod!.id,
        ProductCode: 'P-BUDGET',
        ProductName: '预算产品',
      }),
    ]);
    const byKeyword = await t.call('/api/budget/Search', { Keyword: 'P-BUDGET', PageSize: 50 }, admin.access_token);
    expect(byKeyword.json().Total).toBe(1);

    // A line with the product spends the product's budget: 400 is more than its 300, though the item's has 1000.
    const withProduct = await deputyOn(item.id, '400.00', {
      Lines: [{ ExpenseItemID: item.id, ProductID: prod!.id, ExpenseDate: shanghaiToday(), Amount: '400.00' }],
    });
    const blocked = await submitDeputy(withProduct.ID);
    expect(blocked.statusCode, blocked.body).toBe(422);
    expect(blocked.json().params).toMatchObject({
      budget: `${year} / ${m.own.code} / B-PROD / P-BUDGET`,
      shortfall: '100.00',
    });
    const fits = await deputyOn(item.id, '250.00', {
      Lines: [{ ExpenseItemID: item.id, ProductID: prod!.id, ExpenseDate: shanghaiToday(), Amount: '250.00' }],
    });
    expect((await submitDeputy(fits.ID)).statusCode).toBe(200);
    expect(await balance(forProduct.ID)).toMatchObject({ held: '250.00' });
    expect(await balance(forItem.ID)).toMatchObject({ held: '0.00' });
    // A line without a product spends the item's budget.
    const plain = await deputyOn(item.id, '400.00');
    expect((await submitDeputy(plain.ID)).statusCode).toBe(200);
    expect(await balance(forItem.ID)).toMatchObject({ held: '400.00' });
    expect(await balance(forProduct.ID)).toMatchObject({ held: '250.00' });
  });

  it('reserves an approved apply, releases it when closed, and lets its deputy consume the reservation', async () => {
    const b = await addBudget({ ExpenseItemID: m.meal.id, Details: [{ Month: 1, Amount: '1000' }], LimitStatus: 2 });
    const apply = await saveApply(t, m, employee.access_token, '600');
    expect((await t.act('/api/DocumentSubmit/SubmitApply', apply.ID, employee.access_token)).statusCode).toBe(200);
    const approved = await t.act('/api/DocumentApprove/ApproveApply', apply.ID, manager.access_token, { Pass: true });
    expect(approved.json().Status, approved.body).toBe('approved');
    expect(await balance(b.ID)).toMatchObject({ held: '0.00', reserved: '600.00' });
    const { expenseTypeItem } = await import('../masterdata/expense.table');
    await t.ctx.db.insert(expenseTypeItem).values({ expenseTypeId: m.type.id, expenseItemId: m.meal.id });
    // A deputy of 700 against the apply needs only 100 beyond its reservation: 400 is free, so it fits.
    const d = await saveDeputy(t, m, employee.access_token, '700.00', {
      ApplyID: apply.ID,
      Lines: [{ ExpenseItemID: m.meal.id, ExpenseDate: shanghaiToday(), Amount: '700.00' }],
    });
    expect((await submitDeputy(d.ID)).statusCode).toBe(200);
    expect(await balance(b.ID)).toMatchObject({ held: '100.00', reserved: '600.00' });
    expect((await approveDeputy(d.ID)).json().Status).toBe('approved');
    expect(await balance(b.ID)).toMatchObject({ held: '0.00', reserved: '0.00', consumed: '700.00' });

    // Another apply, approved then closed unused: its reservation is released.
    const { lockDocument } = await import('../documents/lifecycle/document.lock');
    const { followBudgets } = await import('./budget-ledger.service');
    const second = await saveApply(t, m, employee.access_token, '250');
    await t.act('/api/DocumentSubmit/SubmitApply', second.ID, employee.access_token);
    await t.act('/api/DocumentApprove/ApproveApply', second.ID, manager.access_token, { Pass: true });
    expect(await balance(b.ID)).toMatchObject({ reserved: '250.00' });
    await t.ctx.db.transaction(async (tx) => followBudgets(tx, (await lockDocument(tx, second.ID))!, 'closed'));
    expect(await balance(b.ID)).toMatchObject({ reserved: '0.00', consumed: '700.00' });
  });
});

describe('after approval', () => {
  it('posting trues the consumption up to what was posted; a return releases it; paper received again consumes again', async () => {
    const { expenseLine } = await import('../documents/document.table');
    const { lockDocument } = await import('../documents/lifecycle/document.lock');
    const { followBudgets, trueUpOnPosting } = await import('./budget-ledger.service');
    const item = await freshItem('B-POST');
    const b = await addBudget({ ExpenseItemID: item.id, Details: [{ Month: 1, Amount: '1000' }], LimitStatus: 2 });
    const d = await deputyOn(item.id, '500.00');
    expect((await submitDeputy(d.ID)).statusCode).toBe(200);
    expect((await approveDeputy(d.ID)).json().Status).toBe('approved');
    expect(await balance(b.ID)).toMatchObject({ held: '0.00', consumed: '500.00' });
    // The review lowered the line; the ERP accepted the posting.
    await t.ctx.db.update(expenseLine).set({ amountCny: '420.00' }).where(eq(expenseLine.documentId, d.ID));
    await t.ctx.db.transaction(async (tx) => trueUpOnPosting(tx, (await lockDocument(tx, d.ID))!));
    expect(await balance(b.ID)).toMatchObject({ consumed: '420.00' });
    const returned = {
      ...(await t.ctx.db.transaction(async (tx) => (await lockDocument(tx, d.ID))!)),
      status: 'received' as const,
    };
    await t.ctx.db.transaction((tx) => followBudgets(tx, returned, 'returned'));
    expect(await balance(b.ID)).toMatchObject({ consumed: '0.00' });
    await t.ctx.db.transaction((tx) => followBudgets(tx, { ...returned, status: 'returned' }, 'received'));
    expect(await balance(b.ID)).toMatchObject({ consumed: '420.00' });
    const kinds = await t.ctx.db.select().from(budgetLedger).where(eq(budgetLedger.documentId, d.ID));
    expect(kinds.map((k) => [k.kind, k.consumed])).toEqual([
      ['hold', '0.00'],
      ['consume', '500.00'],
      ['trueup', '-80.00'],
      ['release', '-420.00'],
      ['consume', '420.00'],
    ]);
  });
});

describe('a deputy sent back after its approval', () => {
  let finance: Session;
  let reasonId: number;
  beforeAll(async () => {
    [finance] = await t.logins('finance');
    reasonId = (
      await t.call('/api/ReturnDocumentsCenter/SearchReason', { Kind: 'chargeback' }, finance.access_token)
    ).json().Rows[0].ID;
  });
  const items = async (id: number) => [{ ID: id, Version: await t.version(id) }];
  /** Finance sends the document back (a chargeback or the review's no-pass); it must succeed. */
  async function sendBack(url: string, body: Record<string, unknown>) {
    const res = await t.call(url, body, finance.access_token);
    expect(res.json().Rows[0], res.body).toMatchObject({ Ok: true });
  }
  const chargeBack = async (id: number) =>
    sendBack('/api/Chargeback/ChargebackNewOrder', { Items: [{ ...(await items(id))[0]!, ReasonID: reasonId }] });
  /** The balance row is the sum of the budget's ledger, and available = amount − held − reserved − consumed. */
  async function ledgerAgrees(budgetId: number, amount: string) {
    const rows = await t.ctx.db.select().from(budgetLedger).where(eq(budgetLedger.budgetId, budgetId));
    const sum = (k: 'held' | 'reserved' | 'consumed') => rows.reduce((s, r) => s.plus(r[k]), new Decimal(0)).toFixed(2);
    const b = await balance(budgetId);
    expect([sum('held'), sum('reserved'), sum('consumed')]).toEqual([b.held, b.reserved, b.consumed]);
    const row = (await t.call('/api/budget/DetailSearch', { BudgetID: budgetId }, admin.access_token)).json().Budget;
    expect(row.Available).toBe(
      new Decimal(amount).minus(sum('held')).minus(sum('reserved')).minus(sum('consumed')).toFixed(2),
    );
    return row as { Held: string; Reserved: string; Consumed: string; Available: string };
  }
  /** Held, reserved, consumed and available of a budget of 1000, once the ledger is seen to agree. */
  const buckets = async (id: number, amount = '1000') => {
    const r = await ledgerAgrees(id, amount);
    return [r.Held, r.Reserved, r.Consumed, r.Available];
  };
  const applyReserved = async (applyId: number, budgetId: number) => {
    const rows = await t.ctx.db
      .select()
      .from(budgetLedger)
      .where(and(eq(budgetLedger.documentId, applyId), eq(budgetLedger.budgetId, budgetId)));
    return rows.reduce((s, r) => s.plus(r.reserved), new Decimal(0)).toFixed(2);
  };

  it('gives its apply back the reservation it took over (chargeback, no-pass), and takes it again when it spends again', async () => {
    const { expenseTypeItem } = await import('../masterdata/expense.table');
    const { document } = await import('../documents/document.table');
    const item = await freshItem('B-BACK');
    await t.ctx.db.insert(expenseTypeItem).values({ expenseTypeId: m.applyType.id, expenseItemId: item.id });
    const b = await addBudget({ ExpenseItemID: item.id, Details: [{ Month: 1, Amount: '1000' }], LimitStatus: 2 });
    const line = (amount: string) => [{ ExpenseItemID: item.id, ExpenseDate: shanghaiToday(), Amount: amount }];
    const apply = await saveApply(t, m, employee.access_token, '600', { Lines: line('600') });
    expect((await t.act('/api/DocumentSubmit/SubmitApply', apply.ID, employee.access_token)).statusCode).toBe(200);
    await t.act('/api/DocumentApprove/ApproveApply', apply.ID, manager.access_token, { Pass: true });
    const d = await saveDeputy(t, m, employee.access_token, '700.00', { ApplyID: apply.ID, Lines: line('700.00') });
    expect((await submitDeputy(d.ID)).statusCode).toBe(200);
    expect((await approveDeputy(d.ID)).json().Status).toBe('approved');
    expect(await ledgerAgrees(b.ID, '1000')).toMatchObject({
      Reserved: '0.00',
      Consumed: '700.00',
      Available: '300.00',
    });
    const received = await t.call('/api/document/PostCenterReceive', { DocNo: d.DocNo }, finance.access_token);
    expect(received.statusCode, received.body).toBe(200);

    // Charged back: the deputy's 700 is released and the apply's 600 reserved again (it is still open).
    await chargeBack(d.ID);
    expect(await buckets(b.ID)).toEqual(['0.00', '600.00', '0.00', '400.00']);
    expect(await applyReserved(apply.ID, b.ID)).toBe('600.00');

    // The paper comes back unchanged: the deputy consumes its 700 again, 600 of it taken over from the apply again.
    const slip = (await t.call('/api/ReturnDocumentsCenter/Search', { Keyword: d.DocNo }, finance.access_token)).json()
      .Rows[0];
    const rr = await t.call(
      '/api/ReturnDocumentsCenter/ReReceive',
      { ReturnID: slip.ReturnID, Version: slip.Version },
      finance.access_token,
    );
    expect(rr.statusCode, rr.body).toBe(200);
    expect(await ledgerAgrees(b.ID, '1000')).toMatchObject({
      Reserved: '0.00',
      Consumed: '700.00',
      Available: '300.00',
    });
    expect(await applyReserved(apply.ID, b.ID)).toBe('0.00');

    // No-pass in the accounting review: the same give-back.
    await sendBack('/api/CheckDocument/BackOrder', { Items: await items(d.ID), ReasonID: reasonId });
    expect(await ledgerAgrees(b.ID, '1000')).toMatchObject({
      Reserved: '600.00',
      Consumed: '0.00',
      Available: '400.00',
    });

    // Resubmitted and approved: it holds only what the reservation does not cover, and takes the reservation over.
    expect((await submitDeputy(d.ID)).statusCode).toBe(200);
    expect(await ledgerAgrees(b.ID, '1000')).toMatchObject({ Held: '100.00', Reserved: '600.00' });
    expect((await approveDeputy(d.ID)).json().Status).toBe('approved');
    expect(await ledgerAgrees(b.ID, '1000')).toMatchObject({ Held: '0.00', Reserved: '0.00', Consumed: '700.00' });

    // With its apply closed meanwhile, a chargeback gives nothing back: the apply reserves nothing any more.
    const { lockDocument } = await import('../documents/lifecycle/document.lock');
    const { followBudgets } = await import('./budget-ledger.service');
    await t.ctx.db.transaction(async (tx) => {
      await followBudgets(tx, (await lockDocument(tx, apply.ID))!, 'closed');
      await tx.update(document).set({ status: 'closed' }).where(eq(document.id, apply.ID));
    });
    await t.call('/api/document/PostCenterReceive', { DocNo: d.DocNo }, finance.access_token);
    await chargeBack(d.ID);
    expect(await buckets(b.ID)).toEqual(['0.00', '0.00', '0.00', '1000.00']);
    const moves = await t.ctx.db
      .select()
      .from(budgetLedger)
      .where(and(eq(budgetLedger.documentId, apply.ID), eq(budgetLedger.budgetId, b.ID)));
    expect(moves.map((r) => [r.kind, r.reserved, r.sourceDocumentId])).toEqual([
      ['hold', '0.00', null],
      ['reserve', '600.00', null],
      ['release', '-600.00', d.ID],
      ['reserve', '600.00', d.ID],
      ['release', '-600.00', d.ID],
      ['reserve', '600.00', d.ID],
      ['release', '-600.00', d.ID],
    ]);
  });
  concurrencyTest('a chargeback racing its apply’s close never leaves the closed apply a reservation', async () => {
    const { expenseTypeItem } = await import('../masterdata/expense.table');
    const { document } = await import('../documents/document.table');
    const { lockDocument } = await import('../documents/lifecycle/document.lock');
    const { followBudgets } = await import('./budget-ledger.service');
    const item = await freshItem('B-GIVEBACK');
    await t.ctx.db.insert(expenseTypeItem).values({ expenseTypeId: m.applyType.id, expenseItemId: item.id });
    const b = await addBudget({ ExpenseItemID: item.id, Details: [{ Month: 1, Amount: '100000' }], LimitStatus: 2 });
    const line = (amount: string) => [{ ExpenseItemID: item.id, ExpenseDate: shanghaiToday(), Amount: amount }];
    const pairs = [];
    for (let i = 0; i < 6; i++) {
      const apply = await saveApply(t, m, employee.access_token, '600', { Lines: line('600') });
      await t.act('/api/DocumentSubmit/SubmitApply', apply.ID, employee.access_token);
      await t.act('/api/DocumentApprove/ApproveApply', apply.ID, manager.access_token, { Pass: true });
      const d = await saveDeputy(t, m, employee.access_token, '700.00', { ApplyID: apply.ID, Lines: line('700.00') });
      await submitDeputy(d.ID);
      expect((await approveDeputy(d.ID)).json().Status).toBe('approved');
      await t.call('/api/document/PostCenterReceive', { DocNo: d.DocNo }, finance.access_token);
      pairs.push({ apply, d });
    }
    // The apply is closed (as the account completion does: its state and its budgets in one transaction) while its
    // deputy is charged back.
    const close = (id: number) =>
      t.ctx.db.transaction(async (tx) => {
        const locked = (await lockDocument(tx, id))!;
        await followBudgets(tx, locked, 'closed');
        await tx.update(document).set({ status: 'closed' }).where(eq(document.id, id));
      });
    await Promise.all(pairs.flatMap(({ apply, d }) => [chargeBack(d.ID), close(apply.ID)]));
    for (const { apply } of pairs) expect(await applyReserved(apply.ID, b.ID)).toBe('0.00');
    expect(await buckets(b.ID, '100000')).toEqual(['0.00', '0.00', '0.00', '100000.00']);
  });
});

describe('the ledger written again from the documents', () => {
  it('gives the balances the live ledger gave, for documents held, consumed and returned', async () => {
    const { expenseItem } = await import('../masterdata/expense.table');
    const { rebuildLedger } = await import('./budget-ledger.service');
    const items = await t.ctx.db
      .select({ id: expenseItem.id })
      .from(expenseItem)
      .where(inArray(expenseItem.code, ['B-WARN', 'B-BLOCK', 'B-SPLIT']));
    const ids = (
      await t.ctx.db
        .select({ id: budget.id })
        .from(budget)
        .where(
          inArray(
            budget.expenseItemId,
            items.map((i) => i.id),
          ),
        )
    ).map((b) => b.id);
    expect(ids.length).toBe(4);
    const live = await Promise.all(ids.map(balance));
    const monthsOf = (db: typeof t.ctx.db) =>
      db
        .select({
          id: budgetBalanceMonth.budgetId,
          month: budgetBalanceMonth.month,
          held: budgetBalanceMonth.held,
          reserved: budgetBalanceMonth.reserved,
          consumed: budgetBalanceMonth.consumed,
        })
        .from(budgetBalanceMonth)
        .where(inArray(budgetBalanceMonth.budgetId, ids))
        .orderBy(budgetBalanceMonth.budgetId, budgetBalanceMonth.month);
    const liveMonths = (await monthsOf(t.ctx.db)).filter(
      (r) => ![r.held, r.reserved, r.consumed].every((v) => new Decimal(v).isZero()),
    );
    class RollBack extends Error {}
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await rebuildLedger(tx, 1);
        const again = await Promise.all(
          ids.map(async (id) => (await tx.select().from(budgetBalance).where(eq(budgetBalance.budgetId, id)))[0]!),
        );
        expect(again.map(({ held, reserved, consumed }) => ({ held, reserved, consumed }))).toEqual(
          live.map(({ held, reserved, consumed }) => ({ held, reserved, consumed })),
        );
        // The months too: the rebuilt month balances are the live ones (months the live ledger emptied again aside).
        expect(await monthsOf(tx)).toEqual(liveMonths);
        throw new RollBack();
      }),
    ).rejects.toBeInstanceOf(RollBack);
  });
});

describe('control periods (decision 056)', () => {
  const on = (itemId: number, date: string, amount: string, over: Record<string, unknown> = {}) =>
    saveDeputy(t, m, employee.access_token, amount, {
      Lines: [{ ExpenseItemID: itemId, ExpenseDate: date, Amount: amount }],
      ...over,
    });
  // Next year's months: open whatever today is (a past month closes at the next month's cut-off day).
  const next = year + 1;
  const jan = `${next}-01-15`;
  const feb = `${next}-02-15`;
  const addNext = (over: Record<string, unknown>) => addBudget({ Year: next, ...over });
  const monthBalance = async (id: number, month: number) =>
    (
      await t.ctx.db
        .select()
        .from(budgetBalanceMonth)
        .where(and(eq(budgetBalanceMonth.budgetId, id), eq(budgetBalanceMonth.month, month)))
    )[0];

  it('by month: the expense’s month alone is measured, and the refusal names it; another month is untouched', async () => {
    const item = await freshItem('B-MONTH');
    const b = await addNext({
      ExpenseItemID: item.id,
      Details: [
        { Month: 1, Amount: '300' },
        { Month: 2, Amount: '1000' },
      ],
      LimitStatus: 2,
      ControlPeriod: 'month',
    });
    expect(b).toMatchObject({ ControlPeriod: 'month', Amount: '1300.00' });
    expect((await submitDeputy((await on(item.id, jan, '200.00')).ID)).statusCode).toBe(200);
    // The year has 1,100 left, January only 100.
    const refused = await submitDeputy((await on(item.id, jan, '200.00')).ID, { ConfirmLimitWarnings: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'budget.exceeded_block',
      params: { budget: `${next}-01 / T-OWN / B-MONTH`, available: '100.00', requested: '200.00', shortfall: '100.00' },
    });
    expect((await submitDeputy((await on(item.id, feb, '900.00')).ID)).statusCode).toBe(200);
    expect(await monthBalance(b.ID, 1)).toMatchObject({ held: '200.00' });
    expect(await monthBalance(b.ID, 2)).toMatchObject({ held: '900.00' });
    expect(await balance(b.ID)).toMatchObject({ held: '1100.00' });

    // The same budget measured on the year lets the second January claim through (1,300 − 1,100 = 200).
    const setYear = await t.call(
      '/api/budget/SetBudgetControlPeriod',
      { Items: [{ ID: b.ID, Version: b.Version }], ControlPeriod: 'year' },
      admin.access_token,
    );
    expect(setYear.json().Rows[0]).toMatchObject({ ControlPeriod: 'year' });
    expect((await submitDeputy((await on(item.id, jan, '200.00')).ID)).statusCode).toBe(200);

    // The budget screen's months: amount, use and what is left in the month and to date.
    const detail = await t.call('/api/budget/DetailSearch', { BudgetID: b.ID }, admin.access_token);
    expect(detail.json().Figures.slice(0, 3)).toEqual([
      { Month: 1, Amount: '300.00', Used: '400.00', Available: '-100.00', AvailableToDate: '-100.00' },
      { Month: 2, Amount: '1000.00', Used: '900.00', Available: '100.00', AvailableToDate: '0.00' },
      { Month: 3, Amount: '0.00', Used: '0.00', Available: '0.00', AvailableToDate: '0.00' },
    ]);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'budget'), eq(auditLog.action, 'set_control_period')));
    expect(audits.map((a) => a.entityId)).toContain(String(b.ID));
  });

  it('month to date: the months up to the expense’s, and every month after it, must stay covered', async () => {
    const item = await freshItem('B-CUMUL');
    const b = await addNext({
      ExpenseItemID: item.id,
      Details: [
        { Month: 1, Amount: '300' },
        { Month: 2, Amount: '300' },
      ],
      LimitStatus: 2,
      ControlPeriod: 'cumulative',
    });
    // February to date has 600.
    expect((await submitDeputy((await on(item.id, feb, '500.00')).ID)).statusCode).toBe(200);
    // January alone has 300, but January's 200 would leave February to date 100 short.
    const refused = await submitDeputy((await on(item.id, jan, '200.00')).ID, { ConfirmLimitWarnings: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().params).toMatchObject({ budget: `${next}-01…02 / T-OWN / B-CUMUL`, shortfall: '100.00' });
    expect((await submitDeputy((await on(item.id, jan, '100.00')).ID)).statusCode).toBe(200);
    expect(await balance(b.ID)).toMatchObject({ held: '600.00' });
  });

  it('at warn, the applicant confirms a month that falls short', async () => {
    const item = await freshItem('B-MWARN');
    await addNext({
      ExpenseItemID: item.id,
      Details: [{ Month: 1, Amount: '100' }],
      LimitStatus: 1,
      ControlPeriod: 'month',
    });
    const d = await on(item.id, jan, '150.00');
    const asked = await submitDeputy(d.ID);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().code).toBe('limits.confirm_needed');
    expect((await submitDeputy(d.ID, { ConfirmLimitWarnings: true })).statusCode).toBe(200);
  });

  it('refuses an unknown control period (400) and changes nothing', async () => {
    const item = await freshItem('B-MBAD');
    const res = await t.call(
      '/api/budget/Add',
      {
        Year: year,
        CostCenterID: m.own.id,
        ExpenseItemID: item.id,
        LimitStatus: 0,
        Details: [],
        ControlPeriod: 'week',
      },
      admin.access_token,
    );
    expect(res.statusCode).toBe(400);
    expect(await t.ctx.db.select().from(budget).where(eq(budget.expenseItemId, item.id))).toEqual([]);
  });

  it('an approved deputy its apply covers in full consumes it, and the apply keeps only the rest', async () => {
    const item = await freshItem('B-COVER');
    const { expenseTypeItem } = await import('../masterdata/expense.table');
    await t.ctx.db.insert(expenseTypeItem).values({ expenseTypeId: m.applyType.id, expenseItemId: item.id });
    const b = await addNext({ ExpenseItemID: item.id, Details: [{ Month: 1, Amount: '1000' }], LimitStatus: 2 });
    const line = (amount: string) => ({ Lines: [{ ExpenseItemID: item.id, ExpenseDate: jan, Amount: amount }] });
    const apply = await saveApply(t, m, employee.access_token, '600', line('600.00'));
    await t.act('/api/DocumentSubmit/SubmitApply', apply.ID, employee.access_token);
    const approvedApply = await t.act('/api/DocumentApprove/ApproveApply', apply.ID, manager.access_token, {
      Pass: true,
    });
    expect(approvedApply.json().Status, approvedApply.body).toBe('approved');
    expect(await balance(b.ID)).toMatchObject({ held: '0.00', reserved: '600.00' });
    // Its whole spend is under the apply's reservation: it holds nothing at submit, and still consumes at approval.
    const d = await on(item.id, jan, '500.00', { ApplyID: apply.ID });
    expect((await submitDeputy(d.ID)).statusCode).toBe(200);
    expect(await balance(b.ID)).toMatchObject({ held: '0.00', reserved: '600.00' });
    expect((await approveDeputy(d.ID)).json().Status).toBe('approved');
    expect(await balance(b.ID)).toMatchObject({ held: '0.00', reserved: '100.00', consumed: '500.00' });
    expect(await monthBalance(b.ID, 1)).toMatchObject({ held: '0.00', reserved: '100.00', consumed: '500.00' });
  });
});

describe('the limit-status report', () => {
  it('pages, totals and exports what the filters select', async () => {
    const page = await t.call('/api/BudgeLimitStatusReport/Search', { Year: year, PageSize: 2 }, admin.access_token);
    expect(page.statusCode).toBe(200);
    expect(page.json().Rows).toHaveLength(2);
    expect(page.json().Total).toBeGreaterThan(2);
    const exported = await t.call('/api/BudgeLimitStatusReport/ExportExcel', { Year: year }, admin.access_token);
    expect(exported.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(page.json().Total + 1);
    const first = page.json().Rows[0];
    const sub = await t.call('/api/BudgeLimitStatusReport/ExportSubExcel', { BudgetID: first.ID }, admin.access_token);
    expect(sub.statusCode).toBe(200);
  });

  it('needs the report’s access: a user whose roles lost it gets 403', async () => {
    expect((await t.call('/api/BudgeLimitStatusReport/Search', { Year: year }, manager.access_token)).statusCode).toBe(
      200,
    );
    await withoutRoles(t, 'manager');
    const [c] = await t.logins('manager');
    expect((await t.call('/api/BudgeLimitStatusReport/Search', { Year: year }, c.access_token)).statusCode).toBe(403);
  });
});

describe('concurrent submits', () => {
  concurrencyTest('50 submits against a blocked budget with room for 10: exactly 10 pass', async () => {
    const item = await freshItem('B-RACE');
    const b = await addBudget({ ExpenseItemID: item.id, Details: [{ Month: 1, Amount: '1000' }], LimitStatus: 2 });
    const drafts = [];
    for (let i = 0; i < 50; i++) drafts.push(await deputyOn(item.id, '100.00'));
    const results = await Promise.all(drafts.map((d) => submitDeputy(d.ID)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 422)).toHaveLength(40);
    expect(await balance(b.ID)).toMatchObject({ held: '1000.00' });
  });
});

describe('concurrent submits on a month', () => {
  concurrencyTest(
    '50 submits against a monthly blocked budget with room for 10 in January: exactly 10 pass',
    async () => {
      const item = await freshItem('B-MRACE');
      const b = await addBudget({
        Year: year + 1,
        ExpenseItemID: item.id,
        Details: [
          { Month: 1, Amount: '1000' },
          { Month: 2, Amount: '1000' },
        ],
        LimitStatus: 2,
        ControlPeriod: 'month',
      });
      const drafts = [];
      for (let i = 0; i < 50; i++)
        drafts.push(
          await deputyOn(item.id, '100.00', {
            Lines: [{ ExpenseItemID: item.id, ExpenseDate: `${year + 1}-01-20`, Amount: '100.00' }],
          }),
        );
      const results = await Promise.all(drafts.map((d) => submitDeputy(d.ID)));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(10);
      expect(codes.filter((c) => c === 422)).toHaveLength(40);
      const months = await t.ctx.db.select().from(budgetBalanceMonth).where(eq(budgetBalanceMonth.budgetId, b.ID));
      expect(months.map(({ month, held }) => ({ month, held }))).toEqual([{ month: 1, held: '1000.00' }]);
      // February's room is untouched: a February claim of its whole budget passes.
      const february = await deputyOn(item.id, '1000.00', {
        Lines: [{ ExpenseItemID: item.id, ExpenseDate: `${year + 1}-02-20`, Amount: '1000.00' }],
      });
      expect((await submitDeputy(february.ID)).statusCode).toBe(200);
    },
  );
});
