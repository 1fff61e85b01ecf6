import { SCREENS } from '@ems/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { fieldsOf } from '../../../test/finance';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ IDLE_TIMEOUT_MS: '5000', IDLE_CHECK_INTERVAL_MS: '1000' });
});
afterAll(() => t.close());

describe('Index', () => {
  it('gives the login page its announcements in the request language and the session timings', async () => {
    const zh = (await t.call('/api/System/Index', {})).json();
    expect(zh.AppName).toBe('费用管理系统');
    expect(zh.Announcements[0].Title).toBe('欢迎使用费用管理系统');
    expect(zh).toMatchObject({ IdleTimeoutMs: 5000, IdleCheckIntervalMs: 1000, SsoEnabled: false, AnalyticsUrl: null });
    const en = (await t.call('/api/System/Index', { Language: 'en-GB' })).json();
    expect(en.Announcements[0].Title).toBe('Welcome to Expense Management');
  });
});

describe('getMenu', () => {
  it('builds each user’s menu from their functions', async () => {
    const employee = (await t.call('/api/System/getMenu', {}, (await t.login('employee')).access_token)).json();
    expect(employee.Groups.map((g: { Group: string }) => g.Group)).toEqual(['expense']);
    const paths = employee.Groups[0].Items.map((i: { Path: string }) => i.Path);
    expect(paths).toContain('/manage/personalExpense');
    expect(paths).not.toContain('/manage/languageManage');

    const admin = (await t.call('/api/System/getMenu', {}, (await t.login('admin')).access_token)).json();
    expect(admin.Groups.map((g: { Group: string }) => g.Group)).toEqual([
      'expense',
      'master',
      'account',
      'report',
      'setting',
    ]);
    expect(admin.Groups.flatMap((g: { Items: unknown[] }) => g.Items)).toHaveLength(SCREENS.length);
    const master = admin.Groups.find((g: { Group: string }) => g.Group === 'master');
    expect(master.Items[0]).toMatchObject({
      FunctionCode: 'languageManage',
      Path: '/manage/languageManage',
      LabelKey: 'menu.master.languageManage',
    });

    const finance = (await t.call('/api/System/getMenu', {}, (await t.login('finance')).access_token)).json();
    expect(finance.Functions).toContain('postIntoAccount');
    expect(finance.Functions).not.toContain('roleManagement');
  });
});

