import type { LimitPreview } from '@ems/contracts';
import Decimal from 'decimal.js';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { type Masters, type Session, saveDeputy, saveWorkflow, withoutRoles } from '../../../test/documents';
import { documentMasters, flaggedItem } from '../../../test/factories';
import { shanghaiToday } from '../../core/time';
import { auditLog } from '../audit/audit.table';
import { budget, budgetBalance, budgetBalanceMonth, budgetLedger } from '../budgets/budget.table';
import { document } from '../documents/document.table';
import { customerHcp } from '../masterdata/customers/customer.table';
import { quota, quotaLedger, quotaUsage, quotaYearUsage } from '../quotas/quota.table';

/**
 * The limit preview (decision 065): where a form's lines stand against their budgets and their attendees' caps before
 * it is submitted, measured as the check at submit measures them, without a lock or a write.
 */
let t: TestApp;
let m: Masters;
let other: Masters;
let employee: Session;
let manager: Session;
let admin: Session;
let hcpItem: { id: number };
let reason: number;
const hcp = new Map<string, number>();
const today = shanghaiToday();
const year = Number(today.slice(0, 4));

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  other = await documentMasters(t.ctx.db, 2);
  [employee, manager, admin] = await t.logins('employee', 'manager', 'admin');
  hcpItem = await flaggedItem(t.ctx.db, m.type.id, 'L-HCP', { involvesHcp: true });
  for (const r of await t.ctx.db.select().from(customerHcp).where(eq(customerHcp.companyId, 1))) hcp.set(r.code, r.id);
  await saveWorkflow(t, admin.access_token, {
    Code: 'DEP-LIMITS',
    DocType: 'deputy',
    NameZH: '审批',
    NameEN: 'Approval',
  });
  const reasons = await t.call('/api/document/GetCustomerReasonList', {}, employee.access_token);
  reason = reasons.json().Rows.find((r: { Code: string }) => r.Code === 'ATTENDEE').ReasonID;
  // The demo's documents and caps use the demo HCPs already: the caps here count from nothing.
  await t.ctx.db.delete(quotaLedger);
  await t.ctx.db.delete(quotaUsage);
  await t.ctx.db.delete(quotaYearUsage);
  await t.ctx.db.delete(quota);
});
afterAll(() => t.close());

/** An item of its own per test, offered by the test's expense type, so the tests' budgets never meet. */
async function freshItem(code: string) {
  return flaggedItem(t.ctx.db, m.type.id, code, { category: 'travel' });
}

async function addBudget(itemId: number, amount: string, limitStatus: 0 | 1 | 2, over: Record<string, unknown> = {}) {
  const res = await t.call(
    '/api/budget/Add',
    {
      Year: year,
      CostCenterID: m.own.id,
      ExpenseItemID: itemId,
      LimitStatus: limitStatus,
      Details: [{ Month: 1, Amount: amount }],
      ...over,
    },
    admin.access_token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ID: number };
}

const line = (itemId: number, amount: string, over: Record<string, unknown> = {}) => ({
  ExpenseItemID: itemId,
  ExpenseDate: today,
  Amount: amount,
  ...over,
});

