import type { Principal, TokenResponse } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test/i18n';
import { notice } from '../notice';
import { getProxyInfo, startSession } from '../session/session';
import { ProxySwitch } from './ProxySwitch';

const PRINCIPALS: Principal[] = [
  { ProxyId: 5, Code: 'E00020', Name: '王芳', Kinds: ['approve'], EndDate: '2099-12-31' },
  { ProxyId: 6, Code: 'E00030', Name: '赵强', Kinds: ['fill_in'], EndDate: '2099-12-31' },
];

beforeAll(() => initTestI18n('zh-CN'));
beforeEach(() => {
  vi.spyOn(notice, 'success').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ Rows: PRINCIPALS }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
  startSession({ access_token: 'a', refresh_token: 'r', UserID: 7, CompanyID: 1 } as TokenResponse);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Acts for the principal of the code, from the header's switch on the personal expense list; answers the router. */
async function actFor(code: string) {
  const router = createMemoryRouter(
    ['/manage', '/manage/approveCenter', '/manage/personalExpense'].map((path) => ({
      path,
      element: <ProxySwitch compact={false} />,
    })),
    { initialEntries: ['/manage/personalExpense'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  fireEvent.click(await screen.findByTestId('proxy-switch'));
  fireEvent.click(await screen.findByTestId(`proxy-for-${code}`));
  await waitFor(() => expect(notice.success).toHaveBeenCalled());
  return router;
}

describe('acting for someone', () => {
  it('for an approver lands on the approve centre, where what waits for them is', async () => {
    const router = await actFor('E00020');
    expect(router.state.location.pathname).toBe('/manage/approveCenter');
    expect(getProxyInfo()?.ProxyId).toBe(5);
  });

  it('for someone whose documents one fills in lands on the home page', async () => {
    const router = await actFor('E00030');
    expect(router.state.location.pathname).toBe('/manage');
    expect(getProxyInfo()?.ProxyId).toBe(6);
  });
});
