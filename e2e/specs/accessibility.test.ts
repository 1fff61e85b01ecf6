import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launch, newPage, PASSWORD, signIn } from '../support/browser';

// Issue 26, item 10 (decision 061): the screens everyone uses, checked by axe against WCAG 2.0 and 2.1 A and AA in
// both languages, on a desktop and on a 360 px phone. Each serious or critical finding is listed, one line each.

const baseUrl = inject('baseUrl');
const VIEWPORTS = { desktop: { width: 1366, height: 860 }, phone: { width: 360, height: 740 } };
type Culture = 'zh-CN' | 'en-GB';
let browser: Browser;
/** The demo manager's approved reimbursement: its page shows lines and the fapiao that cover them. */
let documentId: number;

beforeAll(async () => {
  browser = await launch();
  const token = await fetch(`${baseUrl}/api/auth/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'manager', password: PASSWORD }),
  }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
  const list = await fetch(`${baseUrl}/api/document/SearchDocument`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ DocType: 'deputy', Status: 'approved', PageSize: 1 }),
  });
  const [doc] = ((await list.json()) as { Rows: { ID: number }[] }).Rows;
  expect(doc, 'an approved reimbursement of the demo manager').toBeTruthy();
  documentId = doc!.ID;
});
afterAll(() => browser.close());

async function pageIn(culture: Culture, viewport: { width: number; height: number }): Promise<Page> {
  const { context, page } = await newPage(browser, baseUrl, viewport);
  await context.addInitScript((c) => localStorage.setItem('language', c), culture);
  return page;
}

/** Opens `path` once its calls have answered and `ready` shows, then lists what axe finds serious or critical. */
async function findings(page: Page, path: string, ready: string): Promise<string[]> {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator(ready).first().waitFor();
  return seriousViolations(page);
}

for (const culture of ['zh-CN', 'en-GB'] as const)
  for (const [device, viewport] of Object.entries(VIEWPORTS))
    describe(`no serious or critical WCAG 2 A/AA finding (${culture}, ${device})`, () => {
      /** One signed-in page for the six screens behind the sign-in. */
      let page: Page;
      beforeAll(async () => {
        page = await pageIn(culture, viewport);
        await signIn(page, 'manager');
      });
      afterAll(() => page.context().close());

      it('login', async () => {
        const signedOut = await pageIn(culture, viewport);
        expect(await findings(signedOut, '/', '[data-testid="login-username"]')).toEqual([]);
        await signedOut.context().close();
      });

      it('home', async () => {
        expect(await findings(page, '/manage', '[data-testid^="home-todo-"]')).toEqual([]);
      });

      it('approve centre', async () => {
        expect(await findings(page, '/manage/approveCenter', '[data-testid^="evidence-"]')).toEqual([]);
      });

      it('personal expense centre', async () => {
        expect(await findings(page, '/manage/personalExpense', '[data-testid^="doc-link-"]')).toEqual([]);
      });

      it('view centre', async () => {
        expect(await findings(page, '/manage/documentViewCenter', '[data-testid^="doc-link-"]')).toEqual([]);
      });

      it('a reimbursement with lines and fapiao', async () => {
        const path = `/manage/document/view/${documentId}`;
        expect(await findings(page, path, '[data-testid="invoice-table"] .ant-table-row')).toEqual([]);
      });

      it('the new reimbursement form', async () => {
        expect(await findings(page, '/manage/document/new/deputy', '[data-testid="doc-section-lines"]')).toEqual([]);
      });
    });
