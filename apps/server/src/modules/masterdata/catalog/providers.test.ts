import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { expectFieldErrors, expectGuards, otherCompanyToken, sheetRows } from '../expense/guards.test-helper';

let t: TestApp;
let admin: string;
let employee: string;
beforeAll(async () => {
  t = await testApp();
  [admin, employee] = await t.tokens('admin', 'employee');
});
afterAll(() => t.close());

interface Provider {
  ID: number;
  Code: string;
  Name: string;
  Version: number;
  OnPOWhiteList: boolean;
  Active: boolean;
  TaxNo: string;
  BankAccount: string;
}

const search = (body: Record<string, unknown>, token = admin) =>
  t.call('/api/masterdatamanage/SearchProviderInformationList', body, token);

describe('provider master', () => {
  it('searches by code, name, tax number and bank account as SAP experts do', async () => {
    const all = (await search({ PageSize: 100 })).json().Rows as Provider[];
    expect(all).toHaveLength(12);
    const hotel = all.find((p) => p.Code === 'V1000001')!;
    expect((await search({ Code: '1000001' })).json().Rows.map((p: Provider) => p.Code)).toEqual(['V1000001']);
    expect((await search({ TaxNo: hotel.TaxNo })).json().Rows.map((p: Provider) => p.Code)).toEqual(['V1000001']);
    expect((await search({ BankAccount: hotel.BankAccount.slice(-8) })).json().Total).toBe(1);
    const byName = await search({ Name: 'Cancer Hospital', Language: 'en-GB' });
    expect(byName.json().Rows[0]).toMatchObject({ Category: 'hospital_research', OnPOWhiteList: true });
    expect(byName.json().Rows[0].Name).toContain('East China Medical University');
    const hotels = await search({ Category: 'hotel', Status: 'active' });
    expect(hotels.json().Rows.map((p: Provider) => p.Code)).toEqual(['V1000001', 'V1000002', 'V1000003']);
  });

  it('exports the search with headers in the user’s language', async () => {
    const res = await t.call(
      '/api/masterdatamanage/ExportProviderInformationList',
      { Category: 'hospital_research', Language: 'en-GB' },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual([
      'Code',
      'Chinese name',
      'English name',
      'Tax number',
      'Bank',
      'Bank account',
      'Provider category',
      'Active',
      'On PO white list',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[1]?.slice(6)).toEqual(['Hospital research office', 'Yes', 'Yes']);
    const sapExpert = await t.call('/api/masterdatamanage/ExportProviderInformationList', {}, admin);
    expect((await sheetRows(sapExpert.rawPayload))[0]?.[0]).toBe('代码');
  });

  it('offers active providers to every user for choosing a payee, and one provider by id', async () => {
    const list = await t.call('/api/system/getProviderList', { Keyword: '酒店' }, employee);
    expect(list.statusCode).toBe(200);
    expect(list.json().Rows.map((p: Provider) => p.Code)).toEqual(['V1000001', 'V1000002', 'V1000003']);
    const info = await t.call(
      '/api/system/getProviderInfo',
      { ProviderID: list.json().Rows[0].ID, Language: 'en-GB' },
      employee,
    );
    expect(info.json()).toMatchObject({ Code: 'V1000001', Name: 'Shanghai Pujiang Conference Hotel Co., Ltd.' });
    const other = await otherCompanyToken(t);
    expect(
      (await t.call('/api/system/getProviderInfo', { ProviderID: list.json().Rows[0].ID }, other)).statusCode,
    ).toBe(404);
  });

  it('creates and updates providers by version, and refuses deleting one on the white list', async () => {
    const body = {
      Code: 'V1000099',
      NameZH: '上海申城会展服务有限公司',
      NameEN: 'Shanghai Shencheng Exhibition Services Co., Ltd.',
      TaxNo: '91310104MA1FR0099X',
      BankName: '中国银行上海徐汇支行',
      BankAccount: '4563 5100 0000 0099'.replace(/ /g, ''),
      BankCnaps: '104100000004',
      Category: 'conference',
    };
    const created = await t.call('/api/masterdatamanage/SaveProviderInformation', body, admin);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ Code: 'V1000099', Active: true, OnPOWhiteList: false, Version: 1 });
    expect((await t.call('/api/masterdatamanage/SaveProviderInformation', body, admin)).statusCode).toBe(409);
    const updated = await t.call(
      '/api/masterdatamanage/SaveProviderInformation',
      { ...body, ID: created.json().ID, Version: 1, Active: false },
      admin,
    );
    expect(updated.json()).toMatchObject({ Active: false, Version: 2 });
    const audit = await t.ctx.database.db.query.auditLog.findFirst({
      where: (a, { and, eq }) => and(eq(a.entity, 'provider'), eq(a.action, 'update')),
    });
    expect(audit?.detail).toMatchObject({ bankAccount: '***', active: false });
    const listed = (await search({ Code: 'V1000006' })).json().Rows[0] as Provider;
    const refused = await t.call('/api/masterdatamanage/DeleteProviderInformation', { IDs: [listed.ID] }, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('expense_master.provider_on_white_list');
    expect(
      (await t.call('/api/masterdatamanage/DeleteProviderInformation', { IDs: [created.json().ID] }, admin)).statusCode,
    ).toBe(200);
  });
});

describe('PO white list', () => {
  it('lists, adds, changes and removes providers; an inactive one cannot be added', async () => {
    const list = await t.call('/api/system/SearchPOWhiteList', { Language: 'en-GB' }, admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().Total).toBe(4);
    expect(list.json().Rows[0]).toMatchObject({ Expired: false, ProviderName: expect.any(String) });
    const hotel = (await search({ Code: 'V1000002' })).json().Rows[0] as Provider;
    const added = await t.call(
      '/api/system/SavePOWhiteList',
      { ProviderID: hotel.ID, Reason: '年度协议酒店', ValidTo: '2020-12-31' },
      admin,
    );
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ ProviderCode: 'V1000002', Expired: true, Version: 1 });
    expect((await search({ Code: 'V1000002' })).json().Rows[0].OnPOWhiteList).toBe(false);
    const expired = await t.call('/api/system/SearchPOWhiteList', { Validity: 'expired' }, admin);
    expect(expired.json().Rows.map((r: { ProviderCode: string }) => r.ProviderCode)).toEqual(['V1000002']);
    const dup = await t.call('/api/system/SavePOWhiteList', { ProviderID: hotel.ID, Reason: '再次' }, admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('expense_master.white_list_duplicate');
    const renewed = await t.call(
      '/api/system/SavePOWhiteList',
      { ID: added.json().ID, Version: 1, ProviderID: hotel.ID, Reason: '年度协议酒店', ValidTo: null },
      admin,
    );
    expect(renewed.json()).toMatchObject({ Expired: false, ValidTo: null, Version: 2 });
    expect((await search({ Code: 'V1000002' })).json().Rows[0].OnPOWhiteList).toBe(true);
    const gone = await t.call('/api/system/DeletePOWhiteList', { IDs: [added.json().ID] }, admin);
    expect(gone.statusCode).toBe(200);

    const inactive = (await search({ Status: 'inactive' })).json().Rows[0] as Provider;
    const refused = await t.call('/api/system/SavePOWhiteList', { ProviderID: inactive.ID, Reason: 'x' }, admin);
    expect(refused.json().errors[0]).toMatchObject({ field: 'ProviderID', code: 'expense_master.provider_inactive' });
    const other = await otherCompanyToken(t);
    expect((await t.call('/api/system/DeletePOWhiteList', { IDs: [list.json().Rows[0].ID] }, other)).statusCode).toBe(
      404,
    );
  });
});

