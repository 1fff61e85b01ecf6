import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shanghaiToday } from '../src/core/time';
import { userAccount } from '../src/modules/auth/auth.table';
import { bankJob } from '../src/modules/finance/remit/bank.service';
import { remittanceRun } from '../src/modules/finance/remit/remit.table';
import { employee } from '../src/modules/org/org.table';
import { outboundJob } from '../src/modules/outbound/outbound.table';
import { type TestApp, testApp } from './app';
import { okCaller, payee, postedDocument } from './remittance';

/** Nothing a user types becomes a formula in a file someone else opens (decision 053). */

const HYPERLINK = '=HYPERLINK("http://x","y")';
const R = '/api/RemittancePosting';

let t: TestApp;
let dataDir: string;
let finance: string;
let employeeToken: string;
let admin: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ems-formula-'));
  t = await testApp({ DATA_DIR: dataDir });
  [finance, employeeToken, admin] = await t.tokens('finance', 'employee', 'admin');
});
afterAll(() => t.close());

describe('a bank name is validated where it is entered', () => {
  it('refuses a formula as the bank name in the profile, with the field named, and keeps the stored one', async () => {
    const info = (await t.call('/api/System/GetDefaultInfo', {}, employeeToken)).json();
    for (const culture of ['zh-CN', 'en-GB']) {
      const res = await t.call(
        '/api/System/ModifyPersonalinfo',
        { BankName: HYPERLINK, Version: info.Version },
        employeeToken,
        { 'accept-language': culture },
      );
      expect(res.statusCode).toBe(400);
      const error = res.json().errors[0];
      expect(error).toMatchObject({ field: 'BankName', code: 'validation.bank_name' });
      expect(error.message).toMatch(culture === 'zh-CN' ? /开户行/ : /bank name/);
    }
    for (const bad of ['@SUM(1)', '+86', '-1+1', '\t=1'])
      expect(
        (await t.call('/api/System/ModifyPersonalinfo', { BankName: bad, Version: info.Version }, employeeToken))
          .statusCode,
      ).toBe(400);
    const after = (await t.call('/api/System/GetDefaultInfo', {}, employeeToken)).json();
    expect(after.BankName).toBe(info.BankName);
    expect(after.Version).toBe(info.Version);
    const fine = await t.call(
      '/api/System/ModifyPersonalinfo',
      { BankName: '中国银行上海徐汇支行 (Xuhui)', Version: info.Version },
      employeeToken,
    );
    expect(fine.statusCode).toBe(200);
  });

  it('refuses it in the people administration too', async () => {
    const [account] = await t.ctx.db.select().from(userAccount).where(eq(userAccount.username, 'manager'));
    const id = account!.employeeId;
    const record = (await t.call('/api/system/SelectEmployee', { EmployeeID: id }, admin)).json();
    const res = await t.call(
      '/api/system/UpdateEmployeeInfo',
      { EmployeeID: id, Version: record.Version, BankName: HYPERLINK },
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'BankName', code: 'validation.bank_name' });
  });
});

describe('a formula already in the database', () => {
  it('reaches the bank CSV neutralised, the amounts still numbers', async () => {
    const ok = okCaller(t, () => finance);
    // One unfinished run per company: whatever the seed left open is finished first.
    await t.ctx.db.update(remittanceRun).set({ step: 'done' }).where(ne(remittanceRun.step, 'done'));
    // Entered before the names were validated (or straight into the database).
    const p = await payee(t, 'FX1');
    await t.ctx.db.update(employee).set({ bankName: HYPERLINK, nameZh: '@张三' }).where(eq(employee.id, p.id));
    const d = await postedDocument(t, p.id, '120.50');
    const run = await ok(`${R}/GenerateData`, {
      PaymentMethod: 'transfer',
      CreditingDate: shanghaiToday(),
      AuditMethod: 'payee',
    });
    await ok(`${R}/Pass`, { RunID: run.RunID, Documents: [{ ID: d.id, Version: d.version }] });
    const step = async (name: string) => {
      const { Run } = await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID });
      return ok(`${R}/ConfirmStep`, { RunID: run.RunID, Version: Run.Version, Step: name });
    };
    await step('documents');
    await step('list');
    await step('entries');
    expect((await t.call(`${R}/PrintList`, { RunID: run.RunID }, finance)).statusCode).toBe(200);
    await step('print');
    const { Run } = await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID });
    const done = await ok(`${R}/Remit`, { RunID: run.RunID, Version: Run.Version });
    const [job] = await t.ctx.db
      .select()
      .from(outboundJob)
      .where(and(eq(outboundJob.queue, 'bank'), sql`${outboundJob.payload}->>'runId' = ${String(run.RunID)}`));
    await bankJob(t.ctx)(job!.payload, { last: false, requestId: null });

    const file = readFileSync(join(dataDir, 'bank', `${done.RunNo}.csv`), 'utf8');
    const line = file.split('\n').find((l) => l.includes('6225FX1'))!;
    expect(line).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(line).not.toMatch(/(^|,)[=+@\t\r-]/);
    expect(line.split(',')).toContain('120.50');
  });
});
