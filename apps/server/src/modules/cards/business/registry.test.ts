import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { backendPid, concurrencyTest, waitUntilBlocked } from '../../../../test/concurrency';
import { employeeIdOf, fieldsOf, sheetOf, upload, workbook } from '../../../../test/finance';
import { auditLog } from '../../audit/audit.table';
import { employee as employeeTable } from '../../org/org.table';
import { businessCard, cardTransaction } from './business.table';

const D = '/api/document';
let t: TestApp;
let employee: string;
let finance: string;
let employeeId: number;
let seq = 0;
/** A card number of its own per test run: 16 digits. */
const nextCardNo = () => `62${String(Date.now()).slice(-10)}${String(++seq).padStart(4, '0')}`;

type Row = { ID: number; Version: number; CardNo: string; Active: boolean; Transactions: number; HolderName: string };

beforeAll(async () => {
  t = await testApp();
  employeeId = await employeeIdOf(t, 'employee');
  [employee, finance] = await t.tokens('employee', 'finance');
});
afterAll(() => t.close());

async function add(cardNo: string, extra: Record<string, unknown> = {}) {
  return t.call(
    `${D}/SaveBusinessCard`,
    { EmployeeID: employeeId, CardNo: cardNo, HolderName: 'ZHANG SAN', ValidUntil: '2029-12-31', ...extra },
    finance,
  );
}

async function added(cardNo: string): Promise<Row> {
  const res = await add(cardNo);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const lastAudit = async (id: number) =>
  (
    await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'business_card'), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.id))
  )[0];

