import { afterEach, describe, expect, it, vi } from 'vitest';
import { goToLogin, setNavigator } from '../navigation';
import { loginPath, REASON_KEY, reasonOf, takeSignOut } from './signOutReason';

describe('why the user is back at sign-in', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('travels in the login route and is read back, unknown reasons ignored', () => {
    expect(loginPath('idle')).toBe('/?reason=idle');
    expect(loginPath()).toBe('/');
    expect(reasonOf(new URLSearchParams('reason=forbidden'))).toBe('forbidden');
    expect(reasonOf(new URLSearchParams('reason=<script>'))).toBeNull();
    expect(reasonOf(new URLSearchParams(''))).toBeNull();
    expect(REASON_KEY.expired).toBe('login.reason.expired');
  });

  it('is passed on when a lost session sends the user to login, and nowhere when already there', () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    window.history.replaceState(null, '', '/manage/personalExpense');
    goToLogin('forbidden');
    expect(navigate).toHaveBeenCalledWith('/?reason=forbidden');
    // Kept once for the session guard's own redirect, should it land first.
    expect(takeSignOut()).toBe('forbidden');
    expect(takeSignOut()).toBeNull();
    window.history.replaceState(null, '', '/login');
    goToLogin('expired');
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(takeSignOut()).toBeNull();
  });
});
