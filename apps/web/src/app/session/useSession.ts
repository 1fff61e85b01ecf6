import type { TokenResponse } from '@ems/contracts';
import { useSyncExternalStore } from 'react';
import { getProxyInfo, getUserInfo, hasSession, subscribeSession } from './session';

export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeSession, hasSession);
}

/** The current UserInfo; re-renders on sign-in, refresh and company switch. */
export function useUserInfo(): TokenResponse | null {
  return useSyncExternalStore(subscribeSession, getUserInfo);
}

/** The person the user acts for now (fill-in or approval proxy), or null. */
export function useActingFor(): number | null {
  return useSyncExternalStore(subscribeSession, () => {
    const id = getProxyInfo()?.ProxyId;
    return id === null || id === undefined || id === '' ? null : Number(id);
  });
}
