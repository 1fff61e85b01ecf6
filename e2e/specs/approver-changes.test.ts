import type { Browser } from 'playwright-core';
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

describe('approver changes', () => {
  it('an administrator hands one of a manager’s pending steps to someone else (English)', async () => {
    const en = await pack(baseUrl, 'en-GB');
    const { context, page } = await newPage(browser, baseUrl);
    await context.addInitScript(() => localStorage.setItem('language', 'en-GB'));
    await signIn(page, 'admin');
    await page.goto('/manage/ChangeApprovers');
    await pickRemote(page, page.getByTestId('replace-from'), 'Jing Li', 'ChooseEmployee');
    const row = page.locator('tbody tr.ant-table-row').first();
    await row.waitFor();
    const docNo = /[ALD]\d{13}/.exec((await row.textContent()) ?? '')?.[0];
    expect(docNo).toBeTruthy();
    await pickRemote(page, page.getByTestId('replace-to'), 'Fang Wang', 'ChooseEmployee');
    await row.locator('input[type="checkbox"]').check();
    await page.getByTestId('replace-selected').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.getByTestId('replace-result').waitFor();
    expect(await page.getByTestId('replace-result').textContent()).toContain('1');
    await expect.poll(async () => (await page.locator('tbody').textContent()) ?? '').not.toContain(docNo);
    await screenshot(page, 'change-approvers-en');

    // The document's route now names the new approver.
    await page.goto('/manage/documentViewCenterAll');
    await page.getByRole('search').getByTestId('field-Keyword').fill(docNo!);
    await page.getByTestId('list-search').click();
    await page.getByTestId(`doc-link-${docNo}`).click();
    await page.getByTestId('doc-route').getByText('Fang Wang').first().waitFor();
    expect(await page.getByTestId('doc-status').first().textContent()).toBe(text(en, 'doc.status.approving'));
    await context.close();
  });
});
