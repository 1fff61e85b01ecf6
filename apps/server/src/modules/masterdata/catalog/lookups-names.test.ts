import { COMMON_LOOKUPS, MASTER_NAME_KINDS } from '@ems/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { costCentre, costCentreHistory } from '../costcentre.table';
import { expectFieldErrors, expectGuards, otherCompanyToken } from '../expense/guards.test-helper';

let t: TestApp;
let admin: string;
let employee: string;
beforeAll(async () => {
  t = await testApp();
  [admin, employee] = await t.tokens('admin', 'employee');
});
afterAll(() => t.close());

type Option = { Value: number | string; Code: string; Label: string; Extra: string | null };
const lookup = (Name: string, Params?: unknown, token = employee, extra: Record<string, unknown> = {}) =>
  t.call('/api/system/GetCommonSql', { Name, ...(Params === undefined ? {} : { Params }), ...extra }, token);

describe('GetCommonSql: named lookups only', () => {
  it('runs each named lookup for the caller’s company, in the caller’s language', async () => {
    const categories = await lookup('ExpenseCategories', undefined, employee, { Language: 'en-GB' });
    expect(categories.statusCode).toBe(200);
    expect((categories.json().Rows as Option[]).find((o) => o.Value === 'hcp_meal')?.Label).toBe('HCP meal');
    const types = (await lookup('ExpenseTypesByDocType', { DocType: 'loan' })).json().Rows as Option[];
    expect(types.map((o) => o.Code)).toEqual(['L_TRAVEL', 'L_MEETING']);
    const items = (await lookup('ExpenseItemsByType', { ExpenseTypeID: types[0]!.Value })).json().Rows as Option[];
    expect(items.map((o) => o.Code)).toEqual(['TRAVEL_ADVANCE']);
    const travel = (await lookup('ExpenseItemsByCategory', { Category: 'travel' })).json().Rows as Option[];
    expect(travel.map((o) => o.Code)).toEqual(['HOTEL', 'TRAVEL_ALLOW', 'TRAIN', 'TAXI']);
    const subs = (await lookup('SubExpenseItems', { ExpenseItemID: travel[0]!.Value })).json().Rows as Option[];
    expect(subs.map((o) => o.Code)).toEqual(['TIER1', 'OTHER']);
    const bus = (await lookup('ProductBUs')).json().Rows as Option[];
    expect(bus.map((o) => o.Code)).toEqual(['CV', 'ONC']);
    const onc = (await lookup('Products', { BuID: bus[1]!.Value })).json().Rows as Option[];
    expect(onc).toHaveLength(5);
    const providers = (await lookup('Providers', { Category: 'conference' })).json().Rows as Option[];
    expect(providers.map((o) => o.Code)).toEqual(['V1000006', 'V1000007']);
    expect((await lookup('ProviderCategories')).json().Rows).toHaveLength(7);
    const ledgers = (await lookup('StartedLedgerExpenses', { Keyword: '6601-0' })).json().Rows as Option[];
    expect(ledgers[0]).toMatchObject({ Code: '6601-01', Extra: '66010100' });
    expect((await lookup('CostCentreTypes')).statusCode).toBe(200);
    const other = await otherCompanyToken(t);
    expect((await lookup('ExpenseItemsByType', { ExpenseTypeID: types[0]!.Value }, other)).statusCode).toBe(404);
    expect(COMMON_LOOKUPS).toHaveLength(11);
  });

  it('refuses SQL text, unknown names, unknown fields and bad parameters with 400', async () => {
    const sqlName = await lookup('select * from user_account');
    expect(sqlName.statusCode).toBe(400);
    expect(sqlName.json().errors.map((e: { field: string }) => e.field)).toEqual(['Name']);
    const sqlField = await t.call(
      '/api/system/GetCommonSql',
      { Name: 'ProductBUs', Sql: 'select password_hash from user_account' },
      employee,
    );
    expect(sqlField.statusCode).toBe(400);
    expect(sqlField.json().errors[0].code).toBe('validation.unknown_field');
    const injected = await lookup('Providers', { Keyword: "'; drop table provider; --" });
    expect(injected.statusCode).toBe(200);
    expect(injected.json().Rows).toEqual([]);
    expect((await lookup('ProductBUs')).json().Rows).toHaveLength(2);
    const badParam = await lookup('ExpenseTypesByDocType', { DocType: 'memo' });
    expect(badParam.statusCode).toBe(400);
    expect(badParam.json().errors[0].field).toBe('Params.DocType');
    const extraParam = await lookup('ProductBUs', { Table: 'user_account' });
    expect(extraParam.statusCode).toBe(400);
    expect(extraParam.json().errors[0].code).toBe('validation.unknown_field');
    await expectFieldErrors(t, employee, '/api/system/GetCommonSql', {}, ['Name']);
    await expectFieldErrors(t, employee, '/api/system/GetCommonSql', { Name: 'Products', Params: 'BuID=1' }, [
      'Params',
    ]);
  });
});

