import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { acceptConfirm, opened } from '../support/controls';
import { INVOICE_PNG, pick, savedDeputyNo, scanFapiao } from '../support/documents';
import { pack, text } from '../support/packs';
import { shanghaiToday } from '../support/time';

const baseUrl = inject('baseUrl');
type Culture = 'zh-CN' | 'en-GB';
let browser: Browser;
let zh: Record<string, string>;
let en: Record<string, string>;
/** The small deputy a fill-in proxy prepares below: after its applicant confirms, only the manager's step is left. */
let proxyDocNo: string | undefined;
beforeAll(async () => {
  browser = await launch();
  [zh, en] = await Promise.all([pack(baseUrl, 'zh-CN'), pack(baseUrl, 'en-GB')]);
});
afterAll(() => browser.close());

async function as(username: string, culture: Culture, viewport?: { width: number; height: number }) {
  const { context, page } = await newPage(browser, baseUrl, viewport);
  await context.addInitScript((c) => localStorage.setItem('language', c), culture);
  await signIn(page, username);
  return { context, page };
}

/** Attaches a picture to the open draft's attachments (a scan of the hotel bill, say): evidence, but not a fapiao. */
async function attachInvoice(page: Page, name: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('attachment-upload').click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: INVOICE_PNG });
  await page.getByTestId('attachment-section').getByText(name).waitFor();
}

/**
 * Fills in a deputy of the travel type with the given lines and returns its number once saved, with a fapiao scanned
 * for each line (each line's item needs its own) unless `invoice` is false.
 */
async function fillDeputy(
  page: Page,
  p: Record<string, string>,
  reason: string,
  lines: [string, string, string][],
  invoice = true,
) {
  await page.goto('/manage/personalExpense');
  await page.getByTestId('list-action-new-deputy').click();
  await page.getByTestId('doc-section-lines').waitFor();
  await pick(page, 'doc-expense-type', text(p, 'doc.type.deputy') === 'Reimbursement' ? 'Travel' : '差旅费');
  await page.getByTestId('doc-reason').fill(reason);
  for (const [i, [item, amount, description]] of lines.entries()) {
    if (i > 0) await page.getByTestId('line-add').click();
    await pick(page, `line-item-${i}`, item);
    await page.getByTestId(`line-amount-${i}`).fill(amount);
    await page.getByTestId(`line-desc-${i}`).fill(description);
  }
  await page.getByTestId('doc-save').click();
  const docNo = await savedDeputyNo(page);
  if (invoice) for (const [, amount] of lines) await scanFapiao(page, amount);
  return docNo;
}

async function submit(page: Page) {
  await page.getByTestId('doc-submit').click();
  await page.waitForURL(/\/manage\/document\/view\/\d+/);
}

/** Opens the approve centre and acts on the document's row. */
async function decideInCentre(page: Page, p: Record<string, string>, docNo: string, pass: boolean, comment?: string) {
  await page.goto('/manage/approveCenter');
  const row = page.locator('tr', { hasText: docNo }).first();
  await row.waitFor();
  await row.locator('input[type="checkbox"]').check();
  // What there is to look at, and the total of what is selected, before deciding.
  await row.locator('[data-testid^="evidence-"]').waitFor();
  expect(await page.getByTestId('approve-selected-total').textContent()).toContain(
    text(p, 'approval.center.selectedTotal').split('{{')[0]!.trim(),
  );
  await page.getByTestId(pass ? 'approve-selected' : 'reject-selected').click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('decision-comment') });
  await dialog.waitFor();
  if (comment) await dialog.getByTestId('decision-comment').fill(comment);
  // The dialog's main button (antd spaces out two-character Chinese labels, so not found by its text), once the
  // dialog has finished opening.
  await opened(dialog);
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  if (!pass) {
    const ask = page.locator('.ant-modal-confirm');
    await ask.getByText(text(p, 'common.confirmReject')).waitFor();
    await acceptConfirm(ask);
  }
  // The dialog closes once the server took the decision; a refusal stays in the dialog and fails the test with it.
  const problem = page.getByTestId('decision-problem');
  const outcome = await Promise.race([
    dialog.waitFor({ state: 'hidden' }).then(() => 'closed'),
    problem.waitFor().then(async () => `refused: ${await problem.textContent()}`),
  ]);
  expect(outcome).toBe('closed');
  await row.waitFor({ state: 'detached' });
}

