import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { pack, text } from '../support/packs';

// Issue 26 item 5: the home page of each role: the counts each demo user's functions earn, the small picture under
// them, each count opening its list; in Chinese on a 360 px phone (nothing wider than the screen) and in English on
// a desktop.

const baseUrl = inject('baseUrl');
type Culture = 'zh-CN' | 'en-GB';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1366, height: 860 };
let browser: Browser;
const packs: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  browser = await launch();
  [packs['zh-CN'], packs['en-GB']] = await Promise.all([pack(baseUrl, 'zh-CN'), pack(baseUrl, 'en-GB')]);
});
afterAll(() => browser.close());

/** What a role's home page shows beyond the counts everyone with the same functions sees, and what it must not. */
const ROLES: { username: string; shows: string[]; hides: string[] }[] = [
  {
    username: 'employee',
    shows: ['home-todo-draft', 'home-chart-spend'],
    hides: ['home-todo-finance-ChargedBack', 'home-todo-capsHCP', 'home-todo-failedJobs', 'home-chart-team'],
  },
  {
    username: 'manager',
    shows: ['home-todo-waiting', 'home-chart-spend', 'home-chart-team'],
    hides: ['home-todo-finance-ChargedBack', 'home-todo-capsHCP', 'home-todo-failedJobs'],
  },
  {
    username: 'finance',
    // The shared-service centre reads the interface log too.
    shows: ['home-todo-finance-ToReview', 'home-todo-finance-ChargedBack', 'home-todo-failedJobs'],
    hides: ['home-todo-capsHCP', 'home-chart-team'],
  },
  {
    username: 'compliance',
    shows: ['home-todo-capsHCP', 'home-todo-capsHCO', 'home-caps-HCP', 'home-caps-HCO'],
    hides: ['home-todo-finance-ChargedBack', 'home-todo-failedJobs', 'home-chart-team'],
  },
  {
    username: 'admin',
    shows: ['home-todo-failedJobs', 'home-todo-finance-ChargedBack', 'home-todo-capsHCP', 'home-caps-HCP'],
    // The administrator's roles are held for the whole company: they lead no team.
    hides: ['home-chart-team'],
  },
];

async function homeOf(username: string, culture: Culture, viewport: typeof PHONE): Promise<Page> {
  const { context, page } = await newPage(browser, baseUrl, viewport);
  await context.addInitScript((c) => localStorage.setItem('language', c), culture);
  await signIn(page, username);
  await page.goto('/manage', { waitUntil: 'networkidle' });
  await page.getByTestId('home-todo').waitFor();
  return page;
}

/** A chart's card is drawn (its caption and picture) or says it has nothing to draw. */
async function drawn(page: Page, testId: string) {
  const card = page.getByTestId(testId);
  await card.locator(`[data-testid="${testId}-caption"], [data-testid="${testId}-empty"]`).first().waitFor();
  if (await card.getByTestId(`${testId}-caption`).isVisible())
    await card.locator('[role="img"] canvas').first().waitFor();
}

for (const [culture, viewport, device] of [
  ['zh-CN', PHONE, 'phone'],
  ['en-GB', DESKTOP, 'desktop'],
] as const)
  describe(`the home page of each role (${culture}, ${device})`, () => {
    for (const role of ROLES)
      it(`shows ${role.username} what their functions earn and nothing else`, async () => {
        const page = await homeOf(role.username, culture, viewport);
        for (const id of role.shows) await page.getByTestId(id).waitFor();
        for (const id of role.shows.filter((x) => x.startsWith('home-chart-'))) await drawn(page, id);
        for (const id of role.hides) expect(await page.getByTestId(id).count(), id).toBe(0);
        await screenshot(page, `home-${role.username}-${culture}-${device}`);
        if (device === 'phone')
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        await page.context().close();
      });

    it('opens the list behind each new count: sent back, caps at risk, failed calls', async () => {
      const p = packs[culture]!;
      const page = await homeOf('admin', culture, viewport);
      const chargedBack = page.getByTestId('home-todo-finance-ChargedBack');
      expect(await chargedBack.textContent()).toContain(text(p, 'home.finance.ChargedBack'));
      await chargedBack.click();
      await page.waitForURL(/\/manage\/ChargebackProcessingCenter$/);
      await page.getByTestId('returns-tab-open').waitFor();

      await page.goto('/manage');
      await page.getByTestId('home-todo-capsHCP').click();
      await page.waitForURL(/\/manage\/searchHCPYearUsedAmount\?MinUsedPercent=80&sort=UsedPercent&order=descend/);
      await page.getByTestId('usage-totals').waitFor();

      await page.goto('/manage');
      await page.getByTestId('home-todo-failedJobs').click();
      await page.waitForURL(/\/manage\/rfcLog\?State=failed/);
      await page.locator('.ant-table').first().waitFor();
      await page.context().close();
    });

    it("describes a chart in words and gives its figures as a table (the manager's team)", async () => {
      const p = packs[culture]!;
      const page = await homeOf('manager', culture, viewport);
      await drawn(page, 'home-chart-team');
      const card = page.getByTestId('home-chart-team');
      const chart = card.locator('[role="img"]').first();
      const described = await chart.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${described}"]`).textContent()).toContain('CNY');
      await card.getByText(text(p, 'home.chart.figures')).click();
      await expect.poll(() => card.locator('.ant-table-row').count()).toBe(12);
      if (device === 'phone')
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await page.context().close();
    });
  });
