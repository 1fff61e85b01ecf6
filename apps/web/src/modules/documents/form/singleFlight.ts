/**
 * One action at a time on a document form. Save, preview, route preview and submit each save first; while one
 * runs, another (a second button, a double Enter) is dropped instead of sending a second save with the same
 * version. The buttons' own 1000 ms anti-double-click still applies on top.
 */
export interface SingleFlight {
  /** Runs the action unless another is running; resolves false when it was dropped. Errors pass through. */
  run(action: () => unknown): Promise<boolean>;
  isBusy(): boolean;
  /** Told whenever an action starts or ends, to disable the other buttons meanwhile. */
  subscribe(listener: (busy: boolean) => void): () => void;
}

export function createSingleFlight(): SingleFlight {
  let busy = false;
  const listeners = new Set<(busy: boolean) => void>();
  const set = (next: boolean) => {
    busy = next;
    for (const l of listeners) l(next);
  };
  return {
    async run(action) {
      if (busy) return false;
      set(true);
      try {
        await action();
      } finally {
        set(false);
      }
      return true;
    },
    isBusy: () => busy,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