describe('the business card registry', () => {
  it('answers 401 without a token, 403 without expenseRemittance, 400 for bad bodies', async () => {
    const urls = ['SearchBusinessCardRegistry', 'ExportBusinessCardRegistry', 'SaveBusinessCard', 'DeleteBusinessCard'];
    for (const url of urls) {
      expect((await t.call(`${D}/${url}`, {})).statusCode, url).toBe(401);
      expect((await t.call(`${D}/${url}`, {}, employee)).statusCode, url).toBe(403);
    }
    expect(fieldsOf(await add('1234'))).toContain('CardNo');
    expect(fieldsOf(await add('6250 12AB 3456 7890'))).toContain('CardNo');
    expect(fieldsOf(await add(nextCardNo(), { HolderName: '' }))).toContain('HolderName');
    expect(fieldsOf(await add(nextCardNo(), { ValidUntil: '2029-02-30' }))).toContain('ValidUntil');
    expect(fieldsOf(await add(nextCardNo(), { EmployeeID: 999_999 }))).toContain('EmployeeID');
    const noNumber = await t.call(`${D}/SaveBusinessCard`, { EmployeeID: employeeId, HolderName: 'X' }, finance);
    expect(fieldsOf(noNumber)).toContain('CardNo');
    expect(fieldsOf(await t.call(`${D}/DeleteBusinessCard`, { ID: 1 }, finance))).toContain('Version');
    expect(fieldsOf(await t.call(`${D}/SearchBusinessCardRegistry`, { Active: 'yes' }, finance))).toContain('Active');
  });

  it('adds a card stored whole and served masked, with its audit row; a duplicate active number is 409', async () => {
    const no = nextCardNo();
    const row = await added(`${no.slice(0, 4)} ${no.slice(4, 8)} ${no.slice(8, 12)} ${no.slice(12)}`);
    expect(row.CardNo).toBe(`**** **** **** ${no.slice(-4)}`);
    expect(row.Active).toBe(true);
    const [stored] = await t.ctx.db.select().from(businessCard).where(eq(businessCard.id, row.ID));
    expect(stored!.cardNo).toBe(no);
    expect(stored!.holderName).toBe('ZHANG SAN');
    const a = await lastAudit(row.ID);
    expect(a?.action).toBe('create');
    expect(JSON.stringify(a?.detail)).not.toContain(no);

    const twice = await add(no);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('cards.card_duplicate');
    expect(twice.json().errors[0].field).toBe('CardNo');
    expect(await t.ctx.db.select().from(businessCard).where(eq(businessCard.cardNo, no))).toHaveLength(1);
  });

  it('cancels and re-activates at the version seen; a cancelled number can be registered again', async () => {
    const no = nextCardNo();
    const row = await added(no);
    const edit = (body: Record<string, unknown>) =>
      t.call(
        `${D}/SaveBusinessCard`,
        { ID: row.ID, EmployeeID: employeeId, HolderName: 'ZHANG SAN', ValidUntil: '2029-12-31', ...body },
        finance,
      );
    expect(fieldsOf(await edit({ Active: false }))).toContain('Version');
    const cancelled = await edit({ Active: false, Version: row.Version });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().Active).toBe(false);
    expect((await lastAudit(row.ID))?.action).toBe('cancel');
    const stale = await edit({ Active: true, Version: row.Version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('common.stale_version');
    const changed = await edit({ Version: cancelled.json().Version, Active: false, CardNo: nextCardNo() });
    expect(fieldsOf(changed)).toContain('CardNo');

    const replacement = await added(no);
    const again = await edit({ Active: true, Version: cancelled.json().Version });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('cards.card_duplicate');
    const [still] = await t.ctx.db.select().from(businessCard).where(eq(businessCard.id, row.ID));
    expect(still!.active).toBe(false);

    const res = await t.call(
      `${D}/SearchBusinessCardRegistry`,
      { Keyword: no.slice(-4), PageIndex: 1, PageSize: 50 },
      finance,
    );
    expect(res.statusCode).toBe(200);
    const ids = (res.json().Rows as Row[]).map((r) => r.ID);
    expect(ids).toEqual(expect.arrayContaining([row.ID, replacement.ID]));
    const active = await t.call(
      `${D}/SearchBusinessCardRegistry`,
      { Keyword: no.slice(-4), Active: true, PageIndex: 1, PageSize: 50 },
      finance,
    );
    expect((active.json().Rows as Row[]).map((r) => r.ID)).not.toContain(row.ID);
    // The keyword never finds a card by more of its number than the last four digits.
    const middle = await t.call(
      `${D}/SearchBusinessCardRegistry`,
      { Keyword: no.slice(2, 10), PageIndex: 1, PageSize: 50 },
      finance,
    );
    expect((middle.json().Rows as Row[]).map((r) => r.ID)).not.toContain(row.ID);
  });

  it('removes an unused card with its audit row; a card with transactions is 409 and stays', async () => {
    const unused = await added(nextCardNo());
    const del = await t.call(`${D}/DeleteBusinessCard`, { ID: unused.ID, Version: unused.Version }, finance);
    expect(del.statusCode, del.body).toBe(200);
    expect(await t.ctx.db.select().from(businessCard).where(eq(businessCard.id, unused.ID))).toHaveLength(0);
    expect((await lastAudit(unused.ID))?.action).toBe('delete');
    const gone = await t.call(`${D}/DeleteBusinessCard`, { ID: unused.ID, Version: unused.Version }, finance);
    expect(gone.statusCode).toBe(404);

    // A registered card is what the statement import matches: register, import, then it cannot be removed.
    const no = nextCardNo();
    const used = await added(no);
    const file = await workbook([
      ['卡号', '交易流水号', '交易日期', '商户', '金额'],
      [no, `R${no}`, '2026-11-03', 'Registry test hotel', '320.00'],
    ]);
    const imported = await upload(t, `${D}/ImportBusinessCardStatement`, file, finance);
    expect(imported.statusCode, imported.body).toBe(200);
    const listed = await t.call(
      `${D}/SearchBusinessCardRegistry`,
      { Keyword: no.slice(-4), PageIndex: 1, PageSize: 50 },
      finance,
    );
    expect((listed.json().Rows as Row[]).find((r) => r.ID === used.ID)?.Transactions).toBe(1);
    const refused = await t.call(`${D}/DeleteBusinessCard`, { ID: used.ID, Version: used.Version }, finance);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('cards.card_in_use');
    expect(await t.ctx.db.select().from(businessCard).where(eq(businessCard.id, used.ID))).toHaveLength(1);
  });

  it('exports the registry with the numbers masked', async () => {
    const no = nextCardNo();
    await added(no);
    const res = await t.call(`${D}/ExportBusinessCardRegistry`, { Keyword: no.slice(-4) }, finance);
    expect(res.statusCode).toBe(200);
    const sheet = await sheetOf(res);
    const text = JSON.stringify(sheet);
    expect(text).toContain(`**** **** **** ${no.slice(-4)}`);
    expect(text).not.toContain(no);
  });

  concurrencyTest('a removal waits out a statement adding to the card, then refuses it (409)', async () => {
    const card = await added(nextCardNo());
    let removal!: ReturnType<typeof t.call>;
    await t.ctx.db.transaction(async (tx) => {
      // The new row's foreign key holds the card row (key share) until the statement commits.
      await tx.insert(cardTransaction).values({
        companyId: 1,
        cardId: card.ID,
        employeeId,
        issuerRef: `RACE${card.ID}`,
        transDate: '2026-11-04',
        merchant: 'Race taxi',
        amount: '12.00',
      });
      removal = t.call(`${D}/DeleteBusinessCard`, { ID: card.ID, Version: card.Version }, finance);
      await waitUntilBlocked(t.ctx.db, await backendPid(tx), removal);
    });
    const res = await removal;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('cards.card_in_use');
    expect(await t.ctx.db.select().from(businessCard).where(eq(businessCard.id, card.ID))).toHaveLength(1);
  });

  concurrencyTest('two adds of one number race: one card, one 409', async () => {
    const no = nextCardNo();
    const results = await Promise.all([add(no), add(no), add(no)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await t.ctx.db.select().from(businessCard).where(eq(businessCard.cardNo, no))).toHaveLength(1);
  });

  it('imports cards from a sheet: adds new numbers, updates the same holder, names every bad row and changes nothing', async () => {
    const header = ['员工编号', '卡号', '卡面姓名', '有效期至'];
    const codeOf = async (id: number) =>
      (await t.ctx.db.select({ code: employeeTable.code }).from(employeeTable).where(eq(employeeTable.id, id)))[0]!
        .code;
    const me = await codeOf(employeeId);
    const other = await codeOf(await employeeIdOf(t, 'finance'));
    const [a, b] = [nextCardNo(), nextCardNo()];
    const imported = await upload(
      t,
      `${D}/ImportBusinessCardRegistry`,
      await workbook([header, [me, a, 'ZHANG SAN', '2030-06-30'], [me, b, 'ZHANG SAN', '']]),
      finance,
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ Imported: 2, Created: 2, Updated: 0 });
    const [stored] = await t.ctx.db.select().from(businessCard).where(eq(businessCard.cardNo, a));
    expect(stored!.validUntil).toBe('2030-06-30');

    const again = await upload(
      t,
      `${D}/ImportBusinessCardRegistry`,
      await workbook([header, [me, a, 'ZHANG S', '2030-06-30'], [me, b, 'ZHANG SAN', '']]),
      finance,
    );
    expect(again.json()).toEqual({ Imported: 2, Created: 0, Updated: 1 });

    const c = nextCardNo();
    const bad = await upload(
      t,
      `${D}/ImportBusinessCardRegistry`,
      await workbook([
        header,
        [me, c, 'ZHANG SAN', ''],
        ['nobody', nextCardNo(), 'X', ''],
        [me, c, 'ZHANG SAN', ''],
        [me, '12AB', 'X', ''],
        [other, a, 'QIAN', ''],
      ]),
      finance,
    );
    expect(bad.statusCode).toBe(400);
    expect((bad.json().errors as { field: string }[]).map((e) => e.field).sort()).toEqual([
      '3.EmployeeCode',
      '4.CardNo',
      '5.CardNo',
      '6.CardNo',
    ]);
    expect(await t.ctx.db.select().from(businessCard).where(eq(businessCard.cardNo, c))).toHaveLength(0);

    const held = await upload(
      t,
      `${D}/ImportBusinessCardRegistry`,
      await workbook([header, [me, c, 'ZHANG SAN', ''], [other, a, 'QIAN', '']]),
      finance,
    );
    expect(held.statusCode).toBe(400);
    expect((held.json().errors as { field: string }[]).map((e) => e.field)).toEqual(['3.CardNo']);
    expect(await t.ctx.db.select().from(businessCard).where(eq(businessCard.cardNo, c))).toHaveLength(0);
    const [still] = await t.ctx.db.select().from(businessCard).where(eq(businessCard.cardNo, a));
    expect(still!.holderName).toBe('ZHANG S');
    expect((await upload(t, `${D}/ImportBusinessCardRegistry`, await workbook([header]), employee)).statusCode).toBe(
      403,
    );
  });
});
