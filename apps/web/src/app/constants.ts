/** Client constants of the specification §9; the names follow the specification's own. */
export const IDLE_TIMEOUT_MS = 7_200_000;
export const IDLE_CHECK_INTERVAL_MS = 60_000;
export const REQUEST_TIMEOUT_MS = 300_000;
export const SCREEN_LOAD_TIMEOUT_MS = 120_000;
/** The loading overlay stays this long after the last call finished, so quick calls do not flicker. */
export const HIDE_AFTER_TIME = 600;
/** Error notices stay on screen this long. */
export const ERROR_DELAY_TIME = 5000;
export const ANTI_DOUBLE_CLICK_MS = 1000;
export const UPGRADE_NOTICE_DELAY_MS = 500;
export const NEW_VERSION_RELOAD_MS = 500;
export const ANALYTICS_SITE_ID = 11;
export const DEFAULT_PAGE_SIZE = 20;
