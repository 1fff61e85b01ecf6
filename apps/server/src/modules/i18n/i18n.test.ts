import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { eventually } from '../../../test/jobs';
import { Messages } from '../../core/i18n';
import { readLanguageFiles } from '../../db/seed/base';
import { applySeed } from './i18n.repository';
import { followLanguageEdits, reloadMessages } from './i18n.service';
import { languageResource } from './i18n.table';

let t: TestApp;
let admin: string;
let employee: string;
beforeAll(async () => {
  t = await testApp();
  [admin, employee] = await t.tokens('admin', 'employee');
});
afterAll(() => t.close());

async function pack(culture: 'zh-CN' | 'en-GB', v?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/Content/Language/Language_${culture}.json${v ? `?v=${v}` : ''}`,
  });
  return { res, body: res.json() as Record<string, string>, version: String(res.headers['x-language-version']) };
}

describe('language packs', () => {
  it('serves both packs with a version, cacheable for good under that version', async () => {
    const zh = await pack('zh-CN');
    expect(zh.body['error.auth.invalid_credentials']).toBe('用户名或密码不正确');
    expect(zh.res.headers['cache-control']).toBe('no-cache');
    const en = await pack('en-GB', zh.version);
    expect(en.body['error.auth.invalid_credentials']).toBe('Wrong username or password');
    expect(en.res.headers['cache-control']).toContain('immutable');
    const index = (await t.call('/api/System/Index', {})).json();
    expect(index.LanguageVersion).toBe(zh.version);
  });

  it('searches, pages and sorts resources', async () => {
    const res = await t.call(
      '/api/System/SearchLanguage',
      { PageIndex: 1, PageSize: 5, PageID: 'error', CultureCode: 'en-GB', SortField: 'ItemID', SortOrder: 'descend' },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.Total).toBeGreaterThan(5);
    expect(body.Rows).toHaveLength(5);
    const ids = body.Rows.map((r: { ItemID: string }) => r.ItemID);
    expect([...ids].sort().reverse()).toEqual(ids);
    expect(body.Rows.every((r: { CultureCode: string }) => r.CultureCode === 'en-GB')).toBe(true);
    const page2 = (
      await t.call(
        '/api/System/SearchLanguage',
        { PageIndex: 2, PageSize: 5, PageID: 'error', CultureCode: 'en-GB', SortField: 'ItemID', SortOrder: 'descend' },
        admin,
      )
    ).json();
    expect(page2.Rows[0].ItemID).not.toBe(ids[0]);
    const byText = (await t.call('/api/System/SearchLanguage', { ItemContent: '用户名或密码' }, admin)).json();
    expect(byText.Rows.map((r: { ItemID: string }) => r.ItemID)).toContain('auth.invalid_credentials');
  });

  it('an edit shows in the next pack and in server messages, and is audited', async () => {
    const before = await pack('en-GB');
    const row = (
      await t.call(
        '/api/System/SearchLanguage',
        { PageID: 'error', ItemID: 'auth.invalid_credentials', CultureCode: 'en-GB' },
        admin,
      )
    ).json().Rows[0];
    const res = await t.call(
      '/api/System/UpdateLanguage',
      {
        ID: row.ID,
        PageID: 'error',
        ItemID: 'auth.invalid_credentials',
        CultureCode: 'en-GB',
        ItemContent: 'Username or password is not right',
      },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const after = await pack('en-GB');
    expect(after.version).not.toBe(before.version);
    expect(after.body['error.auth.invalid_credentials']).toBe('Username or password is not right');
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/Token',
      payload: 'grant_type=password&username=x&password=y',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    });
    expect(failed.json().message).toBe('Username or password is not right');
    const audit = await t.ctx.database.db.query.auditLog.findMany({
      where: (a, { eq }) => eq(a.entity, 'language_resource'),
    });
    expect(audit.some((a) => a.entityId === String(row.ID) && a.action === 'update')).toBe(true);
  });

  it('a release’s texts: new and changed ones written, an administrator’s edit kept, nothing written when none moved', async () => {
    const db = t.ctx.db;
    const seedTexts = readLanguageFiles();
    expect(await applySeed(db, seedTexts)).toBe(0);
    const english = (pageId: string, itemId: string) =>
      and(
        eq(languageResource.pageId, pageId),
        eq(languageResource.itemId, itemId),
        eq(languageResource.cultureCode, 'en-GB'),
      );
    const text = (pageId: string, itemId: string) =>
      db
        .select({ content: languageResource.itemContent, edited: languageResource.edited })
        .from(languageResource)
        .where(english(pageId, itemId))
        .then((r) => r[0]);
    const edited = seedTexts.find(
      (r) => r.culture === 'en-GB' && r.pageId === 'error' && r.itemId === 'auth.invalid_credentials',
    )!;
    const plain = seedTexts.find(
      (r) => r.culture === 'en-GB' && r.pageId === 'error' && r.itemId === 'common.not_found',
    )!;
    await db
      .update(languageResource)
      .set({ itemContent: 'Edited by an administrator', edited: true })
      .where(english(edited.pageId, edited.itemId));
    const release = [
      ...seedTexts.map((r) => (r === edited || r === plain ? { ...r, content: `${r.content} (new release)` } : r)),
      { pageId: 'web', itemId: 'release.new_text', culture: 'en-GB', content: 'Brand new', type: 'web' },
    ];
    expect(await applySeed(db, release)).toBe(2);
    expect(await text('error', 'common.not_found')).toEqual({
      content: `${plain.content} (new release)`,
      edited: false,
    });
    expect(await text('error', 'auth.invalid_credentials')).toEqual({
      content: 'Edited by an administrator',
      edited: true,
    });
    expect(await text('web', 'release.new_text')).toEqual({ content: 'Brand new', edited: false });
    expect(await applySeed(db, release)).toBe(0);
    await db.delete(languageResource).where(eq(languageResource.itemId, 'release.new_text'));
    await db
      .update(languageResource)
      .set({ itemContent: edited.content, edited: false })
      .where(english(edited.pageId, edited.itemId));
    expect(await applySeed(db, seedTexts)).toBe(1);
  });

  it('creates, refuses a duplicate key, and deletes', async () => {
    const body = { PageID: 'home', ItemID: 'test.greeting', CultureCode: 'zh-CN', ItemContent: '你好' };
    const created = await t.call('/api/System/UpdateLanguage', body, admin);
    expect(created.statusCode).toBe(200);
    expect((await pack('zh-CN')).body['home.test.greeting']).toBe('你好');
    const dup = await t.call('/api/System/UpdateLanguage', body, admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('language.duplicate_key');
    const del = await t.call('/api/System/DeleteLanguage', { IDs: [created.json().ID] }, admin);
    expect(del.statusCode).toBe(200);
    expect((await pack('zh-CN')).body['home.test.greeting']).toBeUndefined();
    expect((await t.call('/api/System/DeleteLanguage', { IDs: [created.json().ID] }, admin)).statusCode).toBe(404);
  });

  it('refuses bad resources with field errors and changes nothing', async () => {
    const before = await pack('zh-CN');
    const res = await t.call(
      '/api/System/UpdateLanguage',
      { PageID: '', ItemID: 'x', CultureCode: 'fr-FR', ItemContent: '' },
      admin,
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['PageID', 'CultureCode', 'ItemContent']));
    expect((await pack('zh-CN')).version).toBe(before.version);
  });

  it('publishes a new version with CreateLanguageJson', async () => {
    const before = await pack('zh-CN');
    const res = await t.call('/api/System/CreateLanguageJson', {}, admin);
    expect(res.json().LanguageVersion).not.toBe(before.version);
    expect((await pack('zh-CN')).version).toBe(res.json().LanguageVersion);
  });

  it('exports the filtered resources to Excel with headers in the caller’s language', async () => {
    const res = await t.call(
      '/api/System/ExportLanguage',
      { PageID: 'error', CultureCode: 'zh-CN', Language: 'en-GB' },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Language%20resources.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Page ID');
    expect(sheet.rowCount).toBeGreaterThan(10);
    expect(sheet.getRow(2).getCell(1).value).toBe('error');
  });

  it('exports every resource of the seeded data', async () => {
    const [all] = await t.ctx.db.select({ n: count() }).from(languageResource);
    const res = await t.call('/api/System/ExportLanguage', {}, admin);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(all!.n + 1);
  });

  it('is for administrators only', async () => {
    for (const url of [
      '/api/System/SearchLanguage',
      '/api/System/UpdateLanguage',
      '/api/System/DeleteLanguage',
      '/api/System/CreateLanguageJson',
      '/api/System/ExportLanguage',
    ]) {
      expect((await t.call(url, {}, employee)).statusCode, url).toBe(403);
    }
  });
});

describe('on several instances', () => {
  it('a text edited through one instance reaches the messages of another on the same database', async () => {
    // Another instance: the same database, messages of its own, loaded at its start.
    const other = { ...t.ctx, messages: new Messages() };
    await reloadMessages(other);
    const stop = followLanguageEdits(other, 100, (err) => {
      throw err;
    });
    try {
      const body = { PageID: 'home', ItemID: 'test.instances', CultureCode: 'en-GB', ItemContent: 'Edited elsewhere' };
      expect((await t.call('/api/System/UpdateLanguage', body, admin)).statusCode).toBe(200);
      await eventually(() => expect(other.messages.t('home.test.instances', 'en-GB')).toBe('Edited elsewhere'), 5_000);
    } finally {
      stop();
    }
  });
});
