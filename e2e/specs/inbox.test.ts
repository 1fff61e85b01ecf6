import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serverApi } from '../support/api';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { pack, text } from '../support/packs';

// A claim submitted over HTTP is a real notice: its approver (the employee's line manager) sees the header's count
// go up, finds the request in the inbox, follows it to the document, and the count goes down again.
const baseUrl = inject('baseUrl');
type Culture = 'zh-CN' | 'en-GB';
let browser: Browser;
let packs: Record<Culture, Record<string, string>>;
const { submittedDeputy } = serverApi(baseUrl);

beforeAll(async () => {
  browser = await launch();
  const [zh, en] = await Promise.all([pack(baseUrl, 'zh-CN'), pack(baseUrl, 'en-GB')]);
  packs = { 'zh-CN': zh, 'en-GB': en };
});
afterAll(() => browser.close());

/** The unread count the bell tells (its label, which screen readers read, holds the number the badge shows). */
async function unread(page: Page, culture: Culture): Promise<number> {
  const [before, after] = text(packs[culture], 'inbox.bell').split('{{count}}') as [string, string];
  const label = (await page.getByTestId('inbox-bell').getAttribute('aria-label')) ?? '';
  expect(label.startsWith(before) && label.endsWith(after), label).toBe(true);
  return Number(label.slice(before.length, label.length - after.length));
}

/** The manager, signed in in `culture` on a screen of `viewport`, before and after the claim is submitted. */
async function approverSees(culture: Culture, viewport: { width: number; height: number }, amount: string) {
  const p = packs[culture];
  const { context, page } = await newPage(browser, baseUrl, viewport);
  await context.addInitScript((c) => localStorage.setItem('language', c), culture);
  await signIn(page, 'manager');
  await expect.poll(() => page.getByTestId('inbox-bell').getAttribute('aria-label')).toBeTruthy();
  const before = await unread(page, culture);

  const claim = await submittedDeputy(`E2E inbox ${culture}`, amount);
  expect(claim.status).toBe('approving');
  // The count is asked again on a change of screen.
  await page.goto('/manage/approveCenter');
  await expect.poll(() => unread(page, culture)).toBe(before + 1);
  return { context, page, p, claim, before };
}

describe('the inbox', () => {
  it('brings an approval request to its approver, whose count drops once it is opened (Chinese, 360 × 740)', async () => {
    const { context, page, p, claim, before } = await approverSees('zh-CN', { width: 360, height: 740 }, '321.00');
    await page.getByTestId('inbox-bell').click();
    await page.waitForURL(/\/manage\/inbox/);
    const item = page.locator('[data-testid^="inbox-item-"]', { hasText: claim.docNo });
    await item.waitFor();
    expect(await item.getAttribute('data-read')).toBe('false');
    expect(await item.textContent()).toContain(text(p, 'workflow.mail.pending').replace('{{docNo}}', claim.docNo));
    expect(await item.getByTestId('inbox-amount').textContent()).toBe('金额：321.00 CNY');
    expect(await item.getByText(text(p, 'inbox.unread')).count()).toBe(1);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'inbox-zh-phone');

    await item.getByTestId('inbox-open').click();
    await page.waitForURL(new RegExp(`/manage/document/view/${claim.id}$`));
    await expect.poll(async () => (await page.getByTestId('doc-title').textContent()) ?? '').toContain(claim.docNo);
    await expect.poll(() => unread(page, 'zh-CN')).toBe(before);
    await context.close();
  });

  it('is used by keyboard on a desktop, and marks everything read at once (English)', async () => {
    const { context, page, p, claim, before } = await approverSees('en-GB', { width: 1366, height: 860 }, '654.30');
    await page.getByTestId('inbox-bell').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/manage\/inbox/);
    const item = page.locator('[data-testid^="inbox-item-"]', { hasText: claim.docNo });
    await item.waitFor();
    expect(await item.textContent()).toContain(`Document ${claim.docNo} is waiting for your approval`);
    expect(await item.getByTestId('inbox-amount').textContent()).toBe('Amount: 654.30 CNY');
    await screenshot(page, 'inbox-en-desktop');

    await item.getByTestId('inbox-open').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/manage/document/view/${claim.id}$`));
    await expect.poll(async () => (await page.getByTestId('doc-title').textContent()) ?? '').toContain(claim.docNo);
    await expect.poll(() => unread(page, 'en-GB')).toBe(before);

    // Back in the inbox, the message is read; the unread ones are all marked read at once.
    await page.goBack();
    await page.waitForURL(/\/manage\/inbox/);
    await expect.poll(() => item.getAttribute('data-read')).toBe('true');
    await page.getByTestId('inbox-filter').getByText(text(p, 'inbox.filter.unread')).click();
    await page.waitForURL(/unread=1/);
    // The demo leaves the manager other unread notices; should there be none, the button is off already.
    if (before > 0) await page.getByTestId('inbox-mark-all').click();
    await page.getByText(text(p, 'inbox.emptyUnread')).waitFor();
    await expect.poll(() => unread(page, 'en-GB')).toBe(0);
    expect(await page.getByTestId('inbox-mark-all').isDisabled()).toBe(true);
    await context.close();
  });
});
