import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { auditLog } from '../../audit/audit.table';
import { userAccount } from '../../auth/auth.table';
import { company } from '../../system/system.table';
import { employee as employeeTable } from '../org.table';

let t: TestApp;
let admin: string;
let employee: string;
const db = () => t.ctx.database.db;

beforeAll(async () => {
  t = await testApp();
  [admin, employee] = await t.tokens('admin', 'employee');
});
afterAll(() => t.close());

async function roleByCode(code: string) {
  const list = (await t.call('/api/RoleDefine/SearchRoleList', { Keyword: code, PageSize: 50 }, admin)).json();
  return list.Rows.find((r: { Code: string }) => r.Code === code);
}
async function idOf(username: string): Promise<number> {
  const [a] = await db().select().from(userAccount).where(eq(userAccount.username, username));
  return a!.employeeId;
}
async function rolesVersion(id: number): Promise<number> {
  const [e] = await db().select().from(employeeTable).where(eq(employeeTable.id, id));
  return e!.rolesVersion;
}

describe('roles and their functions', () => {
  it('lists roles with their counts, in the caller’s language', async () => {
    const res = await t.call('/api/RoleDefine/SearchRoleList', { Language: 'en-GB', PageSize: 50 }, admin);
    expect(res.statusCode).toBe(200);
    const codes = res.json().Rows.map((r: { Code: string }) => r.Code);
    expect(codes).toEqual(expect.arrayContaining(['SYSADMIN', 'EMPLOYEE', 'MANAGER', 'SSC', 'HRADMIN']));
    const emp = res.json().Rows.find((r: { Code: string }) => r.Code === 'EMPLOYEE');
    expect(emp).toMatchObject({ Name: 'Employee', FunctionCount: 8, TeamAuthority: false });
    expect(emp.EmployeeCount).toBeGreaterThan(150);
    const rec = (await t.call('/api/RoleDefine/LoadRoleRecord', { RoleID: emp.RoleID }, admin)).json();
    expect(rec.Name).toBe('员工');
  });

  it('shows the function catalogue by menu group with the role’s own ticked', async () => {
    const emp = await roleByCode('EMPLOYEE');
    const fns = (await t.call('/api/RoleDefine/LoadRoleFunction', { RoleID: emp.RoleID }, admin)).json();
    expect(fns.FunctionCodes).toContain('personalExpense');
    const cat = (await t.call('/api/RoleDefine/SearchRoleFunction', { RoleID: emp.RoleID }, admin)).json();
    const checked = cat.Rows.filter((r: { Checked: boolean }) => r.Checked).map(
      (r: { FunctionCode: string }) => r.FunctionCode,
    );
    expect(checked.sort()).toEqual([...fns.FunctionCodes].sort());
    const lm = cat.Rows.find((r: { FunctionCode: string }) => r.FunctionCode === 'languageManage');
    expect(lm).toMatchObject({ Group: 'master', LabelKey: 'menu.master.languageManage', Checked: false });
  });

  it('saves a role with its functions in one go, moves its holders’ roles version, and the change shows at the next call', async () => {
    const emp = await roleByCode('EMPLOYEE');
    const fns = (await t.call('/api/RoleDefine/LoadRoleFunction', { RoleID: emp.RoleID }, admin)).json().FunctionCodes;
    const holder = await idOf('employee');
    const before = await rolesVersion(holder);
    expect((await t.call('/api/System/SearchLanguage', {}, employee)).statusCode).toBe(403);
    const res = await t.call(
      '/api/RoleDefine/SaveRoleAndFunction',
      {
        RoleID: emp.RoleID,
        Code: 'EMPLOYEE',
        NameZH: '员工',
        NameEN: 'Employee',
        FunctionCodes: [...fns, 'languageManage'],
        Version: emp.Version,
      },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ FunctionCount: 9, Version: emp.Version + 1 });
    expect(await rolesVersion(holder)).toBe(before + 1);
    const fresh = (await t.login('employee')).access_token;
    expect((await t.call('/api/System/SearchLanguage', {}, fresh)).statusCode).toBe(200);
    const menu = (await t.call('/api/System/getMenu', {}, fresh)).json();
    expect(menu.Functions).toContain('languageManage');
    const audit = await db().select().from(auditLog).where(eq(auditLog.entity, 'role'));
    expect(audit.find((a) => a.entityId === String(emp.RoleID))?.detail).toMatchObject({ added: ['languageManage'] });
    const stale = await t.call(
      '/api/RoleDefine/SaveRoleAndFunction',
      {
        RoleID: emp.RoleID,
        Code: 'EMPLOYEE',
        NameZH: '员工',
        NameEN: 'Employee',
        FunctionCodes: fns,
        Version: emp.Version,
      },
      admin,
    );
    expect(stale.statusCode).toBe(409);
  });

  it('creates a role, and refuses duplicates, unknown functions and a locked-out administrator role', async () => {
    const created = await t.call(
      '/api/RoleDefine/SaveRoleAndFunction',
      {
        Code: 'MEDREV',
        NameZH: '医学审核',
        NameEN: 'Medical reviewer',
        FunctionCodes: ['documentViewCompliance'],
        ReportCodes: ['HCPReport'],
        TeamAuthority: true,
      },
      admin,
    );
    expect(created.statusCode).toBe(200);
    const reports = (await t.call('/api/RoleDefine/LoadRoleReport', { RoleID: created.json().RoleID }, admin)).json();
    expect(
      reports.Rows.filter((r: { Checked: boolean }) => r.Checked).map((r: { ReportCode: string }) => r.ReportCode),
    ).toEqual(['HCPReport']);
    const dup = await t.call(
      '/api/RoleDefine/SaveRoleAndFunction',
      { Code: 'medrev', NameZH: 'x', NameEN: 'x', FunctionCodes: [] },
      admin,
    );
    expect(dup.statusCode).toBe(409);
    const unknown = await t.call(
      '/api/RoleDefine/SaveRoleAndFunction',
      { Code: 'X1', NameZH: 'x', NameEN: 'x', FunctionCodes: ['noSuchThing'] },
      admin,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ field: 'FunctionCodes', code: 'org.function_unknown' });
    const sys = await roleByCode('SYSADMIN');
    const locked = await t.call(
      '/api/RoleDefine/SaveRoleAndFunction',
      {
        RoleID: sys.RoleID,
        Code: 'SYSADMIN',
        NameZH: '系统管理员',
        NameEN: 'Admin',
        FunctionCodes: ['languageManage'],
        Version: sys.Version,
      },
      admin,
    );
    expect(locked.statusCode).toBe(422);
    expect(locked.json().code).toBe('org.admin_role_locked');
    const invalid = await t.call('/api/RoleDefine/SaveRoleAndFunction', { Code: '', FunctionCodes: 'x' }, admin);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['Code', 'NameZH', 'NameEN', 'FunctionCodes']),
    );
  });

  it('saves report access and lists the user’s reports', async () => {
    const mgr = await roleByCode('MANAGER');
    const res = await t.call(
      '/api/RoleDefine/SaveRoleReport',
      { RoleID: mgr.RoleID, ReportCodes: ['budgeReport', 'approveAmountData', 'DocumentStatus'], Version: mgr.Version },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const manager = (await t.login('manager')).access_token;
    const mine = (await t.call('/api/RoleDefine/LoadRoleReportByUserId', {}, manager)).json();
    expect(mine.Rows.map((r: { ReportCode: string }) => r.ReportCode)).toEqual([
      'budgeReport',
      'approveAmountData',
      'DocumentStatus',
    ]);
    const bad = await t.call(
      '/api/RoleDefine/SaveRoleReport',
      { RoleID: mgr.RoleID, ReportCodes: ['personManage'], Version: 2 },
      admin,
    );
    expect(bad.json().errors[0].code).toBe('org.report_unknown');
    expect((await t.call('/api/RoleDefine/LoadRoleReportByUserId', {}, employee)).json().Rows).toEqual([]);
  });
});

