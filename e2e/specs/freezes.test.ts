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

describe('freezes', () => {
  it('finance sees the demo person frozen overnight, their open loan and history, and thaws them (Chinese)', async () => {
    const zh = await pack(baseUrl, 'zh-CN');
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, 'finance');
    await page.goto('/manage/OverdueThaw');
    const row = page.locator('tbody tr.ant-table-row').first();
    await row.waitFor();
    expect(await row.textContent()).toContain(text(zh, 'org.person.status.overdue_frozen'));
    await row.locator('input[type="checkbox"]').check();

    await page.getByTestId('list-action-loans').click();
    await page.getByTestId('freeze-loans-total').waitFor();
    expect(await page.getByTestId('freeze-loans-total').textContent()).toContain('6,000.00');
    expect(await page.locator('.ant-drawer').textContent()).toContain(text(zh, 'freeze.loans.overdue'));
    await screenshot(page, 'freeze-loans-zh');
    await page.keyboard.press('Escape');

    await page.getByTestId('list-action-history').click();
    await page.locator('.ant-drawer').getByText(text(zh, 'freeze.history.job')).first().waitFor();
    await screenshot(page, 'freeze-history-zh');
    await page.keyboard.press('Escape');

    await page.getByTestId('list-action-act').click();
    await page.getByTestId('freeze-confirm').waitFor();
    await page.getByTestId('freeze-reason').fill('已承诺本月底前还款');
    await screenshot(page, 'freeze-thaw-dialog-zh');
    await page.locator('.ant-modal .ant-btn-primary').click();
    // The only overdue-frozen person of the demo is thawed: the list empties.
    await expect.poll(() => page.locator('tbody tr.ant-table-row').count()).toBe(0);
    await screenshot(page, 'freeze-thawed-zh');
    await context.close();
  });

  it('the overdue-freeze and resignation screens list people with their loans (English)', async () => {
    const en = await pack(baseUrl, 'en-GB');
    const { context, page } = await newPage(browser, baseUrl);
    await context.addInitScript(() => localStorage.setItem('language', 'en-GB'));
    await signIn(page, 'finance');
    await page.goto('/manage/ResignationFreeze');
    await page.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await page.locator('thead').textContent()).toContain(text(en, 'freeze.field.openBalance'));
    await screenshot(page, 'freeze-resignation-en');
    await page.goto('/manage/OverdueFreeze');
    await page.getByText(text(en, 'freeze.help.OverdueFreeze')).waitFor();
    await screenshot(page, 'freeze-overdue-en');
    await context.close();
  });
});
