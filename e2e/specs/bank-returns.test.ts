import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, PASSWORD, screenshot, signIn } from '../support/browser';
import { pickRemote } from '../support/controls';
import { pack, text } from '../support/packs';
import { type RunningServer, startServer } from '../support/server';
import { shanghaiToday } from '../support/time';

// The bank file is a Chinese bank's file and the bank's answer comes back (docs/decisions/047, 048): the branch
// directory imported, a run remitted, the bank's return file marking a payment failed, the reason shown to finance
// and to the payee, who picks the branch of their account by its CNAPS code.

const PHONE = { width: 360, height: 740 };
let server: RunningServer;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  // The bank's direct link does not answer here, so the return file is what marks the payments.
  server = await startServer({ BANK_STATUS_URL: 'http://127.0.0.1:9', BANK_STATUS_TIMEOUT_MS: '200' });
  baseUrl = server.baseUrl;
  browser = await launch();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const R = '/api/RemittancePosting';

async function call(path: string, body: Record<string, unknown>, token: string) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}
async function api<T>(path: string, body: Record<string, unknown>, token: string): Promise<T> {
  const res = await call(path, body, token);
  expect(res.status, `${path} ${res.status}`).toBe(200);
  return (await res.json()) as T;
}
async function tokenOf(username: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password: PASSWORD }).toString(),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

type Run = { RunID: number; RunNo: string; Step: string; Version: number };
type Line = { EndToEndID: string; DocNos: string; Amount: string; BankStatus: string | null };

/** Takes the company's unfinished run (or a new one) with `docIds` in it through to the remittance; its lines. */
async function remitRun(finance: string, docIds: number[]): Promise<{ run: Run; lines: Line[] }> {
  let { Run: run } = await api<{ Run: Run | null }>(`${R}/LoadMainExpenseData`, {}, finance);
  if (!run)
    run = await api<Run>(
      `${R}/GenerateData`,
      { PaymentMethod: 'transfer', CreditingDate: shanghaiToday(), AuditMethod: 'payee' },
      finance,
    );
  const id = run.RunID;
  if (docIds.length) {
    const docs = await api<{ Rows: { ID: number; Version: number }[] }>(
      `${R}/SearchDocuments`,
      { RunID: id, InRun: false, IDs: docIds, PageSize: 50 },
      finance,
    );
    await api(`${R}/Pass`, { RunID: id, Documents: docs.Rows.map((d) => ({ ID: d.ID, Version: d.Version })) }, finance);
  }
  for (const step of ['documents', 'list', 'entries', 'print']) {
    const { Run } = await api<{ Run: Run }>(`${R}/LoadMainExpenseData`, { RunID: id }, finance);
    if (Run.Step !== step) continue;
    if (step === 'print') expect((await call(`${R}/PrintList`, { RunID: id }, finance)).status).toBe(200);
    await api(`${R}/ConfirmStep`, { RunID: id, Version: Run.Version, Step: step }, finance);
  }
  const { Run } = await api<{ Run: Run }>(`${R}/LoadMainExpenseData`, { RunID: id }, finance);
  const done = await api<Run>(`${R}/Remit`, { RunID: id, Version: Run.Version }, finance);
  const lines = (await api<{ Rows: Line[] }>(`${R}/SearchRecord`, { RunID: id }, finance)).Rows;
  return { run: done, lines };
}

const returnCsv = (rows: string[][]) =>
  Buffer.from(`end_to_end_id,status,reason,amount\r\n${rows.map((r) => r.join(',')).join('\r\n')}\r\n`);

