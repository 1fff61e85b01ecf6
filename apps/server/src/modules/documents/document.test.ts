import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { concurrencyTest } from '../../../test/concurrency';
import type { Masters } from '../../../test/documents';
import { documentMasters } from '../../../test/factories';
import { shanghaiToday } from '../../core/time';

let t: TestApp;
let m: Masters;
let employee: { access_token: string; UserID: number };
let manager: { access_token: string; UserID: number };
const today = shanghaiToday();

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  [employee, manager] = await t.logins('employee', 'manager');
});
afterAll(() => t.close());

const deputy = (over: Record<string, unknown> = {}) => ({
  ExpenseTypeID: m.type.id,
  CostCenterID: m.own.id,
  Reason: '上海客户拜访差旅',
  Lines: [
    { ExpenseItemID: m.hotel.id, ExpenseDate: today, Amount: '680.00', Description: '如家酒店两晚' },
    { ExpenseItemID: m.taxi.id, ExpenseDate: today, Amount: '45.5' },
  ],
  ...over,
});

describe('saving documents', () => {
  it('creates a deputy draft with a number, its lines and totals, and the actions allowed', async () => {
    const res = await t.call('/api/document/SaveDeputyDetail', deputy(), employee.access_token);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.DocNo).toMatch(new RegExp(`^D1000${today.slice(2, 4)}${today.slice(5, 7)}\\d{5}$`));
    expect(d).toMatchObject({
      Status: 'draft',
      TotalAmount: '725.50',
      TotalAmountCNY: '725.50',
      ApplicantID: employee.UserID,
      PreparerID: employee.UserID,
      CostCenterCode: 'T-OWN',
    });
    expect(d.Lines.map((l: { Amount: string; ExpenseItemName: string }) => [l.Amount, l.ExpenseItemName])).toEqual([
      ['680.00', '住宿费'],
      ['45.50', '出租车费'],
    ]);
    // Only actions with a call of their own: withdrawing a draft is its delete.
    expect([...d.AllowedActions].sort()).toEqual(['delete', 'edit', 'submit']);
    const next = (await t.call('/api/document/SaveDeputyDetail', deputy(), employee.access_token)).json();
    expect(Number(next.DocNo.slice(-5))).toBe(Number(d.DocNo.slice(-5)) + 1);
  });

  concurrencyTest('numbers drafts saved at once each with a number of its own, in one unbroken run', async () => {
    const saved = await Promise.all(
      Array.from({ length: 12 }, () => t.call('/api/document/SaveDeputyDetail', deputy(), employee.access_token)),
    );
    expect(saved.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const numbers = saved.map((r) => Number((r.json() as { DocNo: string }).DocNo.slice(-5))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(12);
    expect(numbers.at(-1)! - numbers[0]!).toBe(11);
  });

  it('converts foreign-currency lines at the month’s rate', async () => {
    await m.rate('USD', Number(today.slice(0, 4)), Number(today.slice(5, 7)), '7.123456');
    const d = (
      await t.call(
        '/api/document/SaveDeputyDetail',
        deputy({
          Currency: 'USD',
          Lines: [{ ExpenseItemID: m.hotel.id, ExpenseDate: today, Amount: '100.00', Currency: 'USD' }],
        }),
        employee.access_token,
      )
    ).json();
    expect(d.Lines[0]).toMatchObject({ FxRate: '7.123456', AmountCNY: '712.35' });
    expect(d).toMatchObject({ Currency: 'USD', TotalAmount: '100.00', TotalAmountCNY: '712.35' });
  });

  it('refuses stopped and unpermitted cost centres, items the type does not offer, and mixed currencies', async () => {
    const stopped = await t.call(
      '/api/document/SaveDeputyDetail',
      deputy({ CostCenterID: m.stopped.id }),
      employee.access_token,
    );
    expect(stopped.statusCode).toBe(422);
    expect(stopped.json().errors[0]).toMatchObject({ field: 'CostCenterID', code: 'funds.cost_centre_stopped' });
    const foreign = await t.call(
      '/api/document/SaveDeputyDetail',
      deputy({ CostCenterID: m.foreign.id, Language: 'en-GB' }),
      employee.access_token,
    );
    expect(foreign.json().errors[0]).toMatchObject({
      code: 'funds.cost_centre_not_permitted',
      message: 'You have no fund permission for cost centre T-MKT',
    });
    await m.permit(employee.UserID, m.foreign.id);
    expect(
      (await t.call('/api/document/SaveDeputyDetail', deputy({ CostCenterID: m.foreign.id }), employee.access_token))
        .statusCode,
    ).toBe(200);
    const bad = await t.call(
      '/api/document/SaveDeputyDetail',
      deputy({
        Lines: [
          { ExpenseItemID: m.meal.id, ExpenseDate: today, Amount: '10' },
          { ExpenseItemID: m.hotel.id, Amount: '0', Currency: 'USD' },
        ],
      }),
      employee.access_token,
    );
    expect(bad.json().errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`)).toEqual([
      'Lines.0.ExpenseItemID:document.item_not_offered',
      'Lines.1.Currency:document.line_currency',
      'Lines.1.Amount:document.amount_zero',
    ]);
    const invalid = await t.call(
      '/api/document/SaveDeputyDetail',
      { Lines: [{ Amount: '12.345', ExpenseDate: '2026-13-01x' }] },
      employee.access_token,
    );
    expect(invalid.statusCode).toBe(400);
  });

  it('keeps drafts editable with a version check, and hides them from others', async () => {
    const d = (await t.call('/api/document/SaveDeputyDetail', deputy(), employee.access_token)).json();
    const edited = await t.call(
      '/api/document/SaveDeputyDetail',
      deputy({ ID: d.ID, Version: d.Version, Reason: '改' }),
      employee.access_token,
    );
    expect(edited.json()).toMatchObject({ Reason: '改', Version: d.Version + 1 });
    const stale = await t.call(
      '/api/document/SaveDeputyDetail',
      deputy({ ID: d.ID, Version: d.Version }),
      employee.access_token,
    );
    expect(stale.statusCode).toBe(409);
    expect((await t.call('/api/document/SearchDeputyDetail', { ID: d.ID }, manager.access_token)).statusCode).toBe(404);
    expect((await t.call('/api/document/SearchPlanDetail', { ID: d.ID }, employee.access_token)).statusCode).toBe(404);
    const finance = await t.login('finance');
    expect((await t.call('/api/document/SearchDeputyDetail', { ID: d.ID }, finance.access_token)).statusCode).toBe(404);
  });

  it('deletes drafts only', async () => {
    const d = (await t.call('/api/document/SaveDeputyDetail', deputy(), employee.access_token)).json();
    expect((await t.act('/api/document/DeleteDeputyDetail', d.ID, manager.access_token)).statusCode).toBe(404);
    expect((await t.act('/api/document/DeleteDocument', d.ID, employee.access_token)).statusCode).toBe(200);
    expect((await t.call('/api/document/SearchDeputyDetail', { ID: d.ID }, employee.access_token)).statusCode).toBe(
      404,
    );
    const audit = await t.ctx.db.query.auditLog.findMany({
      where: (a, { eq, and }) => and(eq(a.entity, 'document'), eq(a.entityId, String(d.ID))),
      orderBy: (a, { asc }) => [asc(a.id)],
    });
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });
});

describe('my documents', () => {
  it('lists, counts and copies', async () => {
    const apply = (
      await t.call(
        '/api/document/SavePlanDetail',
        {
          ExpenseTypeID: m.applyType.id,
          CostCenterID: m.own.id,
          LongTerm: true,
          Lines: [{ ExpenseItemID: m.meal.id, Amount: '3000' }],
        },
        employee.access_token,
      )
    ).json();
    expect(apply.DocNo).toMatch(/^A1000/);
    const list = (await t.call('/api/document/SearchDocument', { DocType: 'apply' }, employee.access_token)).json();
    expect(list.Rows.map((r: { ID: number }) => r.ID)).toContain(apply.ID);
    const counts = (await t.call('/api/document/GetDocumentCount', {}, employee.access_token)).json();
    expect(counts.Rows).toEqual(expect.arrayContaining([{ DocType: 'apply', Status: 'draft', Count: 1 }]));
    const copy = (
      await t.call('/api/document/AddDocument', { DocType: 'apply', CopyFromID: apply.ID }, employee.access_token)
    ).json();
    expect(copy).toMatchObject({ Status: 'draft', LongTerm: true, TotalAmount: '3000.00' });
    expect(copy.DocNo).not.toBe(apply.DocNo);
    const empty = (await t.call('/api/document/AddDocument', { DocType: 'loan' }, employee.access_token)).json();
    expect(empty).toMatchObject({ DocType: 'loan', Status: 'draft', TotalAmount: '0.00', Lines: [] });
  });

  it('lists my newest document first unless I sort', async () => {
    const older = (await t.call('/api/document/SaveDeputyDetail', deputy(), employee.access_token)).json();
    const newer = (await t.call('/api/document/SaveDeputyDetail', deputy(), employee.access_token)).json();
    const ids = (body: Record<string, unknown>) =>
      t
        .call('/api/document/SearchDocument', body, employee.access_token)
        .then((r) => r.json().Rows.map((row: { ID: number }) => row.ID) as number[]);
    expect((await ids({})).slice(0, 2)).toEqual([newer.ID, older.ID]);
    const ascending = await ids({ SortField: 'CreatedAt', SortOrder: 'ascend', PageSize: 100 });
    expect(ascending.indexOf(older.ID)).toBeLessThan(ascending.indexOf(newer.ID));
  });

  it('lets a fill-in proxy prepare a document for the principal', async () => {
    await t.call(
      '/api/ProxyUser/SaveOrUpdateProxyUser',
      { ProxyUserID: manager.UserID, StartDate: today, EndDate: today },
      employee.access_token,
    );
    const res = await t.call(
      '/api/document/SaveDeputyDetail',
      { ...deputy(), ProxyId: employee.UserID },
      manager.access_token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ApplicantID: employee.UserID,
      PreparerID: manager.UserID,
      ApplicantName: '张伟',
      PreparerName: '李静',
    });
    const mine = (await t.call('/api/document/SearchDocument', {}, employee.access_token)).json();
    expect(mine.Rows.map((r: { ID: number }) => r.ID)).toContain(res.json().ID);
    // Without acting for the principal, the proxy's own documents are theirs.
    const own = await t.call(
      '/api/document/SaveDeputyDetail',
      { ...deputy(), CostCenterID: null },
      manager.access_token,
    );
    expect(own.json().ApplicantID).toBe(manager.UserID);
  });
});
