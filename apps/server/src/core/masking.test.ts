import type { ProviderRow, RemitRow } from '@ems/contracts';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/app';
import { sheetOf } from '../../test/finance';
import { userAccount } from '../modules/auth/auth.table';
import { provider } from '../modules/masterdata/reference.table';
import { employee, employeeRoleTeam, roleFunction } from '../modules/org/org.table';
import { canSeeWholeAccount, keptAccount, shownAccount } from './masking';

const MASKED = /^\*{4}( \*{4} \d{4})?$/;
const WHOLE = /^\d{8,32}$/;

describe('the masking rule', () => {
  it('masks unless the caller pays people, and keeps the stored number when the mask comes back', () => {
    const clerk = { functions: new Set(['expenseRemittance']) };
    const other = { functions: new Set(['postIntoAccount', 'personManage']) };
    expect(canSeeWholeAccount(clerk)).toBe(true);
    expect(canSeeWholeAccount(other)).toBe(false);
    expect(canSeeWholeAccount(null)).toBe(false);
    expect(shownAccount(other, '6222 0212 3456 7890 123')).toBe('**** **** 0123');
    expect(shownAccount(clerk, '6222021234567890123')).toBe('6222021234567890123');
    expect(shownAccount(other, null)).toBeNull();
    expect(keptAccount('**** **** 0123', '6222021234567890123')).toBe('6222021234567890123');
    expect(keptAccount('6222029999999999', '6222021234567890123')).toBe('6222029999999999');
    expect(keptAccount(null, '6222021234567890123')).toBeNull();
  });
});

describe('lists and exports with bank accounts', () => {
  let t: TestApp;
  let payer: string;
  let viewer: string;

  /** The functions each screen needs, given to both users' roles; only the payer's roles pay (expenseRemittance). */
  async function grant(username: string, functions: string[]) {
    const [acc] = await t.ctx.db.select().from(userAccount).where(eq(userAccount.username, username));
    const roles = await t.ctx.db
      .select({ roleId: employeeRoleTeam.roleId })
      .from(employeeRoleTeam)
      .where(eq(employeeRoleTeam.employeeId, acc!.employeeId));
    expect(roles.length).toBeGreaterThan(0);
    await t.ctx.db
      .insert(roleFunction)
      .values(roles.flatMap((r) => functions.map((f) => ({ roleId: r.roleId, functionCode: f }))))
      .onConflictDoNothing();
    return roles.map((r) => r.roleId);
  }

  beforeAll(async () => {
    t = await testApp();
    const screens = ['postIntoAccount', 'providerMasterManagement', 'personManage'];
    await grant('finance', [...screens, 'expenseRemittance']);
    const auditorRoles = await grant('auditor', screens);
    await t.ctx.db
      .delete(roleFunction)
      .where(and(inArray(roleFunction.roleId, auditorRoles), eq(roleFunction.functionCode, 'expenseRemittance')));
    [payer, viewer] = await t.tokens('finance', 'auditor');
  });
  afterAll(() => t.close());

  it('posting records: the payables list and its export show the whole account only to the payer', async () => {
    const list = async (token: string) => {
      const res = await t.call('/api/document/LoadRemitData', { PageSize: 100 }, token);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().Rows as RemitRow[]).map((r) => r.BankAccount).filter((a): a is string => !!a);
    };
    const whole = await list(payer);
    const masked = await list(viewer);
    expect(whole.length).toBeGreaterThan(0);
    expect(whole.every((a) => WHOLE.test(a))).toBe(true);
    expect(masked).toHaveLength(whole.length);
    expect(masked.every((a) => MASKED.test(a))).toBe(true);

    const column = async (token: string) => {
      const sheet = await sheetOf(await t.call('/api/document/ExportRemitData', {}, token));
      const at = sheet[0]!.findIndex((h) => /银行账号|account/i.test(h));
      expect(at).toBeGreaterThanOrEqual(0);
      return sheet
        .slice(1)
        .map((r) => r[at]!)
        .filter(Boolean);
    };
    expect((await column(payer)).every((a) => WHOLE.test(a))).toBe(true);
    const exported = await column(viewer);
    expect(exported.length).toBeGreaterThan(0);
    expect(exported.every((a) => MASKED.test(a))).toBe(true);
  });

  it('providers: masked in the list and export, and the mask saved back keeps the number', async () => {
    const [p] = await t.ctx.db.select().from(provider).where(isNotNull(provider.bankAccount)).limit(1);
    expect(p).toBeDefined();
    const row = async (token: string) => {
      const res = await t.call('/api/masterdatamanage/SearchProviderInformationList', { Keyword: p!.code }, token);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().Rows as ProviderRow[]).find((r) => r.ID === p!.id)!;
    };
    expect((await row(payer)).BankAccount).toBe(p!.bankAccount);
    const seen = await row(viewer);
    expect(seen.BankAccount).toMatch(MASKED);
    const sheet = await sheetOf(
      await t.call('/api/masterdatamanage/ExportProviderInformationList', { Keyword: p!.code }, viewer),
    );
    expect(sheet.flat()).not.toContain(p!.bankAccount);
    expect(sheet.flat().some((c) => MASKED.test(c))).toBe(true);

    // The edit form, filled from the masked list, sends the mask back with another change.
    const saved = await t.call(
      '/api/masterdatamanage/SaveProviderInformation',
      {
        ID: seen.ID,
        Version: seen.Version,
        Code: seen.Code,
        NameZH: seen.NameZH,
        NameEN: `${seen.NameEN} (renamed)`,
        TaxNo: seen.TaxNo,
        BankName: seen.BankName,
        BankAccount: seen.BankAccount,
        BankCnaps: seen.BankCnaps,
        Category: seen.Category,
        Active: seen.Active,
      },
      viewer,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const [after] = await t.ctx.db.select().from(provider).where(eq(provider.id, p!.id));
    expect(after).toMatchObject({ nameEn: `${seen.NameEN} (renamed)`, bankAccount: p!.bankAccount });
  });

  it('people: the export masks, the edit form shows the whole number, a mask sent back keeps it', async () => {
    const [person] = await t.ctx.db
      .select()
      .from(employee)
      .where(and(eq(employee.companyId, 1), isNotNull(employee.bankAccount)))
      .limit(1);
    const sheet = await sheetOf(await t.call('/api/system/ExportEmployee', { Keyword: person!.code }, viewer));
    expect(sheet.flat()).not.toContain(person!.bankAccount);
    expect(sheet.flat().some((c) => MASKED.test(c))).toBe(true);
    const paying = await sheetOf(await t.call('/api/system/ExportEmployee', { Keyword: person!.code }, payer));
    expect(paying.flat()).toContain(person!.bankAccount);

    const form = await t.call('/api/system/SelectEmployee', { EmployeeID: person!.id }, viewer);
    expect(form.json().BankAccount).toBe(person!.bankAccount);
    const kept = await t.call(
      '/api/system/UpdateEmployeeInfo',
      { EmployeeID: person!.id, Version: person!.version, BankAccount: '**** **** 9999', Mobile: '13800000000' },
      viewer,
    );
    expect(kept.statusCode, kept.body).toBe(200);
    const [after] = await t.ctx.db.select().from(employee).where(eq(employee.id, person!.id));
    expect(after).toMatchObject({ bankAccount: person!.bankAccount, mobile: '13800000000' });
  });
});
