import type { TokenResponse } from '@ems/contracts';

/** Storage key names are part of the product (specification §3); keep them exactly. */
export const SESSION_KEYS = {
  userInfo: 'UserInfo',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  proxyInfo: 'ProxyInfo',
  proxyUserId: 'ProxyUserID',
} as const;
export const LOCAL_KEYS = {
  language: 'language',
  nowVersion: 'nowVersion',
  rememberUserName: 'rememberUserName',
} as const;

export interface ProxyInfo {
  ProxyId: number | string | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: TokenResponse | null | undefined;

function emit(): void {
  snapshot = undefined;
  for (const listener of listeners) listener();
}

function readJson<T>(key: string): T | null {
  const raw = sessionStorage.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function getUserInfo(): TokenResponse | null {
  if (snapshot === undefined) snapshot = readJson<TokenResponse>(SESSION_KEYS.userInfo);
  return snapshot;
}

export function getAccessToken(): string | null {
  return sessionStorage.getItem(SESSION_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return sessionStorage.getItem(SESSION_KEYS.refreshToken);
}

export function getProxyInfo(): ProxyInfo | null {
  return readJson<ProxyInfo>(SESSION_KEYS.proxyInfo);
}

/** Acting for someone (ProxyId on every call) or, with null, as oneself again. */
export function setProxyInfo(principalId: number | null): void {
  if (principalId === null) {
    sessionStorage.removeItem(SESSION_KEYS.proxyInfo);
    sessionStorage.removeItem(SESSION_KEYS.proxyUserId);
  } else {
    sessionStorage.setItem(SESSION_KEYS.proxyInfo, JSON.stringify({ ProxyId: principalId }));
    sessionStorage.setItem(SESSION_KEYS.proxyUserId, String(principalId));
  }
  emit();
}

/** Keeps the whole token response as UserInfo, plus both tokens (sign-in, refresh, company switch). */
export function startSession(token: TokenResponse): void {
  sessionStorage.setItem(SESSION_KEYS.userInfo, JSON.stringify(token));
  sessionStorage.setItem(SESSION_KEYS.accessToken, token.access_token);
  sessionStorage.setItem(SESSION_KEYS.refreshToken, token.refresh_token);
  emit();
}

export function updateUserInfo(patch: Partial<TokenResponse>): void {
  const current = getUserInfo();
  if (!current) return;
  sessionStorage.setItem(SESSION_KEYS.userInfo, JSON.stringify({ ...current, ...patch }));
  emit();
}

export function removeTokens(): void {
  sessionStorage.removeItem(SESSION_KEYS.accessToken);
  sessionStorage.removeItem(SESSION_KEYS.refreshToken);
  emit();
}

export function clearSession(): void {
  for (const key of Object.values(SESSION_KEYS)) sessionStorage.removeItem(key);
  emit();
}

export function hasSession(): boolean {
  return getAccessToken() !== null && getUserInfo() !== null;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
