import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pickOption } from './controls';
import { shanghaiToday } from './time';

/** A real PNG (1×1 pixel): the picture of an invoice, its type found from the content. */
export const INVOICE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Picks an option of an antd select by typing part of its label. */
export const pick = (page: Page, testId: string, label: string): Promise<void> =>
  pickOption(page, page.getByTestId(testId), { label, typed: true });

/** After the first save of a new deputy: waits for the edit route and answers the number the title shows. */
export async function savedDeputyNo(page: Page): Promise<string> {
  await page.waitForURL(/\/manage\/document\/edit\/\d+/);
  let docNo: string | undefined;
  await expect
    .poll(async () => {
      docNo = /D\d{13}/.exec((await page.getByTestId('doc-title').textContent()) ?? '')?.[0];
      return docNo;
    })
    .toBeTruthy();
  return docNo!;
}

/** `n` random digits: fapiao codes and numbers no other test uses. */
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/**
 * The QR text of an electronic ordinary fapiao of the older layout (type 10: 12-digit code, 8-digit number, 20-digit
 * check code), which names no buyer; a fresh code and number each call, so no two tests claim one fapiao.
 */
export function electronicFapiaoQr(amount: string): { qr: string; number: string } {
  const number = digits(8);
  const ymd = shanghaiToday().replaceAll('-', '');
  return { qr: `01,10,0${digits(11)},${number},${amount},${ymd},${digits(20)},A1B2,`, number };
}

/**
 * Scans a fapiao of `amount` into the open, saved draft, as a scanner types it; the server puts it on the short line
 * it closes. Each line whose item needs a fapiao needs its own before the document can be submitted.
 */
export async function scanFapiao(page: Page, amount: string): Promise<string> {
  const { qr, number } = electronicFapiaoQr(amount);
  const box = page.getByTestId('invoice-qr');
  await box.fill(qr);
  await box.press('Enter');
  await page.getByTestId('invoice-table').getByText(number).waitFor();
  return number;
}

/** A paper ordinary VAT fapiao as entered by hand (names no buyer; its original must be mailed), fresh each call. */
export function paperFapiao(amount: string): Record<string, string> {
  return {
    InvoiceType: 'vat_normal',
    Code: `0${digits(11)}`,
    Number: digits(8),
    CheckCode: digits(20),
    InvoiceDate: shanghaiToday(),
    Amount: amount,
  };
}

/**
 * Scans a fapiao for what each line of the open draft still lacks, as the fapiao section's cover list shows it, until
 * no line is short (the lines must include one that needs a fapiao).
 */
export async function coverEveryLine(page: Page): Promise<void> {
  const short = page.getByTestId('invoice-cover').getByTestId('invoice-cover-short');
  await page.getByTestId('invoice-cover').waitFor();
  for (let n = await short.count(); n > 0; n = await short.count()) {
    const amount = /\d[\d,]*\.\d{2}/.exec((await short.first().textContent()) ?? '')?.[0];
    expect(amount, 'the shortfall shown').toBeTruthy();
    await scanFapiao(page, amount!.replaceAll(',', ''));
    await expect.poll(() => short.count()).toBeLessThan(n);
  }
}
