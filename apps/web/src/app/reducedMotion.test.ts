import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReducedMotion } from './reducedMotion';

/** A system setting the test changes, as the user would in their system's accessibility settings. */
function systemSetting(initially: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: initially,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  vi.stubGlobal('matchMedia', (q: string) => {
    expect(q).toBe('(prefers-reduced-motion: reduce)');
    return query;
  });
  return {
    set(on: boolean) {
      query.matches = on;
      for (const l of listeners) l();
    },
    listeners,
  };
}
afterEach(() => vi.unstubAllGlobals());

describe('reduced motion', () => {
  it('follows the system setting as it changes, and stops listening when unmounted', () => {
    const setting = systemSetting(false);
    const { result, unmount } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(false);
    act(() => setting.set(true));
    expect(result.current).toBe(true);
    unmount();
    expect(setting.listeners.size).toBe(0);
  });

  it('is on from the start when the system asks for it', () => {
    systemSetting(true);
    expect(renderHook(() => useReducedMotion()).result.current).toBe(true);
  });
});
