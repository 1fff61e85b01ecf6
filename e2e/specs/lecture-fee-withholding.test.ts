import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { pickRemote } from '../support/controls';
import { pick, savedDeputyNo } from '../support/documents';
import { pack, text } from '../support/packs';
import { shanghaiToday } from '../support/time';

// Lecture fees reach the books with their withheld individual income tax (docs/decisions/050): the claimant's
// lecture-fee line is refused at submit until its lecturer agreement is there, the agreement then shows the tax
// withheld on the lecturer's month, and finance lists and exports the month per lecturer with the ID number masked.

const baseUrl = inject('baseUrl');
let browser: Browser;
const packs: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  browser = await launch();
  [packs['zh-CN'], packs['en-GB']] = await Promise.all([pack(baseUrl, 'zh-CN'), pack(baseUrl, 'en-GB')]);
});
afterAll(() => browser.close());

const CASES = [
  { culture: 'zh-CN', type: '会议费用', item: '讲课费', lecturer: 'P013', name: '马骏' },
  { culture: 'en-GB', type: 'Meeting costs', item: 'Lecture fee', lecturer: 'P015', name: '梁伟' },
] as const;
// Lecturers with no other fee this month in the demo (its monthly meetings' lecturers are odd ones in the list).
const PHONE = { width: 360, height: 740 };
const month = shanghaiToday().slice(0, 7);

describe('lecture fees and their withheld tax', () => {
  for (const c of CASES) {
    it(`a claimant's lecture fee needs its agreement, and finance lists the month's withholding (${c.culture})`, async () => {
      const p = packs[c.culture]!;
      const errors: string[] = [];

      // The claimant, on a phone: a lecture-fee line alone is refused at submit, naming the line.
      const claimant = await newPage(browser, baseUrl, PHONE);
      await claimant.context.addInitScript((culture) => localStorage.setItem('language', culture), c.culture);
      const page = claimant.page;
      page.on('pageerror', (e) => errors.push(e.message));
      await signIn(page, 'employee');
      await page.goto('/manage/document/new/deputy');
      await page.getByTestId('doc-section-lines').waitFor();
      await pick(page, 'doc-expense-type', c.type);
      await page.getByTestId('doc-reason').fill(`IIT e2e ${c.culture}`);
      await pick(page, 'line-item-0', c.item);
      await page.getByTestId('line-amount-0').fill('3000.00');
      await page.getByTestId('doc-save').click();
      await savedDeputyNo(page);
      await page.getByTestId('doc-submit').click();
      await page.getByText(text(p, 'error.lecturer.line_without_agreement').replace('{{lines}}', '1')).waitFor();
      await screenshot(page, `iit-refused-${c.culture}`);

      // With the lecturer's agreement of the line's fee before tax it goes; the tax withheld on the month shows.
      await page.getByTestId('lecturer-add').click();
      const drawer = page.locator('.ant-drawer:visible');
      await drawer.locator('#MeetingName').waitFor();
      await pick(page, 'lecturer-hcp', c.lecturer);
      await drawer.locator('#MeetingName').fill(`IIT e2e ${c.culture}`);
      await page.getByTestId('lecturer-fee').fill('3000');
      await page.getByTestId('lecturer-save').click();
      await drawer.waitFor({ state: 'hidden' });
      await page.getByTestId('doc-submit').click();
      await page.waitForURL(/\/manage\/document\/view\/\d+/);
      const lecturers = page.getByTestId('doc-section-lecturers');
      // The lecturer's first fee of the month: 3,000 × 80 % × 20 %.
      await expect
        .poll(async () => (await lecturers.textContent()) ?? '', { timeout: 10_000 })
        .toContain(text(p, 'lecturer.field.withheldTax'));
      expect(await lecturers.locator('.ant-table-row').first().textContent()).toContain('440.00');
      await screenshot(page, `iit-submitted-${c.culture}`);
      await claimant.context.close();

      // Finance: the month per lecturer, the ID number masked, and its Excel for the filing.
      const clerk = await newPage(browser, baseUrl);
      await clerk.context.addInitScript((culture) => localStorage.setItem('language', culture), c.culture);
      const list = clerk.page;
      list.on('pageerror', (e) => errors.push(e.message));
      await signIn(list, 'finance');
      await list.goto(`/manage/lectureFeeWithholding?Month=${month}`);
      await list.getByText(text(p, 'menu.account.lectureFeeWithholding')).first().waitFor();
      await list.getByRole('columnheader', { name: text(p, 'withholding.field.idNumber') }).waitFor();
      // The demo's lecturer with two fees this month: 3,000 and 2,000 taxed as one occasion of 5,000.
      const demo = list.locator('tr.ant-table-row', { hasText: 'P001' }).first();
      await demo.waitFor();
      expect(await demo.textContent()).toMatch(/5,000\.00.*800\.00.*4,200\.00/);
      await pickRemote(list, list.getByRole('search').getByTestId('field-HCPID'), c.lecturer, 'SearchLecturer');
      await list.getByTestId('list-search').click();
      const row = list.locator('tr.ant-table-row', { hasText: c.lecturer }).first();
      await row.waitFor();
      await expect.poll(() => list.locator('tr.ant-table-row').count()).toBe(1);
      const cells = (await row.textContent()) ?? '';
      expect(cells).toContain(c.name);
      expect(cells).toMatch(/\*{14}\d{3}[\dX]/);
      expect(cells).toMatch(/3,000\.00.*440\.00.*2,560\.00/);
      await screenshot(list, `iit-withholding-list-${c.culture}`);
      const download = list.waitForEvent('download');
      await list.getByTestId('list-action-export').click();
      expect((await download).suggestedFilename()).toBe(`${text(p, 'menu.account.lectureFeeWithholding')}.xlsx`);
      expect(errors).toEqual([]);
      await clerk.context.close();
    });
  }
});
