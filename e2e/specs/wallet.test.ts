import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  digitalXml,
  type FapiaoSpec,
  fapiaoPdf,
  hotelFapiao,
  photo,
} from '../../apps/server/src/modules/documents/invoices/reader/test-files';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { acceptConfirm, opened, pickToday } from '../support/controls';
import { pick } from '../support/documents';
import { pack, text } from '../support/packs';
import { shanghaiToday } from '../support/time';

const baseUrl = inject('baseUrl');
type Culture = 'zh-CN' | 'en-GB';
let browser: Browser;
const packs: Partial<Record<Culture, Record<string, string>>> = {};
beforeAll(async () => {
  browser = await launch();
  [packs['zh-CN'], packs['en-GB']] = await Promise.all([pack(baseUrl, 'zh-CN'), pack(baseUrl, 'en-GB')]);
});
afterAll(() => browser.close());

/** A taxi ride's fully digital fapiao made out to the demo company. */
const taxiFapiao = (number: string, date: string): FapiaoSpec => ({
  ...hotelFapiao(number, date),
  sellerName: '上海样例出租汽车有限公司',
  sellerTaxId: '91310101TEST00006R',
  amount: '44.55',
  taxAmount: '0.45',
  total: '45.00',
  items: [{ name: '*运输服务*客运服务费', amount: '44.55', taxRate: '0.01', taxAmount: '0.45' }],
});

