import type { Culture } from '@ems/contracts';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { http } from '../api';
import type { IndexInfo } from '../apiTypes';
import { ApiError } from '../http/ApiError';

/** antd's and dayjs's locale of each culture, loaded with its language pack. */
const LOCALES: Record<Culture, () => Promise<{ antd: Locale; dayjs: string }>> = {
  'zh-CN': async () => {
    const [antd] = await Promise.all([import('antd/locale/zh_CN'), import('dayjs/locale/zh-cn')]);
    return { antd: antd.default, dayjs: 'zh-cn' };
  },
  'en-GB': async () => {
    const [antd] = await Promise.all([import('antd/locale/en_GB'), import('dayjs/locale/en-gb')]);
    return { antd: antd.default, dayjs: 'en-gb' };
  },
};

let initialised: Promise<unknown> | null = null;

/** Keys are flat and dotted (`menu.expense.approveCenter`), so neither separator applies. */
function init(culture: Culture): Promise<unknown> {
  initialised ??= i18n.use(initReactI18next).init({
    lng: culture,
    resources: {},
    keySeparator: false,
    nsSeparator: false,
    fallbackLng: false,
    interpolation: { escapeValue: false, prefix: '{{', suffix: '}}' },
    react: { useSuspense: false },
  });
  return initialised;
}

export function packUrl(culture: Culture, languageVersion: string): string {
  return `/Content/Language/Language_${culture}.json?v=${encodeURIComponent(languageVersion)}`;
}

export function fetchIndex(culture: Culture): Promise<IndexInfo> {
  return http.post<IndexInfo>('/api/System/Index', { Language: culture }, { public: true });
}

async function fetchPack(culture: Culture, languageVersion: string): Promise<Record<string, string>> {
  let res: Response;
  try {
    res = await fetch(packUrl(culture, languageVersion), { credentials: 'omit' });
  } catch {
    throw ApiError.client('network');
  }
  if (!res.ok) throw ApiError.fromProblem(res.status, null);
  return (await res.json()) as Record<string, string>;
}

/** Loads the server's language pack for one culture and makes it the current language; returns antd's locale. */
export async function loadPack(culture: Culture, languageVersion: string): Promise<Locale> {
  const [pack, locale] = await Promise.all([fetchPack(culture, languageVersion), LOCALES[culture](), init(culture)]);
  i18n.removeResourceBundle(culture, 'translation');
  i18n.addResourceBundle(culture, 'translation', pack, false, true);
  dayjs.locale(locale.dayjs);
  document.documentElement.lang = culture;
  await i18n.changeLanguage(culture);
  return locale.antd;
}
