import { useSyncExternalStore } from 'react';
import { HIDE_AFTER_TIME } from './constants';

/**
 * The global loading overlay: off by default, shown only by actions that ask for it.
 * It closes HIDE_AFTER_TIME ms after the last such action succeeds, and at once on any error.
 */
let active = 0;
let visible = false;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setVisible(next: boolean): void {
  if (visible === next) return;
  visible = next;
  for (const listener of listeners) listener();
}

export const loading = {
  show(): void {
    active += 1;
    clearTimeout(hideTimer);
    setVisible(true);
  },
  /** One overlay action finished well. */
  done(): void {
    active = Math.max(0, active - 1);
    if (active > 0) return;
    clearTimeout(hideTimer);
    hideTimer = setTimeout(() => setVisible(false), HIDE_AFTER_TIME);
  },
  /** Every error closes the overlay, whoever opened it. */
  closeOnError(): void {
    active = 0;
    clearTimeout(hideTimer);
    setVisible(false);
  },
  isVisible(): boolean {
    return visible;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useLoadingOverlay(): boolean {
  return useSyncExternalStore(loading.subscribe, loading.isVisible);
}
