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

describe('language management', () => {
  it('an administrator edits a text and everyone sees it after reload', async () => {
    const zh = await pack(baseUrl, 'zh-CN');
    const original = text(zh, 'menu.master.languageManage');
    const edited = `${original}（已编辑）`;
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, 'admin');
    await page.goto('/manage/languageManage?PageID=menu&ItemID=master.languageManage&CultureCode=zh-CN');
    const row = page.locator('tr', { hasText: 'master.languageManage' }).first();
    await row.waitFor();
    await screenshot(page, 'language-manage-list');
    await row.locator('input[type="checkbox"]').check();
    await page.getByTestId('list-action-edit').click();
    const content = page.locator('.ant-drawer').getByTestId('field-ItemContent');
    await content.waitFor();
    await content.fill(edited);
    await page.getByTestId('editor-save').click();
    await page.locator('tr', { hasText: edited }).first().waitFor();

    await page.reload();
    await page.getByText(edited).first().waitFor();
    await screenshot(page, 'language-manage-after-reload');
    expect((await pack(baseUrl, 'zh-CN'))['menu.master.languageManage']).toBe(edited);
    await context.close();
  });
});
