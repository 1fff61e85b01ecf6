import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { pickOption } from '../support/controls';
import { pack, text } from '../support/packs';

// The SAP codes finance keeps beside the ledger (docs/decisions/049): tax codes per fapiao kind and rate, people's
// SAP vendor accounts, and the posting settings that say which fields the ERP requires.

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const pick = (page: Page, field: string, option: string) =>
  pickOption(page, page.locator('.ant-drawer').getByTestId(`field-${field}`), { title: option });

describe('SAP codes', () => {
  it('finance adds the tax code of a fapiao kind and rate (Chinese)', async () => {
    const zh = await pack(baseUrl, 'zh-CN');
    const { context, page } = await newPage(browser, baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, 'finance');
    await page.goto('/manage/taxCodeMapping');
    await page.getByText(text(zh, 'menu.account.taxCodeMapping')).first().waitFor();
    await page.locator('tr', { hasText: 'J1' }).first().waitFor();
    expect(await page.locator('tbody').textContent()).toContain(text(zh, 'invoice.type.vat_special'));

    await page.getByTestId('list-action-new').click();
    const drawer = page.locator('.ant-drawer');
    await pick(page, 'InvoiceType', text(zh, 'invoice.type.vat_electronic'));
    await pick(page, 'Rate', '6%');
    await drawer.getByTestId('field-TaxCode').fill('j9');
    await drawer.getByTestId('field-Description').fill('电子专票 6%');
    await screenshot(page, 'tax-codes-zh-new');
    await page.getByTestId('editor-save').click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('search').getByTestId('field-Keyword').fill('J9');
    await page.getByTestId('list-search').click();
    const row = page.locator('tr', { hasText: 'J9' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain(text(zh, 'invoice.type.vat_electronic'));
    expect(await row.textContent()).toContain('6%');

    // The same kind and rate again is refused, the message in Chinese. The editor's save takes one click a second.
    await page.waitForTimeout(1100);
    await page.getByTestId('list-action-new').click();
    await pick(page, 'InvoiceType', text(zh, 'invoice.type.vat_electronic'));
    await pick(page, 'Rate', '6%');
    await drawer.getByTestId('field-TaxCode').fill('J8');
    await page.getByTestId('editor-save').click();
    await drawer.getByText('6% 已有税码').waitFor();
    await screenshot(page, 'tax-codes-zh-duplicate');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finance changes a person’s SAP vendor number and the required ERP fields (English)', async () => {
    const en = await pack(baseUrl, 'en-GB');
    const { context, page } = await newPage(browser, baseUrl);
    await context.addInitScript(() => localStorage.setItem('language', 'en-GB'));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, 'finance');
    await page.goto('/manage/sapVendorAccount');
    await page.getByText(text(en, 'menu.account.sapVendorAccount')).first().waitFor();
    const first = page.locator('tbody tr.ant-table-row').first();
    await first.waitFor();
    expect(await page.locator('thead').textContent()).toContain(text(en, 'erpcodes.vendor.field.vendorNo'));
    expect(await first.textContent()).toContain(text(en, 'erpcodes.accountType.employee_vendor'));
    await first.locator('input[type="checkbox"]').check();
    await page.getByTestId('list-action-edit').click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByTestId('field-VendorNo').fill('E2EV01');
    await pick(page, 'AccountType', text(en, 'erpcodes.accountType.vendor'));
    await page.getByTestId('editor-save').click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('search').getByTestId('field-Keyword').fill('E2EV01');
    await page.getByTestId('list-search').click();
    const row = page.locator('tr', { hasText: 'E2EV01' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain(text(en, 'erpcodes.accountType.vendor'));
    await screenshot(page, 'sap-vendors-en-saved');

    // The posting settings: the ERP now requires tax codes, and says so after a reload.
    await page.goto('/manage/postIntoAccount?tab=master');
    const settings = page.getByTestId('erp-settings');
    await settings.getByText(text(en, 'posting.erp.requiredFields')).waitFor();
    const taxCode = settings.getByRole('checkbox', { name: text(en, 'posting.erp.field.TAX_CODE') });
    await expect
      .poll(() => settings.getByRole('checkbox', { name: text(en, 'posting.erp.field.GL_ACCOUNT') }).isChecked())
      .toBe(true);
    expect(await taxCode.isChecked()).toBe(false);
    await taxCode.check();
    await settings.getByRole('button', { name: text(en, 'posting.erp.save') }).click();
    await page.getByText(text(en, 'common.saved')).first().waitFor();
    await page.reload();
    await expect
      .poll(() =>
        page
          .getByTestId('erp-settings')
          .getByRole('checkbox', { name: text(en, 'posting.erp.field.TAX_CODE') })
          .isChecked(),
      )
      .toBe(true);
    await screenshot(page, 'posting-erp-settings-en');
    // Back as it was, for the other specs posting to the ERP on this database.
    await page
      .getByTestId('erp-settings')
      .getByRole('checkbox', { name: text(en, 'posting.erp.field.TAX_CODE') })
      .uncheck();
    await page
      .getByTestId('erp-settings')
      .getByRole('button', { name: text(en, 'posting.erp.save') })
      .click();
    await page.getByText(text(en, 'common.saved')).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
