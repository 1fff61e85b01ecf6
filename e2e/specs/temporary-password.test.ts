import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, PASSWORD, screenshot } from '../support/browser';

const baseUrl = inject('baseUrl');
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
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

async function tokenOf(username: string): Promise<{ access_token: string; UserID: number }> {
  const res = await fetch(`${baseUrl}/api/auth/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password: PASSWORD }).toString(),
  });
  return res.json() as Promise<{ access_token: string; UserID: number }>;
}

describe('a temporary password', () => {
  it('leads to the password form, not back to login, and the app opens once it is changed', async () => {
    const admin = await tokenOf('admin');
    const finance = await tokenOf('finance');
    const { TemporaryPassword } = await api<{ TemporaryPassword: string }>(
      '/api/System/ResetPassword',
      { TargetUserID: finance.UserID },
      admin.access_token,
    );

    const { context, page } = await newPage(browser, baseUrl);
    const refused: string[] = [];
    let signIns = 0;
    page.on('response', (res) => {
      if (res.status() === 403) refused.push(res.url());
      if (res.url().endsWith('/api/auth/Token')) signIns++;
    });
    await page.goto('/');
    await page.getByTestId('login-username').fill('finance');
    await page.getByTestId('login-password').fill(TemporaryPassword);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/manage/);
    await page.getByTestId('password-old').waitFor();
    // The shell's own calls were refused meanwhile; the session stays and nobody is sent back to login.
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).not.toBeNull();
    expect(new URL(page.url()).pathname).toMatch(/^\/manage/);
    await screenshot(page, 'temporary-password-form');

    await page.getByTestId('password-old').fill(TemporaryPassword);
    await page.getByTestId('password-new').fill(PASSWORD);
    await page.getByTestId('password-confirm').fill(PASSWORD);
    await page.getByTestId('password-save').click();
    await page.getByTestId('password-old').waitFor({ state: 'detached' });
    await page.locator('.ant-menu-item, .ant-menu-submenu').first().waitFor();
    expect(signIns).toBe(1);
    await context.close();
  });
});
