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

interface ItemRow {
  ID: number;
  Code: string;
  Name: string;
  Version: number;
  SubItemCount: number;
  MaxAmount: string | null;
}

async function item(code: string, token = admin): Promise<ItemRow> {
  const res = await t.call('/api/system/SearchExpenseItemAll', { Keyword: code }, token);
  const row = (res.json().Rows as ItemRow[]).find((r) => r.Code === code);
  expect(row, code).toBeDefined();
  return row!;
}

const newItem = {
  Code: 'PARKING',
  NameZH: '停车费',
  NameEN: 'Parking',
  Category: 'travel',
  MaxAmount: '150.5',
};

describe('expense items', () => {
  it('lists items with filters, paging and sorting, names in the user’s language', async () => {
    const hcp = await t.call(
      '/api/system/SearchExpenseItemAll',
      { InvolvesHCP: true, SortField: 'Code', SortOrder: 'ascend', Language: 'en-GB' },
      admin,
    );
    expect(hcp.statusCode).toBe(200);
    expect(hcp.json().Rows.map((r: ItemRow) => r.Code)).toEqual([
      'CLINICAL_TRIAL',
      'HCP_MEAL',
      'LECTURE_FEE',
      'MEETING_REG',
      'MEETING_VENUE',
    ]);
    expect(hcp.json().Rows[2]).toMatchObject({ Name: 'Lecture fee', MaxAmount: '5000.00', SubItemCount: 3 });
    const page = await t.call('/api/system/SearchExpenseItemAll', { PageIndex: 2, PageSize: 5 }, admin);
    expect(page.json().Rows).toHaveLength(5);
    expect(page.json().Total).toBe(19);
    const stopped = await t.call('/api/system/SearchExpenseItemAll', { Status: 'inactive' }, admin);
    expect(stopped.json().Rows.map((r: ItemRow) => r.Code)).toEqual(['FAX']);
  });

  it('creates an item with money kept exact, refuses a duplicate code and a changed code, updates by version', async () => {
    const created = await t.call('/api/system/SaveExpenseItem', newItem, admin);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ Code: 'PARKING', MaxAmount: '150.50', Active: true, Version: 1 });
    const dup = await t.call('/api/system/SaveExpenseItem', newItem, admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'expense_master.code_duplicate', params: { code: 'PARKING' } });
    const id = created.json().ID;
    const recoded = await t.call(
      '/api/system/SaveExpenseItem',
      { ...newItem, ID: id, Version: 1, Code: 'PARK2' },
      admin,
    );
    expect(recoded.statusCode).toBe(400);
    expect(recoded.json().errors[0]).toMatchObject({ field: 'Code', code: 'expense_master.code_immutable' });
    const updated = await t.call(
      '/api/system/SaveExpenseItem',
      { ...newItem, ID: id, Version: 1, NameEN: 'Car park', MaxAmount: null },
      admin,
    );
    expect(updated.json()).toMatchObject({ NameEN: 'Car park', MaxAmount: null, Version: 2 });
    const stale = await t.call('/api/system/SaveExpenseItem', { ...newItem, ID: id, Version: 1 }, admin);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('common.stale_version');
    // Codes are unique per company: company 2000 may use the same one.
    const other = await otherCompanyToken(t);
    expect((await t.call('/api/system/SaveExpenseItem', newItem, other)).statusCode).toBe(200);
    expect((await t.call('/api/system/SaveExpenseItem', { ...newItem, ID: id, Version: 2 }, other)).statusCode).toBe(
      404,
    );
  });

  it('deletes an unused item but refuses one in use, naming what uses it', async () => {
    const parking = await item('PARKING');
    const hotel = await item('HOTEL');
    const refused = await t.call('/api/system/DeleteExpenseItem', { IDs: [hotel.ID], Language: 'en-GB' }, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('expense_master.item_in_use');
    expect(refused.json().message).toMatch(/HOTEL.*stop it instead/);
    expect(refused.json().params).toMatchObject({ subItems: 2 });
    const ok = await t.call('/api/system/DeleteExpenseItem', { IDs: [parking.ID] }, admin);
    expect(ok.statusCode).toBe(200);
    expect((await t.call('/api/system/SearchExpenseItemAll', { Keyword: 'PARKING' }, admin)).json().Total).toBe(0);
    const audit = await t.ctx.database.db.query.auditLog.findFirst({
      where: (a, { and, eq }) => and(eq(a.entity, 'expense_item'), eq(a.action, 'delete')),
    });
    expect(audit?.detail).toEqual({ code: 'PARKING' });
  });

  it('offers HCP items (sponsorship) and sub-items for documents', async () => {
    const sponsor = await t.call('/api/system/SearchExpenseItemSponsor', { DocType: 'loan' }, employee);
    expect(sponsor.statusCode).toBe(200);
    expect(sponsor.json().Rows).toEqual([]);
    const deputy = await t.call('/api/system/SearchExpenseItemSponsor', { DocType: 'deputy' }, employee);
    expect(deputy.json().Rows.map((r: ItemRow) => r.Code)).toEqual(
      expect.arrayContaining(['LECTURE_FEE', 'HCP_MEAL', 'MEETING_VENUE', 'CLINICAL_TRIAL']),
    );
    expect(deputy.json().Rows.every((r: { InvolvesHCP: boolean }) => r.InvolvesHCP)).toBe(true);
    const lecture = await item('LECTURE_FEE');
    const subs = await t.call(
      '/api/system/SearchSubExpenseItem',
      { ExpenseItemID: lecture.ID, Language: 'en-GB' },
      employee,
    );
    expect(subs.json().Rows.map((r: { Name: string }) => r.Name)).toEqual([
      'National speaker',
      'Provincial speaker',
      'City speaker',
    ]);
    const other = await otherCompanyToken(t);
    expect((await t.call('/api/system/SearchSubExpenseItem', { ExpenseItemID: lecture.ID }, other)).statusCode).toBe(
      404,
    );
  });
});

