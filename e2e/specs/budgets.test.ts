import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { pickOption, pickRemote } from '../support/controls';
import { pick, savedDeputyNo, scanFapiao } from '../support/documents';
import { pack, text } from '../support/packs';
import { shanghaiToday } from '../support/time';

type Culture = 'zh-CN' | 'en-GB';
const baseUrl = inject('baseUrl');
const year = Number(shanghaiToday().slice(0, 4));
let browser: Browser;
let packs: Record<Culture, Record<string, string>>;
beforeAll(async () => {
  browser = await launch();
  const [zh, en] = await Promise.all([pack(baseUrl, 'zh-CN'), pack(baseUrl, 'en-GB')]);
  packs = { 'zh-CN': zh, 'en-GB': en };
});
afterAll(() => browser.close());

async function as(username: string, culture: Culture) {
  const { context, page } = await newPage(browser, baseUrl);
  await context.addInitScript((c) => localStorage.setItem('language', c), culture);
  await signIn(page, username);
  return { context, page };
}

/** The template the screen downloads, with the given rows added under its headers. */
async function filledTemplate(page: Page, rows: (string | number)[][]): Promise<Buffer> {
  const download = page.waitForEvent('download');
  await page.getByTestId('list-action-template').click();
  const file = await (await download).path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(file!)) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A master record as a budget's message names it: its name, then its code in brackets (full-width in Chinese). */
const named = (culture: Culture, name: string, code: string) =>
  culture === 'zh-CN' ? `${name}（${code}）` : `${name} (${code})`;

async function importFile(page: Page, data: Buffer) {
  await page.getByTestId('list-import-file').setInputFiles({
    name: 'budget.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: data,
  });
}

/**
 * A deputy of one line (a travel one unless `type` names another) with an invoice picture, saved; answers its number.
 * `typed`: what to look at once the amount is typed, before the save.
 */
async function travelDeputy(
  page: Page,
  p: Record<string, string>,
  reason: string,
  item: string,
  amount: string,
  type = text(p, 'doc.type.deputy') === 'Reimbursement' ? 'Travel' : '差旅费',
  typed?: () => Promise<void>,
) {
  await page.goto('/manage/personalExpense');
  await page.getByTestId('list-action-new-deputy').click();
  await page.getByTestId('doc-section-lines').waitFor();
  await pick(page, 'doc-expense-type', type);
  await page.getByTestId('doc-reason').fill(reason);
  await pick(page, 'line-item-0', item);
  await page.getByTestId('line-amount-0').fill(amount);
  await typed?.();
  await page.getByTestId('doc-save').click();
  const docNo = await savedDeputyNo(page);
  await scanFapiao(page, amount);
  return docNo;
}

