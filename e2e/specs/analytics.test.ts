import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, QUIET, signIn } from '../support/browser';

const baseUrl = inject('baseUrl');
const trackerHits = inject('trackerHits');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

type Hit = Record<string, string>;
const hits = async (): Promise<Hit[]> => (await fetch(trackerHits)).json() as Promise<Hit[]>;
/** This test's browser has a screen no other spec's has: its page views are those reporting it. */
const SCREEN = { width: 1301, height: 811 };
const viewsOf = async (path: string) =>
  (await hits()).filter(
    (h) => h.res === `${SCREEN.width}x${SCREEN.height}` && new URL(h.url ?? '', baseUrl).pathname === path,
  );

describe('usage analytics', () => {
  it('reports each page a user opens to the configured tracker, site 11, titled in the user’s language', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, locale: 'zh-CN', screen: SCREEN, ...QUIET });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    await signIn(page, 'employee');
    await page.getByText('张伟').first().waitFor();
    await page.goto('/manage/approveCenter');
    await expect
      .poll(async () => (await viewsOf('/manage/approveCenter')).length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    const zh = (await viewsOf('/manage/approveCenter')).at(-1)!;
    expect(zh).toMatchObject({ idsite: '11', rec: '1', lang: 'zh-CN', action_name: '审批中心' });

    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-en-GB').click();
    await page.getByText('Wei Zhang').first().waitFor();
    // A language switch is no page view; the next page is, titled in English.
    await page.goto('/manage/personalExpense');
    await expect
      .poll(async () => (await viewsOf('/manage/personalExpense')).at(-1)?.lang, { timeout: 15_000 })
      .toBe('en-GB');
    expect((await viewsOf('/manage/personalExpense')).at(-1)).toMatchObject({
      idsite: '11',
      action_name: 'Personal Expense Center',
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});