describe('guards', () => {
  it('answers 401 without a token and 403 without the function', async () => {
    await expectGuards(t, employee, [
      ...[
        'SearchProviderInformationList',
        'ExportProviderInformationList',
        'SaveProviderInformation',
        'DeleteProviderInformation',
      ].map((a) => ({ url: `/api/masterdatamanage/${a}`, body: {} })),
      ...['SearchPOWhiteList', 'SavePOWhiteList', 'DeletePOWhiteList'].map((a) => ({
        url: `/api/system/${a}`,
        body: {},
      })),
      { url: '/api/system/getProviderList', body: {}, open: true },
      { url: '/api/system/getProviderInfo', body: { ProviderID: 1 }, open: true },
    ]);
  });

  it('refuses invalid bodies with field errors', async () => {
    const cases: [string, unknown, string[]][] = [
      ['/api/masterdatamanage/SearchProviderInformationList', { Category: 'bank' }, ['Category']],
      ['/api/masterdatamanage/ExportProviderInformationList', { Status: 1 }, ['Status']],
      [
        '/api/masterdatamanage/SaveProviderInformation',
        { Code: 'V1', NameZH: 'a', NameEN: 'a', Category: 'hotel', TaxNo: 'abc', BankAccount: '12ab' },
        ['TaxNo', 'BankAccount'],
      ],
      ['/api/masterdatamanage/DeleteProviderInformation', { IDs: [1.5] }, ['IDs.0']],
      ['/api/system/getProviderList', { PageSize: 1000 }, ['PageSize']],
      ['/api/system/getProviderInfo', {}, ['ProviderID']],
      ['/api/system/SearchPOWhiteList', { Validity: 'soon' }, ['Validity']],
      ['/api/system/SavePOWhiteList', { ProviderID: 1, Reason: '', ValidTo: '31/12/2026' }, ['Reason', 'ValidTo']],
      ['/api/system/DeletePOWhiteList', { IDs: [] }, ['IDs']],
    ];
    for (const [url, body, fields] of cases) await expectFieldErrors(t, admin, url, body, fields);
  });
});
