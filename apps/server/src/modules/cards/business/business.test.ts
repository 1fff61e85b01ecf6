import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { concurrencyTest } from '../../../../test/concurrency';
import { employeeIdOf, fieldsOf, sheetOf, upload, workbook } from '../../../../test/finance';
import { auditLog } from '../../audit/audit.table';
import { expenseItem } from '../../masterdata/expense.table';
import { employeeRoleTeam, role } from '../../org/org.table';
import { insertCard } from './business.repository';
import { cardTransaction } from './business.table';

const D = '/api/document';
let t: TestApp;
let employee: string;
let finance: string;
let outsider: string;
let employeeId: number;
let itemId: number;

const HEADER = ['卡号', '交易流水号', '交易日期', '商户', '金额'];
let ref = 0;
const nextRef = () => `T${Date.now()}${++ref}`;

beforeAll(async () => {
  t = await testApp();
  employeeId = await employeeIdOf(t, 'employee');
  // The auditor keeps only the auditor role: no screen of the employee's own.
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
  await insertCard(t.ctx.db, { companyId: 1, employeeId, cardNo: '6250941234567890' });
  const [item] = await t.ctx.db
    .select()
    .from(expenseItem)
    .where(and(eq(expenseItem.companyId, 1), eq(expenseItem.code, 'TAXI')));
  itemId = item!.id;
  [employee, finance, outsider] = await t.tokens('employee', 'finance', 'auditor');
});
afterAll(() => t.close());

async function importRows(rows: (string | number)[][], token = finance) {
  return upload(t, `${D}/ImportBusinessCardStatement`, await workbook([HEADER, ...rows]), token);
}

async function rows(body: Record<string, unknown> = {}) {
  const res = await t.call(`${D}/SearchBusinessCard`, { PageSize: 500, ...body }, employee);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Rows as { ID: number; Version: number; Status: string; Merchant: string; CardNo: string }[];
}

async function freshTxn(merchant: string, amount = '88.00') {
  const res = await importRows([['6250941234567890', nextRef(), '2026-11-02', merchant, amount]]);
  expect(res.statusCode, res.body).toBe(200);
  return (await rows({ Keyword: merchant }))[0]!;
}

