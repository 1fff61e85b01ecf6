import type { InboxRow, TokenResponse } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notice } from '../../app/notice';
import { startSession } from '../../app/session/session';
import { initTestI18n } from '../../test/i18n';
import { InboxBell } from './InboxBell';
import InboxPage from './InboxPage';

/** The server's messages of the caller, oldest first, and every call it answered. */
let messages: InboxRow[];
const calls: { path: string; body: Record<string, unknown> }[] = [];

function message(id: number, over: Partial<InboxRow> = {}): InboxRow {
  return {
    ID: id,
    Subject: `Document D${id} is waiting for your approval`,
    Lines: [],
    Amount: null,
    Currency: null,
    Link: `/manage/document/view/${id}`,
    CreatedAt: '2026-03-04T05:06:07.000Z',
    Read: true,
    ...over,
  };
}

const unreadCount = () => ({ Unread: messages.filter((m) => !m.Read).length });

/** The inbox calls as the server answers them. */
function answer(path: string, body: Record<string, unknown>): unknown {
  if (path === '/api/Inbox/UnreadCount') return unreadCount();
  if (path === '/api/Inbox/MarkRead' || path === '/api/Inbox/MarkAllRead') {
    const ids = (body.IDs as number[] | undefined) ?? messages.map((m) => m.ID);
    for (const m of messages) if (ids.includes(m.ID)) m.Read = true;
    return unreadCount();
  }
  const size = Number(body.PageSize);
  const rows = [...messages].reverse().filter((m) => !body.UnreadOnly || !m.Read);
  return { Total: rows.length, Rows: rows.slice((Number(body.PageIndex) - 1) * size, Number(body.PageIndex) * size) };
}

beforeAll(() => initTestI18n('en-GB'));
beforeEach(() => {
  calls.length = 0;
  vi.spyOn(notice, 'success').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      calls.push({ path, body });
      return new Response(JSON.stringify(answer(path, body)), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  startSession({ access_token: 'a', refresh_token: 'r', UserID: 7, CompanyID: 1 } as TokenResponse);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The inbox under the header's bell, and a document screen its links lead to. */
function show(url = '/manage/inbox') {
  const router = createMemoryRouter(
    [
      {
        path: '/manage',
        element: (
          <>
            <InboxBell />
            <Outlet />
          </>
        ),
        children: [
          { path: 'inbox', element: <InboxPage /> },
          { path: 'document/view/:id', element: <p>the document</p> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const bell = () => screen.getByTestId('inbox-bell');
const called = (path: string) => calls.filter((c) => c.path === path);

describe('the inbox', () => {
  it('shows messages newest first, the unread emphasised, with their lines and amount', async () => {
    messages = [
      message(1),
      message(2, {
        Subject: 'Your document D2 was paid 0.01, less the deductions below',
        Lines: [{ Text: 'Owed: 50.00', Link: null }],
        Amount: '1234.5',
        Currency: 'CNY',
        Read: false,
      }),
    ];
    show();
    const items = await screen.findAllByTestId(/^inbox-item-/);
    expect(items.map((i) => i.dataset.testid)).toEqual(['inbox-item-2', 'inbox-item-1']);
    const paid = items[0]!;
    expect(paid.dataset.read).toBe('false');
    expect(within(paid).getByText('Unread')).toBeTruthy();
    expect(within(paid).getByText('Owed: 50.00')).toBeTruthy();
    expect(within(paid).getByTestId('inbox-amount').textContent).toBe('Amount: 1,234.50 CNY');
    expect(within(items[1]!).queryByText('Unread')).toBeNull();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Inbox, 1 unread'));
  });

  it('opens a message’s document and marks it read: the header’s count drops, and is asked again on the new screen', async () => {
    messages = [message(3, { Read: false }), message(4, { Read: false })];
    const router = show();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Inbox, 2 unread'));
    const asked = called('/api/Inbox/UnreadCount').length;
    fireEvent.click(within(await screen.findByTestId('inbox-item-3')).getByTestId('inbox-open'));
    await screen.findByText('the document');
    expect(router.state.location.pathname).toBe('/manage/document/view/3');
    expect(called('/api/Inbox/MarkRead').map((c) => c.body)).toEqual([expect.objectContaining({ IDs: [3] })]);
    expect(bell().getAttribute('aria-label')).toBe('Inbox, 1 unread');
    await waitFor(() => expect(called('/api/Inbox/UnreadCount').length).toBe(asked + 1));
  });

  it('opens a message read before without marking it again', async () => {
    messages = [message(5)];
    show();
    fireEvent.click(within(await screen.findByTestId('inbox-item-5')).getByTestId('inbox-open'));
    await screen.findByText('the document');
    expect(called('/api/Inbox/MarkRead')).toEqual([]);
  });

  it('filters the unread, marks them all read and then says there are none', async () => {
    messages = [message(6), message(7, { Read: false })];
    const router = show();
    await screen.findByTestId('inbox-item-7');
    fireEvent.click(screen.getByText('Unread', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(screen.queryByTestId('inbox-item-6')).toBeNull());
    expect(router.state.location.search).toBe('?unread=1');
    fireEvent.click(screen.getByTestId('inbox-mark-all'));
    expect(await screen.findByText('No unread messages')).toBeTruthy();
    expect(called('/api/Inbox/MarkAllRead')).toHaveLength(1);
    expect(bell().getAttribute('aria-label')).toBe('Inbox, 0 unread');
    expect(screen.getByTestId('inbox-mark-all').hasAttribute('disabled')).toBe(true);
  });

  it('says so when there is no message at all', async () => {
    messages = [];
    show();
    expect(await screen.findByText('No messages')).toBeTruthy();
  });

  it('pages twenty at a time, the page kept in the address', async () => {
    messages = Array.from({ length: 25 }, (_, i) => message(100 + i));
    const router = show();
    await screen.findByTestId('inbox-item-124');
    expect(screen.getAllByTestId(/^inbox-item-/)).toHaveLength(20);
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByTestId('inbox-item-104');
    expect(screen.getAllByTestId(/^inbox-item-/)).toHaveLength(5);
    expect(router.state.location.search).toBe('?page=2');
    expect(called('/api/Inbox/Search').at(-1)?.body).toMatchObject({ PageIndex: 2, PageSize: 20, UnreadOnly: false });
  });
});
