import type { FixedAssetRow, TokenResponse } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../app/session/session';
import { initTestI18n } from '../../../test/i18n';
import FixedAssetsPage from './FixedAssetsPage';

// The cost-centre filter's picker reads the culture.
vi.mock('../../../app/i18n/BootProvider', () => ({ useBoot: () => ({ culture: 'zh-CN' }) }));

const asset: FixedAssetRow = {
  FixedAssetID: 1,
  AssetNo: 'FA12-2-1',
  DocumentID: 3,
  DocNo: 'EX202611000031',
  LineNo: 2,
  ItemName: 'Laptop',
  Description: null,
  CostCenterName: 'Oncology East',
  ProductName: null,
  EmployeeName: 'Wei Zhang',
  AcquiredOn: '2026-11-02',
  Amount: '7047.79',
  GLAccount: '160101',
  Period: '2026-11',
  State: 'cancelled',
  VoucherState: 'cancelled',
  ErpDocNo: null,
};

const bodies: { url: string; body: Record<string, unknown> }[] = [];
beforeAll(() => initTestI18n('zh-CN'));
beforeEach(() => {
  bodies.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      bodies.push({ url, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
      return new Response(JSON.stringify({ Total: 1, Rows: [asset] }), {
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

describe('fixed assets', () => {
  it('lists the records with their amount and state in the user’s language', { timeout: 60_000 }, async () => {
    startSession({ access_token: 'a', refresh_token: 'r', UserID: 1, CompanyID: 1, IsAdmin: false } as TokenResponse);
    const router = createMemoryRouter([{ path: '/manage/fixedAssets', element: <FixedAssetsPage /> }], {
      initialEntries: ['/manage/fixedAssets'],
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('FA12-2-1')).toBeTruthy();
    expect(within(table).getByText('7,047.79')).toBeTruthy();
    expect(within(table).getByText('已撤销')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导出|Export/ })).toBeTruthy();
    expect(bodies.some((b) => b.url.endsWith('/api/FixedAssets/Search'))).toBe(true);
  });
});
