import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serverApi } from '../support/api';
import { launch, QUIET, screenshot, signIn } from '../support/browser';
import { acceptConfirm } from '../support/controls';
import { pack, text } from '../support/packs';
import { shanghaiToday } from '../support/time';

// What the finance centre does with an approved reimbursement until it is paid: received at the post centre,
// reviewed, posted to the ERP, remitted in six steps; and a chargeback back to its owner, who corrects and
// resubmits. The documents are made and approved over HTTP; everything finance does happens in the browser.
const baseUrl = inject('baseUrl');
type Culture = 'zh-CN' | 'en-GB';
let browser: Browser;
let packs: Record<Culture, Record<string, string>>;

beforeAll(async () => {
  browser = await launch();
  const [zh, en] = await Promise.all([pack(baseUrl, 'zh-CN'), pack(baseUrl, 'en-GB')]);
  packs = { 'zh-CN': zh, 'en-GB': en };
});
afterAll(() => browser.close());

const { token, call, submittedDeputy } = serverApi(baseUrl);

/** Who may hold a step of the demo approval route. */
const APPROVERS = ['manager', 'finance', 'admin'] as const;

/** The employee's deputy (`submittedDeputy`), submitted and approved at every step. */
async function approvedDeputy(reason: string, amount: string, qrText?: string): Promise<{ id: number; docNo: string }> {
  const saved = await submittedDeputy(reason, amount, qrText);
  let { status, version } = saved;
  const approvers = Object.fromEntries(
    await Promise.all(APPROVERS.map(async (u) => [u, await token(u)] as const)),
  ) as Record<(typeof APPROVERS)[number], string>;
  for (let round = 0; round < 8 && status === 'approving'; round++) {
    let acted = false;
    for (const who of APPROVERS) {
      const pending = await call<{ Rows: { ID: number }[] }>(approvers[who], '/api/ApproveCenter/QueryPendingList', {
        PageSize: 500,
      });
      if (!pending.Rows.some((r) => r.ID === saved.id)) continue;
      const approved = await call<{ Status: string; Version: number }>(
        approvers[who],
        '/api/DocumentApprove/ApproveDeputy',
        { ID: saved.id, Version: version, Pass: true, Comment: 'ok' },
        { 'idempotency-key': `e2e-finance-${saved.id}-approve-${round}` },
      );
      status = approved.Status;
      version = approved.Version;
      acted = true;
      break;
    }
    expect(acted, `someone holds step ${round} of ${saved.docNo}`).toBe(true);
  }
  expect(status).toBe('approved');
  return { id: saved.id, docNo: saved.docNo };
}

/** A browser on UTC: the screens go by Shanghai's business day wherever the browser's clock is. */
async function as(username: string, culture: Culture) {
  const context = await browser.newContext({
    ...QUIET,
    baseURL: baseUrl,
    viewport: { width: 1366, height: 860 },
    locale: culture,
    timezoneId: 'UTC',
  });
  const page = await context.newPage();
  await context.addInitScript((c) => localStorage.setItem('language', c), culture);
  await signIn(page, username);
  return { context, page };
}

/** Answers yes to the confirmation the screen asks, after checking it is the one expected. */
async function confirm(page: Page, question?: string) {
  const box = page.locator('.ant-modal-confirm');
  if (question) await box.getByText(question).waitFor();
  await acceptConfirm(box);
}

/** The part of a text before its first placeholder. */
const head = (s: string) => s.split('{{')[0]!.trim();

/** Types the number into the post centre's scan box, as the scanner does, and waits for it to be taken. */
async function receive(page: Page, docNo: string) {
  await page.goto('/manage/documentPostCenter');
  const box = page.getByTestId('post-scan-input');
  await box.click();
  await page.keyboard.type(docNo);
  await page.keyboard.press('Enter');
  await page.getByTestId('post-scan-ok').filter({ hasText: docNo }).waitFor();
}

/** A list page's keyword search. */
async function search(page: Page, keyword: string) {
  await page.getByTestId('field-Keyword').fill(keyword);
  await page.getByTestId('list-search').click();
}

