import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CULTURES, SCREENS } from '@ems/contracts';
import { describe, expect, it } from 'vitest';
import { LANG_DIR, readLanguageFiles } from '../src/db/seed/base';

const SRC = join(import.meta.dirname, '../src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

const keys = (culture: string) =>
  new Set(
    readLanguageFiles()
      .filter((r) => r.culture === culture)
      .map((r) => (r.itemId ? `${r.pageId}.${r.itemId}` : r.pageId)),
  );

describe('language packs in the repository', () => {
  it('hold the same keys in every culture, file by file', () => {
    for (const file of readdirSync(join(LANG_DIR, 'zh-CN'))) {
      const [a, b] = CULTURES.map((c) => Object.keys(JSON.parse(readFileSync(join(LANG_DIR, c, file), 'utf8'))).sort());
      expect(b, file).toEqual(a);
    }
    expect([...keys('en-GB')].sort()).toEqual([...keys('zh-CN')].sort());
  });

  it('have no empty texts', () => {
    for (const r of readLanguageFiles()) expect(r.content.trim(), `${r.pageId}.${r.itemId} ${r.culture}`).not.toBe('');
  });

  it('hold every error code and message key the server uses', () => {
    const zh = keys('zh-CN');
    const used = new Set<string>();
    const patterns = [
      /\b(?:badRequest|unauthorized|forbidden|notFound|conflict|refused|tooManyRequests|fieldError)\(\s*'([a-z_]+\.[a-z_.]+)'/g,
      /new AppError\(\s*\d+,\s*'([a-z_]+\.[a-z_.]+)'/g,
      /\bcode: '([a-z_]+\.[a-z_.]+)'/g,
    ];
    for (const file of files(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const re of patterns) for (const m of text.matchAll(re)) used.add(`error.${m[1]}`);
      for (const m of text.matchAll(/messages\.t\(\s*'([A-Za-z_.]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((k) => !zh.has(k));
    expect(missing).toEqual([]);
  });

  it('label every screen of the menu', () => {
    const zh = keys('zh-CN');
    const missing = SCREENS.map((s) => s.labelKey).filter((k) => !zh.has(k));
    expect(missing).toEqual([]);
  });
});
