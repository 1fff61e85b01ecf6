import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { concurrencyTest } from '../../../../test/concurrency';
import { employeeIdOf, expectGuarded, fieldsOf, sheetOf } from '../../../../test/finance';
import { okCaller, payee, postedDocument } from '../../../../test/remittance';
import { shanghaiToday } from '../../../core/time';
import { auditLog } from '../../audit/audit.table';
import { document } from '../../documents/document.table';
import { employeeRoleTeam, role, roleFunction } from '../../org/org.table';
import { company } from '../../system/system.table';
import { bankJob } from '../remit/bank.service';
import { remittanceDeduction, remittanceItem, remittanceRun } from '../remit/remit.table';

const R = '/api/RemittancePosting';
const P = '/api/pipl';
let t: TestApp;
let finance: string;
let employeeToken: string;
let viewer: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ems-pipl-'));
  t = await testApp({ DATA_DIR: dataDir });
  // The auditor may see the payment runs (PaymentManage) but does not pay (no expenseRemittance).
  const auditors = await t.ctx.db.select({ id: role.id }).from(role).where(eq(role.code, 'AUDITOR'));
  expect(auditors.length).toBeGreaterThan(0);
  await t.ctx.db
    .insert(roleFunction)
    .values(auditors.map((r) => ({ roleId: r.id, functionCode: 'PaymentManage' })))
    .onConflictDoNothing();
  [finance, employeeToken, viewer] = await t.tokens('finance', 'employee', 'auditor');
});
afterAll(() => t.close());

const ok = (url: string, body: unknown) => okCaller(t, () => finance)(url, body);

/** A run paid through all six steps for the documents, its bank file written; `daysAgo` moves its remittance back. */
async function remitted(docs: { id: number; version: number }[], daysAgo = 0) {
  await t.ctx.db.update(remittanceRun).set({ step: 'done' }).where(ne(remittanceRun.step, 'done'));
  const run = await ok(`${R}/GenerateData`, {
    PaymentMethod: 'transfer',
    CreditingDate: shanghaiToday(),
    AuditMethod: 'document',
  });
  await ok(`${R}/Pass`, { RunID: run.RunID, Documents: docs.map((d) => ({ ID: d.id, Version: d.version })) });
  for (const step of ['documents', 'list', 'entries', 'print']) {
    if (step === 'print') await t.call(`${R}/PrintList`, { RunID: run.RunID }, finance);
    const { Run } = await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID });
    await ok(`${R}/ConfirmStep`, { RunID: run.RunID, Version: Run.Version, Step: step });
  }
  const { Run } = await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID });
  const paid = await ok(`${R}/Remit`, { RunID: run.RunID, Version: Run.Version });
  await bankJob(t.ctx)({ runId: run.RunID }, { last: false, requestId: null });
  if (daysAgo)
    await t.ctx.db
      .update(remittanceRun)
      .set({ remittedAt: sql`now() - make_interval(days => ${daysAgo}::int)` })
      .where(eq(remittanceRun.id, run.RunID));
  return paid as { RunID: number; RunNo: string };
}

async function runRow(id: number) {
  const [r] = await t.ctx.db.select().from(remittanceRun).where(eq(remittanceRun.id, id));
  return r!;
}