describe('profile', () => {
  it('shows the signed-in user’s profile in their language', async () => {
    const s = await t.login('employee');
    const zh = (await t.call('/api/System/GetDefaultInfo', {}, s.access_token)).json();
    expect(zh).toMatchObject({
      UserName: '张伟',
      Account: 'employee',
      TeamName: '肿瘤上海区',
      LineManagerName: '李静',
      Status: 'active',
    });
    const en = (await t.call('/api/System/GetDefaultInfo', { Language: 'en-GB' }, s.access_token)).json();
    expect(en).toMatchObject({
      UserName: 'Wei Zhang',
      TeamName: 'Oncology Shanghai District',
      LineManagerName: 'Jing Li',
    });
  });

  it('changes personal information with a version check, and refuses bad values', async () => {
    const s = await t.login('compliance');
    const info = (await t.call('/api/System/GetDefaultInfo', {}, s.access_token)).json();
    const ok = await t.call(
      '/api/System/ModifyPersonalinfo',
      { Email: 'min.chen@example.cn', BankAccount: '6222 0000 1111 2222', Version: info.Version },
      s.access_token,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      Email: 'min.chen@example.cn',
      BankAccount: '6222000011112222',
      Version: info.Version + 1,
    });
    const stale = await t.call(
      '/api/System/ModifyPersonalinfo',
      { Email: 'x@example.cn', Version: info.Version },
      s.access_token,
    );
    expect(stale.statusCode).toBe(409);
    const bad = await t.call(
      '/api/System/ModifyPersonalinfo',
      { Email: 'not-an-email', BankAccount: 'abc', Version: info.Version + 1 },
      s.access_token,
    );
    expect(fieldsOf(bad).sort()).toEqual(['BankAccount', 'Email']);
  });

  it('gives master lists and public parameters', async () => {
    const s = await t.login('admin');
    const info = (await t.call('/api/System/getMasterInfo', { Language: 'en-GB' }, s.access_token)).json();
    expect(info.Companies.map((c: { CompanyName: string }) => c.CompanyName)).toEqual([
      'Huakang Pharmaceutical (China) Co., Ltd.',
      'Huakang Medical Devices (Shanghai) Co., Ltd.',
    ]);
    expect(info.Parameters.ApprovalOverdueDays).toBe('3');
    expect(info.Currencies).toContainEqual({ Code: 'USD', Name: 'US Dollar' });
    const params = (await t.call('/api/System/SearchTMCParam', { Key: 'TMCCompany' }, s.access_token)).json();
    expect(params.Rows).toEqual([expect.objectContaining({ Key: 'TMCCompany', Value: 'CTRIP' })]);
  });

  it('opens an invoice-service session, served by the built-in simulator until one is configured', async () => {
    const s = await t.login('employee');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/Login/Index',
      headers: { authorization: `Bearer ${s.access_token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Provider: 'simulator', OnlineVerification: false });
    expect(new Date(res.json().ExpiresAt).getTime()).toBeGreaterThan(Date.now());
  });
});

describe('demo organisation', () => {
  it('holds two companies, a team tree and at least 200 people with Chinese and English names', async () => {
    const db = t.ctx.db;
    const companies = await db.query.company.findMany();
    expect(companies).toHaveLength(2);
    const people = await db.query.employee.findMany();
    expect(people.length).toBeGreaterThanOrEqual(200);
    expect(people.every((p) => /[\u4e00-\u9fff]/.test(p.nameZh) && /^[A-Za-z ]+$/.test(p.nameEn))).toBe(true);
    const teams = await db.query.team.findMany();
    expect(teams.filter((x) => x.parentId !== null).length).toBeGreaterThan(10);
    for (const u of ['admin', 'employee', 'manager', 'finance', 'compliance', 'auditor'])
      expect((await t.login(u)).Account).toBe(u);
  });
});

describe('pickers', () => {
  it('choose people of the signed-in company by code or name, in the user’s language', async () => {
    const s = await t.login('employee');
    const zh = (await t.call('/api/system/ChooseEmployee', { Keyword: '李静' }, s.access_token)).json();
    expect(zh.Rows).toEqual([expect.objectContaining({ Name: '李静', TeamName: '肿瘤上海区' })]);
    const en = (
      await t.call('/api/system/ChooseEmployee', { Keyword: 'jing li', Language: 'en-GB' }, s.access_token)
    ).json();
    expect(en.Rows[0]).toMatchObject({ Name: 'Jing Li', TeamName: 'Oncology Shanghai District' });
    const page = (await t.call('/api/system/ChooseEmployee', { PageSize: 10 }, s.access_token)).json();
    expect(page.Rows).toHaveLength(10);
    expect(page.Total).toBeGreaterThan(150);
    // Nobody of the other company.
    const other = (await t.call('/api/system/ChooseEmployee', { PageSize: 500 }, s.access_token)).json();
    expect(other.Rows.some((r: { TeamName: string }) => r.TeamName === '器械华东区')).toBe(false);
  });

  it('give the company’s teams as a tree', async () => {
    const s = await t.login('employee');
    const tree = (await t.call('/api/system/GetTeamTree', { Language: 'en-GB' }, s.access_token)).json();
    expect(tree.Rows).toHaveLength(1);
    expect(tree.Rows[0].Name).toBe('General Management');
    const onc = tree.Rows[0].Children.find((c: { Code: string }) => c.Code === 'ONC');
    expect(onc.Children.map((c: { Code: string }) => c.Code)).toEqual(['ONC-E', 'ONC-N']);
  });
});
