import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { acceptConfirm, pickFirst, pickTodayRange } from '../support/controls';
import { pick, savedDeputyNo } from '../support/documents';
import { pack, text } from '../support/packs';

const baseUrl = inject('baseUrl');
let browser: Browser;
let zh: Record<string, string>;
beforeAll(async () => {
  browser = await launch();
  zh = await pack(baseUrl, 'zh-CN');
});
afterAll(() => browser.close());

describe('the parts of a document', () => {
  it('adds a trip, apportions the document to 100 % and pays a vendor found in the SAP vendor master', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await context.addInitScript(() => localStorage.setItem('language', 'zh-CN'));
    await signIn(page, 'employee');
    await page.goto('/manage/document/new/deputy');
    await page.getByTestId('doc-section-lines').waitFor();
    await pick(page, 'doc-expense-type', '差旅费');
    await page.getByTestId('doc-reason').fill('分摊测试：北京出差');
    await pick(page, 'line-item-0', '住宿费');
    await page.getByTestId('line-amount-0').fill('300.00');
    await page.getByTestId('doc-save').click();
    await savedDeputyNo(page);

    // A trip.
    // A trip, apportionment and payee are added when needed: the form offers them below the lines.
    await page.getByTestId('doc-add-part-trips').click();
    await page.getByTestId('trip-add').click();
    await page.getByTestId('trip-from').fill('上海');
    await page.getByTestId('trip-to').fill('北京');
    await pickTodayRange(page, page.getByTestId('trip-dates').first());
    await acceptConfirm(page.locator('.ant-modal:visible'));
    await page.getByTestId('doc-trips').getByText('北京').waitFor();

    // The whole document to one cost centre, at 100 %: the running total says so.
    await page.getByTestId('doc-add-part-apportion').click();
    await page.getByTestId('apportion-add-whole').click();
    await pickFirst(page, page.getByTestId('apportion-cc-0'));
    expect(await page.getByTestId('doc-apportion-total').textContent()).toContain('100.00');
    await acceptConfirm(page.locator('.ant-modal:visible'));
    await page.getByTestId('doc-apportion').getByText('300.00').first().waitFor();
    // At 100 % the section has no warning that it cannot be submitted.
    expect(await page.getByTestId('doc-apportion').locator('.ant-alert').count()).toBe(0);

    // Pay a vendor through the vendor search.
    await page.getByTestId('doc-add-part-pay').click();
    await page.getByTestId('doc-pay-edit').click();
    await page.locator('.ant-modal:visible').getByText(text(zh, 'doc.part.pay.vendor')).click();
    await pickFirst(page, page.getByTestId('pay-vendor'));
    await acceptConfirm(page.locator('.ant-modal:visible'));
    await page.getByTestId('doc-pay').getByText(text(zh, 'doc.part.pay.reset')).waitFor();
    await screenshot(page, 'document-parts');
    expect(await page.getByText(text(zh, 'error.server')).count()).toBe(0);
    await context.close();
  });
});
