import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { acceptConfirm } from '../support/controls';
import { coverEveryLine, pick, savedDeputyNo } from '../support/documents';
import { pack, text } from '../support/packs';

const baseUrl = inject('baseUrl');
type Culture = 'zh-CN' | 'en-GB';
let browser: Browser;
let zh: Record<string, string>;
let en: Record<string, string>;
beforeAll(async () => {
  browser = await launch();
  [zh, en] = await Promise.all([pack(baseUrl, 'zh-CN'), pack(baseUrl, 'en-GB')]);
});
afterAll(() => browser.close());

async function as(username: string, culture: Culture) {
  const { context, page } = await newPage(browser, baseUrl);
  await context.addInitScript((c) => localStorage.setItem('language', c), culture);
  await signIn(page, username);
  return { context, page };
}

const row = (page: Page, hasText: string) => page.locator('tbody tr.ant-table-row', { hasText });
const select = (page: Page, hasText: string) => row(page, hasText).locator('input[type="checkbox"]').check();
const confirm = (page: Page) => acceptConfirm(page.locator('.ant-modal-confirm'));

/** Claims the selected rows through the claim dialog into a new travel deputy; answers its number once saved. */
async function claim(page: Page, p: Record<string, string>, item: string, reason: string) {
  await page.getByTestId('list-action-claim').click();
  await page.getByTestId('claim-reason').waitFor();
  await pick(page, 'claim-type', p === en ? 'Travel' : '差旅费');
  await pick(page, 'claim-item', item);
  await page.getByTestId('claim-reason').fill(reason);
  await page.getByTestId('claim-ok').click();
  return savedDeputyNo(page);
}

/**
 * The employee's business card and ride-hailing orders in one language: the demo transactions (card masked), one
 * marked personal, two claimed into a deputy that is submitted; an order turned business and claimed.
 */
async function journey(
  culture: Culture,
  p: Record<string, string>,
  picks: { personal: string; claim: [string, string]; order: string },
) {
  const tag = culture === 'zh-CN' ? 'zh' : 'en';
  const { context, page } = await as('employee', culture);
  await page.goto('/manage/myBusinessCard');
  await row(page, picks.personal).waitFor();
  const table = (await page.locator('tbody').textContent()) ?? '';
  expect(table).toContain('**** **** **** 1234');
  expect(table).not.toContain('6250942087651234');
  expect(table).toContain(text(p, 'cards.cardStatus.claimed'));
  await screenshot(page, `cards-${tag}-list`);

  // Nothing selected: the list asks for a selection first.
  await page.getByTestId('list-action-private').click();
  await page.locator('.ant-message-warning').waitFor();
  expect(await page.locator('tbody tr.ant-table-row input:checked').count()).toBe(0);
  // The toolbar's buttons take one click a second.
  await page.waitForTimeout(1100);

  await select(page, picks.personal);
  await page.getByTestId('list-action-private').click();
  await confirm(page);
  // The server's answer first (its notice), then the reloaded list.
  await page.locator('.ant-message-success').waitFor();
  await expect.poll(() => row(page, picks.personal).textContent()).toContain(text(p, 'cards.cardStatus.private'));

  for (const merchant of picks.claim) await select(page, merchant);
  const docNo = await claim(
    page,
    p,
    p === en ? 'Hotel' : '住宿费',
    culture === 'zh-CN' ? '客户拜访住宿' : 'Customer visits',
  );
  expect(await page.getByTestId('doc-total').textContent()).toBeTruthy();
  // A fapiao for each hotel line the card paid.
  await coverEveryLine(page);
  await page.getByTestId('doc-submit').click();
  await page.waitForURL(/\/manage\/document\/view\/\d+/);
  expect(await page.getByTestId('doc-status').first().textContent()).toBe(text(p, 'doc.status.approving'));
  await screenshot(page, `cards-${tag}-submitted`);

  await page.goto('/manage/myBusinessCard');
  await expect.poll(() => row(page, picks.claim[0]).textContent()).toContain(docNo);

  await page.goto('/manage/myDidiOrder');
  await row(page, picks.order).waitFor();
  // The demo's oldest order is past its claim cut-off.
  expect(await row(page, 'DD-DEMO-0001').textContent()).toContain(text(p, 'cards.claimableUntil.passed'));
  await select(page, picks.order);
  await page.getByTestId('list-action-business').click();
  await confirm(page);
  await expect.poll(() => row(page, picks.order).textContent()).toContain(text(p, 'cards.orderStatus.business'));
  await screenshot(page, `cards-${tag}-orders`);
  await select(page, picks.order);
  const orderDoc = await claim(
    page,
    p,
    p === en ? 'Ride-hailing' : '网约车',
    culture === 'zh-CN' ? '拜访医院' : 'Hospital visit',
  );
  await page.goto('/manage/myDidiOrder');
  await expect.poll(() => row(page, picks.order).textContent()).toContain(orderDoc);
  expect(await row(page, picks.order).textContent()).toContain(text(p, 'cards.orderStatus.claimed'));
  await context.close();
}

describe('business cards and ride-hailing orders', () => {
  it('the employee marks a card transaction personal, claims two and submits, claims a business order (Chinese)', async () => {
    await journey('zh-CN', zh, {
      personal: '无印良品',
      claim: ['全季酒店', '广州白天鹅宾馆'],
      order: 'DD-DEMO-0003',
    });
  });

  it('the same in English', async () => {
    await journey('en-GB', en, {
      personal: '肯德基',
      claim: ['成都香格里拉大酒店', '亚朵酒店'],
      order: 'DD-DEMO-0005',
    });
  });

  for (const culture of ['zh-CN', 'en-GB'] as const) {
    it(`the statement's receiver registers a card, is refused a duplicate, removes it (${culture})`, async () => {
      const p = culture === 'zh-CN' ? zh : en;
      const { context, page } = await as('finance', culture);
      await page.goto('/manage/myBusinessCard');
      await page.getByRole('tab', { name: text(p, 'cards.tab.registry') }).click();
      await page.waitForURL(/tab=registry/);
      await row(page, '1234').waitFor();
      const no = `6222${String(Date.now()).slice(-12)}`;
      const last4 = no.slice(-4);
      const add = async () => {
        await page.getByTestId('list-action-new').click();
        await pick(page, 'field-EmployeeID', p === en ? 'Wei Zhang' : '张伟');
        await page.getByTestId('field-CardNo').fill(`${no.slice(0, 4)} ${no.slice(4, 8)} ${no.slice(8, 12)} ${last4}`);
        await page.getByTestId('field-HolderName').fill('ZHANG WEI');
        await page.getByTestId('editor-save').click();
      };
      await add();
      await row(page, last4).waitFor();
      const table = (await page.locator('tbody').textContent()) ?? '';
      expect(table).toContain(`**** **** **** ${last4}`);
      expect(table).not.toContain(no);
      await screenshot(page, `cards-${culture === 'zh-CN' ? 'zh' : 'en'}-registry`);

      await page.waitForTimeout(1100);
      await add();
      await page
        .locator('.ant-drawer .ant-form-item-explain-error', { hasText: text(p, 'error.cards.card_duplicate') })
        .waitFor();
      await page.locator('.ant-drawer-footer button').first().click();

      await page.waitForTimeout(1100);
      await select(page, last4);
      await page.getByTestId('list-action-remove').click();
      await confirm(page);
      await expect.poll(() => row(page, last4).count()).toBe(0);
      await context.close();
    });
  }
});
