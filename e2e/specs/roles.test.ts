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

type Culture = 'zh-CN' | 'en-GB';

/** A fresh browser session in one language (the saved language decides the start language). */
async function session(culture: Culture) {
  const { context, page } = await newPage(browser, baseUrl);
  await context.addInitScript((c) => localStorage.setItem('language', c), culture);
  return { context, page };
}

/** The labels of the master group in the side menu, opened out. */
async function masterItems(page: Page, culture: Culture): Promise<string[]> {
  const p = await pack(baseUrl, culture);
  await page.getByTestId('menu-toggle').click();
  const menu = page.getByRole('menu', { name: text(p, 'layout.menu') });
  const group = menu.getByText(text(p, 'menu.group.master'), { exact: true });
  if ((await group.count()) === 0) return [];
  await group.click();
  const items = menu.locator('.ant-menu-sub .ant-menu-item');
  await items.first().waitFor();
  // Let the submenu finish opening, so screenshots show it whole.
  await page.waitForTimeout(500);
  return items.allInnerTexts();
}

describe('role management', () => {
  it('an administrator gives the Employee role a function and its holders see it in their menu at next sign-in', async () => {
    const en = await pack(baseUrl, 'en-GB');
    const zh = await pack(baseUrl, 'zh-CN');

    const before = await session('zh-CN');
    await signIn(before.page, 'employee');
    expect(await masterItems(before.page, 'zh-CN')).toEqual([]);
    await screenshot(before.page, 'roles-employee-menu-before-zh');
    await before.context.close();

    const admin = await session('en-GB');
    await signIn(admin.page, 'admin');
    await admin.page.goto('/manage/roleManagement?Keyword=EMPLOYEE');
    const row = admin.page.locator('tr', { hasText: 'EMPLOYEE' }).first();
    await row.waitFor();
    await screenshot(admin.page, 'roles-list-en');
    await row.locator('input[type="checkbox"]').check();
    await admin.page.getByTestId('list-action-edit').click();
    const drawer = admin.page.locator('.ant-drawer');
    await drawer.getByRole('tab', { name: new RegExp(text(en, 'org.role.tab.functions')) }).click();
    const master = drawer.getByTestId('role-group-master');
    await master.getByLabel(text(en, 'menu.master.languageManage'), { exact: true }).check();
    await admin.page.waitForTimeout(300);
    await screenshot(admin.page, 'roles-edit-functions-en');
    await admin.page.getByTestId('role-save').click();
    await admin.page.getByText(text(en, 'common.saved')).first().waitFor();
    await expect.poll(() => row.innerText()).toContain('9');
    await admin.context.close();

    for (const culture of ['zh-CN', 'en-GB'] as const) {
      const p = culture === 'zh-CN' ? zh : en;
      const after = await session(culture);
      await signIn(after.page, 'employee');
      expect(await masterItems(after.page, culture)).toEqual([text(p, 'menu.master.languageManage')]);
      await screenshot(after.page, `roles-employee-menu-after-${culture === 'zh-CN' ? 'zh' : 'en'}`);
      await after.page.getByRole('menuitem', { name: text(p, 'menu.master.languageManage') }).click();
      await after.page.waitForURL(/\/manage\/languageManage/);
      await after.page.locator('.ant-table-row').first().waitFor();
      await after.context.close();
    }
  });
});
