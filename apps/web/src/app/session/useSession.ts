import type { TokenResponse } from '@ems/contracts';
import { useSyncExternalStore } from 'react';
import { getUserInfo, hasSession, subscribeSession } from './session';

export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeSession, hasSession);
}

/** The current UserInfo; re-renders on sign-in, refresh and company switch. */
export function useUserInfo(): TokenResponse | null {
  return useSyncExternalStore(subscribeSession, getUserInfo);
}
