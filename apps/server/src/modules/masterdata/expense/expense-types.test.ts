import type { ExpenseTypeNode } from '@ems/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { expectFieldErrors, expectGuards, otherCompanyToken } from './guards.test-helper';

let t: TestApp;
let admin: string;
let employee: string;
beforeAll(async () => {
  t = await testApp();
  [admin, employee] = await t.tokens('admin', 'employee');
});
afterAll(() => t.close());

const flat = (nodes: ExpenseTypeNode[]): ExpenseTypeNode[] => nodes.flatMap((n) => [n, ...flat(n.Children)]);

async function typeByCode(area: string, code: string, token = admin): Promise<ExpenseTypeNode> {
  const res = await t.call(`/api/${area}/SearchTypeList`, {}, token);
  expect(res.statusCode).toBe(200);
  const node = flat(res.json().Rows).find((n) => n.Code === code);
  expect(node, code).toBeDefined();
  return node!;
}

async function itemId(code: string): Promise<number> {
  const res = await t.call('/api/system/SearchExpenseItemAll', { Keyword: code, PageSize: 50 }, admin);
  const row = res.json().Rows.find((r: { Code: string }) => r.Code === code);
  expect(row, code).toBeDefined();
  return row.ID;
}

const codes = (res: { json: () => { Rows: { Code: string }[] } }) => res.json().Rows.map((r) => r.Code);

