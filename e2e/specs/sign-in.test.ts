import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
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
});
