import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { webPack } from './lang';

/** i18next as the app sets it up, with the real zh-CN pack of the language files. */
export async function initTestI18n(culture: 'zh-CN' | 'en-GB' = 'zh-CN'): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: culture,
    resources: { [culture]: { translation: webPack(culture) } },
    keySeparator: false,
    nsSeparator: false,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}
