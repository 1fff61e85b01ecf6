import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { teamIdOf } from '../../../../test/finance';
import { auditLog } from '../../audit/audit.table';
import { userAccount } from '../../auth/auth.table';
import { company } from '../../system/system.table';
import { employee as employeeTable } from '../org.table';

let t: TestApp;
let admin: string;
let employee: string;
const db = () => t.ctx.database.db;

const teamId = (companyCode: string, code: string) => teamIdOf(t, companyCode, code);
async function idOf(username: string): Promise<number> {
  const [a] = await db().select().from(userAccount).where(eq(userAccount.username, username));
  return a!.employeeId;
}
async function record(id: number) {
  return (await t.call('/api/system/SelectEmployee', { EmployeeID: id }, admin)).json();
}

beforeAll(async () => {
  t = await testApp();
  [admin, employee] = await t.tokens('admin', 'employee');
});
afterAll(() => t.close());

const person = async (over: Record<string, unknown> = {}) => ({
  Code: 'P90001',
  NameZH: '赵新',
  NameEN: 'Xin Zhao',
  TeamID: await teamId('1000', 'ONC-E-JS'),
  Email: 'xin.zhao@huakang-demo.cn',
  ...over,
});

describe('searching people', () => {
  it('pages and filters the company’s people, names in the caller’s language', async () => {
    const all = (await t.call('/api/system/SearchEmployee', { PageSize: 10 }, admin)).json();
    expect(all.Total).toBeGreaterThan(150);
    expect(all.Rows).toHaveLength(10);
    const en = (await t.call('/api/system/SearchEmployee', { Keyword: 'employee', Language: 'en-GB' }, admin)).json();
    expect(en.Rows[0]).toMatchObject({
      Name: 'Wei Zhang',
      TeamName: 'Oncology Shanghai District',
      LineManagerName: 'Jing Li',
    });
    const zh = (await t.call('/api/system/SearchEmployee', { Keyword: 'employee' }, admin)).json();
    expect(zh.Rows[0]).toMatchObject({ Name: '张伟', Username: 'employee', Status: 'active' });
    // A keyword finds people by any part of their names, code, e-mail or username, in any case.
    const names = async (Keyword: string) =>
      (await t.call('/api/system/SearchEmployee', { Keyword, PageSize: 100 }, admin))
        .json()
        .Rows.map((r: { Username: string }) => r.Username);
    for (const k of ['张伟', '伟', 'WEI ZH', 'mploye']) expect(await names(k)).toContain('employee');
    expect(await names('没有这个人')).toEqual([]);
    const onc = await teamId('1000', 'ONC');
    const direct = (await t.call('/api/system/SearchEmployee', { TeamID: onc, PageSize: 100 }, admin)).json();
    const deep = (
      await t.call('/api/system/SearchEmployee', { TeamID: String(onc), IncludeSubTeams: 'true', PageSize: 100 }, admin)
    ).json();
    expect(deep.Total).toBeGreaterThan(direct.Total + 40);
    const left = (await t.call('/api/system/SearchEmployee', { Status: 'left' }, admin)).json();
    expect(left.Total).toBe(1);
    const sorted = (
      await t.call('/api/system/SearchEmployee', { SortField: 'Code', SortOrder: 'descend', PageSize: 3 }, admin)
    ).json();
    expect(sorted.Rows[0].Code > sorted.Rows[1].Code).toBe(true);
  });

  it('shows one person with roles, companies and history', async () => {
    const id = await idOf('finance');
    const info = (await t.call('/api/system/GetEmployeeInfo', { EmployeeID: id, Language: 'en-GB' }, admin)).json();
    expect(info).toMatchObject({ Username: 'finance', Name: 'Fang Wang', TeamName: 'Finance Shared Service Centre' });
    expect(info.Roles.map((r: { RoleName: string }) => r.RoleName)).toEqual(
      expect.arrayContaining(['Employee', 'Shared service centre finance']),
    );
    expect(info.Companies).toEqual([
      expect.objectContaining({ CompanyName: 'Huakang Medical Devices (Shanghai) Co., Ltd.' }),
    ]);
    const rec = await record(id);
    expect(rec).toMatchObject({ Code: expect.any(String), Username: 'finance', Version: 1 });
  });

  it('lets pickers fetch one person by id, even one who has left', async () => {
    const left = (await t.call('/api/system/SearchEmployee', { Status: 'left' }, admin)).json().Rows[0];
    const res = await t.call('/api/system/ChooseEmployee', { EmployeeID: left.EmployeeID }, employee);
    expect(res.json().Rows).toEqual([expect.objectContaining({ EmployeeID: left.EmployeeID, Status: 'left' })]);
  });

  it('does not show another company’s person', async () => {
    const [c] = await db().select().from(company).where(eq(company.code, '2000'));
    const [other] = await db().select().from(employeeTable).where(eq(employeeTable.companyId, c!.id)).limit(1);
    expect((await t.call('/api/system/SelectEmployee', { EmployeeID: other!.id }, admin)).statusCode).toBe(404);
    expect((await t.call('/api/system/GetEmployeeInfo', { EmployeeID: other!.id }, admin)).statusCode).toBe(404);
  });
});

