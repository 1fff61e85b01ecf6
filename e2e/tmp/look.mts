import { launch, newPage, signIn } from '../support/browser';

const base = 'http://192.0.2.2:3111';
const shots: [string, string, string][] = [
  ['employee', '/manage/document/edit/18', 'draft-attendees'],
  ['employee', '/manage/document/view/17', 'view-hcp'],
  ['employee', '/manage/document/view/8', 'apply-gr'],
];
await (async () => {
  const browser = await launch();
  for (const locale of ['zh-CN', 'en-GB']) {
    for (const [user, path, name] of shots) {
      const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 900 }, locale });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      await signIn(page, user);
      if (locale === 'en-GB') {
        await page.evaluate(() => localStorage.setItem('language', 'en-GB'));
      }
      await page.goto(path);
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `/tmp/look-${name}-${locale}.png`, fullPage: true });
      if (errors.length) console.log(name, locale, errors.slice(0, 3));
      await context.close();
    }
  }
  await browser.close();
})();
