import type { Culture } from '@ems/contracts';
import { Button, Spin } from 'antd';
import type { Locale } from 'antd/es/locale';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { StatusMessage } from '../../shared/StatusMessage';
import type { IndexInfo } from '../apiTypes';
import { currentCulture, initialCulture, rememberCulture } from './culture';
import { fetchIndex, loadPack } from './i18n';

export interface Boot {
  culture: Culture;
  index: IndexInfo;
  /** antd's locale of the culture. */
  antdLocale: Locale;
  /** Switches the language: stores it, loads that pack, re-renders; no page reload. */
  setCulture: (culture: Culture) => Promise<void>;
  /** Fetches Index again and the pack of its (possibly new) LanguageVersion. */
  reloadPack: () => Promise<void>;
  switching: boolean;
}

const BootContext = createContext<Boot | null>(null);

export function useBoot(): Boot {
  const boot = useContext(BootContext);
  if (!boot) throw new Error('useBoot outside BootProvider');
  return boot;
}

/**
 * Nothing is shown until Index and the server's language pack for the start culture are loaded: every text
 * of the app, the login page's too, comes from that pack.
 */
export function BootProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ culture: Culture; index: IndexInfo; antdLocale: Locale } | null>(null);
  const [failed, setFailed] = useState(false);
  const [switching, setSwitching] = useState(false);
  const started = useRef(false);

  const load = useCallback(async (culture: Culture) => {
    const index = await fetchIndex(culture);
    const antdLocale = await loadPack(culture, index.LanguageVersion);
    setState({ culture, index, antdLocale });
  }, []);

  const start = useCallback(() => {
    setFailed(false);
    load(initialCulture()).catch(() => setFailed(true));
  }, [load]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  }, [start]);

  const setCulture = useCallback(
    async (culture: Culture) => {
      setSwitching(true);
      try {
        rememberCulture(culture);
        await load(culture);
      } finally {
        setSwitching(false);
      }
    },
    [load],
  );

  const reloadPack = useCallback(() => load(currentCulture()), [load]);

  const value = useMemo<Boot | null>(
    () => (state ? { ...state, setCulture, reloadPack, switching } : null),
    [state, setCulture, reloadPack, switching],
  );

  if (!value) {
    if (failed) {
      // No language pack could be loaded, so there is nothing to translate with: this one text is in both languages.
      return (
        <StatusMessage
          kind="warning"
          title="无法连接服务器 / Cannot reach the server"
          extra={
            <Button type="primary" onClick={start}>
              重试 / Retry
            </Button>
          }
        />
      );
    }
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <Spin size="large" />
      </div>
    );
  }
  return <BootContext.Provider value={value}>{children}</BootContext.Provider>;
}
