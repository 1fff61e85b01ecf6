import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
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

/** The lists whose money a clerk or approver reads first, and the title of that column. */
const LISTS = [
  { user: 'employee', path: '/manage/personalExpense', column: 'doc.field.amount' },
  { user: 'manager', path: '/manage/approveCenter', column: 'approval.field.amount' },
  { user: 'manager', path: '/manage/documentViewCenter', column: 'doc.field.amount' },
];

/** The finance centre's lists and the reports a controller reconciles: every column whose title says amount. */
const FINANCE = [
  '/manage/chargeBack',
  '/manage/expensewriteoff',
  '/manage/ChargebackProcessingCenter',
  '/manage/postIntoAccount',
  '/manage/PaySuggest',
  '/manage/PaymentManage',
  '/manage/loanAccountManagement',
  '/manage/documentList',
];
const AMOUNT = { 'zh-CN': /金额/, 'en-GB': /amount/i } as const;

describe('money on a 1440 px screen', () => {
  for (const culture of ['zh-CN', 'en-GB'] as const) {
    it(`shows each list's amount column without scrolling sideways (${culture})`, async () => {
      const p = culture === 'zh-CN' ? zh : en;
      for (const l of LISTS) {
        const { context, page } = await newPage(browser, baseUrl, { width: 1440, height: 900 });
        await context.addInitScript((c) => localStorage.setItem('language', c), culture);
        await signIn(page, l.user);
        await page.goto(l.path);
        const header = page.locator('th:visible', { hasText: text(p, l.column) }).first();
        await header.waitFor();
        const box = await header.boundingBox();
        expect(box, `${l.path}: ${text(p, l.column)}`).not.toBeNull();
        expect(box!.x + box!.width, `${l.path}: the right edge of ${text(p, l.column)}`).toBeLessThanOrEqual(1440);
        await screenshot(page, `money-1440-${culture}-${l.path.split('/').pop()}`);
        await context.close();
      }
    });
  }

  for (const culture of ['zh-CN', 'en-GB'] as const) {
    it(`shows every amount column of the finance lists and reports without scrolling sideways (${culture})`, async () => {
      const { context, page } = await newPage(browser, baseUrl, { width: 1440, height: 900 });
      await context.addInitScript((c) => localStorage.setItem('language', c), culture);
      await signIn(page, 'finance');
      const cutOff: string[] = [];
      for (const path of FINANCE) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await page.locator('.ant-table-thead th').first().waitFor();
        // Read in one go in the page: a list redrawn by a late answer would detach headers found one by one.
        const ends = await page
          .locator('.ant-table-thead th')
          .evaluateAll(
            (ths, pattern) =>
              ths
                .filter(
                  (th) =>
                    (th as HTMLElement).offsetParent !== null &&
                    new RegExp(pattern[0], pattern[1]).test(th.textContent ?? ''),
                )
                .map((th) => ({ title: th.textContent ?? '', end: th.getBoundingClientRect().right })),
            [AMOUNT[culture].source, AMOUNT[culture].flags] as const,
          );
        if (!ends.length) cutOff.push(`${path}: no amount column`);
        for (const e of ends) if (e.end > 1440) cutOff.push(`${path}: ${e.title} ends at ${Math.round(e.end)}`);
        await screenshot(page, `money-1440-${culture}-${path.split('/').pop()}`);
      }
      expect(cutOff).toEqual([]);
      await context.close();
    });
  }
});
