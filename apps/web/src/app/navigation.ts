import { loginPath, noteSignOut, type SignOutReason } from './session/signOutReason';

/** Public routes where the user signs in; sending someone "to login" from one of them changes nothing. */
const SIGN_IN_PATHS = new Set(['/', '/login', '/admin', '/onauth']);

type Navigate = (path: string) => void;
let navigate: Navigate = (path) => window.location.assign(path);

/** The router registers its navigate here so code outside React (the http client, the idle timer) can use it. */
export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

export function isSignInPath(pathname: string): boolean {
  return SIGN_IN_PATHS.has(pathname.toLowerCase());
}

/** Back to sign-in, telling the login page why (idle, session expired, no permission) when there is a reason. */
export function goToLogin(reason?: SignOutReason): void {
  if (isSignInPath(window.location.pathname)) return;
  if (reason) noteSignOut(reason);
  navigate(loginPath(reason));
}
