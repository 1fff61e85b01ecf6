import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { pack, text } from '../support/packs';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe('TMC air tickets', () => {
  for (const culture of ['zh-CN', 'en-GB'] as const) {
    it(`the employee books on the TMC site and finds the ticket offered on a claim (${culture})`, async () => {
      const p = await pack(baseUrl, culture);
      const { context, page } = await newPage(browser, baseUrl);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await signIn(page, 'employee');
      await page.goto('/manage/personalExpense');
      if (culture === 'en-GB') {
        await page.getByTestId('lang-switch').click();
        await page.getByTestId('lang-en-GB').click();
      }
      const book = page.getByTestId('tmc-book');
      await expect.poll(async () => (await book.textContent())?.trim()).toBe(text(p, 'tmc.book'));

      // The hand-over opens the (simulated) booking site in a new tab.
      const [site] = await Promise.all([context.waitForEvent('page'), book.click()]);
      await site.waitForURL(/\/tmc-sim\?token=/);
      await expect.poll(async () => site.getByTestId('tmc-sim-title').textContent()).toBe(text(p, 'tmc.sim.title'));
      const flight = `MU${String(Date.now()).slice(-4)}`;
      await site.getByTestId('tmc-sim-Flight').fill(flight);
      await site.getByTestId('tmc-sim-Fare').fill('980.00');
      await site.getByTestId('tmc-sim-Tax').fill('50.00');
      await screenshot(site, `tmc-sim-${culture}`);
      await site.getByTestId('tmc-sim-book').click();
      const ticketNo = ((await site.getByTestId('tmc-sim-ticket').textContent()) ?? '').trim();
      expect(ticketNo).toMatch(/^781-\d{10}$/);
      await screenshot(site, `tmc-sim-booked-${culture}`);
      await site.close();

      // On a new claim the ticket is offered, and added as a company-paid line.
      await page.goto('/manage/document/new/deputy');
      const panel = page.getByTestId('doc-section-tmc');
      await panel.waitFor();
      await expect.poll(async () => panel.textContent()).toContain(text(p, 'tmc.tickets.title'));
      const add = page.getByTestId(`tmc-add-${ticketNo}`);
      await add.waitFor();
      expect(await panel.locator('tr', { has: add }).textContent()).toContain('1,030.00');
      await add.click();
      await page.getByTestId('line-tmc-0').waitFor();
      expect(await page.getByTestId('line-tmc-0').textContent()).toBe(text(p, 'tmc.line.companyPaid'));
      expect(await page.getByTestId('line-amount-0').inputValue()).toBe('1030.00');
      await expect.poll(async () => add.count()).toBe(0);
      await screenshot(page, `tmc-claim-${culture}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
