import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { pick, savedDeputyNo } from '../support/documents';
import { pack, text } from '../support/packs';

const baseUrl = inject('baseUrl');
let browser: Browser;
const packs: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  browser = await launch();
  [packs['zh-CN'], packs['en-GB']] = await Promise.all([pack(baseUrl, 'zh-CN'), pack(baseUrl, 'en-GB')]);
});
afterAll(() => browser.close());

const CASES = [
  { culture: 'zh-CN', type: '会议费用', item: '医生餐费', reason: '参会医生', doctor: '王建国' },
  { culture: 'en-GB', type: 'Meeting costs', item: 'HCP meal', reason: 'Meeting participant', doctor: 'Jianguo Wang' },
] as const;

/** Picks customers in a multiple picker by their codes; a pick lost on a loaded machine is made again. */
async function pickMany(page: Page, testId: string, codes: string[]) {
  const picker = page.getByTestId(testId);
  for (const code of codes) {
    for (let attempt = 0; ; attempt++) {
      await picker.locator('.ant-select').click();
      await page.keyboard.type(code);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: code }).first().click();
      const held = await picker
        .locator('.ant-select-selection-item', { hasText: code })
        .first()
        .waitFor({ timeout: 5_000 })
        .then(
          () => true,
          () => false,
        );
      if (held) break;
      if (attempt > 1) throw new Error(`${code} was picked but the picker does not hold it`);
      await page.keyboard.press('Escape');
    }
  }
  await page.keyboard.press('Escape');
}

describe('a deputy with HCP attendees', () => {
  for (const c of CASES) {
    it(`splits a doctors' meal per head on a new document, unsaved, and keeps a lecturer agreement (${c.culture})`, async () => {
      const p = packs[c.culture]!;
      const { context, page } = await newPage(browser, baseUrl);
      await context.addInitScript((culture) => localStorage.setItem('language', culture), c.culture);
      await signIn(page, 'employee');
      await page.goto('/manage/document/new/deputy');
      await page.getByTestId('doc-section-lines').waitFor();
      await pick(page, 'doc-expense-type', c.type);
      await page.getByTestId('doc-reason').fill(`HCP e2e ${c.culture}`);
      await pick(page, 'line-item-0', c.item);
      await page.getByTestId('line-amount-0').fill('300.00');

      // Attendees on the new document, not saved yet: the applicant's coverage is offered first; adding the two doctors
      // saves the draft, and they share the line's 300.00.
      const section = page.getByTestId('doc-section-attendees');
      await section.getByTestId('attendee-line-1').waitFor();
      expect(page.url()).toMatch(/\/manage\/document\/new\/deputy/);
      await pickMany(page, 'attendee-picker-1', ['P001', 'P003']);
      await page.getByTestId('attendee-add-1').click();
      await savedDeputyNo(page);
      await expect
        .poll(async () => section.getByTestId('attendee-share').allTextContents(), { timeout: 10_000 })
        .toEqual(['150.00', '150.00']);
      expect(await section.textContent()).toContain(c.doctor);

      // A reason per customer, from the list.
      await section.locator('[data-testid^="attendee-reason-"]').first().click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: c.reason }).first().click();
      await expect
        .poll(async () => section.locator('[data-testid^="attendee-reason-"]').first().textContent(), {
          timeout: 10_000,
        })
        .toContain(c.reason);

      // A lecturer agreement agreed before tax (added to the form, as a meal's item does not call for one): the tax
      // withheld is shown before saving and kept.
      await page.getByTestId('doc-add-part-lecturers').click();
      await page.getByTestId('lecturer-add').click();
      const drawer = page.locator('.ant-drawer:visible');
      await drawer.locator('#MeetingName').waitFor();
      await pick(page, 'lecturer-hcp', 'P001');
      await drawer.locator('#MeetingName').fill(text(p, 'lecturer.title'));
      await page.getByTestId('lecturer-fee').fill('5000');
      await expect.poll(() => page.getByTestId('lecturer-preview').textContent()).toContain('4,200.00');
      await page.getByTestId('lecturer-save').click();
      const lecturers = page.getByTestId('doc-section-lecturers');
      await expect
        .poll(async () => lecturers.locator('.ant-table-row').first().textContent(), { timeout: 10_000 })
        .toContain('4,200.00');
      expect(await lecturers.textContent()).toContain(text(p, 'lecturer.field.feeAfterTax'));
      await screenshot(page, `hcp-attendees-${c.culture}`);
      await context.close();
    });
  }
});
