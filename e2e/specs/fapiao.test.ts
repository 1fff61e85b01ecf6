import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { pick, savedDeputyNo } from '../support/documents';
import { pack, text } from '../support/packs';

const baseUrl = inject('baseUrl');
type Culture = 'zh-CN' | 'en-GB';
let browser: Browser;
const packs: Partial<Record<Culture, Record<string, string>>> = {};
beforeAll(async () => {
  browser = await launch();
  [packs['zh-CN'], packs['en-GB']] = await Promise.all([pack(baseUrl, 'zh-CN'), pack(baseUrl, 'en-GB')]);
});
afterAll(() => browser.close());

/** Today in Shanghai, as the QR code prints it. */
const ymd = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');

const CASES: { culture: Culture; type: string; item: string; number: string }[] = [
  { culture: 'zh-CN', type: '差旅费', item: '住宿费', number: '26319999000000000001' },
  { culture: 'en-GB', type: 'Travel', item: 'Hotel', number: '26319999000000000002' },
];

describe('fapiao on a deputy', () => {
  for (const c of CASES) {
    it(`a deputy with a fapiao entered from its QR text is submitted and holds the fapiao (${c.culture})`, async () => {
      const p = packs[c.culture]!;
      const { context, page } = await newPage(browser, baseUrl);
      await context.addInitScript((culture) => localStorage.setItem('language', culture), c.culture);
      await signIn(page, 'employee');
      await page.goto('/manage/personalExpense');
      await page.getByTestId('list-action-new-deputy').click();
      await page.getByTestId('doc-section-lines').waitFor();
      await pick(page, 'doc-expense-type', c.type);
      await page.getByTestId('doc-reason').fill(`E2E fapiao ${c.culture}`);
      await pick(page, 'line-item-0', c.item);
      await page.getByTestId('line-amount-0').fill('212.00');
      await page.getByTestId('line-desc-0').fill('QR');
      await page.getByTestId('doc-save').click();
      await savedDeputyNo(page);

      // A scanner types the QR text and presses Enter.
      const box = page.getByTestId('invoice-qr');
      await box.click();
      await page.keyboard.type(`01,32,,${c.number},212.00,${ymd},,9A7F31C2,`);
      await page.keyboard.press('Enter');
      const section = page.getByTestId('invoice-section');
      await section.getByText(c.number).waitFor();
      expect(await box.inputValue()).toBe('');
      expect(await section.getByTestId('invoice-verify').textContent()).toBe(text(p, 'invoice.verify.not_verified'));
      expect(await section.getByTestId('invoice-no-mailing').textContent()).toBe(text(p, 'invoice.noMailing'));
      await screenshot(page, `fapiao-${c.culture}-draft`);

      await page.getByTestId('doc-submit').click();
      await page.waitForURL(/\/manage\/document\/view\/\d+/);
      expect(await page.getByTestId('doc-status').first().textContent()).toBe(text(p, 'doc.status.approving'));
      const held = page.getByTestId('invoice-section');
      await held.getByText(c.number).waitFor();
      await held.getByText(text(p, 'invoice.claim.locked')).waitFor();
      expect(await held.getByTestId('invoice-qr').count()).toBe(0);
      await screenshot(page, `fapiao-${c.culture}-submitted`);
      await context.close();
    });
  }
});