describe('saving people', () => {
  it('creates a person with a sign-in name and a temporary password, then updates them', async () => {
    const manager = await idOf('manager');
    const res = await t.call(
      '/api/system/SaveEmployee',
      { ...(await person()), LineManagerID: manager, Username: 'Xin.Zhao' },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.TemporaryPassword).toMatch(/^[A-Za-z]{4}\d{4}!$/);
    const signIn = await t.login('xin.zhao', saved.TemporaryPassword);
    expect(signIn.access_token).toBeTruthy();
    const upd = await t.call(
      '/api/system/SaveEmployee',
      {
        ...(await person({ NameEN: 'Xin Zhao Jr' })),
        EmployeeID: saved.EmployeeID,
        Version: saved.Version,
        Username: 'xin.zhao',
      },
      admin,
    );
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ TemporaryPassword: null, Version: 2 });
    const stale = await t.call(
      '/api/system/SaveEmployee',
      { ...(await person()), EmployeeID: saved.EmployeeID, Version: 1 },
      admin,
    );
    expect(stale.statusCode).toBe(409);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(saved.EmployeeID)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'update']));
  });

  it('refuses a duplicate code or user name, and a team of another company', async () => {
    const existing = (await t.call('/api/system/SearchEmployee', { Keyword: 'employee' }, admin)).json().Rows[0];
    const dup = await t.call('/api/system/SaveEmployee', await person({ Code: existing.Code.toLowerCase() }), admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'org.code_duplicate', errors: [{ field: 'Code' }] });
    const user = await t.call('/api/system/SaveEmployee', await person({ Code: 'P90002', Username: 'MANAGER' }), admin);
    expect(user.statusCode).toBe(409);
    expect(user.json().errors[0].field).toBe('Username');
    const foreign = await t.call(
      '/api/system/SaveEmployee',
      await person({ Code: 'P90003', TeamID: await teamId('2000', 'DEV') }),
      admin,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0]).toMatchObject({ field: 'TeamID', code: 'org.team_not_found' });
  });

  it('never lets a line manager and their reports form a loop', async () => {
    const manager = await idOf('manager');
    const emp = await idOf('employee');
    const m = await record(manager);
    const loop = await t.call(
      '/api/system/UpdateEmployeeInfo',
      { EmployeeID: manager, Version: m.Version, LineManagerID: emp, Language: 'en-GB' },
      admin,
    );
    expect(loop.statusCode).toBe(422);
    expect(loop.json()).toMatchObject({ code: 'org.manager_cycle' });
    expect(loop.json().message).toContain('reporting loop');
    const self = await t.call(
      '/api/system/UpdateEmployeeInfo',
      { EmployeeID: manager, Version: m.Version, LineManagerID: manager },
      admin,
    );
    expect(self.json().code).toBe('org.manager_cycle');
    // Further up the chain: the head of the whole company under someone far below.
    const gm = (
      await t.call('/api/system/SearchEmployee', { TeamID: await teamId('1000', 'GM'), PageSize: 1 }, admin)
    ).json().Rows[0];
    const deep = await t.call(
      '/api/system/SaveEmployee',
      {
        Code: gm.Code,
        NameZH: gm.NameZH,
        NameEN: gm.NameEN,
        TeamID: gm.TeamID,
        LineManagerID: emp,
        EmployeeID: gm.EmployeeID,
        Version: gm.Version,
      },
      admin,
    );
    expect(deep.json().code).toBe('org.manager_cycle');
  });

  it('transfers a person to another team and manager', async () => {
    const emp = await idOf('employee');
    const r = await record(emp);
    const js = await teamId('1000', 'ONC-E-JS');
    const res = await t.call(
      '/api/system/UpdateEmployeeInfo',
      { EmployeeID: emp, Version: r.Version, TeamID: js, Mobile: '13900000001' },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const after = await record(emp);
    expect(after).toMatchObject({ TeamID: js, Mobile: '13900000001', LineManagerID: r.LineManagerID });
    await t.call(
      '/api/system/UpdateEmployeeInfo',
      { EmployeeID: emp, Version: after.Version, TeamID: r.TeamID },
      admin,
    );
  });

  it('refuses invalid bodies with field errors', async () => {
    const res = await t.call(
      '/api/system/SaveEmployee',
      { Code: '', NameZH: 'x', Email: 'not-mail', BankAccount: '12ab' },
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['Code', 'NameEN', 'TeamID', 'Email', 'BankAccount']),
    );
    const status = await t.call(
      '/api/system/UpdateEmployeeStatus',
      { EmployeeID: 1, Status: 'gone', Reason: '' },
      admin,
    );
    expect(status.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['Status', 'Reason', 'Version']),
    );
  });
});