describe.each(['zh-CN', 'en-GB'] as const)('budgets in %s', (culture) => {
  const item = culture === 'zh-CN' ? 'COURIER' : 'PHONE';

  it('admin imports a budget from the template: a wrong row is reported and nothing saved, then a good file is', async () => {
    const p = packs[culture];
    const { context, page } = await as('admin', culture);
    await page.goto('/manage/budgetManagement');
    await page.getByText(text(p, 'menu.report.budgetManagement')).first().waitFor();

    const bad = await filledTemplate(page, [
      [year, 'CC1101', item, '', 2, 1000, 1000],
      [year, 'NO-SUCH-CC', item, '', 1, 500],
    ]);
    await importFile(page, bad);
    const report = page.getByTestId('import-error');
    await report.first().waitFor();
    expect(await report.count()).toBe(1);
    const line = (await report.first().textContent()) ?? '';
    expect(line).toContain('3');
    expect(line).toContain(text(p, 'budget.column.costCentreCode'));
    expect(line).toContain(text(p, 'error.budget.cost_centre_unknown'));
    await screenshot(page, `budgets-import-error-${culture}`);
    // antd spaces out a two-character Chinese button label (确 定): the primary button is OK.
    await page.locator('.ant-modal:visible .ant-btn-primary').click();

    // The toolbar's buttons take one click a second: the template again, after the first.
    await page.waitForTimeout(1100);
    const good = await filledTemplate(page, [[year, 'CC1101', item, '', 2, 1000, 1000, 1000]]);
    await importFile(page, good);
    await page.getByRole('search').getByTestId('field-Keyword').fill(item);
    await page.getByTestId('list-search').click();
    const row = page.locator('tr', { hasText: item }).first();
    await row.waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('3,000.00');
    expect(await row.textContent()).toContain(text(p, 'budget.limitStatus.2'));
    await screenshot(page, `budgets-imported-${culture}`);
    await context.close();
  });

  it('admin controls the imported budget by month: a claim within the year’s room but over this month’s is refused', async () => {
    const p = packs[culture];
    const admin = await as('admin', culture);
    await admin.page.goto(`/manage/budgetManagement?Keyword=${item}&Year=${year}`);
    const row = admin.page.locator('tr', { hasText: item }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain(text(p, 'budget.controlPeriod.year'));
    await row.locator('input[type="checkbox"]').check();
    await admin.page.getByTestId('list-action-edit').click();
    const drawer = admin.page.locator('.ant-drawer:visible');
    // The months as the control sees them: January's 1,000 is there, untouched.
    const figures = drawer.getByTestId('budget-month-figures');
    await figures.waitFor();
    expect(await figures.locator('tbody tr.ant-table-row').count()).toBe(12);
    expect(await figures.locator('tbody tr.ant-table-row').first().textContent()).toContain('1,000.00');
    await pickOption(admin.page, drawer.getByTestId('field-ControlPeriod'), {
      label: text(p, 'budget.controlPeriod.month'),
    });
    // This month gets 100, whichever month it is; the year keeps at least 2,100.
    await drawer.getByTestId(`field-M${Number(shanghaiToday().slice(5, 7))}`).fill('100');
    await screenshot(admin.page, `budgets-month-control-${culture}`);
    await drawer.getByTestId('editor-save').click();
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await row.textContent()) ?? '').toContain(text(p, 'budget.controlPeriod.month'));
    await admin.context.close();

    // The year has room for 200, this month not: the refusal names the month.
    const month = shanghaiToday().slice(0, 7);
    const { context, page } = await as('employee', culture);
    const type = culture === 'zh-CN' ? '办公及通讯' : 'Office and phone';
    const itemName = culture === 'zh-CN' ? '快递费' : 'Phone';
    await travelDeputy(page, p, `按月预算 ${culture}`, itemName, '200.00', type);
    await page.getByTestId('doc-submit').click();
    // The refusal names the cost centre and the expense item by their names in the reader's language, each with its
    // code after it.
    const ccName = culture === 'zh-CN' ? '肿瘤上海区销售' : 'Oncology Shanghai Sales';
    const refusal = page.locator('.ant-message-notice', {
      hasText: `${month} / ${named(culture, ccName, 'CC1101')} / ${named(culture, itemName, item)}`,
    });
    await refusal.waitFor();
    const message = (await refusal.textContent()) ?? '';
    expect(message).not.toContain(`/ ${item}`);
    expect(message).toContain('200.00');
    await screenshot(page, `budgets-month-refused-${culture}`);
    expect(page.url()).toMatch(/\/manage\/document\/edit\/\d+/);
    await context.close();
  });

  it('admin creates a budget for one product of an item, picked as they type; the list shows it', async () => {
    const p = packs[culture];
    const { context, page } = await as('admin', culture);
    const productCode = culture === 'zh-CN' ? 'ONC-001' : 'ONC-002';
    const productName = culture === 'zh-CN' ? '注射用紫杉醇' : 'Osimertinib tablets';
    await page.goto('/manage/budgetManagement');
    await page.getByText(text(p, 'menu.report.budgetManagement')).first().waitFor();
    await page.getByTestId('list-action-new').click();
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.getByText(text(p, 'budget.createTitle')).waitFor();
    await pickRemote(page, drawer.getByTestId('field-CostCenterID'), 'CC1101', 'SearchCostCenterByCompanyID');
    await pickRemote(page, drawer.getByTestId('field-ExpenseItemID'), 'HOTEL', 'SearchExpenseItemList');
    await pickRemote(page, drawer.getByTestId('field-ProductID'), productCode, 'SearchProductList');
    expect(await drawer.locator('.ant-select').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('CC1101'), expect.stringContaining('HOTEL')]),
    );
    await drawer.getByTestId('field-M1').fill('1200');
    await screenshot(page, `budgets-product-form-${culture}`);
    await drawer.getByTestId('editor-save').click();
    await drawer.waitFor({ state: 'hidden' });

    await page.getByRole('search').getByTestId('field-Keyword').fill(productCode);
    await page.getByTestId('list-search').click();
    const row = page.locator('tr', { hasText: productName }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('1,200.00');
    expect(await row.textContent()).toContain('HOTEL');
    await screenshot(page, `budgets-product-list-${culture}`);
    await context.close();
  });

  it('admin opens quotas on this year and creates a quota picking the HCP as they type', async () => {
    const p = packs[culture];
    const { context, page } = await as('admin', culture);
    await page.goto('/manage/quotaManagement');
    await page.getByText(text(p, 'menu.report.quotaManagement')).first().waitFor();
    // The year filter opens on this year, written to the URL.
    await page.waitForURL(new RegExp(`Year=${year}`));
    expect(await page.getByRole('search').getByTestId('field-Year').textContent()).toContain(String(year));

    // A cap two years back, so the demo's own caps of this year are not in the way.
    const [hcpCode, hcpName] = culture === 'zh-CN' ? ['P001', '王建国'] : ['P002', 'Huimin Li'];
    const past = String(year - 2);
    await page.getByTestId('list-action-new').click();
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.getByText(text(p, 'quota.add')).waitFor();
    await pickOption(page, drawer.getByTestId('field-Year'), { label: past });
    await pickRemote(page, drawer.getByTestId('field-SubjectID'), hcpCode, 'SearchSubject', async () => {
      await page.locator('.ant-select-dropdown:visible', { hasText: hcpName }).waitFor();
      await screenshot(page, `quotas-hcp-picker-${culture}`);
    });
    await drawer.getByTestId('field-Amount').fill('8000');
    await drawer.getByTestId('editor-save').click();
    await drawer.waitFor({ state: 'hidden' });

    const search = page.getByRole('search');
    await pickOption(page, search.getByTestId('field-Year'), { label: past });
    await search.getByTestId('field-Keyword').fill(hcpCode);
    await page.getByTestId('list-search').click();
    await page.waitForURL(new RegExp(`Year=${past}`));
    // The list keeps this year's rows on screen until the past year's arrive: wait for the new cap's row.
    const row = page.locator('tr', { hasText: hcpName }).filter({ hasText: '8,000.00' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain(past);
    expect(await row.textContent()).toContain(text(p, 'quota.kind.hcp'));
    await screenshot(page, `quotas-hcp-created-${culture}`);
    await context.close();
  });

  it('employee confirms a deputy over a warn budget, and one over a block budget is refused with the shortfall', async () => {
    const p = packs[culture];
    const { context, page } = await as('employee', culture);
    const train = culture === 'zh-CN' ? '火车票' : 'Train ticket';
    const taxi = culture === 'zh-CN' ? '出租车费' : 'Taxi';

    // Train tickets warn with 500 left: as 800 is typed the line says it goes over the budget, in amber; at submit 800
    // asks for confirmation, showing the shortfall; OK submits it.
    const overBudget = text(p, 'doc.line.budgetOver').split('¥')[0]!;
    const note = page.getByTestId('line-budget-0');
    await travelDeputy(page, p, `预算预警 ${culture}`, train, '800.00', undefined, async () => {
      await expect.poll(() => note.textContent(), { timeout: 15_000 }).toContain(overBudget);
      expect(await note.getAttribute('data-status')).toBe('warn');
      expect(await note.getAttribute('class')).toContain('ant-typography-warning');
    });
    await page.getByTestId('doc-submit').click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.getByTestId('confirm-details').waitFor();
    const warning = (await dialog.textContent()) ?? '';
    // The expense item by its name, its code (TRAIN) after it.
    expect(warning).toContain(`/ ${named(culture, train, 'TRAIN')}`);
    expect(warning).toContain('800.00');
    await screenshot(page, `budgets-warn-${culture}`);
    await dialog.locator('.ant-btn-primary').click();
    await page.waitForURL(/\/manage\/document\/view\/\d+/);

    // Taxis are blocked with at most 300 left (other tests' taxis may have used some): 400 is refused, naming the budget,
    // what is available, asked for and missing; the document stays a draft.
    // Typed, the line says by how much it goes over, in red; on a 360 px phone the note keeps to its column.
    let typedOver = '';
    await travelDeputy(page, p, `预算管控 ${culture}`, taxi, '400.00', undefined, async () => {
      await expect.poll(() => note.getAttribute('data-status'), { timeout: 15_000 }).toBe('block');
      typedOver = /[\d,]+\.\d{2}/.exec((await note.textContent()) ?? '')?.[0] ?? '';
      expect(await note.textContent()).toContain(overBudget);
      await page.setViewportSize({ width: 360, height: 740 });
      await note.scrollIntoViewIfNeeded();
      expect(await note.isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await screenshot(page, `budgets-line-note-phone-${culture}`);
      await page.setViewportSize({ width: 1366, height: 860 });
    });
    await page.getByTestId('doc-submit').click();
    const refusal = page.locator('.ant-message-notice', { hasText: `/ ${named(culture, taxi, 'TAXI')}` });
    await refusal.waitFor();
    const message = (await refusal.textContent()) ?? '';
    expect(message).toContain('400.00');
    const [available, , shortfall] = [...message.matchAll(/\d[\d,]*\.\d{2}/g)].map((m) =>
      Number(m[0].replace(/,/g, '')),
    );
    expect(available! + shortfall!).toBe(400);
    // The note said what the refusal says is missing.
    expect(Number(typedOver.replace(/,/g, ''))).toBe(shortfall);
    await screenshot(page, `budgets-block-${culture}`);
    expect(page.url()).toMatch(/\/manage\/document\/edit\/\d+/);
    await context.close();
  });
});
