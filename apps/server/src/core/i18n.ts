import { CULTURES, type Culture, DEFAULT_CULTURE } from '@ems/contracts';

/** Texts the server itself renders (error messages, announcements' labels), per culture, from the language resources. */
export class Messages {
  private texts = new Map<Culture, Map<string, string>>();
  /** The stored pack version the texts were read at, when they came from the database. */
  version: string | undefined;

  load(rows: { key: string; culture: string; content: string }[], version?: string): void {
    const next = new Map<Culture, Map<string, string>>();
    for (const c of CULTURES) next.set(c, new Map());
    for (const r of rows) next.get(r.culture as Culture)?.set(r.key, r.content);
    this.texts = next;
    this.version = version;
  }

  has(key: string, culture: Culture): boolean {
    return this.texts.get(culture)?.has(key) ?? false;
  }

  /**
   * The text for `key` with `{{name}}` parameters filled; falls back to Chinese, then to the key itself. A `count` of
   * one takes the key's `_one` text where there is one ("1 document", not "1 documents"), as the web app's i18next does.
   */
  t(key: string, culture: Culture, params?: Record<string, string | number>): string {
    const one = params !== undefined && Number(params.count) === 1 && this.has(`${key}_one`, culture);
    const k = one ? `${key}_one` : key;
    const text = this.texts.get(culture)?.get(k) ?? this.texts.get(DEFAULT_CULTURE)?.get(k) ?? key;
    if (!params) return text;
    // A parameter may come in each language (`item:zh-CN`, `item:en-GB`): a name the reader knows in theirs.
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => {
      const local = params[`${name}:${culture}`];
      return local !== undefined ? String(local) : name in params ? String(params[name]) : m;
    });
  }

  /** Chinese then English (once where they agree): the labels of papers that travel, whoever printed them. */
  both(key: string, params?: Record<string, string | number>): string {
    const zh = this.t(key, 'zh-CN', params);
    const en = this.t(key, 'en-GB', params);
    return zh === en ? zh : `${zh} ${en}`;
  }
}

/** The request's culture: the body's Language, then Accept-Language, then Chinese. */
export function cultureOf(bodyLanguage: unknown, acceptLanguage: string | undefined): Culture {
  const pick = (v: string): Culture | undefined => {
    const lower = v.toLowerCase();
    if (lower.startsWith('en')) return 'en-GB';
    if (lower.startsWith('zh')) return 'zh-CN';
    return undefined;
  };
  if (typeof bodyLanguage === 'string') {
    const c = pick(bodyLanguage);
    if (c) return c;
  }
  if (acceptLanguage) {
    const first = acceptLanguage.split(',')[0]?.trim();
    const c = first ? pick(first) : undefined;
    if (c) return c;
  }
  return DEFAULT_CULTURE;
}

/** A master-data name in the user's language (every master record has both). */
export function localName<T extends string | null>(culture: Culture, zh: T, en: T): T {
  return culture === 'en-GB' && en ? en : zh;
}

/** An optional bilingual text (a city, a title) in the user's language: the other language when one is blank. */
export function localText(culture: Culture, zh: string | null, en: string | null): string | null {
  return (culture === 'en-GB' ? en || zh : zh || en) || null;
}
