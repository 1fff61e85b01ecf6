import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, QUIET, screenshot, signIn } from '../support/browser';
import { pack, text } from '../support/packs';
import { shanghaiToday } from '../support/time';

// The spend and daily sales reports as the administrator reads them: totals, the charts, the table, the export,
// and the daily sales file exported and imported back, in both languages.
const baseUrl = inject('baseUrl');
type Culture = 'zh-CN' | 'en-GB';
let browser: Browser;
let packs: Record<Culture, Record<string, string>>;

beforeAll(async () => {
  browser = await launch();
  const [zh, en] = await Promise.all([pack(baseUrl, 'zh-CN'), pack(baseUrl, 'en-GB')]);
  packs = { 'zh-CN': zh, 'en-GB': en };
});
afterAll(() => browser.close());

async function as(username: string, culture: Culture) {
  const context = await browser.newContext({
    ...QUIET,
    baseURL: baseUrl,
    viewport: { width: 1366, height: 900 },
    locale: culture,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await context.addInitScript((c) => localStorage.setItem('language', c), culture);
  await signIn(page, username);
  return { context, page };
}

const today = shanghaiToday();
const yearStart = `${today.slice(0, 4)}-01-01`;

describe.each(['zh-CN', 'en-GB'] as const)('spend and sales reports (%s)', (culture) => {
  it('shows the claim lines by cost centre with their total and trend, and exports them', async () => {
    const p = packs[culture];
    const { context, page } = await as('admin', culture);
    try {
      await page.goto(`/manage/deputyCostReport?Date=${yearStart},${today}`);
      await page.getByText(text(p, 'menu.report.deputyCostReport')).first().waitFor();
      const totals = page.getByTestId('spend-totals');
      await totals.getByText(text(p, 'salesReport.web.totalAmount')).waitFor();
      await totals.getByText(`${yearStart} ~ ${today}`).waitFor();
      await page.getByRole('img', { name: text(p, 'salesReport.web.trend') }).waitFor();
      await page.locator('.ant-table-row').first().waitFor();
      await page.getByRole('columnheader', { name: text(p, 'salesReport.col.costCentreCode') }).waitFor();
      await screenshot(page, `spend-deputy-cost-${culture}`);
      const download = page.waitForEvent('download');
      await page.getByTestId('list-action-export').click();
      expect((await download).suggestedFilename()).toBe(`${text(p, 'salesReport.file.deputyCostReport')}.xlsx`);
    } finally {
      await context.close();
    }
  });

  it('exports the daily sales against budget and imports the file back, replacing the same days', async () => {
    const p = packs[culture];
    const { context, page } = await as('admin', culture);
    try {
      const from = `${today.slice(0, 7)}-01`;
      await page.goto(`/manage/Daily_Sales_Report_Budget?Date=${from},${today}`);
      const totals = page.getByTestId('budget-totals');
      await totals.getByText(text(p, 'salesReport.web.achievement')).waitFor();
      await page.getByRole('img', { name: text(p, 'salesReport.web.salesVsBudget') }).waitFor();
      await page.getByRole('columnheader', { name: text(p, 'salesReport.col.mtdAchievement') }).waitFor();
      const download = page.waitForEvent('download');
      await page.getByTestId('list-action-export').click();
      const file = await (await download).path();
      expect(file).toBeTruthy();
      await page.getByTestId('list-import-file').setInputFiles({
        name: 'daily-sales.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: readFileSync(file!),
      });
      // Every row of the file names a day and product already there: all are updated, none created.
      const done = text(p, 'list.imported').split('{{count}}')[0]!;
      const notice = page.locator('.ant-message-notice, .ant-notification-notice').filter({ hasText: done.trim() });
      await notice.first().waitFor();
      expect(await notice.first().textContent()).toMatch(/0\D+\d+/);
      await screenshot(page, `sales-budget-${culture}`);
    } finally {
      await context.close();
    }
  });

  it('shows the standard against the actual ASP per month and product', async () => {
    const p = packs[culture];
    const { context, page } = await as('admin', culture);
    try {
      await page.goto('/manage/Daily_Sales_Report_ASP');
      await page.getByTestId('asp-totals').getByText(text(p, 'salesReport.web.totalSales')).waitFor();
      await page.getByRole('img', { name: text(p, 'salesReport.web.aspChart') }).waitFor();
      await page.getByRole('columnheader', { name: text(p, 'salesReport.col.actualAsp') }).waitFor();
      await page.locator('.ant-table-row').first().getByText('%').waitFor();
      await screenshot(page, `sales-asp-${culture}`);
    } finally {
      await context.close();
    }
  });
});
