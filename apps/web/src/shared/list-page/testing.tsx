import type { TokenResponse } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { startSession } from '../../app/session/session';
import { initTestI18n } from '../../test/i18n';

/** One call a page made: its path and its JSON body. */
export interface RecordedCall {
  url: string;
  body: Record<string, unknown>;
}

/**
 * The server of a list-page test (for tests only): every call is recorded in the returned array and answered with
 * the JSON `answer` gives for it; the Chinese language pack is loaded. Call it at the top of a test file: it registers
 * its own set-up and clean-up hooks.
 */
export function mockListServer(answer: (url: string, body: Record<string, unknown>) => unknown): RecordedCall[] {
  const calls: RecordedCall[] = [];
  beforeAll(() => initTestI18n('zh-CN'));
  beforeEach(() => {
    calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        calls.push({ url, body });
        return new Response(JSON.stringify(answer(url, body)), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return calls;
}

/** The body of the first recorded call to a path ending in `path`. */
export const bodyOf = (calls: RecordedCall[], path: string) => calls.find((c) => c.url.endsWith(path))?.body;

/**
 * Signs a user in and renders a screen at its route, as the app does (a router and a query client that does not
 * retry); answers the router, to read the URL the screen keeps its filters in.
 */
export function renderListPage(path: string, element: ReactElement, entry: string = path) {
  startSession({ access_token: 'a', refresh_token: 'r', UserID: 1, CompanyID: 1, IsAdmin: false } as TokenResponse);
  const router = createMemoryRouter([{ path, element }], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
