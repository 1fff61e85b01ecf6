import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { pack, text } from '../support/packs';

const baseUrl = inject('baseUrl');
type Culture = 'zh-CN' | 'en-GB';
let browser: Browser;
let packs: Record<Culture, Record<string, string>>;
const dir = mkdtempSync(join(tmpdir(), 'ems-e2e-print-'));

beforeAll(async () => {
  browser = await launch();
  const [zh, en] = await Promise.all([pack(baseUrl, 'zh-CN'), pack(baseUrl, 'en-GB')]);
  packs = { 'zh-CN': zh, 'en-GB': en };
});
afterAll(async () => {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
});

async function as(username: string, culture: Culture) {
  const { context, page } = await newPage(browser, baseUrl);
  await context.addInitScript((c) => localStorage.setItem('language', c), culture);
  await signIn(page, username);
  return { context, page };
}

/** The first document awaiting its paper: its number and id, from the post centre's list. */
async function firstAwaiting(page: Page): Promise<{ docNo: string; id: string }> {
  await page.goto('/manage/documentPostCenter');
  const link = page.locator('[data-testid^="post-doc-"]').first();
  await link.waitFor();
  const docNo = (await link.textContent())!.trim();
  const id = /\/view\/(\d+)/.exec((await link.getAttribute('href')) ?? '')![1]!;
  return { docNo, id };
}

/** Scans a number into the scan box as a barcode scanner does: the characters, then Enter. */
async function scan(page: Page, docNo: string) {
  const box = page.getByTestId('post-scan-input');
  await box.click();
  await page.keyboard.type(docNo);
  await page.keyboard.press('Enter');
}

describe.each(['zh-CN', 'en-GB'] as const)('printing and the post centre (%s)', (culture) => {
  it('downloads the PDF of a document and opens its read-only link without signing in', async () => {
    const p = packs[culture];
    const clerk = await as('finance', culture);
    const { docNo, id } = await firstAwaiting(clerk.page);
    await clerk.page.goto(`/manage/document/view/${id}`);
    await clerk.page.getByTestId('doc-title').waitFor();
    // antd spaces out two-character Chinese labels: compared without spaces.
    const label = (await clerk.page.getByTestId('doc-download-pdf').textContent())!.replace(/\s/g, '');
    expect(label).toBe(text(p, 'print.action.download').replace(/\s/g, ''));
    const download = clerk.page.waitForEvent('download');
    await clerk.page.getByTestId('doc-download-pdf').click();
    const file = join(dir, `${culture}.pdf`);
    await (await download).saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const pdfText = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(pdfText).toContain(docNo);
    expect(pdfText).toContain('单据编号');

    await clerk.page.getByTestId('doc-share-link').click();
    const url = (await clerk.page.getByTestId('share-link-url').textContent())!.trim();
    expect(url).toContain('/otherSysViewDetail?token=');
    await screenshot(clerk.page, `print-${culture}-share-link`);
    await clerk.context.close();

    // Someone without a session opens the link.
    const { context, page } = await newPage(browser, baseUrl);
    await context.addInitScript((c) => localStorage.setItem('language', c), culture);
    await page.goto(url);
    await page.getByTestId('shared-document').waitFor();
    await page.getByTestId('shared-document').getByText(docNo).first().waitFor();
    await screenshot(page, `print-${culture}-shared-view`);
    // A changed token is refused with its message.
    await page.goto(`${url}x`);
    await page.getByText(text(p, 'error.share.link_invalid')).waitFor();
    await context.close();
  });

  it('receives a document by scanning its number, keeps the focus for the next scan, and settles the batch', async () => {
    const p = packs[culture];
    const clerk = await as('finance', culture);
    const { page } = clerk;
    const { docNo } = await firstAwaiting(page);
    await scan(page, docNo);
    await page.getByTestId('post-scan-ok').filter({ hasText: docNo }).waitFor();
    const box = page.getByTestId('post-scan-input');
    expect(await box.inputValue()).toBe('');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    // The same paper again: refused with its reason, shown with the scan.
    await scan(page, docNo);
    await page
      .getByTestId('post-scan-failed')
      .filter({ hasText: text(p, 'error.postcentre.not_awaiting') })
      .waitFor();
    await screenshot(page, `post-${culture}-scanned`);

    await page.getByTestId('post-tab-batch').click();
    await page.getByTestId(`post-doc-${docNo}`).waitFor();
    if (culture === 'zh-CN') {
      await page.getByTestId('post-delete-all').click();
      await page.locator('.ant-modal-confirm .ant-btn-primary').click();
      await page.getByTestId(`post-doc-${docNo}`).waitFor({ state: 'detached' });
      await page.getByTestId('post-tab-awaiting').click();
      await page.getByTestId(`post-doc-${docNo}`).waitFor();
    } else {
      await page.getByTestId('post-return-all').click();
      await page.getByTestId('post-return-reason').fill('Original invoice missing');
      await page.getByTestId('post-return-ok').click();
      await page.getByTestId(`post-doc-${docNo}`).waitFor({ state: 'detached' });
      await page.getByText(text(p, 'postcentre.batch.none')).first().waitFor();
    }
    await screenshot(page, `post-${culture}-settled`);
    await clerk.context.close();
  });
});