async function preview(body: Record<string, unknown>, token = employee.access_token, language = 'zh-CN') {
  const res = await t.call(
    '/api/Limits/Preview',
    { DocType: 'deputy', CostCenterID: m.own.id, Language: language, ...body },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LimitPreview;
}

async function hcpQuota(code: string, amount: string, limitStatus: 1 | 2) {
  const res = await t.call(
    '/api/quota/DetailSave',
    { Year: year, Kind: 'hcp', SubjectID: hcp.get(code), Amount: amount, LimitStatus: limitStatus },
    admin.access_token,
  );
  expect(res.statusCode, res.body).toBe(200);
}

const attendees = (...codes: string[]) => codes.map((c) => ({ Kind: 'HCP', CustomerID: hcp.get(c) }));

/** A saved deputy of one HCP line with the given HCPs attending, chosen through the form's call. */
async function hcpDeputy(amount: string, codes: string[]) {
  const d = await saveDeputy(t, m, employee.access_token, amount, { Lines: [line(hcpItem.id, amount)] });
  const chosen = await t.call(
    '/api/document/SaveChooseCustomer',
    {
      DocumentID: d.ID,
      Version: await t.version(d.ID),
      LineNo: 1,
      Customers: codes.map((c) => ({ Kind: 'HCP', CustomerID: hcp.get(c), ReasonID: reason })),
    },
    employee.access_token,
  );
  expect(chosen.statusCode, chosen.body).toBe(200);
  return d;
}

describe('the limit preview call', () => {
  it('refuses without a token (401) and without the fill-in function (403)', async () => {
    expect((await t.call('/api/Limits/Preview', { DocType: 'deputy', Lines: [] })).statusCode).toBe(401);
    await withoutRoles(t, 'auditor');
    const [auditor] = await t.logins('auditor');
    const denied = await t.call('/api/Limits/Preview', { DocType: 'deputy', Lines: [] }, auditor.access_token);
    expect(denied.statusCode).toBe(403);
  });
});

describe('budgets on the lines', () => {
  it('adds up two lines on one budget: each says what is left after both', async () => {
    const item = await freshItem('L-TWO');
    const other = await freshItem('L-NONE');
    const b = await addBudget(item.id, '1000', 2);
    const p = await preview({ Lines: [line(item.id, '300.00'), line(other.id, '50.00'), line(item.id, '400.00')] });
    const expected = {
      BudgetID: b.ID,
      Period: String(year),
      Amount: '1000.00',
      Used: '0.00',
      Requested: '700.00',
      Left: '300.00',
      Status: 'ok',
    };
    expect(p.Lines.map((l) => l.Budgets)).toEqual([
      [expect.objectContaining(expected)],
      // No budget covers the second line's item: nothing to say.
      [],
      [expect.objectContaining(expected)],
    ]);
    // Named in the caller's language, each with its code.
    expect(p.Lines[0]!.Budgets[0]!.Name).toBe('成本中心T-OWN（T-OWN） / 项目L-TWO（L-TWO）');
    const en = await preview({ Lines: [line(item.id, '300.00')] }, employee.access_token, 'en-GB');
    expect(en.Lines[0]!.Budgets[0]!.Name).toBe('Cost centre T-OWN (T-OWN) / Item L-TWO (L-TWO)');
  });

  it('says warn or block when the form goes over, as the budget’s limit status would at submit', async () => {
    const warned = await freshItem('L-WARN');
    const blocked = await freshItem('L-BLOCK');
    const free = await freshItem('L-FREE');
    await addBudget(warned.id, '500', 1);
    await addBudget(blocked.id, '500', 2);
    // At limit status 0 a budget controls nothing: the preview says nothing of it.
    await addBudget(free.id, '10', 0);
    const p = await preview({
      Lines: [line(warned.id, '800.00'), line(blocked.id, '800.00'), line(free.id, '800.00'), line(blocked.id, '0.01')],
    });
    expect(p.Lines[0]!.Budgets).toEqual([expect.objectContaining({ Left: '-300.00', Status: 'warn' })]);
    expect(p.Lines[1]!.Budgets).toEqual([expect.objectContaining({ Left: '-300.01', Status: 'block' })]);
    expect(p.Lines[2]!.Budgets).toEqual([]);
    // Within the budget it is fine, however close.
    const within = await preview({ Lines: [line(blocked.id, '500.00')] });
    expect(within.Lines[0]!.Budgets).toEqual([expect.objectContaining({ Left: '0.00', Status: 'ok' })]);
  });

  it('does not count the document’s own holds twice, in approval or returned and edited again', async () => {
    const item = await freshItem('L-OWN');
    await addBudget(item.id, '1000', 2);
    const d = await saveDeputy(t, m, employee.access_token, '400.00', { Lines: [line(item.id, '400.00')] });
    const submitted = await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token);
    expect(submitted.statusCode, submitted.body).toBe(200);
    // In approval it holds 400: its own form asks nothing more, a copy of it (no ID) would ask for 400 again.
    const own = await preview({ ID: d.ID, Lines: [line(item.id, '400.00')] });
    expect(own.Lines[0]!.Budgets[0]).toMatchObject({ Used: '400.00', Requested: '0.00', Left: '600.00' });
    const copy = await preview({ Lines: [line(item.id, '400.00')] });
    expect(copy.Lines[0]!.Budgets[0]).toMatchObject({ Used: '400.00', Requested: '400.00', Left: '200.00' });

    // Returned, it holds nothing; edited to 700, what is left counts its 700 once.
    const returned = await t.act('/api/DocumentApprove/ApproveDeputy', d.ID, manager.access_token, {
      Pass: false,
      Comment: '金额有误',
    });
    expect(returned.json().Status).toBe('returned');
    const edited = await preview({ ID: d.ID, Lines: [line(item.id, '700.00')] });
    expect(edited.Lines[0]!.Budgets[0]).toMatchObject({ Used: '0.00', Requested: '700.00', Left: '300.00' });
  });

  it('agrees with the check at submit: the same budget, available, requested and shortfall', async () => {
    const item = await freshItem('L-AGREE');
    await addBudget(item.id, '500', 1);
    const first = await saveDeputy(t, m, employee.access_token, '120.00', { Lines: [line(item.id, '120.00')] });
    expect((await t.act('/api/DocumentSubmit/SubmitDeputy', first.ID, employee.access_token)).statusCode).toBe(200);
    const lines = [line(item.id, '250.00'), line(item.id, '300.00')];
    const d = await saveDeputy(t, m, employee.access_token, '550.00', { Lines: lines });
    const p = await preview({ ID: d.ID, Lines: lines }, employee.access_token, 'en-GB');
    const figure = p.Lines[1]!.Budgets[0]!;
    expect(figure).toMatchObject({ Used: '120.00', Requested: '550.00', Left: '-170.00', Status: 'warn' });

    const asked = await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token, { Language: 'en-GB' });
    expect(asked.statusCode).toBe(409);
    const finding = asked.json().errors[0];
    const available = new Decimal(figure.Amount).minus(figure.Used).toFixed(2);
    expect(finding.code).toBe('budget.exceeded_warn');
    expect(finding.message).toContain(`Budget ${figure.Period} / ${figure.Name}`);
    expect(finding.message).toContain(`${available} available, this document needs ${figure.Requested}`);
    expect(finding.message).toContain(`${new Decimal(figure.Left).neg().toFixed(2)} over`);
  });
});

