import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { ROOT } from './server';

export const ARTIFACTS = join(ROOT, 'e2e/artifacts');
export const PASSWORD = 'Passw0rd!';

/** Debian's Chromium, headless, without the background traffic a closed network refuses. */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * Every test's browser asks for reduced motion, as a user may (WCAG 2.3.3): the app then opens dialogs and menus
 * without animating them, so a test waits on no animation and the two-core machine draws none.
 */
export const QUIET = { reducedMotion: 'reduce' } as const;

export async function newPage(
  browser: Browser,
  baseUrl: string,
  viewport = { width: 1366, height: 860 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, locale: 'zh-CN', ...QUIET });
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Signs in through the login page and waits for the shell. */
export async function signIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/manage/);
  await page.getByTestId('user-menu').waitFor();
}
