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

describe('payment personal data (PIPL)', () => {
  it('finance sees the old run’s items and deletes its personal data after confirming (Chinese)', async () => {
    const zh = await pack(baseUrl, 'zh-CN');
    const { context, page } = await newPage(browser, baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, 'finance');
    await page.goto('/manage/PaymentManage?tab=pipl');
    await page.locator('tbody tr.ant-table-row').first().waitFor();
    await screenshot(page, 'pipl-runs-zh');
    const deletable = page
      .locator('tbody tr.ant-table-row')
      .filter({ has: page.locator('.ant-tag', { hasText: text(zh, 'pipl.state.deletable') }) });
    await deletable.first().waitFor();
    const runNo = (await deletable.first().locator('td').nth(1).textContent())?.trim() ?? '';
    expect(runNo).toMatch(/^RM\d{6}$/);
    await deletable.first().locator('.ant-checkbox-input').check();

    // Its items: the clerk who pays sees whole bank accounts.
    await page.getByRole('button', { name: text(zh, 'pipl.action.detail') }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText(text(zh, 'pipl.detailOf').replace('{{runNo}}', runNo)).waitFor();
    await drawer.locator('tbody tr').first().waitFor();
    const account = await drawer.locator('tbody tr').first().locator('td').nth(5).textContent();
    expect(account).toMatch(/^\d{8,}$/);
    await screenshot(page, 'pipl-items-zh');
    await drawer.locator('.ant-drawer-close').click();

    await page.getByRole('button', { name: text(zh, 'pipl.action.delete') }).click();
    await page.locator('.ant-modal-confirm').getByText(text(zh, 'pipl.confirmDelete')).waitFor();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    const row = page.locator('tbody tr').filter({ hasText: runNo });
    await expect.poll(async () => row.textContent()).toContain(text(zh, 'pipl.state.deleted'));
    expect(await row.textContent()).toContain('王芳');
    await screenshot(page, 'pipl-deleted-zh');
    expect(errors).toEqual([]);
    await context.close();
  });
});