describe('master-data names', () => {
  it('lists the names of every kind of master data, with untranslated ones on request', async () => {
    for (const kind of MASTER_NAME_KINDS) {
      const res = await t.call('/api/masterdatamanage/SearchMasterDataName', { Kind: kind }, admin);
      expect(res.statusCode, kind).toBe(200);
    }
    const items = await t.call(
      '/api/masterdatamanage/SearchMasterDataName',
      { Kind: 'expense_sub_item', Keyword: 'TIER1' },
      admin,
    );
    expect(items.json().Rows[0]).toMatchObject({
      Code: 'TIER1',
      Owner: 'HOTEL',
      NameZH: '一线城市',
      NameEN: 'Tier-1 city',
    });
    const teams = await t.call('/api/masterdatamanage/SearchMasterDataName', { Kind: 'team', Keyword: 'ONC-E' }, admin);
    expect(teams.json().Rows.map((r: { Code: string }) => r.Code)).toEqual(['ONC-E', 'ONC-E-JS', 'ONC-E-SH']);
    const stopped = await t.call(
      '/api/masterdatamanage/SearchMasterDataName',
      { Kind: 'expense_type', Keyword: 'L_PETTY' },
      admin,
    );
    expect(stopped.json().Rows[0]).toMatchObject({ Owner: 'loan', Active: false });
  });

  it('renames in both languages by version, audited; lists then show the new name', async () => {
    const row = (
      await t.call(
        '/api/masterdatamanage/SearchMasterDataName',
        { Kind: 'expense_item', Keyword: 'RIDE_HAILING' },
        admin,
      )
    ).json().Rows[0];
    const saved = await t.call(
      '/api/masterdatamanage/SaveMasterDataName',
      { Kind: 'expense_item', ID: row.ID, Version: row.Version, NameZH: '网约车费', NameEN: 'Ride-hailing fare' },
      admin,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ NameZH: '网约车费', NameEN: 'Ride-hailing fare', Version: row.Version + 1 });
    const list = await t.call(
      '/api/system/SearchExpenseItemAll',
      { Keyword: 'RIDE_HAILING', Language: 'en-GB' },
      admin,
    );
    expect(list.json().Rows[0].Name).toBe('Ride-hailing fare');
    const stale = await t.call(
      '/api/masterdatamanage/SaveMasterDataName',
      { Kind: 'expense_item', ID: row.ID, Version: row.Version, NameZH: 'x', NameEN: 'x' },
      admin,
    );
    expect(stale.statusCode).toBe(409);
    const audit = await t.ctx.database.db.query.auditLog.findFirst({
      where: (a, { and, eq }) => and(eq(a.entity, 'expense_item'), eq(a.action, 'rename')),
    });
    expect(audit?.detail).toMatchObject({ code: 'RIDE_HAILING', to: { en: 'Ride-hailing fare' } });
    const other = await otherCompanyToken(t);
    const foreign = await t.call(
      '/api/masterdatamanage/SaveMasterDataName',
      { Kind: 'expense_item', ID: row.ID, Version: row.Version + 1, NameZH: 'x', NameEN: 'x' },
      other,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps a cost centre’s rename in its history', async () => {
    const db = t.ctx.database.db;
    const company = await db.query.company.findFirst({ where: (c, { eq }) => eq(c.code, '1000') });
    const [cc] = await db
      .insert(costCentre)
      .values({ companyId: company!.id, code: 'CC-T1', nameZh: '测试成本中心', nameEn: 'Test cost centre' })
      .returning();
    const res = await t.call(
      '/api/masterdatamanage/SaveMasterDataName',
      { Kind: 'cost_centre', ID: cc!.id, Version: 1, NameZH: '肿瘤市场部', NameEN: 'Oncology Marketing' },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const history = await db.select().from(costCentreHistory).where(eq(costCentreHistory.costCentreId, cc!.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ costCentreId: cc!.id, action: 'rename' });
    expect(history[0]!.snapshot).toMatchObject({ nameEn: 'Oncology Marketing', heads: [], formOrders: [] });
    // The cost centre's own history screen reads the rename (it answered 500 for good once names were saved here).
    const read = await t.call('/api/CostCenterMaster/SearchCostCenterHistory', { CostCenterID: cc!.id }, admin);
    expect(read.statusCode).toBe(200);
    expect(read.json().Rows[0].Changes).toContainEqual({ Field: 'NameEN', Before: '', After: 'Oncology Marketing' });
    // A rename stored before with the names alone still reads.
    await db.insert(costCentreHistory).values({
      costCentreId: cc!.id,
      action: 'rename',
      snapshot: { id: cc!.id, nameZh: '旧', nameEn: 'Old', version: 3 },
    });
    const legacy = await t.call('/api/CostCenterMaster/SearchCostCenterHistory', { CostCenterID: cc!.id }, admin);
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json().Total).toBe(2);
  });

  it('guards its calls and refuses kinds outside the fixed list', async () => {
    await expectGuards(t, employee, [
      { url: '/api/masterdatamanage/SearchMasterDataName', body: { Kind: 'team' } },
      { url: '/api/masterdatamanage/SaveMasterDataName', body: {} },
      { url: '/api/system/GetCommonSql', body: { Name: 'ProductBUs' }, open: true },
    ]);
    await expectFieldErrors(t, admin, '/api/masterdatamanage/SearchMasterDataName', { Kind: 'user_account' }, ['Kind']);
    await expectFieldErrors(t, admin, '/api/masterdatamanage/SearchMasterDataName', { Kind: 'team; drop table team' }, [
      'Kind',
    ]);
    await expectFieldErrors(t, admin, '/api/masterdatamanage/SaveMasterDataName', { Kind: 'team', ID: 1, NameZH: '' }, [
      'Version',
      'NameZH',
      'NameEN',
    ]);
  });
});