/** The row of a list holding the document, ticked. */
async function tick(page: Page, docNo: string) {
  const row = page.locator('tr', { hasText: docNo }).first();
  await row.waitFor();
  await row.locator('input[type="checkbox"]').check();
  return row;
}

/** The accounting review passes the document from whichever check list holds it. */
async function passReview(page: Page, docNo: string) {
  for (const view of ['normal', 'special'] as const) {
    await page.goto(`/manage/expensewriteoff${view === 'normal' ? '' : '?view=special'}`);
    await search(page, docNo);
    const found = await page
      .getByTestId(`review-doc-${docNo}`)
      .waitFor({ timeout: 8_000 })
      .then(
        () => true,
        () => false,
      );
    if (!found) continue;
    await tick(page, docNo);
    await page.getByTestId('list-action-pass').click();
    await confirm(page);
    await page.getByTestId(`review-doc-${docNo}`).waitFor({ state: 'detached' });
    return view;
  }
  throw new Error(`${docNo} is in neither check list`);
}

/** The remittance screen, loaded: the step its run is at ('none' without a run). */
async function remitStep(page: Page): Promise<string> {
  const screen = page.getByTestId('remit-page');
  await expect.poll(async () => screen.getAttribute('data-step')).not.toBe('loading');
  return (await screen.getAttribute('data-step'))!;
}

async function confirmStep(page: Page, step: string, next: string) {
  await page.getByTestId(`remit-confirm-${step}`).click();
  await expect.poll(() => remitStep(page)).toBe(next);
}

/**
 * The six steps with the document: set way (a new run, or the company's unfinished one with its way changed, which
 * makes its list again from the documents step), check documents (the document added), check the remittance list,
 * check entries, print, remit.
 */
async function remitThroughSixSteps(page: Page, p: Record<string, string>, docNo: string, short: string) {
  await page.goto('/manage/expenseRemittance');
  let step = await remitStep(page);
  if (step === 'done') {
    await page.getByTestId('remit-new-run').click();
    step = await remitStep(page);
  } else if (step !== 'none') {
    // An unfinished run (the demo holds one at its list): back to its first step to change the way.
    await page.locator('.ant-steps-item').first().click();
  }
  await screenshot(page, `finance-${short}-remit-way`);
  const method = (await page.getByTestId('remit-method').textContent()) ?? '';
  const other = method.includes(text(p, 'remit.method.urgent')) ? 'transfer' : 'urgent';
  await page.getByTestId('remit-method').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text(p, `remit.method.${other}`) })
    .click();
  await page.getByTestId('remit-save-way').click();
  if (step !== 'none') await confirm(page, text(p, 'remit.way.confirmRegenerate'));
  await expect.poll(() => remitStep(page)).toBe('documents');

  // Check documents: the reimbursement among the posted ones, into the run.
  const keyword = page.getByTestId('remit-keyword');
  const box = (await keyword.evaluate((e) => e.tagName)) === 'INPUT' ? keyword : keyword.locator('input');
  await box.fill(docNo);
  await box.press('Enter');
  const candidates = page.getByTestId('remit-candidates');
  await candidates.locator('tr', { hasText: docNo }).locator('input[type="checkbox"]').check();
  await page.getByTestId('remit-pass').click();
  await page.getByTestId('remit-in-run').locator('tr', { hasText: docNo }).waitFor();
  await confirmStep(page, 'documents', 'list');

  // The remittance list: the document on its payee's bank line, under the name registered with the account (the
  // employee's Chinese name by default), whatever the clerk's language: never "Wei Zhang".
  const line = page.getByTestId('remit-lines').locator('tr', { hasText: docNo });
  await line.waitFor();
  expect(await line.textContent()).toContain('张伟');
  expect(await line.textContent()).not.toContain('Wei Zhang');
  await confirmStep(page, 'list', 'entries');

  // The payment voucher's entries: debit payable, credit bank.
  await page.getByTestId('remit-entries').getByText(text(p, 'remit.side.D')).first().waitFor();
  await page.getByTestId('remit-entries').getByText(text(p, 'remit.side.C')).first().waitFor();
  await confirmStep(page, 'entries', 'print');

  const download = page.waitForEvent('download');
  await page.getByTestId('remit-print').click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/i);
  await page.getByTestId('remit-printed-at').waitFor();
  await confirmStep(page, 'print', 'remit');

  await page.getByTestId('remit-remit').click();
  await confirm(page, head(text(p, 'remit.remit.confirm')));
  await expect.poll(() => remitStep(page)).toBe('done');
  expect(await page.getByTestId('remit-done').textContent()).toContain(head(text(p, 'remit.remit.done')));
}

