import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { ledgerExpense } from '../expense.table';
import { expectFieldErrors, expectGuards, otherCompanyToken } from './guards.test-helper';
import { ledgerForLine } from './item-config.service';

let t: TestApp;
let admin: string;
let employee: string;
beforeAll(async () => {
  t = await testApp();
  [admin, employee] = await t.tokens('admin', 'employee');
});
afterAll(() => t.close());

type Option = { Value: number | string; Code: string; Label: string; Extra: string | null };

async function option(action: string, code: string, body: Record<string, unknown> = {}): Promise<Option> {
  const res = await t.call(`/api/MainExpenseItemConfig/${action}`, { Keyword: code, ...body }, admin);
  expect(res.statusCode).toBe(200);
  const row = (res.json().Rows as Option[]).find((o) => o.Code === code);
  expect(row, `${action} ${code}`).toBeDefined();
  return row!;
}

describe('GL mapping of expense items', () => {
  it('lists the demo mappings with item, scope and GL account in the user’s language', async () => {
    const res = await t.call(
      '/api/MainExpenseItemConfig/SearchList',
      { DocType: 'deputy', Keyword: 'HCP_MEAL', Language: 'en-GB', SortField: 'LedgerExpenseCode' },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const rows = res.json().Rows as Record<string, unknown>[];
    expect(rows.map((r) => [r.CostCenterType, r.ProductCode, r.LedgerExpenseCode])).toEqual([
      [null, null, '6601-03'],
      ['marketing', null, '6601-10'],
      [null, 'CV-004', '6601-11'],
    ]);
    expect(rows[0]).toMatchObject({
      ExpenseItemName: 'HCP meal',
      GLAccount: '66010300',
      LedgerExpenseStatus: 'started',
    });
  });

  it('offers started ledger expenses, items of the document type, active products and cost-centre kinds', async () => {
    const ledgers = (await t.call('/api/MainExpenseItemConfig/SearchMainExpenseItem', {}, admin)).json()
      .Rows as Option[];
    expect(ledgers.map((l) => l.Code)).toContain('6601-05');
    expect(ledgers.find((l) => l.Code === '6601-01')?.Extra).toBe('66010100');
    const loanItems = (
      await t.call('/api/MainExpenseItemConfig/SearchDeputyExpenseItem', { DocType: 'loan' }, admin)
    ).json().Rows as Option[];
    expect(loanItems.map((i) => i.Code).sort()).toEqual(['MEETING_ADVANCE', 'TRAVEL_ADVANCE']);
    const deputyItems = (await t.call('/api/MainExpenseItemConfig/SearchDeputyExpenseItem', {}, admin)).json()
      .Rows as Option[];
    expect(deputyItems.map((i) => i.Code)).toContain('LECTURE_FEE');
    expect(deputyItems.map((i) => i.Code)).not.toContain('FAX');
    const products = (await t.call('/api/MainExpenseItemConfig/SearchProduct', { Language: 'en-GB' }, admin)).json()
      .Rows as Option[];
    expect(products.find((p) => p.Code === 'ONC-001')).toMatchObject({ Extra: 'Oncology BU' });
    expect(products.map((p) => p.Code)).not.toContain('CV-005');
    const kinds = (await t.call('/api/MainExpenseItemConfig/SearchCostCenter', { Language: 'en-GB' }, admin)).json()
      .Rows as Option[];
    expect(kinds.find((k) => k.Value === 'marketing')?.Label).toBe('Marketing');
  });

  it('saves a mapping, refuses a second one for the same scope, and updates and deletes by version', async () => {
    const item = await option('SearchDeputyExpenseItem', 'TRAINING');
    const ledger = await option('SearchMainExpenseItem', '6601-04');
    const body = {
      ExpenseItemID: item.Value,
      DocType: 'deputy',
      CostCenterType: 'marketing',
      LedgerExpenseID: ledger.Value,
    };
    const created = await t.call('/api/MainExpenseItemConfig/Save', body, admin);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      ExpenseItemCode: 'TRAINING',
      CostCenterType: 'marketing',
      GLAccount: '66010400',
    });
    const dup = await t.call('/api/MainExpenseItemConfig/Save', body, admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('expense_master.config_duplicate');
    // The item's default (any cost centre, any product) already exists too.
    const defaultDup = await t.call('/api/MainExpenseItemConfig/Save', { ...body, CostCenterType: null }, admin);
    expect(defaultDup.statusCode).toBe(409);

    const other = await option('SearchMainExpenseItem', '6601-08');
    const updated = await t.call(
      '/api/MainExpenseItemConfig/Save',
      { ...body, ID: created.json().ID, Version: 1, LedgerExpenseID: other.Value },
      admin,
    );
    expect(updated.json()).toMatchObject({ LedgerExpenseCode: '6601-08', Version: 2 });
    const stale = await t.call(
      '/api/MainExpenseItemConfig/Save',
      { ...body, ID: created.json().ID, Version: 1 },
      admin,
    );
    expect(stale.statusCode).toBe(409);
    const audit = await t.ctx.database.db.query.auditLog.findMany({
      where: (a, { eq }) => eq(a.entity, 'ledger_expense_item_config'),
    });
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);

    const deleted = await t.call('/api/MainExpenseItemConfig/Delete', { IDs: [created.json().ID] }, admin);
    expect(deleted.statusCode).toBe(200);
    const foreign = await otherCompanyToken(t);
    const first = (await t.call('/api/MainExpenseItemConfig/SearchList', {}, admin)).json().Rows[0];
    expect((await t.call('/api/MainExpenseItemConfig/Delete', { IDs: [first.ID] }, foreign)).statusCode).toBe(404);
  });

  it('refuses a stopped ledger expense, an inactive product, both scopes at once, and unknown choices', async () => {
    const db = t.ctx.database.db;
    await db.update(ledgerExpense).set({ status: 'stopped' }).where(eq(ledgerExpense.code, '6601-07'));
    const stoppedLedger = await db.query.ledgerExpense.findFirst({ where: (l, { eq }) => eq(l.code, '6601-07') });
    const ledgers = (await t.call('/api/MainExpenseItemConfig/SearchMainExpenseItem', {}, admin)).json()
      .Rows as Option[];
    expect(ledgers.map((l) => l.Code)).not.toContain('6601-07');
    const item = await option('SearchDeputyExpenseItem', 'COURIER');
    const base = { ExpenseItemID: item.Value, DocType: 'deputy', CostCenterType: 'medical' };
    const stopped = await t.call(
      '/api/MainExpenseItemConfig/Save',
      { ...base, LedgerExpenseID: stoppedLedger!.id, Language: 'en-GB' },
      admin,
    );
    expect(stopped.statusCode).toBe(400);
    expect(stopped.json().errors[0]).toMatchObject({ field: 'LedgerExpenseID', code: 'expense_master.ledger_stopped' });
    expect(stopped.json().errors[0].message).toContain('6601-07');

    const ledger = await option('SearchMainExpenseItem', '6601-01');
    const inactive = await db.query.product.findFirst({ where: (p, { eq }) => eq(p.code, 'CV-005') });
    const res = await t.call(
      '/api/MainExpenseItemConfig/Save',
      { ExpenseItemID: item.Value, DocType: 'deputy', ProductID: inactive!.id, LedgerExpenseID: ledger.Value },
      admin,
    );
    expect(res.json().errors[0]).toMatchObject({ field: 'ProductID', code: 'expense_master.product_inactive' });
    await expectFieldErrors(
      t,
      admin,
      '/api/MainExpenseItemConfig/Save',
      { ...base, ProductID: inactive!.id, LedgerExpenseID: ledger.Value },
      ['ProductID'],
    );
    const unknown = await t.call('/api/MainExpenseItemConfig/Save', { ...base, LedgerExpenseID: 999999 }, admin);
    expect(unknown.json().errors[0]).toMatchObject({ field: 'LedgerExpenseID', code: 'expense_master.ledger_unknown' });
  });
});

