import { NEW_VERSION_RELOAD_MS } from './constants';
import { LOCAL_KEYS } from './session/session';

export interface VersionNotices {
  /** Shows "The system found a new version, ready to upgrade...". */
  newVersion: () => void;
  reload: () => void;
}

/** Guards against a reload loop when the server keeps announcing a version this bundle can never become. */
const RELOADED_FOR = 'reloadedForVersion';

/**
 * Watches the X-App-Version header of every response. The first time it differs from the running bundle's
 * version, the notice is shown once, `nowVersion` keeps the old version (so the next load knows an upgrade
 * happened) and the page reloads after half a second.
 */
export function createVersionWatcher(appVersion: string, notices: VersionNotices) {
  let announced = false;
  return (serverVersion: string): boolean => {
    if (announced || !serverVersion || serverVersion === appVersion) return false;
    if (sessionStorage.getItem(RELOADED_FOR) === `${appVersion}>${serverVersion}`) return false;
    announced = true;
    sessionStorage.setItem(RELOADED_FOR, `${appVersion}>${serverVersion}`);
    localStorage.setItem(LOCAL_KEYS.nowVersion, appVersion);
    notices.newVersion();
    setTimeout(notices.reload, NEW_VERSION_RELOAD_MS);
    return true;
  };
}

/**
 * On start: true when `nowVersion` was set before and differs from this bundle (an upgrade happened),
 * in which case "The system upgrade is complete!" is due. Always records the running version.
 */
export function consumeUpgrade(appVersion: string): boolean {
  const previous = localStorage.getItem(LOCAL_KEYS.nowVersion);
  localStorage.setItem(LOCAL_KEYS.nowVersion, appVersion);
  return previous !== null && previous !== appVersion;
}
