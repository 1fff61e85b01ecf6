import type { QuotaRow, TokenResponse } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../app/session/session';
import { initTestI18n } from '../../test/i18n';
import QuotaManagementPage, { toBody } from './QuotaManagementPage';

const row: QuotaRow = {
  QuotaID: 4,
  Year: 2026,
  Kind: 'hcp',
  SubjectID: 7,
  SubjectCode: 'P001',
  SubjectName: '王建国',
  ExpenseItemID: null,
  ExpenseItemName: null,
  Amount: '5000.00',
  Used: '4366.32',
  Available: '633.68',
  LimitStatus: 2,
  Archived: false,
  Remark: null,
  DetailCount: 0,
  Version: 3,
};

const bodies: { url: string; body: Record<string, unknown> }[] = [];
beforeAll(() => initTestI18n('zh-CN'));
beforeEach(() => {
  bodies.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      bodies.push({ url, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
      return new Response(JSON.stringify({ Total: 1, Rows: [row] }), {
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

describe('quota management', () => {
  it('lists the quotas with their use and limit status in the user’s language', { timeout: 60_000 }, async () => {
    startSession({ access_token: 'a', refresh_token: 'r', UserID: 1, CompanyID: 1, IsAdmin: false } as TokenResponse);
    const router = createMemoryRouter([{ path: '/manage/quotaManagement', element: <QuotaManagementPage /> }], {
      initialEntries: ['/manage/quotaManagement'],
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('P001')).toBeTruthy();
    expect(within(table).getByText('4,366.32')).toBeTruthy();
    expect(within(table).getByText('禁止')).toBeTruthy();
    // The default list leaves archived quotas out.
    expect(bodies.find((b) => b.url.endsWith('/api/quota/Search'))?.body.Archived).toBe(false);
  });

  it('saves the months with an amount as monthly caps, by code for a new quota and by id for one that exists', () => {
    const added = toBody(
      {
        Year: 2026,
        Kind: 'employee',
        SubjectCode: ' E00010 ',
        ItemCode: 'PHONE',
        Amount: '3600',
        LimitStatus: 1,
        M1: '300',
        M2: '',
        M12: '300',
      },
      undefined,
    );
    expect(added).toEqual(
      expect.objectContaining({
        Kind: 'employee',
        SubjectCode: 'E00010',
        ItemCode: 'PHONE',
        Details: [
          { Month: 1, Amount: '300' },
          { Month: 12, Amount: '300' },
        ],
      }),
    );
    const changed = toBody({ Amount: '6000', LimitStatus: 2 }, row);
    expect(changed).toEqual(
      expect.objectContaining({
        QuotaID: 4,
        Version: 3,
        SubjectID: 7,
        ExpenseItemID: null,
        Amount: '6000',
        Details: [],
      }),
    );
    expect(changed).not.toHaveProperty('SubjectCode');
  });
});