describe('sub-items', () => {
  it('creates, edits, stops and deletes sub-items of an item', async () => {
    const taxi = await item('TAXI');
    const created = await t.call(
      '/api/system/InsertSubExpenseItem',
      { ExpenseItemID: taxi.ID, Code: 'NIGHT', NameZH: '夜间打车', NameEN: 'Night taxi' },
      admin,
    );
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ ExpenseItemCode: 'TAXI', Code: 'NIGHT', Active: true, Version: 1 });
    const dup = await t.call(
      '/api/system/InsertSubExpenseItem',
      { ExpenseItemID: taxi.ID, Code: 'NIGHT', NameZH: '夜间', NameEN: 'Night' },
      admin,
    );
    expect(dup.statusCode).toBe(409);
    const list = await t.call('/api/system/SearchSubExpenseItemList', { ExpenseItemID: taxi.ID }, admin);
    expect(list.json().Rows.map((r: { Code: string }) => r.Code)).toEqual(['NIGHT']);
    const stopped = await t.call(
      '/api/system/SaveSubExpenseItem',
      { ID: created.json().ID, Version: 1, NameZH: '夜间打车', NameEN: 'Late-night taxi', Active: false },
      admin,
    );
    expect(stopped.json()).toMatchObject({ Active: false, NameEN: 'Late-night taxi', Version: 2 });
    const forDocs = await t.call('/api/system/SearchSubExpenseItem', { ExpenseItemID: taxi.ID }, employee);
    expect(forDocs.json().Rows).toEqual([]);
    const stale = await t.call(
      '/api/system/SaveSubExpenseItem',
      { ID: created.json().ID, Version: 1, NameZH: 'x', NameEN: 'x', Active: true },
      admin,
    );
    expect(stale.statusCode).toBe(409);
    const removed = await t.call('/api/system/DeleteSubExpenseItem', { IDs: [created.json().ID] }, admin);
    expect(removed.statusCode).toBe(200);
    expect((await t.call('/api/system/DeleteSubExpenseItem', { IDs: [created.json().ID] }, admin)).statusCode).toBe(
      404,
    );
  });

  it('refuses sub-items on a stopped item or an item of another company', async () => {
    const fax = await item('FAX');
    const res = await t.call(
      '/api/system/InsertSubExpenseItem',
      { ExpenseItemID: fax.ID, Code: 'X', NameZH: '传真', NameEN: 'Fax' },
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'ExpenseItemID', code: 'expense_master.item_inactive' });
    const other = await otherCompanyToken(t);
    const hotel = await item('HOTEL');
    const foreign = await t.call(
      '/api/system/InsertSubExpenseItem',
      { ExpenseItemID: hotel.ID, Code: 'X', NameZH: '住宿', NameEN: 'Hotel' },
      other,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].code).toBe('expense_master.item_unknown');
    const sub = (await t.call('/api/system/SearchSubExpenseItemList', { Keyword: 'TIER1' }, admin)).json().Rows[0];
    expect(
      (await t.call('/api/system/SaveSubExpenseItem', { ...sub, NameZH: 'x', NameEN: 'x' }, other)).statusCode,
    ).toBe(404);
  });
});