describe('status, limits, companies and deleting', () => {
  it('changes status with a reason, keeps the history and refuses leaving while people report to them', async () => {
    const manager = await idOf('manager');
    const m = await record(manager);
    const leave = await t.call(
      '/api/system/UpdateEmployeeStatus',
      { EmployeeID: manager, Status: 'left', Reason: '离职', Version: m.Version },
      admin,
    );
    expect(leave.statusCode).toBe(422);
    expect(leave.json().code).toBe('org.employee_has_reports');
    const freeze = await t.call(
      '/api/system/UpdateEmployeeStatus',
      { EmployeeID: manager, Status: 'resignation_frozen', Reason: '提交离职申请', Version: m.Version },
      admin,
    );
    expect(freeze.statusCode).toBe(200);
    const same = await t.call(
      '/api/system/UpdateEmployeeStatus',
      { EmployeeID: manager, Status: 'resignation_frozen', Reason: 'again', Version: freeze.json().Version },
      admin,
    );
    expect(same.json().code).toBe('org.status_unchanged');
    const thaw = await t.call(
      '/api/system/UpdateEmployeeStatus',
      { EmployeeID: manager, Status: 'active', Reason: '撤回离职', Version: freeze.json().Version },
      admin,
    );
    expect(thaw.statusCode).toBe(200);
    const info = (await t.call('/api/system/GetEmployeeInfo', { EmployeeID: manager }, admin)).json();
    expect(info.StatusHistory.map((h: { ToStatus: string; Reason: string }) => [h.ToStatus, h.Reason])).toEqual([
      ['active', '撤回离职'],
      ['resignation_frozen', '提交离职申请'],
    ]);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'update_status'));
    expect(audits.length).toBe(2);
  });

  it('sets approval limits as money, never negative', async () => {
    const emp = await idOf('employee');
    const r = await record(emp);
    const res = await t.call(
      '/api/system/SaveEmployeeApproveLimit',
      { EmployeeID: emp, ApprovalLimit: '8000.5', Version: r.Version },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().ApprovalLimit).toBe('8000.50');
    const neg = await t.call(
      '/api/system/SaveEmployeeApproveLimit',
      { EmployeeID: emp, ApprovalLimit: '-1', Version: 1 },
      admin,
    );
    expect(neg.statusCode).toBe(400);
    expect(neg.json().errors[0].field).toBe('ApprovalLimit');
    const float = await t.call(
      '/api/system/SaveEmployeeApproveLimit',
      { EmployeeID: emp, ApprovalLimit: 12.345, Version: 1 },
      admin,
    );
    // A JSON number is read as its text, so one past two decimals is refused like the string would be.
    expect(float.statusCode).toBe(400);
    expect(float.json().errors[0].field).toBe('ApprovalLimit');
    const list = (
      await t.call('/api/system/SearchEmployeeApproveLimit', { Keyword: 'employee', OnlyWithLimit: true }, admin)
    ).json();
    expect(list.Rows[0]).toMatchObject({ ApprovalLimit: '8000.50' });
    const cleared = await t.call(
      '/api/system/SaveEmployeeApproveLimit',
      { EmployeeID: emp, ApprovalLimit: null, Version: res.json().Version },
      admin,
    );
    expect(cleared.json().ApprovalLimit).toBeNull();
  });

  it('lets a person sign in to the administrator’s other companies only', async () => {
    const emp = await idOf('employee');
    const [c2] = await db().select().from(company).where(eq(company.code, '2000'));
    const dev = await teamId('2000', 'DEV-E');
    const res = await t.call(
      '/api/system/SaveEmployeeTeamRelation',
      { EmployeeID: emp, Relations: [{ CompanyID: c2!.id, TeamID: dev }] },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const companies = (await t.call('/api/System/GetCompanyListByUserName', { UserName: 'employee' })).json();
    expect(companies.Rows).toHaveLength(2);
    const [c1] = await db().select().from(company).where(eq(company.code, '1000'));
    const home = await t.call(
      '/api/system/SaveEmployeeTeamRelation',
      { EmployeeID: emp, Relations: [{ CompanyID: c1!.id }] },
      admin,
    );
    expect(home.json().errors[0].code).toBe('org.relation_home_company');
    const wrongTeam = await t.call(
      '/api/system/SaveEmployeeTeamRelation',
      { EmployeeID: emp, Relations: [{ CompanyID: c2!.id, TeamID: await teamId('1000', 'GM') }] },
      admin,
    );
    expect(wrongTeam.statusCode).toBe(400);
    await t.call('/api/system/SaveEmployeeTeamRelation', { EmployeeID: emp, Relations: [] }, admin);
    expect((await t.call('/api/System/GetCompanyListByUserName', { UserName: 'employee' })).json().Rows).toHaveLength(
      1,
    );
  });

  it('deletes a person nothing refers to, and refuses one in use with a clear message', async () => {
    const created = (await t.call('/api/system/SaveEmployee', await person({ Code: 'P90009' }), admin)).json();
    const del = await t.call('/api/system/DeleteEmployee', { IDs: [created.EmployeeID] }, admin);
    expect(del.statusCode).toBe(200);
    expect((await t.call('/api/system/SelectEmployee', { EmployeeID: created.EmployeeID }, admin)).statusCode).toBe(
      404,
    );
    const manager = await idOf('manager');
    const refused = await t.call('/api/system/DeleteEmployee', { IDs: [manager], Language: 'en-GB' }, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('org.employee_in_use_reports');
    expect(refused.json().message).toMatch(/line manager of \d+ people/);
    const emp = await idOf('employee');
    expect((await t.call('/api/system/DeleteEmployee', { IDs: [emp] }, admin)).json().code).toBe(
      'org.employee_in_use_roles',
    );
  });
});

