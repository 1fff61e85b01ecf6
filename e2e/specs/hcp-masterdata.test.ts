import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { pickOption, pickRemote } from '../support/controls';
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

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('HCP');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function search(page: Page, keyword: string) {
  await page.getByRole('search').getByTestId('field-Keyword').fill(keyword);
  await page.getByTestId('list-search').click();
}

describe('HCP and HCO master data', () => {
  it('an administrator creates an HCO in English with its city in both languages, stops it, and finds it stopped in Chinese', async () => {
    const en = await pack(baseUrl, 'en-GB');
    const zh = await pack(baseUrl, 'zh-CN');
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, 'admin');
    await switchTo(page, 'en-GB');

    await page.goto('/manage/HCOManage');
    await page.getByText(text(en, 'menu.master.HCOManage')).first().waitFor();
    await page.locator('tr', { hasText: 'H001' }).first().waitFor();
    await page.getByTestId('list-action-new').click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByTestId('field-Code').fill('E2E-H01');
    await drawer.getByTestId('field-NameZH').fill('端到端测试医院');
    await drawer.getByTestId('field-NameEN').fill('End-to-end Test Hospital');
    await pickOption(page, drawer.getByTestId('field-Level'), { label: text(en, 'customer.level.3A') });
    await drawer.getByTestId('field-CityZH').fill('苏州');
    await drawer.getByTestId('field-CityEN').fill('Suzhou');
    await pickOption(page, drawer.getByTestId('field-IsClinicalTrial'), { label: text(en, 'expenseMaster.value.yes') });
    await screenshot(page, 'hco-en-new');
    await page.getByTestId('editor-save').click();
    await drawer.waitFor({ state: 'hidden' });
    await search(page, 'E2E-H01');
    const row = page.locator('tr', { hasText: 'E2E-H01' }).first();
    await row.waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Suzhou');
    expect(await row.textContent()).toContain('End-to-end Test Hospital');
    expect(await row.getByTestId('status-started').textContent()).toBe(text(en, 'finmd.status.started'));

    await row.locator('input[type="checkbox"]').check();
    await page.getByTestId('list-action-stop').click();
    await page.locator('.ant-modal-confirm').getByText(text(en, 'finmd.action.stopConfirm')).waitFor();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: text(en, 'common.ok') })
      .click();
    await row.getByTestId('status-stopped').waitFor();
    await screenshot(page, 'hco-en-stopped');

    // In Chinese: the Chinese name and city, stopped, and in the clinical-trial view.
    await switchTo(page, 'zh-CN');
    await page.goto('/manage/HCOManage?Keyword=E2E-H01&ClinicalTrial=true&Status=inactive');
    const zhRow = page.locator('tr', { hasText: 'E2E-H01' }).first();
    await zhRow.getByText('端到端测试医院').waitFor();
    expect(await zhRow.textContent()).toContain('苏州');
    expect(await zhRow.getByTestId('status-stopped').textContent()).toBe(text(zh, 'finmd.status.stopped'));
    await screenshot(page, 'hco-zh-stopped');
    await context.close();
  });

  it('imports an HCP file in Chinese and adds a coverage row in English', async () => {
    const en = await pack(baseUrl, 'en-GB');
    const zh = await pack(baseUrl, 'zh-CN');
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, 'admin');

    // A new session starts in Chinese.
    await page.goto('/manage/HCPManage');
    await page.getByText(text(zh, 'menu.master.HCPManage')).first().waitFor();
    await page.locator('tr', { hasText: 'P001' }).first().waitFor();
    const h = (k: string) => text(zh, `customerMaster.field.${k}`);
    const file = await sheet([
      [h('code'), h('nameZh'), h('nameEn'), h('hcoCode'), h('titleZh'), h('titleEn'), h('department'), h('active')],
      ['E2E-P01', '端到端医生', 'Dr End-to-end', 'H001', '主任医师', 'Chief Physician', '肿瘤内科', '是'],
    ]);
    await page.getByTestId('list-import-file').setInputFiles({
      name: 'hcp.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await search(page, 'E2E-P01');
    const row = page.locator('tr', { hasText: 'E2E-P01' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('端到端医生');
    expect(await row.textContent()).toContain('北京协和医院');
    expect(await row.textContent()).toContain('主任医师');
    await screenshot(page, 'hcp-zh-imported');

    await switchTo(page, 'en-GB');
    await page.goto('/manage/HCPManage?Keyword=E2E-P01');
    const enRow = page.locator('tr', { hasText: 'E2E-P01' }).first();
    await enRow.getByText('Chief Physician').waitFor();

    await page.goto('/manage/CustomerCoverage');
    await page.getByText(text(en, 'menu.master.CustomerCoverage')).first().waitFor();
    await page.getByTestId('list-action-add').click();
    const modal = page.locator('.ant-modal:visible');
    await modal.getByText(text(en, 'customerMaster.coverage.addTitle')).waitFor();
    await pickRemote(page, modal.getByTestId('field-Employee'), 'Jing Li', 'ChooseEmployee');
    await pickRemote(page, modal.getByTestId('field-CustomerID'), 'E2E-P01', 'SearchHCP');
    await screenshot(page, 'coverage-en-add');
    await modal.locator('.ant-btn-primary').click();
    await modal.waitFor({ state: 'hidden' });
    await search(page, 'E2E-P01');
    const covered = page.locator('tr', { hasText: 'E2E-P01' }).first();
    await covered.waitFor();
    expect(await covered.textContent()).toContain('Jing Li');
    expect(await covered.textContent()).toContain('Dr End-to-end');
    await screenshot(page, 'coverage-en-added');
    await context.close();
  });
});
