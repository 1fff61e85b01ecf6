import { afterEach, describe, expect, it, vi } from 'vitest';
import { goToLogin, setNavigator } from '../navigation';
import { loginPath, nextOf, REASON_KEY, reasonOf, takeSignOut } from './signOutReason';

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

  it('carries the page a link asked for, only when it is a page of the product', () => {
    expect(loginPath(undefined, '/', '/manage/document/view/42')).toBe('/?next=%2Fmanage%2Fdocument%2Fview%2F42');
    expect(loginPath('expired', '/', '/manage/approveCenter?tab=1')).toBe(
      '/?reason=expired&next=%2Fmanage%2FapproveCenter%3Ftab%3D1',
    );
    expect(loginPath(undefined, '/', '/manage')).toBe('/');
    expect(nextOf(new URLSearchParams('next=%2Fmanage%2Fdocument%2Fview%2F42'))).toBe('/manage/document/view/42');
    for (const bad of [
      'https://evil.example/manage/x',
      '//evil.example/manage/x',
      '/manage//evil',
      '/login',
      '/manage/\\x',
    ])
      expect(nextOf(new URLSearchParams({ next: bad })), bad).toBeNull();
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
