import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { pack, text } from '../support/packs';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** A row of one of the setup's two tables, by the item's code. */
const itemRow = (page: Page, table: 'selected-items' | 'available-items', code: string) =>
  page.getByTestId(table).locator('tr', { has: page.getByRole('cell', { name: code, exact: true }) });

describe('expense items offered per expense type', () => {
  it('an administrator offers an item on a deputy expense type and finds it offered after reload, in both languages', async () => {
    const zh = await pack(baseUrl, 'zh-CN');
    const en = await pack(baseUrl, 'en-GB');
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, 'admin');
    await page.goto('/manage/reimbursement');
    await page.getByText(text(zh, 'menu.expense.reimbursement')).first().waitFor();

    await page.getByTestId('type-node-D_OFFICE').click();
    await itemRow(page, 'selected-items', 'PHONE').waitFor();
    expect(await itemRow(page, 'selected-items', 'TRAINING').count()).toBe(0);

    await page.getByRole('tab', { name: text(zh, 'expenseMaster.setup.availableItems') }).click();
    // More items are available than one page shows: search for the one to offer.
    await page.getByTestId('available-items-search').locator('input').fill('TRAINING');
    await page.getByTestId('available-items-search').locator('input').press('Enter');
    const training = itemRow(page, 'available-items', 'TRAINING');
    await training.waitFor();
    await training.locator('input[type="checkbox"]').check();
    await screenshot(page, 'expense-items-zh-available');
    await page.getByTestId('offer-items').click();
    await page.getByText(text(zh, 'expenseMaster.setup.offered').replace('{{count}}', '1')).first().waitFor();
    await expect.poll(() => itemRow(page, 'available-items', 'TRAINING').count()).toBe(0);

    // After a reload the chosen type and tab come back from the address, and the item is offered.
    await page.reload();
    await page.getByRole('tab', { name: text(zh, 'expenseMaster.setup.selectedItems') }).click();
    await itemRow(page, 'selected-items', 'TRAINING').waitFor();
    await expect(itemRow(page, 'selected-items', 'TRAINING').textContent()).resolves.toContain('培训费');
    await screenshot(page, 'expense-items-zh-selected');

    await page.evaluate(() => localStorage.setItem('language', 'en-GB'));
    await page.reload();
    await page.getByRole('tab', { name: text(en, 'expenseMaster.setup.selectedItems') }).waitFor();
    await page.getByRole('tab', { name: text(en, 'expenseMaster.setup.selectedItems') }).click();
    const offered = itemRow(page, 'selected-items', 'TRAINING');
    await offered.waitFor();
    await expect(offered.textContent()).resolves.toContain('Training');
    await page.getByText(text(en, 'menu.expense.reimbursement')).first().waitFor();
    await screenshot(page, 'expense-items-en-selected');
    await context.close();
  });
});