describe('people calls', () => {
  const calls = [
    '/api/system/SearchEmployee',
    '/api/system/ExportEmployee',
    '/api/system/ImportEmployee',
    '/api/system/SelectEmployee',
    '/api/system/GetEmployeeInfo',
    '/api/system/SaveEmployee',
    '/api/system/DeleteEmployee',
    '/api/system/UpdateEmployeeStatus',
    '/api/system/UpdateEmployeeInfo',
    '/api/system/SaveEmployeeTeamRelation',
    '/api/system/SearchEmployeeApproveLimit',
    '/api/system/SaveEmployeeApproveLimit',
  ];
  it('need a sign-in and the people function', async () => {
    for (const url of calls) {
      expect((await t.call(url, {})).statusCode, url).toBe(401);
      expect((await t.call(url, {}, employee)).statusCode, url).toBe(403);
    }
  });

  it('give company information to every signed-in user', async () => {
    const res = await t.call('/api/system/GetCompanpyInfo', { Language: 'en-GB' }, employee);
    expect(res.json()).toMatchObject({
      Code: '1000',
      Name: 'Huakang Pharmaceutical (China) Co., Ltd.',
      Currency: 'CNY',
    });
    expect((await t.call('/api/system/GetCompanpyInfo', {})).statusCode).toBe(401);
  });
});