describe('caps of the attendees', () => {
  it('splits a line per head between two HCPs and says what each one’s yearly cap has left', async () => {
    await hcpQuota('P001', '1000', 2);
    await hcpQuota('P003', '300', 1);
    const fits = await preview({ Lines: [line(hcpItem.id, '500.00', { Attendees: attendees('P001', 'P003') })] });
    expect(fits.Lines[0]!.Caps).toEqual([
      expect.objectContaining({
        Kind: 'HCP',
        CustomerID: hcp.get('P001'),
        Period: String(year),
        Amount: '1000.00',
        Used: '0.00',
        Requested: '250.00',
        Left: '750.00',
        Status: 'ok',
      }),
      expect.objectContaining({ CustomerID: hcp.get('P003'), Left: '50.00', Status: 'ok' }),
    ]);
    expect(fits.Lines[0]!.Caps[0]!.Name).toBe('王建国');

    // 700 split in two goes over the warned cap of 300 only; a second line with P001 adds to its use.
    const over = await preview({
      Lines: [
        line(hcpItem.id, '700.00', { Attendees: attendees('P001', 'P003') }),
        line(hcpItem.id, '100.00', { Attendees: attendees('P001') }),
      ],
    });
    expect(over.Lines[0]!.Caps).toEqual([
      expect.objectContaining({ CustomerID: hcp.get('P001'), Requested: '450.00', Left: '550.00', Status: 'ok' }),
      expect.objectContaining({ CustomerID: hcp.get('P003'), Requested: '350.00', Left: '-50.00', Status: 'warn' }),
    ]);
    expect(over.Lines[1]!.Caps).toEqual([expect.objectContaining({ CustomerID: hcp.get('P001'), Left: '550.00' })]);
    // A line without attendees, or whose item does not involve HCP, has no cap to show.
    const none = await preview({
      Lines: [line(hcpItem.id, '700.00'), line(m.hotel.id, '700.00', { Attendees: attendees('P001') })],
    });
    expect(none.Lines.map((l) => l.Caps)).toEqual([[], []]);
  });

  it('reads a saved document’s attendees, and agrees with the check at submit', async () => {
    await hcpQuota('P005', '400', 1);
    const d = await hcpDeputy('600.00', ['P005', 'P001']);
    // The form's amount has changed since the save: the shares follow it, as the save would split them.
    const p = await preview({ ID: d.ID, Lines: [line(hcpItem.id, '900.00')] }, employee.access_token, 'en-GB');
    const figure = p.Lines[0]!.Caps.find((c) => c.CustomerID === hcp.get('P005'))!;
    expect(figure).toMatchObject({
      Amount: '400.00',
      Used: '0.00',
      Requested: '450.00',
      Left: '-50.00',
      Status: 'warn',
    });

    const saved = await t.call(
      '/api/document/SaveDeputyDetail',
      {
        ID: d.ID,
        Version: await t.version(d.ID),
        ExpenseTypeID: m.type.id,
        CostCenterID: m.own.id,
        Reason: '差旅',
        Lines: [line(hcpItem.id, '900.00')],
      },
      employee.access_token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const asked = await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token);
    expect(asked.statusCode, asked.body).toBe(409);
    const finding = asked.json().errors.find((e: { code: string }) => e.code === 'quota.exceeded.hcp');
    const available = new Decimal(figure.Amount).minus(figure.Used).toFixed(2);
    expect(finding.message).toContain(`${figure.Amount} 元不足：可用 ${available} 元，本单 ${figure.Requested} 元`);
    expect(finding.message).toContain(`超出 ${new Decimal(figure.Left).neg().toFixed(2)} 元`);

    // Submitted (confirmed), it holds 450 against the cap: its own form counts it once.
    const confirmed = await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token, {
      ConfirmLimitWarnings: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const own = await preview({ ID: d.ID, Lines: [line(hcpItem.id, '900.00')] });
    expect(own.Lines[0]!.Caps.find((c) => c.CustomerID === hcp.get('P005'))).toMatchObject({
      Used: '0.00',
      Requested: '450.00',
      Left: '-50.00',
    });
    const copy = await preview({ Lines: [line(hcpItem.id, '900.00', { Attendees: attendees('P005') })] });
    expect(copy.Lines[0]!.Caps[0]).toMatchObject({ Used: '450.00', Requested: '900.00', Left: '-950.00' });
  });
});

describe('caps on the item and on the applicant', () => {
  async function quotaOn(kind: 'overseas' | 'employee', subjectId: number, amount: string, over: object = {}) {
    const res = await t.call(
      '/api/quota/DetailSave',
      { Year: year, Kind: kind, SubjectID: subjectId, Amount: amount, LimitStatus: 2, ...over },
      admin.access_token,
    );
    expect(res.statusCode, res.body).toBe(200);
  }

  it('says what an overseas item’s cap and the applicant’s own cap on the item have left, as the submit would', async () => {
    const abroad = await flaggedItem(t.ctx.db, m.type.id, 'L-ABROAD', { overseas: true });
    await quotaOn('overseas', abroad.id, '1000');
    await quotaOn('employee', Number(employee.UserID), '600', { ExpenseItemID: abroad.id });
    const p = await preview(
      { Lines: [line(abroad.id, '400.00'), line(abroad.id, '300.00')] },
      employee.access_token,
      'en-GB',
    );
    const caps = p.Lines[0]!.Caps;
    expect(caps).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Kind: 'Overseas',
          CustomerID: abroad.id,
          Requested: '700.00',
          Left: '300.00',
          Status: 'ok',
        }),
        expect.objectContaining({
          Kind: 'Employee',
          CustomerID: Number(employee.UserID),
          Requested: '700.00',
          Left: '-100.00',
          Status: 'block',
        }),
      ]),
    );
    expect(caps).toHaveLength(2);
    expect(p.Lines[1]!.Caps).toHaveLength(2);

    // The submit refuses the same shortfall on the applicant's cap.
    const d = await saveDeputy(t, m, employee.access_token, '700.00', {
      Lines: [line(abroad.id, '400.00'), line(abroad.id, '300.00')],
    });
    const asked = await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token);
    expect(asked.statusCode, asked.body).toBe(422);
    expect(asked.json()).toMatchObject({
      code: 'quota.exceeded.employee',
      params: { cap: '600.00', requested: '700.00', shortfall: '100.00' },
    });

    // Another employee's spend on the item is not measured against this employee's cap.
    const theirs = await preview({ Lines: [line(abroad.id, '400.00')] }, manager.access_token);
    expect(theirs.Lines[0]!.Caps.map((c) => c.Kind)).toEqual(['Overseas']);
  });
});

