import { useCallback, useRef, useState } from 'react';
import { ANTI_DOUBLE_CLICK_MS } from '../app/constants';

/**
 * Anti-double-click: a second trigger within `waitMs` of the last accepted one, or while the action still
 * runs, does nothing. Returns the guarded function, which resolves to false when it ignored the trigger.
 */
export function createClickGuard<A extends unknown[]>(
  action: (...args: A) => unknown,
  waitMs = ANTI_DOUBLE_CLICK_MS,
  onBusyChange?: (busy: boolean) => void,
) {
  let lastAccepted = Number.NEGATIVE_INFINITY;
  let running = false;
  return async (...args: A): Promise<boolean> => {
    const now = Date.now();
    if (running || now - lastAccepted < waitMs) return false;
    lastAccepted = now;
    running = true;
    onBusyChange?.(true);
    try {
      await action(...args);
    } finally {
      running = false;
      onBusyChange?.(false);
    }
    return true;
  };
}

/** The hook form, for buttons: the latest action is always called, and `busy` drives the button's spinner. */
export function useActionGuard<A extends unknown[]>(action: (...args: A) => unknown, waitMs = ANTI_DOUBLE_CLICK_MS) {
  const [busy, setBusy] = useState(false);
  const actionRef = useRef(action);
  actionRef.current = action;
  const guardRef = useRef<((...args: A) => Promise<boolean>) | null>(null);
  guardRef.current ??= createClickGuard((...args: A) => actionRef.current(...args), waitMs, setBusy);
  const run = useCallback((...args: A) => guardRef.current?.(...args) ?? Promise.resolve(false), []);
  return { run, busy };
}