describe('role assignments', () => {
  it('gives people a role for a team, lists and takes it away', async () => {
    const budget = await roleByCode('BUDGET');
    const emp = await idOf('employee');
    const team = (await t.call('/api/RoleDefine/SearchCompanyTeam', { Keyword: 'ONC-E-SH' }, admin)).json().Rows[0];
    const before = await rolesVersion(emp);
    const ins = await t.call(
      '/api/RoleDefine/InsertEmployeeRoleTeam',
      { RoleID: budget.RoleID, EmployeeIDs: [emp], TeamID: team.TeamID },
      admin,
    );
    expect(ins.json()).toEqual({ Inserted: 1 });
    expect(await rolesVersion(emp)).toBe(before + 1);
    const again = await t.call(
      '/api/RoleDefine/InsertEmployeeRoleTeam',
      { RoleID: budget.RoleID, EmployeeIDs: [emp], TeamID: team.TeamID },
      admin,
    );
    expect(again.json()).toEqual({ Inserted: 0 });
    const list = (
      await t.call('/api/RoleDefine/SearchEmployeeRoleTeam', { EmployeeID: emp, Language: 'en-GB' }, admin)
    ).json();
    const row = list.Rows.find((r: { RoleCode: string }) => r.RoleCode === 'BUDGET');
    expect(row).toMatchObject({ TeamName: 'Oncology Shanghai District', EmployeeName: 'Wei Zhang' });
    const auth = (await t.call('/api/system/getTeamAuth', {}, (await t.login('employee')).access_token)).json();
    expect(auth.Rows.map((r: { Code: string }) => r.Code)).toEqual(['ONC-E-SH']);
    const holders = (await t.call('/api/RoleDefine/SearchRoleEmployeeList', { RoleID: budget.RoleID }, admin)).json();
    expect(holders.Rows.map((r: { EmployeeID: number }) => r.EmployeeID)).toContain(emp);
    const del = await t.call('/api/RoleDefine/DeleteEmployeeRoleTeam', { IDs: [row.ID] }, admin);
    expect(del.statusCode).toBe(200);
    expect((await t.call('/api/RoleDefine/DeleteEmployeeRoleTeam', { IDs: [row.ID] }, admin)).statusCode).toBe(404);
  });

  it('offers people not yet holding the role for the whole company', async () => {
    const ssc = await roleByCode('SSC');
    const res = (
      await t.call('/api/RoleDefine/SearchEmployeeList', { RoleID: ssc.RoleID, Keyword: '王芳', PageSize: 50 }, admin)
    ).json();
    expect(res.Rows).toEqual([]);
    const any = (
      await t.call('/api/RoleDefine/SearchEmployeeList', { RoleID: ssc.RoleID, Keyword: '张伟' }, admin)
    ).json();
    expect(any.Rows).toHaveLength(1);
  });

  it('keeps at least one administrator', async () => {
    const sys = await roleByCode('SYSADMIN');
    const holders = (await t.call('/api/RoleDefine/SearchRoleEmployeeList', { RoleID: sys.RoleID }, admin)).json();
    expect(holders.Total).toBe(2);
    const ids = holders.Rows.map((r: { ID: number }) => r.ID);
    const res = await t.call('/api/RoleDefine/DeleteEmployeeRoleTeam', { IDs: ids, Language: 'en-GB' }, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The company must keep at least one administrator');
    expect((await t.call('/api/RoleDefine/SearchRoleEmployeeList', { RoleID: sys.RoleID }, admin)).json().Total).toBe(
      2,
    );
  });

  it('refuses other companies’ roles, teams and people', async () => {
    const [c2] = await db().select().from(company).where(eq(company.code, '2000'));
    const shifted = await t.call('/api/System/ShiftCompany', { TargetCompanyID: c2!.id }, admin);
    expect(shifted.statusCode).toBe(200);
    const roles2 = (await t.call('/api/RoleDefine/SearchAllRole', {}, shifted.json().access_token)).json();
    const foreignRole = roles2.Rows[0].RoleID;
    const all = (await t.call('/api/RoleDefine/SearchAllRole', {}, admin)).json();
    expect(all.Rows.some((r: { RoleID: number }) => r.RoleID === foreignRole)).toBe(false);
    const emp = await idOf('employee');
    const res = await t.call(
      '/api/RoleDefine/InsertEmployeeRoleTeam',
      { RoleID: foreignRole, EmployeeIDs: [emp] },
      admin,
    );
    expect(res.statusCode).toBe(404);
    expect((await t.call('/api/RoleDefine/LoadRoleRecord', { RoleID: foreignRole }, admin)).statusCode).toBe(404);
    const [stranger] = await db().select().from(employeeTable).where(eq(employeeTable.companyId, c2!.id)).limit(1);
    const budget = await roleByCode('BUDGET');
    const person = await t.call(
      '/api/RoleDefine/InsertEmployeeRoleTeam',
      { RoleID: budget.RoleID, EmployeeIDs: [stranger!.id] },
      admin,
    );
    expect(person.statusCode).toBe(404);
    const other = (await t.call('/api/RoleDefine/SearchCompanyTeam', { TargetCompanyID: c2!.id }, admin)).json();
    expect(other.Rows.map((r: { Code: string }) => r.Code)).toContain('DEV');
    const hr = (await t.login('manager')).access_token;
    expect((await t.call('/api/RoleDefine/SearchCompanyTeam', { TargetCompanyID: c2!.id }, hr)).statusCode).toBe(403);
  });
});

describe('role calls', () => {
  it('need a sign-in and the role functions', async () => {
    const calls = [
      'SearchRoleList',
      'LoadRoleRecord',
      'LoadRoleFunction',
      'SearchRoleFunction',
      'SearchEmployeeList',
      'SearchRoleEmployeeList',
      'LoadRoleReport',
      'SaveRoleReport',
      'InsertEmployeeRoleTeam',
      'DeleteEmployeeRoleTeam',
      'SearchEmployeeRoleTeam',
      'SearchCompanyTeam',
      'SaveRoleAndFunction',
      'SearchAllRole',
    ].map((c) => `/api/RoleDefine/${c}`);
    for (const url of [...calls, '/api/RoleDefine/LoadRoleReportByUserId', '/api/system/CheckIsSSCDeputy'])
      expect((await t.call(url, {})).statusCode, url).toBe(401);
    for (const url of calls) expect((await t.call(url, {}, employee)).statusCode, url).toBe(403);
  });

  it('tells whether the user works as the shared-service centre', async () => {
    expect((await t.call('/api/system/CheckIsSSCDeputy', {}, employee)).json()).toEqual({ IsSSCDeputy: false });
    const finance = (await t.login('finance')).access_token;
    expect((await t.call('/api/system/CheckIsSSCDeputy', {}, finance)).json()).toEqual({ IsSSCDeputy: true });
    expect((await t.call('/api/system/CheckIsSSCDeputy', {}, admin)).json()).toEqual({ IsSSCDeputy: true });
  });
});
