import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../test/i18n';
import { SCREEN_LOAD_TIMEOUT_MS } from './constants';
import { LazyScreen, type ScreenModule, withTimeout } from './LazyScreen';

describe('lazy screens', () => {
  beforeAll(async () => {
    await initTestI18n('zh-CN');
  });

  it('shows the load failure with a retry, and the retry loads the chunk again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const load = vi.fn(async (): Promise<ScreenModule> => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: () => <p>屏幕已加载</p> };
    });
    render(<LazyScreen load={load} />);
    fireEvent.click(await screen.findByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('屏幕已加载')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('页面加载失败，请重试。')).toBeNull();
  });

  it('gives up on a chunk after 120 seconds', async () => {
    vi.useFakeTimers();
    expect(SCREEN_LOAD_TIMEOUT_MS).toBe(120_000);
    const never = new Promise<ScreenModule>(() => undefined);
    const outcome = withTimeout(never).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(SCREEN_LOAD_TIMEOUT_MS);
    expect(await outcome).toEqual(new Error('error.loadFailure'));
    vi.useRealTimers();
  });
});
