import type { OutboundJobRow, TokenResponse } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notice } from '../../app/notice';
import { startSession } from '../../app/session/session';
import { initTestI18n } from '../../test/i18n';
import RfcLogPage from './RfcLogPage';

const failed: OutboundJobRow = {
  ID: 12,
  Queue: 'mail',
  State: 'failed',
  Attempts: 6,
  LastError: '451 4.3.0 mailbox busy, try later',
  RequestID: 'req-approve-0001',
  CreatedAt: '2026-01-02T01:00:00.000Z',
  CompletedAt: null,
};

const bodies: { url: string; body: Record<string, unknown> }[] = [];
beforeAll(() => initTestI18n('en-GB'));
beforeEach(() => {
  bodies.length = 0;
  vi.spyOn(notice, 'ask').mockResolvedValue(true);
  vi.spyOn(notice, 'success').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.push({ url, body });
      const answer = url.endsWith('/RetryRFCLog')
        ? { ...failed, State: 'queued' }
        : {
            Total: 2,
            Rows: [failed, { ...failed, ID: 11, Queue: 'evm', State: 'done', Attempts: 1, LastError: null }],
          };
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show() {
  const router = createMemoryRouter([{ path: '/manage/rfcLog', element: <RfcLogPage /> }], {
    initialEntries: ['/manage/rfcLog'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('interface log', () => {
  it('lists calls with their state, attempts, last error and request id; an administrator sends a failed one again', async () => {
    startSession({ access_token: 'a', refresh_token: 'r', UserID: 1, CompanyID: 1, IsAdmin: true } as TokenResponse);
    show();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Failed')).toBeTruthy();
    expect(within(table).getByText('E-mail notice')).toBeTruthy();
    expect(within(table).getByText('451 4.3.0 mailbox busy, try later')).toBeTruthy();
    expect(within(table).getAllByText('req-approve-0001')).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    fireEvent.click(screen.getByRole('button', { name: /Send again/ }));
    await waitFor(() => expect(bodies.some((b) => b.url.endsWith('/RetryRFCLog'))).toBe(true));
    expect(bodies.find((b) => b.url.endsWith('/RetryRFCLog'))?.body).toMatchObject({ ID: 12 });
  });

  it('offers no retry to someone who only reads the log', async () => {
    startSession({ access_token: 'a', refresh_token: 'r', UserID: 2, CompanyID: 1, IsAdmin: false } as TokenResponse);
    show();
    expect(await screen.findByText('451 4.3.0 mailbox busy, try later')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Send again/ })).toBeNull();
  });
});
