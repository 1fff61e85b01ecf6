import type { TokenResponse, YearUsedDetailPage, YearUsedPage } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../app/session/session';
import { initTestI18n } from '../../test/i18n';
import HcpYearUsedPage from './HcpYearUsedPage';

// The chart draws on a canvas the test browser lacks; what it is given is checked instead.
const charted: unknown[] = [];
vi.mock('../../shared/Chart', () => ({
  Chart: (props: { option: unknown; label: string }) => {
    charted.push(props.option);
    return <div data-testid="chart">{props.label}</div>;
  },
}));

const page: YearUsedPage = {
  Total: 1,
  Rows: [
    {
      SubjectID: 7,
      SubjectCode: 'P001',
      SubjectName: '王建国',
      Extra: '北京协和医院',
      Year: 2026,
      Held: '100.00',
      Consumed: '350.00',
      Used: '450.00',
      Cap: '500.00',
      Available: '50.00',
      UsedPercent: '90.00',
      LimitStatus: 2,
      Documents: 2,
    },
  ],
  Totals: { Held: '100.00', Consumed: '350.00', Used: '450.00', Subjects: 1 },
};
const detail: YearUsedDetailPage = {
  Total: 1,
  Rows: [
    {
      LedgerID: 1,
      DocumentID: 9,
      DocNo: 'D1000261100009',
      DocType: 'deputy',
      DocStatus: 'approved',
      ApplicantName: '张伟',
      SubjectID: 7,
      SubjectCode: 'P001',
      SubjectName: '王建国',
      ExpenseItemName: '医生餐费',
      Month: 11,
      Amount: '350.00',
      State: 'consumed',
    },
  ],
};

const bodies: { url: string; body: Record<string, unknown> }[] = [];
beforeAll(() => initTestI18n('zh-CN'));
beforeEach(() => {
  bodies.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      bodies.push({ url, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
      return new Response(JSON.stringify(url.endsWith('Detail') ? detail : page), {
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

describe('HCP yearly used amount', () => {
  it('shows each HCP against its cap with the totals and a chart, and drills into its documents', {
    timeout: 60_000,
  }, async () => {
    startSession({ access_token: 'a', refresh_token: 'r', UserID: 1, CompanyID: 1, IsAdmin: false } as TokenResponse);
    const router = createMemoryRouter([{ path: '/manage/searchHCPYearUsedAmount', element: <HcpYearUsedPage /> }], {
      initialEntries: ['/manage/searchHCPYearUsedAmount'],
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const drill = await screen.findByTestId('usage-drill-P001');
    const search = bodies.find((b) => b.url.endsWith('/api/Report/SearchHCPYearUsedAmount'));
    // The report opens on this year without a year in the URL.
    expect(search?.body.Year).toBe(new Date().getFullYear());
    const table = screen.getAllByRole('table')[0]!;
    expect(within(table).getByText('500.00')).toBeTruthy();
    expect(within(table).getByText('90.00%')).toBeTruthy();
    expect(screen.getByTestId('usage-totals').textContent).toContain('450.00');
    expect(await screen.findByTestId('chart')).toBeTruthy();
    expect(JSON.stringify(charted.at(-1))).toContain('王建国');

    fireEvent.click(drill);
    expect(await screen.findByText('D1000261100009')).toBeTruthy();
    const asked = bodies.find((b) => b.url.endsWith('/api/Report/SearchHCPYearUsedAmountDetail'));
    expect(asked?.body).toEqual(expect.objectContaining({ SubjectID: 7, PageIndex: 1 }));
  });
});
