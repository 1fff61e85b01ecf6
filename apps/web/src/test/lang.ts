import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const CULTURE_DIRS = ['zh-CN', 'en-GB'] as const;
export const LANG_FILES = ['web.json', 'menu.json'] as const;

/** The web's language files as the server will load them (tests only; the app fetches the pack). */
export function readLang(culture: string, file: string): Record<string, string> {
  const path = resolve(import.meta.dirname, '../../../../packages/contracts/lang', culture, file);
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
}

/** web.json and menu.json of one culture together: the flat pack the server serves for them. */
export function webPack(culture: string): Record<string, string> {
  return Object.assign({}, ...LANG_FILES.map((f) => readLang(culture, f))) as Record<string, string>;
}
