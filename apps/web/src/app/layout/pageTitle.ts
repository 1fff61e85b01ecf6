import { useEffect, useSyncExternalStore } from 'react';

/**
 * The browser tab's title of a screen that is not a menu entry (a document's type and number). The shell
 * writes the tab title once, from this or the menu label, so a language switch retitles both alike.
 */
let current: string | null = null;
const listeners = new Set<() => void>();

function set(title: string | null): void {
  if (title === current) return;
  current = title;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by a screen with its (translated) title; cleared when the screen goes. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    set(title);
    return () => set(null);
  }, [title]);
}

export function usePageTitleOverride(): string | null {
  return useSyncExternalStore(subscribe, () => current);
}