describe('CNAPS codes, bank layouts and the bank’s answer', () => {
  it('imports the branch directory, and a returned payment waits again with its reason (Chinese)', async () => {
    const zh = await pack(baseUrl, 'zh-CN');
    const { context, page } = await newPage(browser, baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // The administrator imports branches from the CSV the payments association publishes.
    await signIn(page, 'admin');
    await page.goto('/manage/bankBranch');
    await page.getByText(text(zh, 'menu.master.bankBranch')).first().waitFor();
    await page.locator('tbody tr', { hasText: '308290003020' }).first().waitFor();
    await page.getByTestId('list-import-file').setInputFiles({
      name: 'cnaps.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        '行号,行名,银行名称,省份,城市\r\n313332082914,宁波银行股份有限公司城市支行,宁波银行,浙江,宁波\r\n',
      ),
    });
    await page.getByRole('search').getByTestId('field-Keyword').fill('313332');
    await page.getByTestId('list-search').click();
    await page.locator('tbody tr', { hasText: '宁波银行股份有限公司城市支行' }).waitFor();
    await screenshot(page, 'bank-branches-zh');
    await context.close();

    // Finance remits the demo's open run; the bank returns its payment.
    const finance = await tokenOf('finance');
    const { run, lines } = await remitRun(finance, []);
    expect(lines.length).toBeGreaterThan(0);
    const line = lines[0]!;
    expect(line.BankStatus).toBe('sent');
    const clerk = await newPage(browser, baseUrl);
    clerk.page.on('pageerror', (e) => errors.push(e.message));
    await signIn(clerk.page, 'finance');
    await clerk.page.goto(`/manage/expenseRemittance?run=${run.RunID}`);
    await clerk.page.getByTestId('remit-done').waitFor();
    await clerk.page.getByTestId('remit-lines').getByText(line.EndToEndID).waitFor();
    await clerk.page.getByTestId('remit-return-file').setInputFiles({
      name: 'return.csv',
      mimeType: 'text/csv',
      buffer: returnCsv([[line.EndToEndID, '失败', '户名与账号不符', line.Amount]]),
    });
    const result = clerk.page.getByTestId('remit-return-result');
    await result.waitFor();
    expect(await result.textContent()).toContain(
      text(zh, 'remit.return.result').replace('{{paid}}', '0').split('，')[0],
    );
    const failedLine = clerk.page.getByTestId('remit-lines').locator('tr', { hasText: line.EndToEndID });
    await failedLine.getByTestId('bank-status-failed').waitFor();
    expect(await failedLine.textContent()).toContain('户名与账号不符');
    expect(await failedLine.textContent()).toContain(text(zh, 'remit.bankStatus.failed'));
    await screenshot(clerk.page, 'bank-return-zh-failed');

    // In a new run the document waits among the candidates, with the bank's reason.
    await clerk.page.getByTestId('remit-new-run').click();
    await clerk.page.getByTestId('remit-save-way').click();
    const waiting = clerk.page.getByTestId('remit-candidates').locator('tr', { hasText: line.DocNos.split(',')[0]! });
    await waiting.getByTestId('remit-last-failure').waitFor();
    expect(await waiting.textContent()).toContain('户名与账号不符');
    await screenshot(clerk.page, 'bank-return-zh-waiting');
    expect(errors).toEqual([]);
    await clerk.context.close();
  });

  it('the payee sees the returned payment on the phone and picks the branch of the account (English)', async () => {
    const en = await pack(baseUrl, 'en-GB');
    const finance = await tokenOf('finance');
    const employee = await tokenOf('employee');
    const me = await api<{ UserNameZH: string; Version: number }>('/api/System/GetDefaultInfo', {}, employee);
    const candidates = await api<{ Rows: { ID: number; ApplicantName: string; LastFailure: string | null }[] }>(
      `${R}/SearchDocuments`,
      { InRun: false, PageSize: 100 },
      finance,
    );
    const mine = candidates.Rows.find((r) => r.ApplicantName === me.UserNameZH && !r.LastFailure)!;
    expect(mine).toBeDefined();
    const { run, lines } = await remitRun(finance, [mine.ID]);
    const line = lines[0]!;

    const clerk = await newPage(browser, baseUrl);
    await clerk.context.addInitScript(() => localStorage.setItem('language', 'en-GB'));
    const errors: string[] = [];
    clerk.page.on('pageerror', (e) => errors.push(e.message));
    await signIn(clerk.page, 'finance');
    await clerk.page.goto(`/manage/expenseRemittance?run=${run.RunID}`);
    await clerk.page.getByText(text(en, 'remit.return.import')).waitFor();
    await clerk.page.getByTestId('remit-return-file').setInputFiles({
      name: 'return.csv',
      mimeType: 'text/csv',
      buffer: returnCsv([[line.EndToEndID, 'FAILED', 'Account closed by the holder', line.Amount]]),
    });
    await clerk.page.getByTestId('remit-return-result').waitFor();
    const failedLine = clerk.page.getByTestId('remit-lines').locator('tr', { hasText: line.EndToEndID });
    await failedLine.getByTestId('bank-status-failed').waitFor();
    expect(await failedLine.textContent()).toContain(text(en, 'remit.bankStatus.failed'));
    await screenshot(clerk.page, 'bank-return-en-failed');
    await clerk.context.close();

    // The payee, on the phone: the document says the bank returned the payment and why.
    const payee = await newPage(browser, baseUrl, PHONE);
    await payee.context.addInitScript(() => localStorage.setItem('language', 'en-GB'));
    payee.page.on('pageerror', (e) => errors.push(e.message));
    await signIn(payee.page, 'employee');
    await payee.page.goto(`/manage/document/view/${mine.ID}`);
    const alert = payee.page.getByTestId('doc-payment-failed');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Account closed by the holder');
    expect(await alert.textContent()).toContain(text(en, 'remit.payment.failed').split(':')[0]!);
    await screenshot(payee.page, 'bank-return-en-payee-phone');

    // The payee picks the branch of the account from the directory by its CNAPS code.
    await payee.page.goto('/manage/personalExpense?profile=open');
    const picker = payee.page.getByTestId('profile-bank-cnaps');
    await picker.waitFor();
    await pickRemote(payee.page, picker, '308290003020', 'Pick');
    await screenshot(payee.page, 'bank-branch-en-profile-phone');
    await payee.page.getByTestId('profile-save').click();
    await payee.page.getByTestId('profile-save').waitFor({ state: 'hidden' });
    const after = await api<{ BankCnaps: string; BankBranch: string }>('/api/System/GetDefaultInfo', {}, employee);
    expect(after).toMatchObject({ BankCnaps: '308290003020', BankBranch: '招商银行股份有限公司上海分行' });
    expect(errors).toEqual([]);
    await payee.context.close();
  });
});