async function openMine(page: Page, docNo: string) {
  await page.goto('/manage/personalExpense');
  await page.getByTestId(`doc-link-${docNo}`).click();
  await page.getByTestId('doc-title').waitFor();
}

describe('from claim to approval', () => {
  it('an employee claims a deputy with two lines, the manager approves it, the employee sees it approved (Chinese)', async () => {
    const emp = await as('employee', 'zh-CN');
    const docNo = await fillDeputy(
      emp.page,
      zh,
      '端到端：上海客户拜访',
      [
        ['住宿费', '680.00', '酒店两晚'],
        ['出租车费', '45.50', '机场出租车'],
      ],
      false,
    );
    expect(await emp.page.getByTestId('doc-total').textContent()).toContain('725.50');
    // The hotel bill as a picture, and a fapiao for each line: the picture alone does not cover a line.
    await attachInvoice(emp.page, 'hotel-invoice.png');
    await scanFapiao(emp.page, '680.00');
    await scanFapiao(emp.page, '45.50');
    expect(await emp.page.getByTestId('invoice-cover').getByTestId('invoice-cover-short').count()).toBe(0);
    await screenshot(emp.page, 'claim-zh-deputy-draft');
    await submit(emp.page);
    expect(await emp.page.getByTestId('doc-status').first().textContent()).toBe(text(zh, 'doc.status.approving'));
    await emp.page.getByTestId('doc-route').getByText('李静').first().waitFor();
    await screenshot(emp.page, 'claim-zh-deputy-submitted');

    const mgr = await as('manager', 'zh-CN');
    await decideInCentre(mgr.page, zh, docNo, true);
    await screenshot(mgr.page, 'claim-zh-approve-centre-after');
    await mgr.context.close();

    await openMine(emp.page, docNo);
    expect(await emp.page.getByTestId('doc-status').first().textContent()).toBe(text(zh, 'doc.status.approved'));
    // The breadcrumb leads back to the list the document was opened from.
    const crumbs = emp.page.getByTestId('breadcrumb');
    await expect.poll(() => crumbs.textContent()).toContain(docNo);
    expect(await crumbs.textContent()).toContain(
      `${text(zh, 'menu.group.expense')}/${text(zh, 'menu.expense.personalExpense')}/`,
    );
    await crumbs.getByRole('link', { name: text(zh, 'menu.expense.personalExpense') }).click();
    await emp.page.waitForURL(/\/manage\/personalExpense/);
    await openMine(emp.page, docNo);
    await emp.page.getByTestId('attachment-section').getByText('hotel-invoice.png').waitFor();
    await screenshot(emp.page, 'claim-zh-deputy-approved');
    await emp.context.close();
  });

  it('the manager rejects with a comment and the employee corrects and resubmits (English)', async () => {
    const emp = await as('employee', 'en-GB');
    const docNo = await fillDeputy(emp.page, en, 'E2E: Hangzhou congress travel', [['Hotel', '920.00', 'Two nights']]);
    await submit(emp.page);

    const mgr = await as('manager', 'en-GB');
    await decideInCentre(mgr.page, en, docNo, false, 'Please attach the hotel invoice');
    await mgr.context.close();

    // The home page counts what came back, and opens the list of it.
    await emp.page.goto('/manage');
    const returned = emp.page.getByTestId('home-todo-returned');
    await expect
      .poll(async () => Number(await returned.locator('.ant-statistic-content-value').textContent()))
      .toBeGreaterThan(0);
    await returned.click();
    await emp.page.waitForURL(/\/manage\/personalExpense\?Status=returned/);
    await emp.page.getByTestId(`doc-link-${docNo}`).click();
    await emp.page.getByTestId('doc-title').waitFor();
    await emp.page.getByTestId('doc-section-route').getByText('Please attach the hotel invoice').waitFor();
    expect(await emp.page.getByTestId('doc-status').first().textContent()).toBe(text(en, 'doc.status.returned'));
    await screenshot(emp.page, 'claim-en-returned');
    await emp.page.getByTestId('line-desc-0').fill('Two nights, invoice attached');
    await submit(emp.page);
    expect(await emp.page.getByTestId('doc-status').first().textContent()).toBe(text(en, 'doc.status.approving'));
    await emp.context.close();
  });

  it('a fill-in proxy submits for the employee, who confirms (English)', async () => {
    // The employee makes the manager their fill-in proxy.
    const emp = await as('employee', 'en-GB');
    const token = await emp.page.evaluate(() => sessionStorage.getItem('accessToken'));
    const people = await (
      await fetch(`${baseUrl}/api/system/ChooseEmployee`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ Keyword: '李静', PageIndex: 1, PageSize: 5 }),
      })
    ).json();
    const managerId = people.Rows[0].EmployeeID as number;
    const today = shanghaiToday();
    const granted = await fetch(`${baseUrl}/api/ProxyUser/SaveOrUpdateProxyUser`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        ProxyUserID: managerId,
        StartDate: today,
        EndDate: `${Number(today.slice(0, 4)) + 1}-12-31`,
      }),
    });
    expect(granted.status).toBe(200);

    const mgr = await as('manager', 'en-GB');
    await mgr.page.getByTestId('proxy-switch').click();
    await mgr.page.getByTestId('proxy-for-E00010').click();
    await mgr.page.getByTestId('proxy-acting').waitFor();
    const docNo = await fillDeputy(mgr.page, en, 'E2E: prepared by a fill-in proxy', [
      ['Taxi', '66.00', 'Client visit'],
    ]);
    proxyDocNo = docNo;
    expect(await mgr.page.getByTestId('doc-applicant').inputValue()).toContain('E00010');
    await submit(mgr.page);
    expect(await mgr.page.getByTestId('doc-status').first().textContent()).toBe(text(en, 'doc.status.confirming'));
    await screenshot(mgr.page, 'claim-en-proxy-submitted');
    await mgr.context.close();

    await openMine(emp.page, docNo);
    await emp.page.getByTestId('doc-confirm').click();
    await expect
      .poll(async () => emp.page.getByTestId('doc-status').first().textContent())
      .toBe(text(en, 'doc.status.approving'));
    await screenshot(emp.page, 'claim-en-confirmed');
    await emp.context.close();
  });

  it('the manager approves on a phone-sized screen from the pending cards (Chinese, 360 px)', async () => {
    const mgr = await as('manager', 'zh-CN', { width: 360, height: 740 });
    // From the home page's count of what waits for approval.
    await mgr.page.goto('/manage');
    await mgr.page.getByTestId('home-todo-waiting').click();
    await mgr.page.waitForURL(/\/manage\/approveCenter/);
    // A demo document may come back to the manager as their line manager's approval proxy once approved, so the
    // card approved here is one whose route ends with the manager.
    const cards = mgr.page.locator('[data-testid^="pending-card-"]');
    const card = proxyDocNo ? cards.filter({ hasText: proxyDocNo }) : cards.first();
    await card.waitFor();
    const docNo = ((await card.locator('a').first().textContent()) ?? '').trim();
    await card.locator('[data-testid^="evidence-"]').waitFor();
    await card.locator('input[type="checkbox"]').check();
    expect(await mgr.page.getByTestId('approve-selected-total').textContent()).toContain('合计 CNY');
    await screenshot(mgr.page, 'approve-centre-zh-phone');
    expect(await mgr.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await card.locator('.ant-btn-primary').click();
    const dialog = mgr.page.locator('.ant-modal').filter({ has: mgr.page.getByTestId('decision-comment') });
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await mgr.page.locator('[data-testid^="pending-card-"]', { hasText: docNo }).waitFor({ state: 'detached' });
    await mgr.context.close();
  });
});
