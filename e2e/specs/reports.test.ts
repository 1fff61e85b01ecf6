import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { pack, text } from '../support/packs';

// The finance user reads the document-status report (its status chart, a filter kept in the URL, the export with its
// progress line) and the month report's spend trend, in both languages.
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

describe.each(['zh-CN', 'en-GB'] as const)('reports in %s', (culture) => {
  it('finance reads document status with its chart, filters it, exports it, and sees the month trend', async () => {
    const t = (key: string) => text(packs[culture], key);
    const { context, page } = await newPage(browser, baseUrl);
    if (culture === 'en-GB') await context.addInitScript(() => localStorage.setItem('language', 'en-GB'));
    await signIn(page, 'finance');

    await page.goto('/manage/DocumentStatus');
    await page.getByRole('heading', { name: t('menu.report.DocumentStatus') }).waitFor();
    await page.getByRole('img', { name: t('report.chart.statusTitle') }).waitFor();
    await page.locator('.ant-table-row').first().waitFor();
    await screenshot(page, `reports-document-status-${culture}`);

    await page.goto('/manage/DocumentStatus?Status=approving');
    await page.locator('.ant-table-row').first().waitFor();
    const states = await page.getByTestId('doc-status').allTextContents();
    expect(states.length).toBeGreaterThan(0);
    for (const s of states) expect(s).toBe(t('doc.status.approving'));

    const download = page.waitForEvent('download');
    await page.getByTestId('list-action-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${t('report.file.documentStatus')}.xlsx`);

    await page.goto('/manage/MonthReport');
    await page.getByRole('heading', { name: t('menu.report.MonthReport') }).waitFor();
    await page.getByTestId('report-total').waitFor();
    await page.getByRole('img', { name: t('report.chart.trendTitle') }).waitFor();
    await screenshot(page, `reports-month-${culture}`);
    await context.close();
  });
});
