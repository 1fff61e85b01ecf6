import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  fapiaoPdf,
  hotelFapiao,
  photo,
  qrTextOf,
} from '../../apps/server/src/modules/documents/invoices/reader/test-files';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { opened } from '../support/controls';
import { pick, savedDeputyNo, scanFapiao } from '../support/documents';
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

/** Chinese on a claimant's phone, English on a desktop. */
const CASES: {
  culture: Culture;
  type: string;
  items: [string, string];
  number: string;
  viewport?: { width: number; height: number };
}[] = [
  {
    culture: 'zh-CN',
    type: '差旅费',
    items: ['住宿费', '出租车费'],
    number: '26319999000000000001',
    viewport: { width: 360, height: 740 },
  },
  { culture: 'en-GB', type: 'Travel', items: ['Hotel', 'Taxi'], number: '26319999000000000002' },
];

describe('fapiao on a deputy', () => {
  for (const c of CASES) {
    it(`a deputy with a fapiao entered from its QR text is submitted and holds the fapiao (${c.culture})`, async () => {
      const p = packs[c.culture]!;
      const { context, page } = await newPage(browser, baseUrl, c.viewport);
      await context.addInitScript((culture) => localStorage.setItem('language', culture), c.culture);
      await signIn(page, 'employee');
      await page.goto('/manage/personalExpense');
      await page.getByTestId('list-action-new-deputy').click();
      await page.getByTestId('doc-section-lines').waitFor();
      await pick(page, 'doc-expense-type', c.type);
      await page.getByTestId('doc-reason').fill(`E2E fapiao ${c.culture}`);
      await pick(page, 'line-item-0', c.items[0]);
      await page.getByTestId('line-amount-0').fill('212.00');
      await page.getByTestId('line-desc-0').fill('QR');
      await page.getByTestId('line-add').click();
      await pick(page, 'line-item-1', c.items[1]);
      await page.getByTestId('line-amount-1').fill('45.00');
      await page.getByTestId('doc-save').click();
      await savedDeputyNo(page);

      // A scanner types the QR text and presses Enter; the fapiao goes to the line whose amount it closes.
      const box = page.getByTestId('invoice-qr');
      await box.click();
      await page.keyboard.type(`01,32,,${c.number},212.00,${ymd},,9A7F31C2,`);
      await page.keyboard.press('Enter');
      const section = page.getByTestId('invoice-section');
      await section.getByText(c.number).waitFor();
      expect(await box.inputValue()).toBe('');
      expect(await section.getByTestId('invoice-verify').textContent()).toBe(text(p, 'invoice.verify.not_verified'));
      expect(await section.getByTestId('invoice-no-mailing').textContent()).toBe(text(p, 'invoice.noMailing'));
      const cover = section.getByTestId('invoice-cover');
      expect(await cover.getByTestId('invoice-cover-line-1').textContent()).toContain(text(p, 'invoice.cover.covered'));
      expect(await cover.getByTestId('invoice-cover-line-2').textContent()).toContain('45.00');
      // A fully digital fapiao's QR code holds no buyer: it is flagged until the claimant enters it.
      expect(await section.getByTestId('invoice-buyer-missing').textContent()).toBe(text(p, 'invoice.buyer.missing'));
      await screenshot(page, `fapiao-${c.culture}-draft`);

      // Submit names what is missing: first the buyer, then the line still short.
      await page.getByTestId('doc-submit').click();
      // The newest notice naming the fapiao: the one of its scan ("added") may still show beside it.
      await page.locator('.ant-message-notice', { hasText: c.number }).last().waitFor();
      await section.getByTestId('invoice-buyer-edit').click();
      const dialog = page.locator('.ant-modal:visible');
      // A click during the dialog's opening animation can be lost: it is made once the dialog has opened.
      await opened(dialog);
      await dialog.getByTestId('invoice-buyer-company').click();
      expect(await dialog.getByTestId('invoice-buyer-taxid').inputValue()).not.toBe('');
      await screenshot(page, `fapiao-${c.culture}-buyer`);
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await dialog.waitFor({ state: 'hidden' });
      await section.getByTestId('invoice-buyer-missing').waitFor({ state: 'detached' });

      await page.waitForTimeout(1100);
      await page.getByTestId('doc-submit').click();
      await page.locator('.ant-message-notice', { hasText: '2: 45.00' }).waitFor();
      await screenshot(page, `fapiao-${c.culture}-short`);
      // The taxi's fapiao covers line 2.
      await scanFapiao(page, '45.00');
      await expect.poll(() => cover.getByTestId('invoice-cover-short').count()).toBe(0);

      await page.waitForTimeout(1100);
      await page.getByTestId('doc-submit').click();
      await page.waitForURL(/\/manage\/document\/view\/\d+/);
      expect(await page.getByTestId('doc-status').first().textContent()).toBe(text(p, 'doc.status.approving'));
      const held = page.getByTestId('invoice-section');
      await held.getByText(c.number).waitFor();
      // Both fapiao are held by the document now.
      await expect.poll(() => held.getByText(text(p, 'invoice.claim.locked')).count()).toBe(2);
      expect(await held.getByTestId('invoice-qr').count()).toBe(0);
      await screenshot(page, `fapiao-${c.culture}-submitted`);
      await context.close();
    });
  }
});

