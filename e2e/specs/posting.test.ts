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

const TABS = ['selection', 'documents', 'remit', 'records', 'rfc', 'audit', 'master', 'erp'] as const;

describe('post into account', () => {
  it('finance opens every entry-management tab (Chinese)', async () => {
    const zh = await pack(baseUrl, 'zh-CN');
    const { context, page } = await newPage(browser, baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, 'finance');
    await page.goto('/manage/postIntoAccount');
    for (const tab of TABS) {
      await page.getByRole('tab', { name: text(zh, `posting.tab.${tab}`) }).click();
      await page.locator('.ant-table').first().waitFor();
      await screenshot(page, `posting-${tab}-zh`);
    }
    // The ERP tab: the counts and the batches list.
    await page.getByText(text(zh, 'posting.count.toPost')).waitFor();
    await page.getByRole('tab', { name: text(zh, 'posting.tab.audit') }).click();
    await expect
      .poll(async () => page.locator('thead').first().textContent())
      .toContain(text(zh, 'posting.field.action'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the GL parameters and the interface log with the ERP queue (English)', async () => {
    const en = await pack(baseUrl, 'en-GB');
    const { context, page } = await newPage(browser, baseUrl);
    await context.addInitScript(() => localStorage.setItem('language', 'en-GB'));
    await signIn(page, 'finance');
    await page.goto('/manage/postIntoAccount?tab=master');
    await page.getByText('GLEmployeePayable').waitFor();
    expect(await page.locator('tbody').textContent()).toContain('GLBank');
    await screenshot(page, 'posting-master-en');
    await page.goto('/manage/rfcLog');
    await page.locator('.ant-table').first().waitFor();
    expect(await page.locator('thead').textContent()).toContain(text(en, 'posting.erpCalls'));
    await context.close();
  });
});