async function openMine(page: Page, docNo: string) {
  await page.goto('/manage/personalExpense');
  await page.getByTestId(`doc-link-${docNo}`).click();
  await page.getByTestId('doc-title').waitFor();
}

describe.each(['zh-CN', 'en-GB'] as const)('the finance centre (%s)', (culture) => {
  const short = culture === 'zh-CN' ? 'zh' : 'en';

  // The ERP simulator answers within seconds; a call the worker retries comes back after 30 s, so up to 90 s.
  it('receives, reviews, posts and remits a reimbursement, which its employee then sees paid', {
    timeout: 180_000,
  }, async () => {
    const p = packs[culture];
    const { docNo } = await approvedDeputy(`E2E finance ${culture}`, culture === 'zh-CN' ? '128.00' : '96.50');
    const clerk = await as('finance', culture);
    const { page } = clerk;

    await receive(page, docNo);
    await screenshot(page, `finance-${short}-received`);

    const list = await passReview(page, docNo);
    expect(['normal', 'special']).toContain(list);
    await screenshot(page, `finance-${short}-reviewed`);

    // Post into account: the document waits to be posted; selected and sent, the ERP simulator books it.
    await page.goto('/manage/postIntoAccount');
    await search(page, docNo);
    await tick(page, docNo);
    await page.getByTestId('list-action-begin').click();
    await page
      .locator('.ant-message')
      .getByText(head(text(p, 'posting.batchStarted')))
      .first()
      .waitFor();
    await page.goto('/manage/postIntoAccount?tab=documents');
    const status = async () => {
      await search(page, docNo);
      const row = page.locator('tr', { hasText: docNo }).first();
      await row.waitFor();
      return (await row.getByTestId('doc-status').textContent())?.trim();
    };
    const posted = text(p, 'doc.status.posted');
    const deadline = Date.now() + 90_000;
    while ((await status()) !== posted) {
      if (Date.now() > deadline) {
        // What the ERP queue did meanwhile, to tell a slow worker from a failing call.
        const jobs = await call<{ Rows: unknown[] }>(await token('finance'), '/api/document/SearchRFCLog', {
          Queue: 'erp',
          PageSize: 5,
        });
        throw new Error(`${docNo} not posted: ${JSON.stringify(jobs.Rows)}`);
      }
      await page.waitForTimeout(1_000);
    }
    await screenshot(page, `finance-${short}-posted`);

    // The ERP request in the RFC log.
    await page.goto('/manage/postIntoAccount?tab=rfc');
    await page.getByRole('tab', { name: text(p, 'posting.tab.rfc') }).waitFor();
    await page.locator('tr', { hasText: docNo }).first().waitFor();
    await screenshot(page, `finance-${short}-rfc`);

    await remitThroughSixSteps(page, p, docNo, short);
    await screenshot(page, `finance-${short}-remitted`);
    await clerk.context.close();

    const emp = await as('employee', culture);
    await openMine(emp.page, docNo);
    expect(await emp.page.getByTestId('doc-status').first().textContent()).toBe(text(p, 'doc.status.paid'));
    // The payment as its employee sees it: the registered payee, what was owed, each deduction with its reason, the
    // net paid; gross = net + deductions.
    const payment = emp.page.getByTestId('doc-payment');
    await payment.waitFor();
    expect(await payment.textContent()).toContain('张伟');
    // In whole cents: "1,234.50" → 123450n.
    const cents = (v: string) => BigInt(v.trim().replace(/[,.]/g, ''));
    const amount = async (id: string) => cents((await emp.page.getByTestId(id).textContent()) ?? '');
    const [gross, net] = [await amount('doc-payment-gross'), await amount('doc-payment-net')];
    const deductions = emp.page.getByTestId('doc-payment-deductions');
    let deducted = 0n;
    if (await deductions.count())
      for (const cell of await deductions.locator('tbody tr.ant-table-row td:last-child').allTextContents())
        deducted += cents(cell);
    expect(gross).toBe(net + deducted);
    await screenshot(emp.page, `finance-${short}-paid`);
    await emp.context.close();
  });

  it('lists a claim with only fully digital fapiao for review at once, marked no mailing, and writes it off', async () => {
    const p = packs[culture];
    const ymd = shanghaiToday().replaceAll('-', '');
    const number = culture === 'zh-CN' ? '26319998000000000001' : '26319998000000000002';
    const { id, docNo } = await approvedDeputy(
      `E2E no mailing ${culture}`,
      '212.00',
      `01,32,,${number},212.00,${ymd},,9A7F31C2,`,
    );
    const clerk = await as('finance', culture);
    const { page } = clerk;
    // Nothing went through the post centre: the default list of the write-off holds it, marked no mailing.
    await page.goto('/manage/expensewriteoff');
    await search(page, docNo);
    const row = page.locator('tr', { hasText: docNo }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain(text(p, 'review.paper.no_mailing'));
    await screenshot(page, `finance-${short}-no-mailing`);
    await tick(page, docNo);
    await page.getByTestId('list-action-pass').click();
    await confirm(page);
    await page.getByTestId(`review-doc-${docNo}`).waitFor({ state: 'detached' });
    // The printed document's history names it by its label, not its code.
    const res = await fetch(`${baseUrl}/api/CheckDocument/Order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await token('finance')}` },
      body: JSON.stringify({ ID: id, Language: culture }),
    });
    const history = ((await res.json()) as { History: { Comment: string | null }[] }).History;
    expect(history.map((h) => h.Comment)).toContain(text(p, 'history.note.no_mailing'));
    expect(history.map((h) => h.Comment)).not.toContain('no_mailing');
    await clerk.context.close();
  });

  it('charges a document back with a reason; its employee sees why, corrects it and submits again', async () => {
    const p = packs[culture];
    const { docNo } = await approvedDeputy(`E2E chargeback ${culture}`, '210.00');
    const clerk = await as('finance', culture);
    const { page } = clerk;
    await receive(page, docNo);

    await page.goto('/manage/chargeBack');
    await search(page, docNo);
    await tick(page, docNo);
    await page.getByTestId('list-action-chargeback').click();
    // Without a reason the batch is refused.
    await page.getByTestId('chargeback-ok').click();
    await page.locator('.ant-modal').getByText(text(p, 'review.reasonForAll')).first().waitFor();
    await page.getByTestId(`chargeback-reason-${docNo}`).click();
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    const reason = ((await option.textContent()) ?? '').trim();
    expect(reason).not.toBe('');
    await option.click();
    const comment = culture === 'zh-CN' ? '发票抬头有误，请更正' : 'The invoice title is wrong, please correct it';
    await page.getByTestId(`chargeback-comment-${docNo}`).fill(comment);
    await screenshot(page, `finance-${short}-chargeback-reason`);
    await page.getByTestId('chargeback-ok').click();
    await page.getByText(text(p, 'review.done.chargeback').replace('{{count}}', '1')).first().waitFor();
    await expect.poll(() => page.locator('.ant-table-tbody tr', { hasText: docNo }).count()).toBe(0);
    await clerk.context.close();

    const emp = await as('employee', culture);
    await openMine(emp.page, docNo);
    expect(await emp.page.getByTestId('doc-status').first().textContent()).toBe(text(p, 'doc.status.returned'));
    // Why it came back, above the form: finance's reason and comment.
    const why = emp.page.getByTestId('doc-returned-because');
    await why.waitFor();
    expect(await why.textContent()).toContain(comment);
    expect(await why.textContent()).toContain(reason);
    await screenshot(emp.page, `finance-${short}-returned`);
    await emp.page.getByTestId('doc-reason').fill(`E2E chargeback ${culture}, corrected`);
    await emp.page.getByTestId('doc-submit').click();
    await expect
      .poll(async () => emp.page.getByTestId('doc-status').first().textContent())
      .toBe(text(p, 'doc.status.approving'));
    await screenshot(emp.page, `finance-${short}-resubmitted`);
    await emp.context.close();
  });
});