describe('guards', () => {
  it('answers 401 without a token and 403 without the function', async () => {
    await expectGuards(t, employee, [
      ...[
        'SearchExpenseItemAll',
        'SaveExpenseItem',
        'DeleteExpenseItem',
        'SearchSubExpenseItemList',
        'InsertSubExpenseItem',
        'SaveSubExpenseItem',
        'DeleteSubExpenseItem',
      ].map((a) => ({ url: `/api/system/${a}`, body: {} })),
      { url: '/api/system/SearchSubExpenseItem', body: { ExpenseItemID: 1 }, open: true },
      { url: '/api/system/SearchExpenseItemSponsor', body: {}, open: true },
    ]);
  });

  it('refuses invalid bodies with field errors', async () => {
    const cases: [string, unknown, string[]][] = [
      ['/api/system/SearchExpenseItemAll', { Category: 'food', Status: 'x' }, ['Category', 'Status']],
      [
        '/api/system/SaveExpenseItem',
        { Code: '', Category: 'x', MaxAmount: '1.234' },
        ['Code', 'NameZH', 'Category', 'MaxAmount'],
      ],
      ['/api/system/SaveExpenseItem', { ...newItem, ID: 3 }, ['Version']],
      ['/api/system/SaveExpenseItem', { ...newItem, MaxAmount: '-5' }, ['MaxAmount']],
      ['/api/system/DeleteExpenseItem', { IDs: [] }, ['IDs']],
      ['/api/system/SearchSubExpenseItem', { ExpenseItemID: 'abc' }, ['ExpenseItemID']],
      ['/api/system/SearchExpenseItemSponsor', { DocType: 'memo' }, ['DocType']],
      ['/api/system/SearchSubExpenseItemList', { PageSize: 501 }, ['PageSize']],
      ['/api/system/InsertSubExpenseItem', { Code: 'A' }, ['ExpenseItemID', 'NameZH', 'NameEN']],
      ['/api/system/SaveSubExpenseItem', { ID: 1, NameZH: 'a', NameEN: 'b' }, ['Version', 'Active']],
      ['/api/system/DeleteSubExpenseItem', {}, ['IDs']],
    ];
    for (const [url, body, fields] of cases) await expectFieldErrors(t, admin, url, body, fields);
  });
});

// Last: the item it adds would change the counts above.
describe('expense item settings the route and submit read', () => {
  it('keeps the overseas flag and the special approver the route reads, refusing someone who cannot approve', async () => {
    const manager = await t.login('manager');
    const saved = await t.call(
      '/api/system/SaveExpenseItem',
      { ...newItem, Code: 'ABROAD', Overseas: true, SpecialApproverID: manager.UserID, Language: 'en-GB' },
      admin,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ Overseas: true, SpecialApproverID: manager.UserID });
    const listed = await t.call('/api/system/SearchExpenseItemAll', { Keyword: 'ABROAD', Language: 'en-GB' }, admin);
    expect(listed.json().Rows[0]).toMatchObject({ Overseas: true, SpecialApproverName: manager.UserNameEN });
    const unknown = await t.call(
      '/api/system/SaveExpenseItem',
      { ...newItem, Code: 'ABROAD2', SpecialApproverID: 999_999 },
      admin,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([expect.objectContaining({ field: 'SpecialApproverID' })]);
  });
});
