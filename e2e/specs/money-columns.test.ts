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
});
