import { shanghaiToday } from '@ems/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { concurrencyTest } from '../../../../test/concurrency';
import { employeeIdOf, fieldsOf, sheetOf, upload, workbook } from '../../../../test/finance';
import { expenseItem } from '../../masterdata/expense.table';
import { cutOffDay } from '../../masterdata/reference.table';
import { employeeRoleTeam, role } from '../../org/org.table';
import { proxyGrant } from '../../workflow/proxy/proxy.table';
import { claimableUntil } from './rides.service';

const D = '/api/document';
let t: TestApp;
let employee: string;
let finance: string;
let manager: string;
let outsider: string;
let employeeId: number;
let itemId: number;

const HEADER = ['订单号', '员工编号', '订单日期', '出发地', '目的地', '金额'];
let n = 0;
const nextNo = () => `DD${Date.now()}${++n}`;
const today = shanghaiToday();
const [Y, M] = today.split('-').map(Number) as [number, number];
const pad = (x: number) => String(x).padStart(2, '0');
const monthBack = (k: number) => {
  const d = new Date(Date.UTC(Y, M - 1 - k, 1));
  return {
    y: d.getUTCFullYear(),
    m: d.getUTCMonth() + 1,
    first: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-01`,
  };
};
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

let employeeCode: string;

beforeAll(async () => {
  t = await testApp();
  employeeId = await employeeIdOf(t, 'employee');
  const [emp] = await t.ctx.database.db.query.employee.findMany({ where: (e, { eq }) => eq(e.id, employeeId) });
  employeeCode = emp!.code;
  const [employeeRole] = await t.ctx.db
    .select()
    .from(role)
    .where(and(eq(role.code, 'EMPLOYEE'), eq(role.companyId, 1)));
  await t.ctx.db
    .delete(employeeRoleTeam)
    .where(
      and(
        eq(employeeRoleTeam.employeeId, await employeeIdOf(t, 'auditor')),
        eq(employeeRoleTeam.roleId, employeeRole!.id),
      ),
    );
  // The manager prepares the employee's documents this month.
  await t.ctx.db.insert(proxyGrant).values({
    companyId: 1,
    kind: 'fill_in',
    principalId: employeeId,
    proxyId: await employeeIdOf(t, 'manager'),
    startDate: monthBack(1).first,
    endDate: `${Y + 1}-12-31`,
  });
  const [item] = await t.ctx.db
    .select()
    .from(expenseItem)
    .where(and(eq(expenseItem.companyId, 1), eq(expenseItem.code, 'TAXI')));
  itemId = item!.id;
  [employee, finance, manager, outsider] = await t.tokens('employee', 'finance', 'manager', 'auditor');
});
afterAll(() => t.close());

type Row = { ID: number; Version: number; Status: string; OrderNo: string; Claimable: boolean; ClaimableUntil: string };

async function importRows(rows: (string | number)[][], token = finance) {
  return upload(t, `${D}/ImportDidiOrderStatement`, await workbook([HEADER, ...rows]), token);
}
async function order(orderNo: string, token = employee): Promise<Row> {
  const res = await t.call(`${D}/SearchDidiOrder`, { Keyword: orderNo }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Rows[0];
}
async function freshOrder(date = today, amount = '36.00') {
  const no = nextNo();
  const res = await importRows([[no, employeeCode, date, '公司', '客户医院', amount]]);
  expect(res.statusCode, res.body).toBe(200);
  return order(no);
}
const refs = (...rows: Row[]) => ({ Items: rows.map((r) => ({ ID: r.ID, Version: r.Version })) });

describe('ride-hailing orders', () => {
  it('answers 401 without a token, 403 without the screen, 400 for bad bodies', async () => {
    for (const url of [
      'SearchDidiOrder',
      'SearchDidiOrderProxy',
      'ExportDidiOrder',
      'TurnDidiOrderPrivate',
      'TurnDidiOrderBusiness',
      'SaveDidiOrder',
    ]) {
      expect((await t.call(`${D}/${url}`, {})).statusCode, url).toBe(401);
      expect((await t.call(`${D}/${url}`, {}, outsider)).statusCode, url).toBe(403);
    }
    expect((await importRows([], employee)).statusCode).toBe(403);
    expect(fieldsOf(await t.call(`${D}/SearchDidiOrder`, { Status: 'gone' }, employee))).toContain('Status');
    expect(fieldsOf(await t.call(`${D}/SearchDidiOrderProxy`, {}, manager))).toContain('PrincipalID');
    expect(fieldsOf(await t.call(`${D}/TurnDidiOrderBusiness`, { Items: [] }, employee))).toContain('Items');
    expect(fieldsOf(await t.call(`${D}/SaveDidiOrder`, {}, employee))).toContain('Items');
  });

  it('imports the statement per row: an unknown employee refuses the file with its row named', async () => {
    const bad = await importRows([
      [nextNo(), employeeCode, today, '甲', '乙', '10.00'],
      [nextNo(), 'NOBODY', today, '甲', '乙', '10.00'],
    ]);
    expect(bad.statusCode).toBe(400);
    expect((bad.json().errors as { field: string }[]).map((e) => e.field)).toEqual(['3.EmployeeCode']);
    const o = await freshOrder();
    expect(o).toMatchObject({ Status: 'open', Claimable: true });
  });

  it('turns orders private and business; claims business ones into a deputy with the trip as the line', async () => {
    const a = await freshOrder(today, '45.00');
    const open = await t.call(`${D}/SaveDidiOrder`, { ...refs(a), ExpenseItemID: itemId }, employee);
    expect(open.statusCode).toBe(409);
    expect(open.json().code).toBe('cards.order_not_business');
    expect((await t.call(`${D}/TurnDidiOrderPrivate`, refs(a), employee)).json()).toEqual({ Changed: 1 });
    const p = await order(a.OrderNo);
    expect(p.Status).toBe('private');
    expect((await t.call(`${D}/TurnDidiOrderBusiness`, refs(p), employee)).json()).toEqual({ Changed: 1 });
    const b = await order(a.OrderNo);
    expect(b.Status).toBe('business');
    const res = await t.call(`${D}/SaveDidiOrder`, { ...refs(b), ExpenseItemID: itemId }, employee);
    expect(res.statusCode, res.body).toBe(200);
    const doc = (await t.call(`${D}/SearchDeputyDetail`, { ID: res.json().DocumentID }, employee)).json();
    expect(doc.Lines[0]).toMatchObject({ Amount: '45.00', ExpenseItemID: itemId, ExpenseDate: today });
    expect(doc.Lines[0].Description).toBe(`${(b as Row & { Provider: string }).Provider} 公司 → 客户医院 #R${b.ID}`);
    const c = await order(a.OrderNo);
    expect(c).toMatchObject({ Status: 'claimed', Claimable: false });
    const turn = await t.call(`${D}/TurnDidiOrderPrivate`, refs(c), employee);
    expect(turn.statusCode).toBe(409);
    expect(turn.json().code).toBe('cards.order_claimed');
    // Removing the line from the draft releases the order.
    await t.call(
      `${D}/SaveDeputyDetail`,
      { ID: doc.ID, Version: doc.Version, Currency: 'CNY', Lines: [], Loans: [] },
      employee,
    );
    expect((await order(a.OrderNo)).Status).toBe('business');
  });

  it('claims an order of a month until that month’s order cut-off day, inclusive; without one to the end of the next month', async () => {
    // No cut-off day: last month's orders until the end of this month; those of two months ago no longer.
    await t.ctx.db.delete(cutOffDay).where(and(eq(cutOffDay.companyId, 1), eq(cutOffDay.kind, 'order')));
    const last = monthBack(1);
    const lastDay = new Date(Date.UTC(Y, M, 0)).toISOString().slice(0, 10);
    expect(await claimableUntil(t.ctx.db, 1, last.first)).toBe(lastDay);
    const old = monthBack(2);
    const oldOrder = await freshOrder(old.first);
    expect(oldOrder.Claimable).toBe(false);

    // This month's cut-off is today: claimable today.
    await t.ctx.db.insert(cutOffDay).values({ companyId: 1, kind: 'order', year: Y, month: M, day: today });
    const a = await freshOrder(today);
    expect(a).toMatchObject({ ClaimableUntil: today, Claimable: true });
    await t.call(`${D}/TurnDidiOrderBusiness`, refs(a), employee);
    const ok = await t.call(`${D}/SaveDidiOrder`, { ...refs(await order(a.OrderNo)), ExpenseItemID: itemId }, employee);
    expect(ok.statusCode, ok.body).toBe(200);

    // The cut-off was yesterday: refused, nothing claimed, no document made.
    await t.ctx.db
      .update(cutOffDay)
      .set({ day: dayBefore(today) })
      .where(
        and(eq(cutOffDay.companyId, 1), eq(cutOffDay.kind, 'order'), eq(cutOffDay.year, Y), eq(cutOffDay.month, M)),
      );
    const b = await freshOrder(today);
    expect(b).toMatchObject({ ClaimableUntil: dayBefore(today), Claimable: false });
    await t.call(`${D}/TurnDidiOrderBusiness`, refs(b), employee);
    const late = await t.call(
      `${D}/SaveDidiOrder`,
      { ...refs(await order(b.OrderNo)), ExpenseItemID: itemId },
      employee,
    );
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('cards.order_past_cutoff');
    expect((await order(b.OrderNo)).Status).toBe('business');
    await t.ctx.db.delete(cutOffDay).where(and(eq(cutOffDay.companyId, 1), eq(cutOffDay.kind, 'order')));
  });

  it("lets the fill-in proxy see the principal's orders, nobody else", async () => {
    const a = await freshOrder();
    const res = await t.call(`${D}/SearchDidiOrderProxy`, { PrincipalID: employeeId, Keyword: a.OrderNo }, manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Rows[0].ID).toBe(a.ID);
    const other = await t.call(`${D}/SearchDidiOrderProxy`, { PrincipalID: employeeId }, finance);
    expect(other.statusCode).toBe(404);
    // The manager's own list holds none of them.
    expect((await t.call(`${D}/SearchDidiOrder`, { Keyword: a.OrderNo }, manager)).json().Total).toBe(0);
  });

  it('exports the orders the filters select', async () => {
    const a = await freshOrder();
    const sheet = await sheetOf(await t.call(`${D}/ExportDidiOrder`, { Keyword: a.OrderNo }, employee));
    expect(sheet[0]).toContain('订单号');
    expect(sheet[1]).toContain(a.OrderNo);
  });

  concurrencyTest('claims an order once when two claims race', async () => {
    const a = await freshOrder();
    await t.call(`${D}/TurnDidiOrderBusiness`, refs(a), employee);
    const body = { ...refs(await order(a.OrderNo)), ExpenseItemID: itemId };
    // Four drafts of the employee: the claims share no document row (nor a new document's number).
    const drafts = await Promise.all(
      [1, 2, 3, 4].map(
        async () => (await t.call(`${D}/AddDocument`, { DocType: 'deputy' }, employee)).json().ID as number,
      ),
    );
    const results = await Promise.all(
      drafts.map((DocumentID) => t.call(`${D}/SaveDidiOrder`, { ...body, DocumentID }, employee)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });
});