describe('business cards', () => {
  it('answers 401 without a token, 403 without the screen, 400 for bad bodies', async () => {
    for (const url of ['SearchBusinessCard', 'ExportBusinessCard', 'TurnPersonalItemPrivate', 'SaveClaimDetail']) {
      expect((await t.call(`${D}/${url}`, {})).statusCode, url).toBe(401);
      const res = await t.call(`${D}/${url}`, {}, outsider);
      expect(res.statusCode, url).toBe(403);
    }
    expect((await t.call(`${D}/ImportBusinessCardStatement`, {})).statusCode).toBe(401);
    expect((await importRows([], employee)).statusCode).toBe(403);
    expect(fieldsOf(await t.call(`${D}/SearchBusinessCard`, { Status: 'lost' }, employee))).toContain('Status');
    expect(fieldsOf(await t.call(`${D}/ExportBusinessCard`, { DateFrom: '2026-02-31' }, employee))).toContain(
      'DateFrom',
    );
    expect(fieldsOf(await t.call(`${D}/TurnPersonalItemPrivate`, { Items: [] }, employee))).toContain('Items');
    expect(fieldsOf(await t.call(`${D}/SaveClaimDetail`, { Items: [{ ID: 1 }] }, employee))).toContain(
      'Items.0.Version',
    );
  });

  it('imports the statement matched to the holder; an unknown card or bad cell refuses the whole file per row', async () => {
    const bad = await importRows([
      ['6250941234567890', 'BAD-1', '2026-11-01', '星巴克', '35.00'],
      ['6222000000000000', 'BAD-2', '2026-11-01', '全家', '12.00'],
      ['6250941234567890', 'BAD-3', '2026-11-31', '', '-3'],
    ]);
    expect(bad.statusCode, bad.body).toBe(400);
    const fields = (bad.json().errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['3.CardNo', '4.TransDate', '4.Merchant', '4.Amount']));
    expect(fields.some((f) => f.startsWith('2.'))).toBe(false);
    expect(await t.ctx.db.select().from(cardTransaction).where(eq(cardTransaction.issuerRef, 'BAD-1'))).toHaveLength(0);

    const good = await importRows([
      ['6250941234567890', 'IMP-1', '2026-11-03', '希尔顿测试酒店', '1,280.50'],
      ['6250 9412 3456 7890', 'IMP-2', '2026-11-04', '海底捞', '420.00'],
    ]);
    expect(good.json()).toEqual({ Imported: 2, Created: 2, Updated: 0 });
    // The same statement again adds nothing.
    const again = await importRows([['6250941234567890', 'IMP-1', '2026-11-03', '希尔顿测试酒店', '1280.50']]);
    expect(again.json()).toMatchObject({ Created: 0 });
    const mine = await rows({ Keyword: '希尔顿测试' });
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ CardNo: '**** **** **** 7890', Amount: '1280.50', Status: 'open' });
    // Nobody else sees them.
    const other = await t.call(`${D}/SearchBusinessCard`, {}, finance);
    expect(other.json().Rows.some((r: { Merchant: string }) => r.Merchant === '希尔顿测试酒店')).toBe(false);
  });

  it('marks personal items private once, with the audit row; claimed or private ones refuse', async () => {
    const a = await freshTxn('私人超市');
    const res = await t.call(`${D}/TurnPersonalItemPrivate`, { Items: [{ ID: a.ID, Version: a.Version }] }, employee);
    expect(res.json()).toEqual({ Changed: 1 });
    expect((await rows({ Keyword: '私人超市' }))[0]!.Status).toBe('private');
    const stale = await t.call(`${D}/TurnPersonalItemPrivate`, { Items: [{ ID: a.ID, Version: a.Version }] }, employee);
    expect(stale.statusCode).toBe(409);
    const now = (await rows({ Keyword: '私人超市' }))[0]!;
    const again = await t.call(
      `${D}/TurnPersonalItemPrivate`,
      { Items: [{ ID: now.ID, Version: now.Version }] },
      employee,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('cards.not_open');
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'turn_private'));
    expect(audits.length).toBeGreaterThan(0);
    // Someone else's item is not found.
    const foreign = await t.call(
      `${D}/TurnPersonalItemPrivate`,
      { Items: [{ ID: a.ID, Version: now.Version }] },
      finance,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('claims items into a new draft deputy, one line each, and adds more to that draft; deleting it releases them', async () => {
    const a = await freshTxn('出租车甲', '56.00');
    const b = await freshTxn('出租车乙', '44.50');
    const res = await t.call(
      `${D}/SaveClaimDetail`,
      { Items: [a, b].map((x) => ({ ID: x.ID, Version: x.Version })), ExpenseItemID: itemId, Reason: '客户拜访' },
      employee,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { DocumentID, DocNo, Lines } = res.json();
    expect(Lines).toBe(2);
    const doc = (await t.call(`${D}/SearchDeputyDetail`, { ID: DocumentID }, employee)).json();
    expect(doc).toMatchObject({ Status: 'draft', DocType: 'deputy', TotalAmount: '100.50', Reason: '客户拜访' });
    expect(doc.Lines.map((l: { Description: string }) => l.Description)).toEqual([
      `出租车甲 (7890) #C${a.ID}`,
      `出租车乙 (7890) #C${b.ID}`,
    ]);
    const claimed = await rows({ Status: 'claimed', Keyword: '出租车' });
    expect(claimed.map((r) => r.Merchant).sort()).toEqual(['出租车乙', '出租车甲']);
    expect(claimed.every((r) => (r as unknown as { DocNo: string }).DocNo === DocNo)).toBe(true);

    // Claimed once: a second claim of the same item is refused and leaves no document behind.
    const now = (await rows({ Keyword: '出租车甲' }))[0]!;
    const twice = await t.call(`${D}/SaveClaimDetail`, { Items: [{ ID: now.ID, Version: now.Version }] }, employee);
    expect(twice.statusCode).toBe(409);

    // Onto the same draft.
    const c = await freshTxn('出租车丙', '20.00');
    const more = await t.call(
      `${D}/SaveClaimDetail`,
      { Items: [{ ID: c.ID, Version: c.Version }], ExpenseItemID: itemId, DocumentID },
      employee,
    );
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json().DocumentID).toBe(DocumentID);

    // Deleting the draft releases all three.
    const del = await t.act('/api/document/DeleteDocument', DocumentID, employee);
    expect(del.statusCode, del.body).toBe(200);
    expect((await rows({ Keyword: '出租车' })).every((r) => r.Status === 'open')).toBe(true);
  });

  it('exports what the filters select, card numbers masked', async () => {
    const res = await t.call(`${D}/ExportBusinessCard`, { Keyword: '希尔顿测试' }, employee);
    const sheet = await sheetOf(res);
    expect(sheet[0]).toContain('卡号');
    expect(sheet[1]).toContain('**** **** **** 7890');
    expect(sheet.flat().join(' ')).not.toContain('6250941234567890');
  });

  concurrencyTest('claims a transaction once when two claims race', async () => {
    const a = await freshTxn('并发报销');
    // Four drafts of the employee: the claims share no document row (nor a new document's number).
    const drafts = await Promise.all(
      [1, 2, 3, 4].map(
        async () => (await t.call(`${D}/AddDocument`, { DocType: 'deputy' }, employee)).json().ID as number,
      ),
    );
    const body = { Items: [{ ID: a.ID, Version: a.Version }], ExpenseItemID: itemId };
    const results = await Promise.all(
      drafts.map((DocumentID) => t.call(`${D}/SaveClaimDetail`, { ...body, DocumentID }, employee)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const [row] = await t.ctx.db.select().from(cardTransaction).where(eq(cardTransaction.id, a.ID));
    expect(row!.claimDocumentId).toBe(results.find((r) => r.statusCode === 200)!.json().DocumentID);
  });
});
