import { IDLE_CHECK_INTERVAL_MS, IDLE_TIMEOUT_MS } from '../constants';

export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

export interface IdleTimerOptions {
  timeoutMs?: number;
  intervalMs?: number;
  onExpire: () => void;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/**
 * Returns the user to login after `timeoutMs` without mouse, key, touch or scroll activity, checked every
 * `intervalMs` (2 hours and 60 seconds unless the server's Index says otherwise). Returns a stop function.
 */
export function startIdleTimer(options: IdleTimerOptions): () => void {
  const timeoutMs = options.timeoutMs ?? IDLE_TIMEOUT_MS;
  const intervalMs = options.intervalMs ?? IDLE_CHECK_INTERVAL_MS;
  const target = options.target ?? window;
  let last = Date.now();
  const touch = () => {
    last = Date.now();
  };
  for (const event of ACTIVITY_EVENTS) target.addEventListener(event, touch, { passive: true, capture: true });
  const timer = setInterval(() => {
    if (Date.now() - last >= timeoutMs) {
      stop();
      options.onExpire();
    }
  }, intervalMs);
  function stop() {
    clearInterval(timer);
    for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, touch, { capture: true });
  }
  return stop;
}
