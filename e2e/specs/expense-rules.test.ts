import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, PASSWORD, screenshot, signIn } from '../support/browser';
import { pickFirst } from '../support/controls';
import { pack, text } from '../support/packs';

/** The specification's two user rules on the expense pages, as a newly added colleague meets them. */

const baseUrl = inject('baseUrl');
const PHONE = { width: 360, height: 740 };
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

async function api<T>(path: string, body: Record<string, unknown>, token: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path} ${res.status}`).toBe(200);
  return (await res.json()) as T;
}

async function tokenOf(username: string, password = PASSWORD): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A new colleague in the Shanghai oncology team: no default cost centre and no bank account yet. */
async function newColleague(username: string, code: string): Promise<void> {
  const admin = await tokenOf('admin');
  const teams = await api<{ Rows: { TeamID: number; Code: string }[] }>(
    '/api/system/GetTeamList',
    { Keyword: 'ONC-E-SH', PageIndex: 1, PageSize: 20 },
    admin,
  );
  const team = teams.Rows.find((r) => r.Code === 'ONC-E-SH')!;
  const saved = await api<{ EmployeeID: number; TemporaryPassword: string }>(
    '/api/system/SaveEmployee',
    { Code: code, NameZH: `新同事${code}`, NameEN: `New ${code}`, TeamID: team.TeamID, Username: username },
    admin,
  );
  // The everyday role, as an administrator gives a new colleague.
  const roles = await api<{ Rows: { RoleID: number; Code: string }[] }>('/api/RoleDefine/SearchAllRole', {}, admin);
  const everyday = roles.Rows.find((r) => r.Code === 'EMPLOYEE')!;
  await api(
    '/api/RoleDefine/InsertEmployeeRoleTeam',
    { RoleID: everyday.RoleID, EmployeeIDs: [saved.EmployeeID] },
    admin,
  );
  const own = await tokenOf(username, saved.TemporaryPassword);
  await api('/api/System/ModifyPassword', { OldPassword: saved.TemporaryPassword, NewPassword: PASSWORD }, own);
}

describe('the expense pages’ user rules', () => {
  it('without a cost centre: the message and the link to the profile, where it is set (Chinese, phone)', async () => {
    await newColleague('newcomer.zh', 'NEWZH1');
    const zh = await pack(baseUrl, 'zh-CN');
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await signIn(page, 'newcomer.zh');
    await page.goto('/manage/personalExpense');
    const closed = page.getByTestId('expense-rule-no_cost_centre');
    await closed.waitFor();
    expect(await closed.textContent()).toContain(text(zh, 'error.org.no_cost_centre'));
    await screenshot(page, 'expense-rule-no-cost-centre-zh-phone');
    // A new document is closed the same way.
    await page.goto('/manage/document/new/apply');
    await page.getByTestId('expense-rule-no_cost_centre').waitFor();

    await page.getByTestId('expense-rule-profile').click();
    await page.getByTestId('profile-cost-centre').waitFor();
    await pickFirst(page, page.getByTestId('profile-cost-centre'));
    await screenshot(page, 'expense-rule-profile-zh-phone');
    await page.getByTestId('profile-save').click();
    await page.getByTestId('profile-save').waitFor({ state: 'hidden' });

    // With a cost centre the page opens; without a bank account only applies can be started.
    await page.goto('/manage/personalExpense');
    const banner = page.getByTestId('expense-rule-no_bank_account');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(text(zh, 'error.org.no_bank_account'));
    expect(await page.getByText(text(zh, 'doc.new.deputy')).count()).toBe(0);
    await screenshot(page, 'expense-rule-no-bank-account-zh-phone');
    await context.close();
  });

  it('without a bank account: no loan or reimbursement, applies still open (English, phone)', async () => {
    await newColleague('newcomer.en', 'NEWEN1');
    const en = await pack(baseUrl, 'en-GB');
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await context.addInitScript(() => localStorage.setItem('language', 'en-GB'));
    await signIn(page, 'newcomer.en');
    await page.goto('/manage/personalExpense');
    await page.getByTestId('expense-rule-no_cost_centre').waitFor();
    expect(await page.getByTestId('expense-rule-no_cost_centre').textContent()).toContain(
      text(en, 'error.org.no_cost_centre'),
    );
    await screenshot(page, 'expense-rule-no-cost-centre-en-phone');
    // The link opens the profile drawer over the page.
    await page.getByTestId('expense-rule-profile').click();
    await pickFirst(page, page.getByTestId('profile-cost-centre'));
    await page.getByTestId('profile-save').click();
    await page.getByTestId('profile-save').waitFor({ state: 'hidden' });

    await page.goto('/manage/document/new/deputy');
    const closed = page.getByTestId('expense-rule-no_bank_account');
    await closed.waitFor();
    expect(await closed.textContent()).toContain(text(en, 'error.org.no_bank_account'));
    await screenshot(page, 'expense-rule-no-bank-account-en-phone');
    await page.goto('/manage/document/new/loan');
    await page.getByTestId('expense-rule-no_bank_account').waitFor();
    await page.goto('/manage/document/new/apply');
    await page.getByTestId('doc-applicant').waitFor();
    expect(await page.getByTestId('expense-rule-no_bank_account').count()).toBe(0);
    await context.close();
  });
});
