import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_CHECK_INTERVAL_MS, IDLE_TIMEOUT_MS } from '../constants';
import { startIdleTimer } from './idle';

describe('idle timer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the specification constants: 2 hours, checked every 60 seconds', () => {
    expect(IDLE_TIMEOUT_MS).toBe(7_200_000);
    expect(IDLE_CHECK_INTERVAL_MS).toBe(60_000);
  });

  it('expires after 2 hours without activity, at the next minute check', () => {
    const onExpire = vi.fn();
    const stop = startIdleTimer({ onExpire });
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_CHECK_INTERVAL_MS);
    expect(onExpire).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 2);
    expect(onExpire).toHaveBeenCalledTimes(1);
    stop();
  });

  it.each(['mousemove', 'keydown', 'touchstart', 'scroll'])('%s counts as activity', (event) => {
    const onExpire = vi.fn();
    const stop = startIdleTimer({ onExpire });
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 5 * 60_000);
    window.dispatchEvent(new Event(event));
    vi.advanceTimersByTime(10 * 60_000);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
    expect(onExpire).toHaveBeenCalledTimes(1);
    stop();
  });

  it('follows the shorter test-mode values from Index', () => {
    const onExpire = vi.fn();
    const stop = startIdleTimer({ onExpire, timeoutMs: 3000, intervalMs: 500 });
    vi.advanceTimersByTime(3500);
    expect(onExpire).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does nothing once stopped', () => {
    const onExpire = vi.fn();
    startIdleTimer({ onExpire })();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 2);
    expect(onExpire).not.toHaveBeenCalled();
  });
});
