import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActionButton } from './ActionButton';
import { createClickGuard } from './useActionGuard';

describe('anti-double-click', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ignores a second click within 1000 ms', async () => {
    const action = vi.fn();
    const click = createClickGuard(action);
    expect(await click()).toBe(true);
    vi.advanceTimersByTime(999);
    expect(await click()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await click()).toBe(true);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('ignores clicks while the action still runs, even after 1000 ms', async () => {
    let finish: () => void = () => undefined;
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const click = createClickGuard(action);
    const first = click();
    vi.advanceTimersByTime(5000);
    expect(await click()).toBe(false);
    finish();
    expect(await first).toBe(true);
    const third = click();
    finish();
    expect(await third).toBe(true);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('ActionButton runs its action once for a double click', async () => {
    const onAction = vi.fn();
    render(<ActionButton onAction={onAction}>Go</ActionButton>);
    const button = screen.getByRole('button', { name: 'Go' });
    fireEvent.click(button);
    fireEvent.click(button);
    await vi.advanceTimersByTimeAsync(10);
    expect(onAction).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    fireEvent.click(button);
    await vi.advanceTimersByTimeAsync(10);
    expect(onAction).toHaveBeenCalledTimes(2);
  });
});
