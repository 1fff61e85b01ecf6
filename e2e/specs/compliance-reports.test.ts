import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { pack, text } from '../support/packs';

const baseUrl = inject('baseUrl');
let browser: Browser;
const packs: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  browser = await launch();
  [packs['zh-CN'], packs['en-GB']] = await Promise.all([pack(baseUrl, 'zh-CN'), pack(baseUrl, 'en-GB')]);
});
afterAll(() => browser.close());

describe('the HCP yearly-use report', () => {
  for (const culture of ['zh-CN', 'en-GB'] as const) {
    it(`lists the HCPs against their caps, drills into one and exports its documents (${culture})`, async () => {
      const p = packs[culture]!;
      const { context, page } = await newPage(browser, baseUrl);
      await context.addInitScript((c) => localStorage.setItem('language', c), culture);
      await signIn(page, 'compliance');
      await page.goto('/manage/searchHCPYearUsedAmount');

      // The totals, the chart of the most used against their caps, and one row per HCP with use.
      await page.getByTestId('usage-totals').waitFor();
      expect(await page.getByTestId('usage-totals').textContent()).toContain(text(p, 'usage.field.used'));
      const drill = page.locator('[data-testid^="usage-drill-"]').first();
      await drill.waitFor();
      expect(await page.locator('.ant-table').first().textContent()).toContain(text(p, 'usage.field.cap'));
      await screenshot(page, `compliance-hcp-year-used-${culture}`);

      // Drill into the most used HCP: the documents behind its use.
      const code = (await drill.textContent())?.trim() ?? '';
      await drill.click();
      const drawer = page.locator('.ant-drawer:visible');
      await drawer.getByTestId('usage-detail-table').locator('.ant-table-row').first().waitFor();
      expect(await drawer.locator('.ant-drawer-title').textContent()).toContain(code);
      expect(await drawer.getByTestId('usage-detail-table').textContent()).toMatch(/[A-Z]\d{4}/);
      await screenshot(page, `compliance-hcp-drill-${culture}`);

      // And export them.
      const download = page.waitForEvent('download');
      await drawer.getByTestId('usage-detail-export').click();
      expect((await download).suggestedFilename()).toMatch(/\.xlsx$/i);
      await context.close();
    });
  }
});