describe('expense type setups per document type', () => {
  it('shows each document type’s types as a tree in the user’s language, stopped ones included', async () => {
    const res = await t.call('/api/DeputyExpenseItem/SearchTypeList', { Language: 'en-GB' }, admin);
    expect(res.statusCode).toBe(200);
    const daily = res.json().Rows.find((n: ExpenseTypeNode) => n.Code === 'D_DAILY');
    expect(daily.Name).toBe('Daily expenses');
    expect(daily.Children.map((c: ExpenseTypeNode) => c.Code)).toEqual(['D_TRAVEL', 'D_OFFICE', 'D_ENTERTAIN']);
    expect(daily.Children[0].ItemCount).toBe(6);
    const loans = flat((await t.call('/api/LoanExpenseItem/SearchTypeList', {}, admin)).json().Rows);
    expect(loans.find((n) => n.Code === 'L_PETTY')).toMatchObject({ Active: false, Name: '备用金借款（停用）' });
    expect(loans.every((n) => n.DocType === 'loan')).toBe(true);
  });

  it('lists the items a type offers and the active ones it does not', async () => {
    const travel = await typeByCode('DeputyExpenseItem', 'D_TRAVEL');
    const selected = await t.call('/api/DeputyExpenseItem/SearchSelectedItemList', { ExpenseTypeID: travel.ID }, admin);
    expect(codes(selected)).toEqual(['HOTEL', 'AIR_TICKET', 'TRAIN', 'TRAVEL_ALLOW', 'TAXI', 'RIDE_HAILING']);
    const others = await t.call(
      '/api/DeputyExpenseItem/SearchNotSelectedItemList',
      { ExpenseTypeID: travel.ID, PageSize: 100 },
      admin,
    );
    expect(codes(others)).toContain('OFFICE');
    expect(codes(others)).not.toContain('HOTEL');
    expect(codes(others)).not.toContain('FAX');
    const found = await t.call(
      '/api/DeputyExpenseItem/SearchNotSelectedItemList',
      { ExpenseTypeID: travel.ID, Keyword: '快递' },
      admin,
    );
    expect(codes(found)).toEqual(['COURIER']);
  });

  it('offers and withdraws items, audited; only on types without sub-types and only active items', async () => {
    const travel = await typeByCode('DeputyExpenseItem', 'D_TRAVEL');
    const office = await itemId('OFFICE');
    const add = await t.call(
      '/api/DeputyExpenseItem/InsertRelation',
      { ExpenseTypeID: travel.ID, ExpenseItemIDs: [office] },
      admin,
    );
    expect(add.statusCode).toBe(200);
    const selected = await t.call('/api/DeputyExpenseItem/SearchSelectedItemList', { ExpenseTypeID: travel.ID }, admin);
    expect(codes(selected).at(-1)).toBe('OFFICE');
    const audit = await t.ctx.database.db.query.auditLog.findFirst({
      where: (a, { and, eq }) => and(eq(a.entity, 'expense_type'), eq(a.action, 'offer_items')),
    });
    expect(audit?.detail).toMatchObject({ code: 'D_TRAVEL', items: ['OFFICE'] });

    const remove = await t.call(
      '/api/DeputyExpenseItem/DeleteRelation',
      { ExpenseTypeID: travel.ID, ExpenseItemIDs: [office] },
      admin,
    );
    expect(remove.statusCode).toBe(200);
    const after = await t.call('/api/DeputyExpenseItem/SearchSelectedItemList', { ExpenseTypeID: travel.ID }, admin);
    expect(codes(after)).not.toContain('OFFICE');

    const daily = await typeByCode('DeputyExpenseItem', 'D_DAILY');
    const onParent = await t.call(
      '/api/DeputyExpenseItem/InsertRelation',
      { ExpenseTypeID: daily.ID, ExpenseItemIDs: [office], Language: 'en-GB' },
      admin,
    );
    expect(onParent.statusCode).toBe(422);
    expect(onParent.json()).toMatchObject({ code: 'expense_master.type_has_children' });
    expect(onParent.json().message).toContain('D_DAILY');

    const stopped = await t.call(
      '/api/DeputyExpenseItem/InsertRelation',
      { ExpenseTypeID: travel.ID, ExpenseItemIDs: [await itemId('FAX')] },
      admin,
    );
    expect(stopped.statusCode).toBe(400);
    expect(stopped.json().errors[0]).toMatchObject({ field: 'ExpenseItemIDs', code: 'expense_master.item_inactive' });
  });

  it('creates types under a parent without items, refuses duplicate codes, and keeps the tree acyclic', async () => {
    const marketing = await typeByCode('DeputyExpenseItem', 'D_MARKETING');
    const body = { ParentID: marketing.ID, Code: 'D_PRINT', NameZH: '印刷物料', NameEN: 'Printed materials' };
    const created = await t.call('/api/DeputyExpenseItem/Insert', body, admin);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ Code: 'D_PRINT', ParentID: marketing.ID, DocType: 'deputy', Active: true });
    const dup = await t.call('/api/DeputyExpenseItem/Insert', body, admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('expense_master.code_duplicate');
    // The same code in another document type is another type.
    expect((await t.call('/api/LoanExpenseItem/Insert', { ...body, ParentID: null }, admin)).statusCode).toBe(200);

    const travel = await typeByCode('DeputyExpenseItem', 'D_TRAVEL');
    const underLeaf = await t.call(
      '/api/DeputyExpenseItem/Insert',
      { ...body, Code: 'D_TRAVEL_X', ParentID: travel.ID },
      admin,
    );
    expect(underLeaf.statusCode).toBe(422);
    expect(underLeaf.json().code).toBe('expense_master.parent_offers_items');

    const cycle = await t.call(
      '/api/DeputyExpenseItem/Update',
      { ...marketing, ParentID: created.json().ID, Active: true },
      admin,
    );
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().errors[0]).toMatchObject({ field: 'ParentID', code: 'expense_master.parent_cycle' });

    const loanParent = await typeByCode('LoanExpenseItem', 'L_PETTY');
    const crossType = await t.call(
      '/api/DeputyExpenseItem/Insert',
      { ...body, Code: 'D_X', ParentID: loanParent.ID },
      admin,
    );
    expect(crossType.statusCode).toBe(400);
    expect(crossType.json().errors[0].field).toBe('ParentID');

    await expectFieldErrors(t, admin, '/api/DeputyExpenseItem/Insert', { ...body, Code: 'D_R', Restricted: true }, [
      'Restricted',
    ]);
  });

  it('renames and stops a type with its version; a stale version gets 409; employees no longer see it', async () => {
    const entertain = await typeByCode('DeputyExpenseItem', 'D_ENTERTAIN');
    const visible = flat(
      (await t.call('/api/system/SearchExpenseType', { DocType: 'deputy' }, employee)).json().Rows,
    ).map((n) => n.Code);
    expect(visible).toContain('D_ENTERTAIN');
    const stop = await t.call(
      '/api/DeputyExpenseItem/Update',
      { ...entertain, NameEN: 'Client entertainment', Active: false },
      admin,
    );
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toMatchObject({
      Active: false,
      NameEN: 'Client entertainment',
      Version: entertain.Version + 1,
    });
    const stale = await t.call('/api/DeputyExpenseItem/Update', { ...entertain, Active: true }, admin);
    expect(stale.statusCode).toBe(409);
    const after = flat((await t.call('/api/system/SearchExpenseType', { DocType: 'deputy' }, employee)).json().Rows);
    expect(after.map((n) => n.Code)).not.toContain('D_ENTERTAIN');
    const audit = await t.ctx.database.db.query.auditLog.findFirst({
      where: (a, { and, eq }) => and(eq(a.entity, 'expense_type'), eq(a.action, 'stop')),
    });
    expect(audit?.entityId).toBe(String(entertain.ID));
  });

  it('answers 404 for a type of another document type or another company', async () => {
    const loan = await typeByCode('LoanExpenseItem', 'L_TRAVEL');
    const wrongArea = await t.call('/api/DeputyExpenseItem/SearchSelectedItemList', { ExpenseTypeID: loan.ID }, admin);
    expect(wrongArea.statusCode).toBe(404);
    const other = await otherCompanyToken(t);
    expect(
      (await t.call('/api/LoanExpenseItem/SearchSelectedItemList', { ExpenseTypeID: loan.ID }, other)).statusCode,
    ).toBe(404);
    expect(
      (await t.call('/api/LoanExpenseItem/Update', { ...loan, NameZH: '改名', Active: true }, other)).statusCode,
    ).toBe(404);
  });
});

