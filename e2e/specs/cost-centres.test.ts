import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { pickRemote } from '../support/controls';
import { pack, text } from '../support/packs';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

async function switchTo(page: Page, culture: 'zh-CN' | 'en-GB') {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId(`lang-${culture}`).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('language'))).toBe(culture);
}

describe('cost centres', () => {
  it('an administrator creates a cost centre with a head in English, stops it, and finds it stopped in Chinese', async () => {
    const en = await pack(baseUrl, 'en-GB');
    const zh = await pack(baseUrl, 'zh-CN');
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, 'admin');
    await switchTo(page, 'en-GB');

    await page.goto('/manage/costCenterManagement');
    await page.getByText(text(en, 'menu.master.costCenterManagement')).first().waitFor();
    await page.locator('tr', { hasText: 'CC1101' }).first().waitFor();
    await page.getByTestId('list-action-new').click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByTestId('field-CostCenterCode').fill('E2E-CC01');
    await drawer.getByTestId('field-NameZH').fill('端到端测试中心');
    await drawer.getByTestId('field-NameEN').fill('End-to-end Test Centre');
    // The head: search people by name and pick one.
    await pickRemote(page, drawer.getByTestId('field-HeadIDs'), 'Jing Li', 'ChooseEmployee');
    await screenshot(page, 'cost-centres-en-new');
    await page.getByTestId('editor-save').click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('search').getByTestId('field-Keyword').fill('E2E-CC01');
    await page.getByTestId('list-search').click();

    const row = page.locator('tr', { hasText: 'E2E-CC01' }).first();
    await row.waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Jing Li');
    expect(await row.textContent()).toContain(text(en, 'finmd.status.started'));
    await screenshot(page, 'cost-centres-en-created');

    await row.locator('input[type="checkbox"]').check();
    await page.getByTestId('list-action-stop').click();
    await page.locator('.ant-modal-confirm').getByText(text(en, 'finmd.action.stopConfirm')).waitFor();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: text(en, 'common.ok') })
      .click();
    await row.getByTestId('status-stopped').waitFor();
    expect(await row.getByTestId('status-stopped').textContent()).toBe(text(en, 'finmd.status.stopped'));
    await screenshot(page, 'cost-centres-en-stopped');

    // In Chinese, the same cost centre shows its Chinese name, stopped, and its history says so.
    await switchTo(page, 'zh-CN');
    await page.goto('/manage/costCenterManagement?Keyword=E2E-CC01&Status=stopped');
    const zhRow = page.locator('tr', { hasText: 'E2E-CC01' }).first();
    await zhRow.getByText('端到端测试中心').waitFor();
    expect(await zhRow.getByTestId('status-stopped').textContent()).toBe(text(zh, 'finmd.status.stopped'));
    expect(await zhRow.textContent()).toContain('李静');
    await screenshot(page, 'cost-centres-zh-stopped');

    await zhRow.locator('input[type="checkbox"]').check();
    await page.getByTestId('list-action-detail').click();
    const detail = page.getByTestId('cost-centre-detail');
    await detail.getByRole('tab', { name: text(zh, 'finmd.costCentre.tab.history') }).click();
    await detail.getByText(text(zh, 'finmd.history.actions.stop')).first().waitFor();
    await detail.getByText(text(zh, 'finmd.history.actions.create')).first().waitFor();
    // Let the tab's slide finish, so the picture shows the history, not the animation.
    await page.waitForTimeout(500);
    await screenshot(page, 'cost-centres-zh-history');
    await context.close();
  });
});