/** The employee's saved deputy of one 400.00 hotel line, in the language and window asked for. */
async function hotelDeputy(culture: Culture, type: string, item: string, viewport?: { width: number; height: number }) {
  const opened = await newPage(browser, baseUrl, viewport);
  await opened.context.addInitScript((lang) => localStorage.setItem('language', lang), culture);
  const { page } = opened;
  await signIn(page, 'employee');
  await page.goto('/manage/personalExpense');
  await page.getByTestId('list-action-new-deputy').click();
  await page.getByTestId('doc-section-lines').waitFor();
  await pick(page, 'doc-expense-type', type);
  await page.getByTestId('doc-reason').fill(`E2E fapiao file ${culture}`);
  await pick(page, 'line-item-0', item);
  await page.getByTestId('line-amount-0').fill('400.00');
  await page.getByTestId('doc-save').click();
  await savedDeputyNo(page);
  return opened;
}

describe('a fapiao read from its PDF', () => {
  for (const c of [
    {
      culture: 'zh-CN' as const,
      type: '差旅费',
      item: '住宿费',
      number: '26319999000000000011',
      viewport: { width: 360, height: 740 },
    },
    { culture: 'en-GB' as const, type: 'Travel', item: 'Hotel', number: '26319999000000000012' },
  ]) {
    it(`is read, confirmed and entered against its line, buyer included (${c.culture})`, async () => {
      const p = packs[c.culture]!;
      const { context, page } = await hotelDeputy(c.culture, c.type, c.item, c.viewport);

      const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      const section = page.getByTestId('invoice-section');
      const chooser = page.waitForEvent('filechooser');
      await section.getByTestId('invoice-read-file').click();
      await (await chooser).setFiles({
        name: 'fapiao.pdf',
        mimeType: 'application/pdf',
        buffer: await fapiaoPdf(hotelFapiao(c.number, today)),
      });
      const dialog = page.locator('.ant-modal:visible');
      const summary = dialog.getByTestId('invoice-read-summary');
      await summary.waitFor();
      expect(await summary.textContent()).toContain(
        text(p, 'invoice.read.checkEach').replace('{{format}}', text(p, 'invoice.read.format.pdf')),
      );
      expect(await dialog.getByTestId('invoice-number-input').inputValue()).toBe(c.number);
      expect(await dialog.getByTestId('invoice-amount').inputValue()).toBe('377.36');
      expect(await dialog.getByTestId('invoice-buyer-tax').inputValue()).toBe('91310000MA1FL0HK1X');
      await screenshot(page, `fapiao-file-${c.culture}-confirm`);
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await dialog.waitFor({ state: 'hidden' });

      // Entered with its buyer, the fapiao covers the line and needs no buyer entered by hand.
      await section.getByText(c.number).waitFor();
      expect(await section.getByTestId('invoice-buyer-missing').count()).toBe(0);
      const cover = section.getByTestId('invoice-cover');
      expect(await cover.getByTestId('invoice-cover-line-1').textContent()).toContain(text(p, 'invoice.cover.covered'));
      await screenshot(page, `fapiao-file-${c.culture}-entered`);
      await context.close();
    });
  }
});

describe('a fapiao photographed on a phone', () => {
  it('is sent smaller than the camera took it and read from its QR code (zh-CN, 360 px)', async () => {
    const p = packs['zh-CN']!;
    const { context, page } = await hotelDeputy('zh-CN', '差旅费', '住宿费', { width: 360, height: 740 });

    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const number = '26319999000000000013';
    // A 12-megapixel camera photo of the fapiao, turned a little.
    const camera = await photo({
      qr: qrTextOf(hotelFapiao(number, today)),
      format: 'jpeg',
      width: 4000,
      height: 3000,
      module: 12,
      angle: 5,
      seed: 11,
    });
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/InvoiceEntry/ReadFile'));
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('invoice-read-file').click();
    await (await chooser).setFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: camera });
    const body = (await sent).postDataBuffer();
    expect(body?.length ?? 0).toBeLessThan(camera.length / 2);
    const dialog = page.locator('.ant-modal:visible');
    await dialog.getByTestId('invoice-read-summary').waitFor();
    expect(await dialog.getByTestId('invoice-read-summary').textContent()).toContain(
      text(p, 'invoice.read.format.image'),
    );
    expect(await dialog.getByTestId('invoice-number-input').inputValue()).toBe(number);
    await screenshot(page, 'fapiao-photo-zh-CN-confirm');
    await context.close();
  });
});
