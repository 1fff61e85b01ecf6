import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const CULTURE_DIRS = ['zh-CN', 'en-GB'] as const;
const LANG_DIR = resolve(import.meta.dirname, '../../../../packages/contracts/lang');
/** Every area's file (web, menu, error, and each domain's): together they are the pack the server serves. */
export const LANG_FILES = readdirSync(resolve(LANG_DIR, 'zh-CN')).filter((f) => f.endsWith('.json'));

/** The web's language files as the server will load them (tests only; the app fetches the pack). */
export function readLang(culture: string, file: string): Record<string, string> {
  const path = resolve(LANG_DIR, culture, file);
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
}

/** All files of one culture together: the flat pack the server serves. */
export function webPack(culture: string): Record<string, string> {
  return Object.assign({}, ...LANG_FILES.map((f) => readLang(culture, f))) as Record<string, string>;
}
