import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { INVOICE_PNG, pick, savedDeputyNo } from '../support/documents';
import { pack, text } from '../support/packs';

const baseUrl = inject('baseUrl');
let browser: Browser;
let zh: Record<string, string>;
let en: Record<string, string>;
beforeAll(async () => {
  browser = await launch();
  [zh, en] = await Promise.all([pack(baseUrl, 'zh-CN'), pack(baseUrl, 'en-GB')]);
});
afterAll(() => browser.close());

async function as(username: string) {
  const { context, page } = await newPage(browser, baseUrl);
  await context.addInitScript(() => localStorage.setItem('language', 'zh-CN'));
  await signIn(page, username);
  return { context, page };
}

/** Calls of one API path the page makes from now on, with their bodies. */
function watch(page: Page, path: string): string[] {
  const bodies: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === path) bodies.push(req.postData() ?? '');
  });
  return bodies;
}

describe('the document editor', () => {
  it('shows the field messages of a client-side check, and opens both previews on a saved draft', async () => {
    const { context, page } = await as('employee');
    await page.goto('/manage/document/new/deputy');
    await page.getByTestId('doc-section-lines').waitFor();

    // Submitting an empty form: the required fields say so; nothing is sent and no "server error" appears.
    const saves = watch(page, '/api/document/SaveDeputyDetail');
    await page.getByTestId('doc-submit').click();
    await page
      .locator('.ant-form-item-explain-error', { hasText: text(zh, 'common.required') })
      .first()
      .waitFor();
    await page.getByText(text(zh, 'doc.fixFields')).first().waitFor();
    expect(await page.getByText(text(zh, 'error.server')).count()).toBe(0);
    expect(saves).toHaveLength(0);

    await pick(page, 'doc-expense-type', '差旅费');
    await page.getByTestId('doc-reason').fill('编辑器测试：杭州拜访差旅');
    await pick(page, 'line-item-0', '住宿费');
    await page.getByTestId('line-amount-0').fill('420.00');
    await page.getByTestId('doc-save').click();
    const docNo = await savedDeputyNo(page);
    // The tab says which document this is.
    await expect.poll(() => page.title()).toContain(docNo);

    // Route preview on the saved draft: it saves again (a new version) and the dialog stays open with the route.
    await page.waitForTimeout(1100);
    await page.getByTestId('doc-route-preview-btn').click();
    const route = page.getByTestId('doc-route-preview');
    await route.locator('.ant-table-row').first().waitFor();
    expect(await route.textContent()).toContain(text(zh, 'workflow.reason.line_manager'));
    await screenshot(page, 'document-editor-route-preview');
    await page.locator('.ant-modal:visible .ant-modal-close').click();
    await route.waitFor({ state: 'hidden' });

    // Print preview likewise.
    await page.waitForTimeout(1100);
    await page.getByTestId('doc-preview').click();
    await page.getByTestId('preview-print').waitFor();
    await expect.poll(async () => page.getByTestId('preview-print').isEnabled()).toBe(true);
    expect(await page.locator('.ant-modal:visible').textContent()).toContain(docNo);
    await page.getByTestId('preview-close').click();

    // Save and submit clicked together send one save, never two with the same version (the save is held
    // back a little, as on a slow network, so the second click surely comes while it is on its way).
    await page.route('**/api/document/SaveDeputyDetail', async (r) => {
      await new Promise((done) => setTimeout(done, 1500));
      await r.continue();
    });
    await page.waitForTimeout(1100);
    saves.length = 0;
    await page.getByTestId('doc-save').click();
    // Forced: a person's click lands whether or not the button looks ready, unlike the test driver's.
    await page.getByTestId('doc-submit').click({ force: true });
    await page.getByText(text(zh, 'common.saved')).first().waitFor();
    await page.waitForTimeout(500);
    expect(saves).toHaveLength(1);
    await context.close();
  });

  it('shows a taxi and hotel claim without parts it does not need, and takes a file before the first save', async () => {
    const { context, page } = await as('employee');
    await page.goto('/manage/document/new/deputy');
    await page.getByTestId('doc-section-lines').waitFor();
    await pick(page, 'doc-expense-type', '差旅费');
    await page.getByTestId('doc-reason').fill('编辑器测试：只显示所需部分');
    await pick(page, 'line-item-0', '住宿费');
    await page.getByTestId('line-amount-0').fill('380.00');
    // Only type, main information, lines, fapiao and attachments: the rest is offered below the lines.
    const more = page.getByTestId('doc-more-parts');
    await more.getByTestId('doc-add-part-trips').waitFor();
    for (const part of ['attendees', 'lecturers', 'apportion', 'trips', 'pay', 'orders'])
      expect(await page.getByTestId(`doc-section-${part}`).count(), part).toBe(0);
    // A second line, a taxi, calls for no part either.
    await page.getByTestId('line-add').click();
    await pick(page, 'line-item-1', '出租车费');
    expect(await page.getByTestId('doc-section-attendees').count()).toBe(0);

    // A file attached before saving saves the draft first, then lands on it.
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('attachment-upload').click();
    await (await chooser).setFiles({ name: '酒店水单.png', mimeType: 'image/png', buffer: INVOICE_PNG });
    await savedDeputyNo(page);
    await page.getByTestId('attachment-table').getByText('酒店水单.png').waitFor();
    await screenshot(page, 'document-editor-needed-parts');
    await context.close();
  });

  it('shows the new round of a resubmitted returned document without a reload', async () => {
    const { context, page } = await as('employee');
    await page.goto('/manage/personalExpense?Status=returned&DocType=deputy');
    const link = page.locator('a[data-testid^="doc-link-D"]').first();
    await link.waitFor();
    await link.click();
    await page.waitForURL(/\/manage\/document\/edit\/\d+/);
    // The returned document shows its first round while being corrected.
    await page.getByTestId('doc-route').locator('.ant-table-row').first().waitFor();
    await page.getByTestId('doc-submit').click();
    await page.waitForURL(/\/manage\/document\/view\/\d+/);
    const rounds = page.getByTestId('doc-route').locator('.ant-table-row td:first-child');
    await expect.poll(async () => (await rounds.allTextContents()).includes('2'), { timeout: 10_000 }).toBe(true);
    await context.close();
  });

  it('fetches the list again in the new language when the language is switched', async () => {
    const { context, page } = await as('employee');
    await page.goto('/manage/personalExpense');
    await page.locator('.ant-table-row').first().waitFor();
    const searches = watch(page, '/api/document/SearchDocument');
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-en-GB').click();
    await expect.poll(() => searches.some((b) => b.includes('"Language":"en-GB"'))).toBe(true);
    // Expense type names come from master data in the user's language.
    await page.locator('.ant-table-row', { hasText: 'Travel' }).first().waitFor();
    await expect.poll(() => page.title()).toContain(text(en, 'menu.expense.personalExpense'));
    await screenshot(page, 'document-list-after-language-switch');
    await context.close();
  });

  it('says on the login page that the session expired', async () => {
    const { context, page } = await as('employee');
    await page.evaluate(() => {
      sessionStorage.setItem('accessToken', 'no-longer-valid');
      sessionStorage.setItem('refreshToken', 'no-longer-valid-either');
    });
    await page.goto('/manage/personalExpense');
    await page.getByTestId('login-reason').waitFor();
    expect(await page.getByTestId('login-reason').textContent()).toContain(text(zh, 'login.reason.expired'));
    await context.close();
  });

  it('indents the English team tree as the Chinese one', async () => {
    const { context, page } = await as('admin');
    // Where the name of a team three levels down starts in its cell, once it reads in the given language.
    const offsets = async (name: string) => {
      const row = page.locator('tr.ant-table-row-level-3', { hasText: name }).first();
      await row.waitFor();
      const cell = row.locator('td').first();
      const [cellBox, nameBox, iconBox] = await Promise.all([
        cell.boundingBox(),
        cell.locator('.ant-space').boundingBox(),
        cell.locator('.ant-table-row-expand-icon').boundingBox(),
      ]);
      const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
      // The name beside its indent and expand icon, not wrapped below them.
      return { left: nameBox!.x - cellBox!.x, offLine: Math.abs(middle(nameBox!) - middle(iconBox!)) };
    };
    await page.goto('/manage/teamManage');
    const chinese = await offsets('肿瘤上海区');
    // Switched in place: a reload would start in Chinese again (the page's start script sets it).
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-en-GB').click();
    const english = await offsets('Oncology Shanghai District');
    expect(english.left).toBeGreaterThan(40);
    expect(Math.abs(english.left - chinese.left)).toBeLessThan(2);
    expect(english.offLine).toBeLessThan(6);
    await context.close();
  });
});
