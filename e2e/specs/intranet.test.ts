import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { intranetAddress } from '../support/server';

// A colleague opens the app by this machine's address over plain HTTP. Unlike 127.0.0.1 or localhost, such a page
// is not a secure context: an upgrade to HTTPS in the policy, or a browser API that needs HTTPS, leaves it blank.
const address = intranetAddress();
const baseUrl = (() => {
  const u = new URL(inject('baseUrl'));
  if (address) u.hostname = address;
  return u.origin;
})();
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe.skipIf(!address)('opened over the intranet by address', () => {
  it('renders, signs in and shows the shell in both languages, with compressed and cached files', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const scripts: { url: string; encoding?: string; cache?: string }[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script')
        scripts.push({ url: r.url(), encoding: r.headers()['content-encoding'], cache: r.headers()['cache-control'] });
    });

    const first = await page.goto('/');
    expect(first?.url()).toMatch(new RegExp(`^http://${address}:`));
    expect(first?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(first?.headers()['strict-transport-security']).toBeUndefined();
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);

    await signIn(page, 'employee');
    await page.getByText('张伟').first().waitFor();
    await screenshot(page, 'intranet-zh-shell');
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-en-GB').click();
    await page.getByText('Wei Zhang').first().waitFor();
    await screenshot(page, 'intranet-en-shell');

    const bundles = scripts.filter((s) => s.url.includes('/assets/'));
    expect(bundles.length).toBeGreaterThan(0);
    for (const s of bundles) {
      expect(s.encoding, s.url).toMatch(/^(br|gzip)$/);
      expect(s.cache, s.url).toBe('public, max-age=31536000, immutable');
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