describe('what the preview may not do', () => {
  it('shows nothing of another company: its budgets, its HCPs’ caps, its documents', async () => {
    const [foreignHcp] = await t.ctx.db.select().from(customerHcp).where(eq(customerHcp.companyId, 2)).limit(1);
    await t.ctx.db.insert(budget).values({
      companyId: 2,
      year,
      costCentreId: other.own.id,
      expenseItemId: other.hotel.id,
      amount: '10',
      limitStatus: 2,
    });
    await t.ctx.db
      .insert(quota)
      .values({ companyId: 2, year, kind: 'hcp', subjectId: foreignHcp!.id, amount: '10', limitStatus: 2 });
    const p = await preview({
      Lines: [line(other.hotel.id, '500.00', { Attendees: [{ Kind: 'HCP', CustomerID: foreignHcp!.id }] })],
    });
    expect(p.Lines).toEqual([{ Index: 0, Budgets: [], Caps: [] }]);
    // Another company's cost centre is refused as the save refuses it: its budgets are not shown.
    const foreignCentre = await t.call(
      '/api/Limits/Preview',
      { DocType: 'deputy', CostCenterID: other.own.id, Lines: [line(other.hotel.id, '500.00')] },
      employee.access_token,
    );
    expect(foreignCentre.statusCode).toBe(422);
    expect(foreignCentre.json().errors[0]).toMatchObject({ field: 'CostCenterID', code: 'funds.cost_centre_unknown' });

    // A document of another company, or one the caller may not edit, is not found.
    const d = await saveDeputy(t, m, employee.access_token, '100.00');
    const managers = await saveDeputy(t, m, manager.access_token, '100.00');
    const notMine = await t.call(
      '/api/Limits/Preview',
      { DocType: 'deputy', ID: managers.ID, Lines: [] },
      employee.access_token,
    );
    expect(notMine.statusCode).toBe(404);
    await t.ctx.db.update(document).set({ companyId: 2 }).where(eq(document.id, d.ID));
    const foreign = await t.call(
      '/api/Limits/Preview',
      { DocType: 'deputy', ID: d.ID, Lines: [] },
      employee.access_token,
    );
    expect(foreign.statusCode).toBe(404);
    // Nor a document of another type under this one's name.
    const wrongType = await t.call(
      '/api/Limits/Preview',
      { DocType: 'apply', ID: managers.ID, Lines: [] },
      manager.access_token,
    );
    expect(wrongType.statusCode).toBe(404);
  });

  it('writes nothing: no ledger, balance, usage or audit row, and the document keeps its version', async () => {
    const item = await freshItem('L-READ');
    await addBudget(item.id, '100', 2);
    await hcpQuota('P002', '100', 2);
    const d = await hcpDeputy('300.00', ['P002']);
    const version = await t.version(d.ID);
    const counts = async () =>
      Promise.all(
        [budgetLedger, budgetBalance, budgetBalanceMonth, quotaLedger, quotaUsage, quotaYearUsage, auditLog].map(
          async (table) => (await t.ctx.db.select({ n: count() }).from(table))[0]!.n,
        ),
      );
    const before = await counts();
    const p = await preview({ ID: d.ID, Lines: [line(hcpItem.id, '300.00'), line(item.id, '900.00')] });
    expect(p.Lines[0]!.Caps[0]).toMatchObject({ Status: 'block' });
    expect(p.Lines[1]!.Budgets[0]).toMatchObject({ Status: 'block' });
    expect(await counts()).toEqual(before);
    expect(await t.version(d.ID)).toBe(version);
  });
});
