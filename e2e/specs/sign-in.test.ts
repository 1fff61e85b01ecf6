import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, PASSWORD, screenshot, signIn } from '../support/browser';
import { pack, text } from '../support/packs';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe('sign-in', () => {
  it('an employee signs in in Chinese and switches to English', async () => {
    const zh = await pack(baseUrl, 'zh-CN');
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/');
    // antd spaces out two-character Chinese button labels.
    await expect
      .poll(async () => ((await page.getByTestId('login-submit').textContent()) ?? '').replace(/\s/g, ''))
      .toBe(text(zh, 'login.submit'));
    // The announcements of the login page come from the server in Chinese.
    await page.getByText('欢迎使用费用管理系统').first().waitFor();
    await screenshot(page, 'sign-in-zh-login');

    await signIn(page, 'employee');
    await page.getByText('张伟').first().waitFor();
    await screenshot(page, 'sign-in-zh-shell');

    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-en-GB').click();
    await page.getByText('Wei Zhang').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en-GB');
    await screenshot(page, 'sign-in-en-shell');

    // The saved language wins at the next load.
    await page.reload();
    await page.getByText('Wei Zhang').first().waitFor();
    await context.close();
  });

  it('a wrong password shows the server’s message and stays on the login page', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByTestId('login-username').fill('employee');
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await page.getByText('用户名或密码不正确').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  for (const culture of ['zh-CN', 'en-GB'] as const)
    it(`a notice's link opened signed out leads to its document after sign-in, on a phone (${culture})`, async () => {
      const res = await fetch(`${baseUrl}/api/auth/Token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username: 'employee', password: PASSWORD }),
      });
      const token = ((await res.json()) as { access_token: string }).access_token;
      const list = await fetch(`${baseUrl}/api/document/SearchDocument`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ PageIndex: 1, PageSize: 1 }),
      });
      const [doc] = ((await list.json()) as { Rows: { ID: number; DocNo: string }[] }).Rows;
      expect(doc).toBeTruthy();

      const { context, page } = await newPage(browser, baseUrl, { width: 360, height: 740 });
      await context.addInitScript((c) => localStorage.setItem('language', c), culture);
      await page.goto(`/manage/document/view/${doc!.ID}`);
      await page.getByTestId('login-username').waitFor();
      expect(new URL(page.url()).searchParams.get('next')).toBe(`/manage/document/view/${doc!.ID}`);
      await page.getByTestId('login-username').fill('employee');
      await page.getByTestId('login-password').fill(PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.waitForURL(new RegExp(`/manage/document/view/${doc!.ID}$`));
      await page.getByText(doc!.DocNo).first().waitFor();
      await screenshot(page, `sign-in-${culture === 'zh-CN' ? 'zh' : 'en'}-deep-link`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await context.close();
    });
});
