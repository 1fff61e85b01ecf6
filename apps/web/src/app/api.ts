import i18n from 'i18next';
import { createHttpClient } from './http/client';
import { currentCulture } from './i18n/culture';
import { notice } from './notice';
import { createVersionWatcher } from './version';

const watchVersion = createVersionWatcher(__APP_VERSION__, {
  newVersion: () => notice.info(i18n.t('notice.newVersion')),
  reload: () => window.location.reload(),
});

/** The one http client of the app. In development the server's dist/version.json is unrelated to the dev bundle. */
export const http = createHttpClient({
  language: currentCulture,
  onServerVersion: import.meta.env.DEV ? undefined : watchVersion,
});