describe('GL account of an expense line', () => {
  it('prefers a mapping for the product, then for the kind of cost centre, then the item’s own', async () => {
    const db = t.ctx.database.db;
    const company = await db.query.company.findFirst({ where: (c, { eq }) => eq(c.code, '1000') });
    const item = await db.query.expenseItem.findFirst({
      where: (i, { and, eq }) => and(eq(i.code, 'HCP_MEAL'), eq(i.companyId, company!.id)),
    });
    const cv004 = await db.query.product.findFirst({ where: (p, { eq }) => eq(p.code, 'CV-004') });
    const onc001 = await db.query.product.findFirst({ where: (p, { eq }) => eq(p.code, 'ONC-001') });
    const line = { itemId: item!.id, docType: 'deputy' as const };
    const gl = (costCentreType: string | null, productId: number | null) =>
      ledgerForLine(db, company!.id, { ...line, costCentreType, productId }).then((r) => r?.code);
    expect(await gl(null, null)).toBe('6601-03');
    expect(await gl('sales', onc001!.id)).toBe('6601-03');
    expect(await gl('marketing', null)).toBe('6601-10');
    expect(await gl('sales', cv004!.id)).toBe('6601-11');
    expect(
      await ledgerForLine(db, company!.id, { ...line, docType: 'loan', costCentreType: null, productId: null }),
    ).toBe(undefined);
  });
});

describe('guards', () => {
  it('answers 401 without a token and 403 without the function', async () => {
    await expectGuards(
      t,
      employee,
      [
        'SearchList',
        'SearchMainExpenseItem',
        'SearchDeputyExpenseItem',
        'SearchProduct',
        'SearchCostCenter',
        'Save',
        'Delete',
      ].map((a) => ({ url: `/api/MainExpenseItemConfig/${a}`, body: {} })),
    );
  });

  it('refuses invalid bodies with field errors', async () => {
    const cases: [string, unknown, string[]][] = [
      ['/api/MainExpenseItemConfig/SearchList', { DocType: 'x', ProductID: 'y' }, ['DocType', 'ProductID']],
      ['/api/MainExpenseItemConfig/Save', { DocType: 'deputy' }, ['ExpenseItemID', 'LedgerExpenseID']],
      [
        '/api/MainExpenseItemConfig/Save',
        { ExpenseItemID: 1, DocType: 'deputy', LedgerExpenseID: 1, CostCenterType: 'Bad Type' },
        ['CostCenterType'],
      ],
      [
        '/api/MainExpenseItemConfig/Save',
        { ID: 1, ExpenseItemID: 1, DocType: 'deputy', LedgerExpenseID: 1 },
        ['Version'],
      ],
      ['/api/MainExpenseItemConfig/Delete', { IDs: [0] }, ['IDs.0']],
      ['/api/MainExpenseItemConfig/SearchDeputyExpenseItem', { DocType: 'all' }, ['DocType']],
      ['/api/MainExpenseItemConfig/SearchProduct', { Keyword: 'x'.repeat(101) }, ['Keyword']],
    ];
    for (const [url, body, fields] of cases) await expectFieldErrors(t, admin, url, body, fields);
  });
});