async function mainRow(runNo: string, token = finance) {
  const res = await t.call(`${P}/SearchF110Main`, { Keyword: runNo }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Rows[0];
}

let fresh: { RunID: number; RunNo: string };
let old: { RunID: number; RunNo: string };

describe('PIPL payment data', () => {
  it('answers 401 without a token, 403 without PaymentManage, 400 for bad bodies', async () => {
    await expectGuarded(t, employeeToken, [
      `${P}/SearchF110Main`,
      `${P}/SearchF110Detail`,
      `${P}/ExportF110`,
      `${P}/DeleteF110`,
    ]);
    expect(fieldsOf(await t.call(`${P}/SearchF110Main`, { DateFrom: '2026-13-40' }, finance))).toContain('DateFrom');
    expect(fieldsOf(await t.call(`${P}/SearchF110Detail`, {}, finance))).toContain('RunID');
    expect(fieldsOf(await t.call(`${P}/ExportF110`, { Deleted: 'maybe' }, finance))).toContain('Deleted');
    expect(fieldsOf(await t.call(`${P}/DeleteF110`, { Runs: [] }, finance))).toContain('Runs');
  });

  it('lists paid runs and their items; masks bank accounts for those who do not pay', async () => {
    const a = await payee(t, 'PL1', '6225880012341234');
    const b = await payee(t, 'PL2', '6222020098765678');
    const d1 = await postedDocument(t, a.id, '120.50');
    const d2 = await postedDocument(t, b.id, '80.00');
    fresh = await remitted([d1, d2]);
    const row = await mainRow(fresh.RunNo);
    expect(row).toMatchObject({
      RunID: fresh.RunID,
      Payees: 2,
      Items: 2,
      Total: '200.50',
      PersonalDataDeleted: false,
      DeletedAt: null,
      Deletable: false,
    });
    expect(new Date(row.DeletableFrom).getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);

    const detail = await ok(`${P}/SearchF110Detail`, { RunID: fresh.RunID, SortField: 'Amount', SortOrder: 'descend' });
    expect(detail.Total).toBe(2);
    expect(detail.Rows[0]).toMatchObject({
      DocNo: d1.docNo,
      PayeeCode: 'PL1',
      PayeeName: '收款PL1',
      BankAccount: '6225880012341234',
      Amount: '120.50',
    });
    const found = await ok(`${P}/SearchF110Detail`, { RunID: fresh.RunID, Keyword: 'PL2' });
    expect(found.Rows.map((r: { DocNo: string }) => r.DocNo)).toEqual([d2.docNo]);

    const masked = await t.call(`${P}/SearchF110Detail`, { RunID: fresh.RunID, SortField: 'Amount' }, viewer);
    expect(masked.statusCode).toBe(200);
    expect(masked.json().Rows.map((r: { BankAccount: string }) => r.BankAccount)).toEqual([
      '**** **** 5678',
      '**** **** 1234',
    ]);
    expect(masked.body).not.toContain('622588');

    // Filters: a run not yet deleted is found as such; the date range excludes it.
    expect((await mainRow(fresh.RunNo)).RunID).toBe(fresh.RunID);
    const deletedOnly = await ok(`${P}/SearchF110Main`, { Keyword: fresh.RunNo, Deleted: true });
    expect(deletedOnly.Total).toBe(0);
    expect((await ok(`${P}/SearchF110Main`, { Keyword: fresh.RunNo, DateTo: '2020-01-01' })).Total).toBe(0);
  });

  it('exports the items of the selected runs, masked for those who do not pay', async () => {
    const whole = await sheetOf(await t.call(`${P}/ExportF110`, { Keyword: fresh.RunNo }, finance));
    expect(whole[0]).toContain('银行账号');
    expect(
      whole
        .slice(1)
        .map((r) => r[8])
        .sort(),
    ).toEqual(['6222020098765678', '6225880012341234']);
    const masked = await sheetOf(await t.call(`${P}/ExportF110`, { Keyword: fresh.RunNo }, viewer));
    expect(masked).toHaveLength(3);
    expect(
      masked
        .slice(1)
        .map((r) => r[8])
        .sort(),
    ).toEqual(['**** **** 1234', '**** **** 5678']);
    expect(JSON.stringify(masked)).not.toContain('622588');
  });

  it('answers 404 for another company’s run', async () => {
    const [other] = await t.ctx.db.select().from(company).where(ne(company.id, 1)).limit(1);
    const [foreign] = await t.ctx.db
      .insert(remittanceRun)
      .values({
        companyId: other!.id,
        paymentMethod: 'transfer',
        creditingDate: '2024-01-05',
        auditMethod: 'payee',
        step: 'done',
        remittedAt: new Date('2024-01-05T02:00:00Z'),
      })
      .returning();
    expect((await t.call(`${P}/SearchF110Detail`, { RunID: foreign!.id }, finance)).statusCode).toBe(404);
    const del = await t.call(`${P}/DeleteF110`, { Runs: [{ RunID: foreign!.id, Version: 1 }] }, finance);
    expect(del.statusCode).toBe(404);
    expect((await runRow(foreign!.id)).personalDataDeletedAt).toBeNull();
    const listed = await ok(`${P}/SearchF110Main`, { PageSize: 500 });
    expect(listed.Rows.map((r: { RunID: number }) => r.RunID)).not.toContain(foreign!.id);
  });

  it('refuses deletion to those who do not pay, within retention and for a run not paid', async () => {
    const run = await runRow(fresh.RunID);
    const forbidden = await t.call(`${P}/DeleteF110`, { Runs: [{ RunID: fresh.RunID, Version: run.version }] }, viewer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('pipl.delete_forbidden');

    const within = await ok(`${P}/DeleteF110`, { Runs: [{ RunID: fresh.RunID, Version: run.version }] });
    expect(within.Deleted).toEqual([]);
    expect(within.Refused).toEqual([
      expect.objectContaining({
        RunID: fresh.RunID,
        Code: 'pipl.within_retention',
        Message: expect.stringContaining('365'),
      }),
    ]);

    await t.ctx.db.update(remittanceRun).set({ step: 'done' }).where(ne(remittanceRun.step, 'done'));
    const open = await ok(`${R}/GenerateData`, {
      PaymentMethod: 'transfer',
      CreditingDate: shanghaiToday(),
      AuditMethod: 'payee',
    });
    const notPaid = await ok(`${P}/DeleteF110`, { Runs: [{ RunID: open.RunID, Version: open.Version }] });
    expect(notPaid.Refused[0]).toMatchObject({ RunID: open.RunID, Code: 'pipl.not_paid' });
    expect((await t.call(`${P}/SearchF110Detail`, { RunID: open.RunID }, finance)).statusCode).toBe(404);
    // An administrator of the company may delete without paying remittances (refused here only for retention).
    const [admins] = await t.ctx.db
      .insert(role)
      .values({ companyId: 1, code: 'PIPL_ADMIN', nameZh: '数据管理员', nameEn: 'Data administrator', isAdmin: true })
      .returning();
    await t.ctx.db.insert(roleFunction).values({ roleId: admins!.id, functionCode: 'PaymentManage' });
    await t.ctx.db
      .insert(employeeRoleTeam)
      .values({ employeeId: await employeeIdOf(t, 'manager'), roleId: admins!.id });
    const [manager] = await t.tokens('manager');
    const byAdmin = await t.call(`${P}/DeleteF110`, { Runs: [{ RunID: fresh.RunID, Version: run.version }] }, manager);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().Refused[0].Code).toBe('pipl.within_retention');
    const adminSees = await t.call(`${P}/SearchF110Detail`, { RunID: fresh.RunID }, manager);
    expect(adminSees.json().Rows[0].BankAccount).toMatch(/^\*{4} \*{4} \d{4}$/);

    const items = await t.ctx.db.select().from(remittanceItem).where(eq(remittanceItem.runId, fresh.RunID));
    expect(items.every((i) => i.payeeName !== '' && i.bankAccount)).toBe(true);
  });

  it('deletes the personal data after retention: amounts and documents stay, audit row, bank file gone', async () => {
    const c = await payee(t, 'PL3', '6228480011112222');
    const d3 = await postedDocument(t, c.id, '300.00');
    old = await remitted([d3], 400);
    const before = await runRow(old.RunID);
    const file = join(dataDir, 'bank', before.bankFile!);
    expect(existsSync(file)).toBe(true);
    const row = await mainRow(old.RunNo);
    expect(row.Deletable).toBe(true);

    // Private card spend kept back from this payment, and a loan written off by it.
    const [kept] = await t.ctx.db.select().from(remittanceItem).where(eq(remittanceItem.runId, old.RunID));
    await t.ctx.db.insert(remittanceDeduction).values([
      {
        itemId: kept!.id,
        kind: 'card_private',
        sourceId: 1,
        source: '**** 1234 全季酒店',
        sourceDate: '2026-01-05',
        amount: '20.00',
      },
      { itemId: kept!.id, kind: 'loan', sourceId: 2, source: 'L2026010100001', amount: '50.00' },
    ]);

    const stale = await ok(`${P}/DeleteF110`, { Runs: [{ RunID: old.RunID, Version: before.version - 1 }] });
    expect(stale.Refused[0].Code).toBe('common.stale_version');
    expect((await runRow(old.RunID)).personalDataDeletedAt).toBeNull();

    const res = await ok(`${P}/DeleteF110`, { Runs: [{ RunID: old.RunID, Version: row.Version }] });
    expect(res).toEqual({
      Deleted: [{ RunID: old.RunID, RunNo: old.RunNo, Items: 1, FileRemoved: true }],
      Refused: [],
    });
    expect(existsSync(file)).toBe(false);

    const after = await runRow(old.RunID);
    expect(after.personalDataDeletedAt).not.toBeNull();
    expect(after.version).toBe(before.version + 1);
    const [item] = await t.ctx.db.select().from(remittanceItem).where(eq(remittanceItem.runId, old.RunID));
    expect(item).toMatchObject({
      documentId: d3.id,
      amount: '300.00',
      payeeCode: null,
      payeeName: '',
      bankName: null,
      bankAccount: null,
    });
    expect(item!.lineNo).toBe(1);
    // The card and merchant go; what was kept back, when and how much stay; the loan's number stays.
    const deductions = await t.ctx.db
      .select()
      .from(remittanceDeduction)
      .where(eq(remittanceDeduction.itemId, item!.id))
      .orderBy(remittanceDeduction.id);
    expect(deductions.map(({ kind, source, sourceDate, amount }) => ({ kind, source, sourceDate, amount }))).toEqual([
      { kind: 'card_private', source: '', sourceDate: '2026-01-05', amount: '20.00' },
      { kind: 'loan', source: 'L2026010100001', sourceDate: null, amount: '50.00' },
    ]);
    const [doc] = await t.ctx.db.select().from(document).where(eq(document.id, d3.id));
    expect(doc!.status).toBe('paid');

    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'remittance_run'),
          eq(auditLog.entityId, String(old.RunID)),
          eq(auditLog.action, 'delete_personal_data'),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorId).not.toBeNull();
    expect(audits[0]!.detail).toMatchObject({ itemsCleared: 1, bankFileRemoved: before.bankFile });

    const listed = await mainRow(old.RunNo);
    expect(listed).toMatchObject({ PersonalDataDeleted: true, Deletable: false, Total: '300.00', Items: 1 });
    expect(listed.DeletedByName).toBe('王芳');
    const deleted = await ok(`${P}/SearchF110Main`, { Keyword: old.RunNo, Deleted: 'true' });
    expect(deleted.Total).toBe(1);
    const detail = await ok(`${P}/SearchF110Detail`, { RunID: old.RunID });
    expect(detail.Rows[0]).toMatchObject({ DocNo: d3.docNo, PayeeName: '', BankAccount: null, Amount: '300.00' });

    const again = await ok(`${P}/DeleteF110`, { Runs: [{ RunID: old.RunID, Version: after.version }] });
    expect(again.Refused[0].Code).toBe('pipl.already_deleted');
  });

  concurrencyTest('two deletions of one run at once: one deletes, the other finds it deleted', async () => {
    const e = await payee(t, 'PL4', '6228480033334444');
    const run = await remitted([await postedDocument(t, e.id, '50.00')], 400);
    const { version } = await runRow(run.RunID);
    const body = { Runs: [{ RunID: run.RunID, Version: version }] };
    const [a, b] = await Promise.all([ok(`${P}/DeleteF110`, body), ok(`${P}/DeleteF110`, body)]);
    const results = [a, b];
    expect(results.flatMap((r) => r.Deleted)).toHaveLength(1);
    // The loser waited on the lock and decided on what the winner committed, not on a stale read.
    expect(results.flatMap((r) => r.Refused).map((r: { Code: string }) => r.Code)).toEqual(['pipl.already_deleted']);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(run.RunID)), eq(auditLog.action, 'delete_personal_data')));
    expect(audits).toHaveLength(1);
  });
});
