import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pickOption } from './controls';

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
