import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { startServer } from '../support/server';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe('session', () => {
  it('refreshes an expired access token once while the waiting calls queue, then all of them succeed', async () => {
    const server = await startServer({ ACCESS_TOKEN_TTL_SECONDS: '5' });
    try {
      const { context, page } = await newPage(browser, server.baseUrl);
      await signIn(page, 'admin');
      await new Promise((r) => setTimeout(r, 6500));

      const refreshes: Request[] = [];
      const results: { url: string; status: number }[] = [];
      page.on('request', (req) => {
        if (req.url().endsWith('/api/auth/Token') && (req.postData() ?? '').includes('grant_type=refresh_token'))
          refreshes.push(req);
      });
      page.on('response', (res) => {
        if (res.url().includes('/api/') && !res.url().endsWith('/api/auth/Token'))
          results.push({ url: res.url(), status: res.status() });
      });
      // Opening a screen fires the shell's and the screen's calls at once, all with the expired token.
      await page.reload();
      await page.goto('/manage/languageManage');
      await page.locator('.ant-table-row').first().waitFor();
      await screenshot(page, 'session-after-refresh');

      expect(refreshes).toHaveLength(1);
      const rejected = results.filter((r) => r.status === 401).map((r) => r.url);
      expect(rejected.length).toBeGreaterThanOrEqual(3);
      for (const url of rejected)
        expect(
          results.some((r) => r.url === url && r.status === 200),
          url,
        ).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/manage/languageManage');
      await context.close();
    } finally {
      await server.stop();
    }
  });

  it('returns an idle user to the login page', async () => {
    const server = await startServer({ IDLE_TIMEOUT_MS: '3000', IDLE_CHECK_INTERVAL_MS: '500' });
    try {
      const { context, page } = await newPage(browser, server.baseUrl);
      await signIn(page, 'employee');
      await page.waitForURL((url) => !url.pathname.startsWith('/manage'), { timeout: 15_000 });
      expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull();
      await page.getByTestId('login-submit').waitFor();
      await context.close();
    } finally {
      await server.stop();
    }
  });
});