describe('expense types offered to a user', () => {
  it('limits types to teams (and the teams below) and restricted apply types to assigned people', async () => {
    const applyCodes = async () =>
      flat((await t.call('/api/system/SearchExpenseType', { DocType: 'apply' }, employee)).json().Rows).map(
        (n) => n.Code,
      );
    const before = await applyCodes();
    expect(before).toEqual(expect.arrayContaining(['A_DEPT_MEETING', 'A_CONGRESS', 'A_TRIP']));
    expect(before).not.toContain('A_IIT');

    const iit = await typeByCode('ApplyExpenseItem', 'A_IIT');
    const assigned = await t.call('/api/ApplyAuthorityAssign/SearchSelectedList', { ExpenseTypeID: iit.ID }, admin);
    expect(assigned.json().Total).toBe(4);
    const me = (await t.call('/api/System/GetDefaultInfo', {}, employee)).json();
    const candidates = await t.call(
      '/api/ApplyAuthorityAssign/SearchNotSelectedList',
      { ExpenseTypeID: iit.ID, Keyword: me.UserCode },
      admin,
    );
    expect(candidates.json().Rows.map((r: { EmployeeID: number }) => r.EmployeeID)).toEqual([me.UserID]);

    // Opened to every team, but still restricted to the assigned people.
    const limits = await t.call('/api/system/SearchExpenseTypeTeamRelation', { ExpenseTypeID: iit.ID }, admin);
    expect(limits.json().Rows.map((r: { TeamCode: string }) => r.TeamCode)).toEqual(['MED']);
    const unlimit = await t.call(
      '/api/system/DeleteExpenseTypeTeamRelation',
      { Items: [{ ExpenseTypeID: iit.ID, TeamID: limits.json().Rows[0].TeamID }] },
      admin,
    );
    expect(unlimit.statusCode).toBe(200);
    expect(await applyCodes()).not.toContain('A_IIT');
    const grant = await t.call(
      '/api/ApplyAuthorityAssign/Insert',
      { ExpenseTypeID: iit.ID, EmployeeIDs: [me.UserID] },
      admin,
    );
    expect(grant.statusCode).toBe(200);
    expect(await applyCodes()).toContain('A_IIT');
    const items = await t.call('/api/system/SearchExpenseItem', { ExpenseTypeID: iit.ID }, employee);
    expect(codes(items)).toEqual(['CLINICAL_TRIAL']);
    const revoke = await t.call(
      '/api/ApplyAuthorityAssign/Delete',
      { ExpenseTypeID: iit.ID, EmployeeIDs: [me.UserID] },
      admin,
    );
    expect(revoke.statusCode).toBe(200);
    expect(await applyCodes()).not.toContain('A_IIT');
    expect((await t.call('/api/system/SearchExpenseItem', { ExpenseTypeID: iit.ID }, employee)).statusCode).toBe(404);
  });

  it('limits a type to a team and everyone below it', async () => {
    const trip = await typeByCode('ApplyExpenseItem', 'A_TRIP');
    const tree = (await t.call('/api/system/GetTeamTree', {}, admin)).json().Rows;
    const teams = (n: { Code: string; TeamID: number; Children: unknown[] }[]): { Code: string; TeamID: number }[] =>
      n.flatMap((x) => [x, ...teams(x.Children as typeof n)]);
    const byCode = new Map(teams(tree).map((x) => [x.Code, x.TeamID]));
    const save = await t.call(
      '/api/system/SaveExpenseTypeTeamRelation',
      { ExpenseTypeID: trip.ID, TeamIDs: [byCode.get('ONC-E')!, byCode.get('CV')!] },
      admin,
    );
    expect(save.statusCode).toBe(200);
    const mine = flat((await t.call('/api/system/SearchExpenseType', { DocType: 'apply' }, employee)).json().Rows);
    expect(mine.map((n) => n.Code)).toContain('A_TRIP');
    const finance = (await t.login('finance')).access_token;
    const theirs = flat((await t.call('/api/system/SearchExpenseType', { DocType: 'apply' }, finance)).json().Rows);
    expect(theirs.map((n) => n.Code)).not.toContain('A_TRIP');
    const listed = await t.call(
      '/api/system/SearchExpenseTypeTeamRelation',
      { DocType: 'apply', Keyword: 'A_TRIP', Language: 'en-GB' },
      admin,
    );
    expect(
      listed
        .json()
        .Rows.map((r: { TeamName: string }) => r.TeamName)
        .sort(),
    ).toEqual(['Cardiovascular BU', 'Oncology East Region']);
    const bad = await t.call(
      '/api/system/SaveExpenseTypeTeamRelation',
      { ExpenseTypeID: trip.ID, TeamIDs: [999999] },
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'TeamIDs', code: 'expense_master.team_unknown' });
  });
});

