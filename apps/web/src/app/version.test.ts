import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consumeUpgrade, createVersionWatcher } from './version';

describe('new version', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announces a different server version once, records the old version and reloads after 500 ms', () => {
    const newVersion = vi.fn();
    const reload = vi.fn();
    const watch = createVersionWatcher('1.0.0+1', { newVersion, reload });
    expect(watch('1.0.0+1')).toBe(false);
    expect(watch('1.0.0+2')).toBe(true);
    expect(watch('1.0.0+2')).toBe(false);
    expect(newVersion).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('nowVersion')).toBe('1.0.0+1');
    vi.advanceTimersByTime(499);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again for the same versions after a reload (no loop)', () => {
    const reload = vi.fn();
    createVersionWatcher('1.0.0+1', { newVersion: vi.fn(), reload })('1.0.0+2');
    const again = createVersionWatcher('1.0.0+1', { newVersion: vi.fn(), reload });
    expect(again('1.0.0+2')).toBe(false);
  });
});

describe('upgrade complete', () => {
  it('is due when nowVersion was set before and differs; then nowVersion is the running version', () => {
    expect(consumeUpgrade('1.0.0+1')).toBe(false);
    expect(localStorage.getItem('nowVersion')).toBe('1.0.0+1');
    expect(consumeUpgrade('1.0.0+1')).toBe(false);
    expect(consumeUpgrade('1.0.0+2')).toBe(true);
    expect(localStorage.getItem('nowVersion')).toBe('1.0.0+2');
    expect(consumeUpgrade('1.0.0+2')).toBe(false);
  });
});
