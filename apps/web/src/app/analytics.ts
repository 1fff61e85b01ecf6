import { ANALYTICS_SITE_ID } from './constants';

/**
 * One page view to a Matomo-style tracker (site id 11). No consent prompt is needed (specification §9), and
 * nothing is sent while the server's Index has no AnalyticsUrl.
 */
export function trackPageView(analyticsUrl: string | null, pageUrl: string, title: string, language: string): void {
  if (!analyticsUrl) return;
  const params = new URLSearchParams({
    idsite: String(ANALYTICS_SITE_ID),
    rec: '1',
    apiv: '1',
    url: pageUrl,
    action_name: title,
    lang: language,
    res: `${window.screen.width}x${window.screen.height}`,
    rand: String(Math.floor(Math.random() * 1e9)),
  });
  const separator = analyticsUrl.includes('?') ? '&' : '?';
  fetch(`${analyticsUrl}${separator}${params}`, { mode: 'no-cors', credentials: 'omit', keepalive: true }).catch(
    () => undefined,
  );
}