describe('guards', () => {
  it('answers 401 without a token and 403 without the function', async () => {
    const calls = ['ApplyExpenseItem', 'LoanExpenseItem', 'DeputyExpenseItem'].flatMap((area) =>
      [
        'SearchTypeList',
        'SearchSelectedItemList',
        'SearchNotSelectedItemList',
        'Insert',
        'Update',
        'InsertRelation',
        'DeleteRelation',
      ].map((action) => ({ url: `/api/${area}/${action}`, body: {} })),
    );
    await expectGuards(t, employee, [
      ...calls,
      ...['SearchSelectedList', 'SearchNotSelectedList', 'Insert', 'Delete'].map((a) => ({
        url: `/api/ApplyAuthorityAssign/${a}`,
        body: {},
      })),
      ...[
        'SearchExpenseTypeTeamRelation',
        'SaveExpenseTypeTeamRelation',
        'DeleteExpenseTypeTeamRelation',
        'SearchExpenseTypeAll',
      ].map((a) => ({ url: `/api/system/${a}`, body: {} })),
      { url: '/api/system/SearchExpenseType', body: { DocType: 'apply' }, open: true },
      { url: '/api/system/SearchExpenseItem', body: { ExpenseTypeID: 1 }, open: true },
    ]);
  });

  it('refuses invalid bodies with field errors', async () => {
    const cases: [string, unknown, string[]][] = [
      ['/api/system/SearchExpenseType', { DocType: 'x' }, ['DocType']],
      ['/api/system/SearchExpenseItem', {}, ['ExpenseTypeID']],
      ['/api/system/SearchExpenseTypeAll', { DocType: 'other' }, ['DocType']],
      ['/api/ApplyExpenseItem/SearchSelectedItemList', { PageSize: 0 }, ['ExpenseTypeID', 'PageSize']],
      ['/api/ApplyExpenseItem/SearchNotSelectedItemList', {}, ['ExpenseTypeID']],
      [
        '/api/LoanExpenseItem/Insert',
        { Code: 'bad code!', NameZH: '', ParentID: 'x' },
        ['Code', 'NameZH', 'NameEN', 'ParentID'],
      ],
      ['/api/DeputyExpenseItem/Update', { ID: 1, NameZH: 'x', NameEN: 'x' }, ['Version', 'Active']],
      ['/api/DeputyExpenseItem/InsertRelation', { ExpenseTypeID: 1, ExpenseItemIDs: [] }, ['ExpenseItemIDs']],
      ['/api/DeputyExpenseItem/DeleteRelation', { ExpenseItemIDs: [1] }, ['ExpenseTypeID']],
      ['/api/ApplyAuthorityAssign/Insert', { ExpenseTypeID: 1, EmployeeIDs: ['a'] }, ['EmployeeIDs.0']],
      ['/api/ApplyAuthorityAssign/Delete', { EmployeeIDs: [1] }, ['ExpenseTypeID']],
      ['/api/ApplyAuthorityAssign/SearchSelectedList', {}, ['ExpenseTypeID']],
      ['/api/ApplyAuthorityAssign/SearchNotSelectedList', { ExpenseTypeID: -2 }, ['ExpenseTypeID']],
      ['/api/system/SearchExpenseTypeTeamRelation', { DocType: 'none' }, ['DocType']],
      ['/api/system/SaveExpenseTypeTeamRelation', { ExpenseTypeID: 1 }, ['TeamIDs']],
      ['/api/system/DeleteExpenseTypeTeamRelation', { Items: [{ ExpenseTypeID: 1 }] }, ['Items.0.TeamID']],
    ];
    for (const [url, body, fields] of cases) await expectFieldErrors(t, admin, url, body, fields);
  });
});
