/** Why the user was sent back to sign in; the login page says so. */
export type SignOutReason = 'idle' | 'expired' | 'forbidden';

const REASONS: readonly SignOutReason[] = ['idle', 'expired', 'forbidden'];
export const REASON_PARAM = 'reason';

/** Language key of the login page's notice for each reason. */
export const REASON_KEY: Record<SignOutReason, string> = {
  idle: 'login.reason.idle',
  expired: 'login.reason.expired',
  forbidden: 'login.reason.forbidden',
};

/** The sign-in route, carrying the reason when there is one. */
export function loginPath(reason?: SignOutReason, base = '/', next?: string): string {
  const query = new URLSearchParams();
  if (reason) query.set(REASON_PARAM, reason);
  if (next && nextPath(next)) query.set(NEXT_PARAM, next);
  const q = query.toString();
  return q ? `${base}?${q}` : base;
}

export const NEXT_PARAM = 'next';

/**
 * A page of the product to go on to after sign-in (a notice's link opened signed out): only a path under /manage, so
 * the sign-in page never sends anyone to another site.
 */
function nextPath(value: string | null): string | null {
  if (!value || !/^\/manage\/[^/\\]/.test(value) || value.includes('//') || value.includes('\\')) return null;
  return value;
}

/** Where the login page's query says to go after sign-in, if it is a page of the product. */
export function nextOf(params: URLSearchParams): string | null {
  return nextPath(params.get(NEXT_PARAM));
}

/** The reason in the login page's query, ignoring anything unknown. */
export function reasonOf(params: URLSearchParams): SignOutReason | null {
  const value = params.get(REASON_PARAM);
  return REASONS.find((r) => r === value) ?? null;
}

/**
 * The reason is also kept here until a login route takes it: when the session ends, the guard of the signed-in
 * routes may redirect before the navigation that carries the reason, and its redirect must say it too.
 */
let pending: SignOutReason | null = null;

export function noteSignOut(reason: SignOutReason): void {
  pending = reason;
}

/** The reason noted last, left in place (a render may run twice); the login page takes it. */
export function pendingSignOut(): SignOutReason | null {
  return pending;
}

/** The reason noted last, once. */
export function takeSignOut(): SignOutReason | null {
  const reason = pending;
  pending = null;
  return reason;
}
