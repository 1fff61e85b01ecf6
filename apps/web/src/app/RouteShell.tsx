import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { trackPageView } from './analytics';
import { useBoot } from './i18n/BootProvider';
import { setNavigator } from './navigation';
import { ROUTES } from './routes';
import { startIdleTimer } from './session/idle';
import { clearSession } from './session/session';
import { loginPath, noteSignOut, pendingSignOut } from './session/signOutReason';
import { useSignedIn } from './session/useSession';

/** Root of every route: hands navigation to non-React code, runs the idle timer and reports page views. */
export function RouteShell() {
  const navigate = useNavigate();
  const location = useLocation();
  const { index, culture } = useBoot();
  const { t } = useTranslation();
  const signedIn = useSignedIn();

  useEffect(() => {
    setNavigator((path) => navigate(path, { replace: true }));
  }, [navigate]);

  useEffect(() => {
    if (!signedIn) return;
    return startIdleTimer({
      timeoutMs: index.IdleTimeoutMs,
      intervalMs: index.IdleCheckIntervalMs,
      onExpire: () => {
        noteSignOut('idle');
        clearSession();
        navigate(loginPath('idle'), { replace: true });
      },
    });
  }, [signedIn, index.IdleTimeoutMs, index.IdleCheckIntervalMs, navigate]);

  // One page view per route change, not per language switch: the title and language are read at that moment.
  const latest = useRef({ t, culture, analyticsUrl: index.AnalyticsUrl });
  latest.current = { t, culture, analyticsUrl: index.AnalyticsUrl };
  const path = location.pathname;
  useEffect(() => {
    const { t: translate, culture: language, analyticsUrl } = latest.current;
    const entry = ROUTES.find((r) => r.path.toLowerCase() === path.toLowerCase());
    trackPageView(analyticsUrl, window.location.href, entry ? translate(entry.labelKey) : path, language);
  }, [path]);

  return <Outlet />;
}

/** Screens under /manage need a session; without one the user goes to login. */
export function RequireSession({ children }: { children: React.ReactNode }) {
  const signedIn = useSignedIn();
  const location = useLocation();
  // A page opened signed out (a notice's link) is where the sign-in leads on to.
  const next = `${location.pathname}${location.search}`;
  if (!signedIn) return <Navigate to={loginPath(pendingSignOut() ?? undefined, '/', next)} replace />;
  return children;
}
