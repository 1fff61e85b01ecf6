import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MENU_GROUPS, SCREENS } from '@ems/contracts';
import { describe, expect, it } from 'vitest';
import { CULTURE_DIRS, LANG_FILES, readLang, webPack } from '../../test/lang';

const SRC = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith('test'))
    .map((f) => join(dir, f));
}

/** Literal keys the code shows: `t('…')`, `i18n.t('…')`, and the `…Key: '…'` / `…Key="…"` of configurations. */
const KEY_PATTERNS = [
  /\bt\(\s*'([^'$`]+)'/g,
  /\b[a-zA-Z]*Key\s*:\s*'([a-z][\w-]*\.[\w.-]+)'/g,
  /\b[a-zA-Z]*Key="([a-z][\w-]*\.[\w.-]+)"/g,
  /\?\s*'([a-z]+\.[\w.]+)'\s*:\s*'([a-z]+\.[\w.]+)'/g,
];

function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of KEY_PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        for (const key of match.slice(1)) if (key) used.set(key, file.slice(SRC.length));
      }
    }
  }
  // Keys built at run time from a fixed set.
  for (const code of ['network', 'timeout']) used.set(`error.${code}`, 'app/http/ApiError.ts');
  for (const g of MENU_GROUPS) used.set(`menu.group.${g}`, 'app/layout/menu.ts');
  for (const s of SCREENS) used.set(s.labelKey, 'app/routes.tsx');
  return used;
}

describe('language files', () => {
  it('both cultures have exactly the same keys, file by file', () => {
    for (const file of LANG_FILES) {
      const [zh, en] = CULTURE_DIRS.map((c) => Object.keys(readLang(c, file)).sort());
      expect(en, file).toEqual(zh);
    }
  });

  it('no text is empty and keys are dotted, never sentences', () => {
    for (const culture of CULTURE_DIRS) {
      for (const [key, text] of Object.entries(webPack(culture))) {
        expect(text.trim(), `${culture} ${key}`).not.toBe('');
        expect(key, culture).toMatch(/^[a-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/);
      }
    }
  });

  it('every key the web uses exists in both cultures', () => {
    const used = usedKeys();
    expect(used.size).toBeGreaterThan(100);
    for (const culture of CULTURE_DIRS) {
      const pack = webPack(culture);
      const missing = [...used].filter(([key]) => !(key in pack)).map(([key, file]) => `${key} (${file})`);
      expect(missing, culture).toEqual([]);
    }
  });

  it('has the specification texts in both languages', () => {
    const en = webPack('en-GB');
    const zh = webPack('zh-CN');
    expect(en['list.selectOnlyOne']).toBe('Please select and only one');
    expect(en['common.confirmDelete']).toBe('Are you sure to delete?');
    expect(en['common.confirmReject']).toBe('Sure to reject?');
    expect(en['notice.newVersion']).toBe('The system found a new version, ready to upgrade...');
    expect(en['notice.upgradeComplete']).toBe('The system upgrade is complete!');
    expect(zh['menu.expense.approveCenter']).toBe('审批中心');
    expect(zh['menu.master.languageManage']).toBe('语言管理');
    expect(zh['notice.upgradeComplete']).toMatch(/[\u4e00-\u9fa5]/);
  });
});