const noOverflow = async (page: import('playwright-core').Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

/** The demo claimant signed in, in the case's language and window. */
async function claimant(c: { culture: Culture; viewport?: { width: number; height: number } }) {
  const opened = await newPage(browser, baseUrl, c.viewport);
  await opened.context.addInitScript((culture) => localStorage.setItem('language', culture), c.culture);
  await signIn(opened.page, 'employee');
  return opened;
}

/** Chinese on a claimant's phone, English on a desktop. */
const CASES = [
  {
    culture: 'zh-CN' as const,
    type: '差旅费',
    items: ['住宿费', '出租车费'],
    numbers: ['26319999000000000021', '26319999000000000022'],
    viewport: { width: 360, height: 740 },
  },
  {
    culture: 'en-GB' as const,
    type: 'Travel',
    items: ['Hotel', 'Taxi'],
    numbers: ['26319999000000000023', '26319999000000000024'],
  },
];

describe('the receipt wallet', () => {
  for (const c of CASES) {
    it(`takes fapiao files before any claim and makes a claim that is submitted (${c.culture})`, async () => {
      const p = packs[c.culture]!;
      const phone = c.viewport !== undefined;
      const { context, page } = await claimant(c);
      await page.goto('/manage/personalExpense');
      await page.getByTestId('open-wallet').click();
      await page.waitForURL(/\/manage\/wallet$/);
      await page.getByTestId('wallet-list').waitFor();

      // Two files at once, as a phone's picker or a desktop's drop hands them over; the progress says how far.
      const today = shanghaiToday();
      const [hotelNo, taxiNo] = c.numbers;
      await page.getByTestId('wallet-file').setInputFiles([
        { name: 'hotel.pdf', mimeType: 'application/pdf', buffer: await fapiaoPdf(hotelFapiao(hotelNo!, today)) },
        { name: 'taxi.xml', mimeType: 'application/xml', buffer: Buffer.from(digitalXml(taxiFapiao(taxiNo!, today))) },
      ]);
      const uploads = page.getByTestId('wallet-uploads');
      await uploads.getByText('2/2').waitFor();
      await expect.poll(() => uploads.getByText(text(p, 'wallet.state.done')).count()).toBe(0);
      const hotel = page.getByTestId(`wallet-item-${hotelNo}`);
      const taxi = page.getByTestId(`wallet-item-${taxiNo}`);
      await hotel.waitFor();
      await taxi.waitFor();
      expect(await hotel.textContent()).toContain('400.00');
      expect(await hotel.textContent()).toContain(text(p, 'invoice.verify.not_verified'));
      if (phone) await noOverflow(page);
      await screenshot(page, `wallet-${c.culture}-uploaded`);

      // The same file again is refused at upload, in the reader's language.
      await page.getByTestId('wallet-file').setInputFiles({
        name: 'taxi-again.xml',
        mimeType: 'application/xml',
        buffer: Buffer.from(digitalXml(taxiFapiao(taxiNo!, today))),
      });
      await uploads.getByText(text(p, 'error.invoice.duplicate')).waitFor();

      // Both ticked: the bar sums them; the draft has a line each, with the item suggested from the fapiao.
      await hotel.getByRole('checkbox').check();
      await taxi.getByRole('checkbox').check();
      const bar = page.getByTestId('wallet-bar');
      expect(await bar.textContent()).toContain('445.00');
      await bar.getByRole('button').click();
      const dialog = page.locator('.ant-modal:visible');
      await opened(dialog);
      await pick(page, 'wallet-type', c.type);
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await page.waitForURL(/\/manage\/document\/edit\/\d+/);
      await page.getByTestId('doc-section-lines').waitFor();
      await expect.poll(() => page.getByTestId('line-item-0').textContent()).toContain(c.items[0]);
      expect(await page.getByTestId('line-item-1').textContent()).toContain(c.items[1]);
      const section = page.getByTestId('invoice-section');
      await section.getByText(hotelNo!).waitFor();
      await section.getByText(taxiNo!).waitFor();
      expect(await section.getByTestId('invoice-cover-short').count()).toBe(0);
      if (phone) await noOverflow(page);
      await screenshot(page, `wallet-${c.culture}-draft`);

      // The claimant writes the purpose, saves and submits: the claim made on the phone goes for approval.
      await page.getByTestId('doc-reason').fill(`E2E wallet ${c.culture}`);
      await page.getByTestId('doc-save').click();
      await page.locator('.ant-message-notice').first().waitFor();
      await page.waitForTimeout(1100);
      await page.getByTestId('doc-submit').click();
      await page.waitForURL(/\/manage\/document\/view\/\d+/);
      expect(await page.getByTestId('doc-status').first().textContent()).toBe(text(p, 'doc.status.approving'));
      await screenshot(page, `wallet-${c.culture}-submitted`);

      // Back in the wallet the two are on the document, no longer among those to claim.
      await page.goto('/manage/wallet');
      await page.getByTestId('wallet-list').waitFor();
      await expect.poll(() => page.getByTestId(`wallet-item-${hotelNo}`).count()).toBe(0);
      await page.getByTestId('wallet-filter').getByText(text(p, 'wallet.used')).click();
      await page.getByTestId(`wallet-item-${hotelNo}`).waitFor();
      await context.close();
    });
  }

  for (const c of CASES) {
    it(`keeps a photo without a QR code as a receipt and claims it (${c.culture})`, async () => {
      const p = packs[c.culture]!;
      const phone = c.viewport !== undefined;
      const { context, page } = await claimant(c);
      await page.goto('/manage/wallet');
      await page.getByTestId('wallet-receipts').waitFor();

      // A taxi slip: no QR code, so no fapiao; the wallet offers to keep it as a receipt, its photo already chosen.
      const issuer = `E2E 出租 ${c.culture}`;
      const slip = await photo({
        format: 'jpeg',
        width: 600,
        height: 400,
        noise: 0.04,
        seed: c.culture === 'zh-CN' ? 31 : 32,
      });
      await page
        .getByTestId('wallet-file')
        .setInputFiles({ name: 'taxi-slip.jpg', mimeType: 'image/jpeg', buffer: slip });
      await page.getByTestId('wallet-keep-receipt').click();
      const dialog = page.locator('.ant-modal:visible');
      await opened(dialog);
      await dialog.getByText('taxi-slip.jpg').waitFor();
      await pickToday(page, dialog.getByTestId('receipt-date'));
      await dialog.getByTestId('receipt-amount').fill('35.50');
      await dialog.getByTestId('receipt-issuer').fill(issuer);
      if (phone) await noOverflow(page);
      await screenshot(page, `wallet-${c.culture}-receipt`);
      await acceptConfirm(dialog);

      const item = page.getByTestId('wallet-receipts').locator('li', { hasText: issuer });
      await item.waitFor();
      expect(await item.textContent()).toContain('35.50');
      expect(await item.textContent()).toContain(text(p, 'wallet.receiptKind'));
      if (phone) await noOverflow(page);

      // Ticked, it makes a claim of one line with its date and amount; the receipt and its photo go with it.
      await item.getByRole('checkbox').check();
      const bar = page.getByTestId('wallet-bar');
      expect(await bar.textContent()).toContain('35.50');
      await bar.getByRole('button').click();
      const draft = page.locator('.ant-modal:visible');
      await opened(draft);
      await pick(page, 'wallet-type', c.type);
      await draft.locator('.ant-modal-footer .ant-btn-primary').click();
      await page.waitForURL(/\/manage\/document\/edit\/\d+/);
      await page.getByTestId('doc-section-lines').waitFor();
      await expect.poll(() => page.getByTestId('line-amount-0').inputValue()).toContain('35.5');
      const receipts = page.getByTestId('receipt-section');
      await receipts.getByText(issuer).waitFor();
      await receipts.getByRole('button', { name: text(p, 'wallet.original') }).waitFor();
      if (phone) await noOverflow(page);
      await screenshot(page, `wallet-${c.culture}-receipt-draft`);
      await context.close();
    });

    it(`takes fapiao mailed to the wallet's own address and says what became of each file (${c.culture})`, async () => {
      const p = packs[c.culture]!;
      const phone = c.viewport !== undefined;
      const { context, page } = await claimant(c);
      await page.goto('/manage/wallet');
      await page.getByTestId('wallet-mail-open').click();
      const dialog = page.getByTestId('wallet-mail');
      await opened(page.locator('.ant-modal:visible'));
      // No mail server in the tests: the address is the simulated server's, and the dialog sends the mail.
      await expect
        .poll(async () => (await dialog.getByTestId('wallet-mail-address').textContent()) ?? '')
        .toMatch(/^[a-z2-7]{12}@wallet-mail\.invalid$/);
      const number = c.culture === 'zh-CN' ? '26319999000000000031' : '26319999000000000032';
      const subject = `E2E mail ${c.culture}`;
      await dialog.getByTestId('wallet-mail-subject').fill(subject);
      await dialog.getByTestId('wallet-mail-files').setInputFiles([
        {
          name: 'taxi.xml',
          mimeType: 'application/xml',
          buffer: Buffer.from(digitalXml(taxiFapiao(number, shanghaiToday()))),
        },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a fapiao') },
      ]);
      await dialog.getByTestId('wallet-mail-send').click();
      await page
        .getByText(text(p, 'wallet.mail.sent').replace('{{added}}', '1').replace('{{refused}}', '1'))
        .first()
        .waitFor();
      const mail = dialog.getByTestId('wallet-mail-log').locator('[role="listitem"]', { hasText: subject });
      await mail.waitFor();
      expect(await mail.textContent()).toContain(text(p, 'wallet.mail.outcome.taken'));
      expect(await mail.textContent()).toContain(`taxi.xml`);
      expect(await mail.textContent()).toContain(text(p, 'error.invoice.file_type_unsupported').slice(0, 8));
      if (phone) await noOverflow(page);
      await screenshot(page, `wallet-${c.culture}-mail`);
      await page.locator('.ant-modal:visible .ant-modal-footer .ant-btn').click();

      // The fapiao waits in the wallet, and the inbox tells how the mail went.
      await page.getByTestId(`wallet-item-${number}`).waitFor();
      await page.goto('/manage/inbox');
      await page.getByText(subject, { exact: false }).first().waitFor();
      await context.close();
    });
  }
});
