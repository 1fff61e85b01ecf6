import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, Spin } from 'antd';
import i18n from 'i18next';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { UPGRADE_NOTICE_DELAY_MS } from './constants';
import { BootProvider, useBoot } from './i18n/BootProvider';
import { useLoadingOverlay } from './loading';
import { notice, onMessageHostNeeded } from './notice';
import { useReducedMotion } from './reducedMotion';
import { THEME } from './theme';
import { consumeUpgrade } from './version';

const MessageHost = lazy(() => import('./MessageHost'));

/** Checked once per page load (not per effect run, which development's strict mode repeats). */
let upgradeDue: boolean | null = null;

/**
 * Mounts the message host when the first notice comes (modals are bound by the shell, see ModalBridge), and
 * shows "The system upgrade is complete!" on the first load after an upgrade.
 */
function NoticeBridge() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onMessageHostNeeded(() => setNeeded(true)), []);
  useEffect(() => {
    upgradeDue ??= consumeUpgrade(__APP_VERSION__);
    if (!upgradeDue) return;
    const timer = setTimeout(() => {
      upgradeDue = false;
      notice.success(i18n.t('notice.upgradeComplete'));
    }, UPGRADE_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <MessageHost />
    </Suspense>
  );
}

function LoadingOverlay() {
  const visible = useLoadingOverlay();
  return <Spin spinning={visible} fullscreen />;
}

function Themed({ children }: { children: ReactNode }) {
  const { antdLocale } = useBoot();
  // Dialogs, menus and messages appear without sliding or fading for someone who asked for less motion (WCAG 2.3.3).
  const reduced = useReducedMotion();
  const theme = useMemo(() => (reduced ? { ...THEME, token: { ...THEME.token, motion: false } } : THEME), [reduced]);
  return (
    <ConfigProvider locale={antdLocale} theme={theme}>
      <NoticeBridge />
      <LoadingOverlay />
      {children}
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
          mutations: { retry: false },
        },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <BootProvider>
        <Themed>{children}</Themed>
      </BootProvider>
    </QueryClientProvider>
  );
}
