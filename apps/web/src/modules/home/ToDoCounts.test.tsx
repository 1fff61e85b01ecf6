import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test/i18n';
import { ToDoCounts } from './ToDoCounts';

const api = vi.hoisted(() => ({
  mine: vi.fn(),
  waiting: vi.fn(),
  money: vi.fn(),
  financeQueues: vi.fn(),
  capsAtRisk: vi.fn(),
  failedJobs: vi.fn(),
}));
vi.mock('./api', () => ({ homeApi: api }));
let functions: string[] = [];
vi.mock('../../app/layout/queries', () => ({ useMenuQuery: () => ({ data: { Groups: [], Functions: functions } }) }));

function show() {
  const router = createMemoryRouter([{ path: '/manage', element: <ToDoCounts /> }], { initialEntries: ['/manage'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('ToDoCounts', () => {
  beforeAll(() => initTestI18n('zh-CN'));
  beforeEach(() => {
    vi.clearAllMocks();
    api.waiting.mockResolvedValue({ Count: 3 });
    api.money.mockResolvedValue({
      LoansDue: { Count: 0, Overdue: 0, Balance: '0.00', NextDue: null },
      PaidThisMonth: [],
    });
    api.mine.mockResolvedValue({
      Rows: [
        { DocType: 'deputy', Status: 'returned', Count: 1 },
        { DocType: 'loan', Status: 'returned', Count: 1 },
        { DocType: 'deputy', Status: 'draft', Count: 4 },
      ],
    });
  });

  it('counts what waits for an approver who also claims, each opening the list behind it', async () => {
    functions = ['approveCenter', 'personalExpense'];
    show();
    const waiting = await screen.findByTestId('home-todo-waiting');
    expect(await within(waiting).findByText('3')).toBeTruthy();
    expect(waiting.getAttribute('href')).toBe('/manage/approveCenter');
    const returned = screen.getByTestId('home-todo-returned');
    expect(await within(returned).findByText('2')).toBeTruthy();
    expect(returned.getAttribute('href')).toBe('/manage/personalExpense?Status=returned');
    expect(within(screen.getByTestId('home-todo-draft')).getByText('4')).toBeTruthy();
    expect(within(screen.getByTestId('home-todo-paid')).getByText('0')).toBeTruthy();
  });

  it("shows the finance centre's documents sent back, each queue opening the screen that works it", async () => {
    functions = ['ChargebackProcessingCenter'];
    api.financeQueues.mockResolvedValue({
      ToReceive: 0,
      ToReview: 0,
      Held: 0,
      PostFailed: 0,
      ToRemit: 0,
      RunsOpen: 0,
      BankReturns: 0,
      ChargedBack: 6,
    });
    show();
    const tile = await screen.findByTestId('home-todo-finance-ChargedBack');
    expect(await within(tile).findByText('6')).toBeTruthy();
    expect(within(tile).getByText('退单待重交')).toBeTruthy();
    expect(tile.getAttribute('href')).toBe('/manage/ChargebackProcessingCenter');
    // The other queues belong to screens this user does not hold.
    expect(screen.queryByTestId('home-todo-finance-Held')).toBeNull();
  });

  it('counts the HCPs near their caps for a holder of the HCP report only, opening it sorted by share', async () => {
    functions = ['searchHCPYearUsedAmount'];
    api.capsAtRisk.mockResolvedValue({
      Year: 2026,
      Percent: 80,
      HCP: {
        Count: 3,
        Top: [
          {
            SubjectID: 1,
            SubjectCode: 'P1',
            SubjectName: '王建国',
            Used: '950.00',
            Cap: '1000.00',
            UsedPercent: '95.00',
          },
        ],
      },
      HCO: null,
    });
    show();
    const tile = await screen.findByTestId('home-todo-capsHCP');
    expect(await within(tile).findByText('3')).toBeTruthy();
    expect(tile.getAttribute('href')).toBe(
      '/manage/searchHCPYearUsedAmount?MinUsedPercent=80&sort=UsedPercent&order=descend',
    );
    expect(screen.getByTestId('home-todo-capsHCP-note').textContent).toBe('最高：王建国 95.00%');
    expect(screen.queryByTestId('home-todo-capsHCO')).toBeNull();
  });

  it("counts the failed calls to systems outside for the interface log's holders, per queue", async () => {
    functions = ['rfcLog'];
    api.failedJobs.mockResolvedValue({
      Failed: 3,
      ByQueue: [
        { Queue: 'bank', Count: 1 },
        { Queue: 'mail', Count: 2 },
      ],
    });
    show();
    const tile = await screen.findByTestId('home-todo-failedJobs');
    expect(await within(tile).findByText('3')).toBeTruthy();
    expect(tile.getAttribute('href')).toBe('/manage/rfcLog?State=failed');
    expect(screen.getByTestId('home-todo-failedJobs-note').textContent).toMatch(/^.+ 1、.+ 2$/);
  });

  it('asks only for what the user may see', async () => {
    functions = ['personalExpense'];
    show();
    await screen.findByTestId('home-todo-draft');
    expect(screen.queryByTestId('home-todo-waiting')).toBeNull();
    expect(api.waiting).not.toHaveBeenCalled();
    expect(api.financeQueues).not.toHaveBeenCalled();
    expect(api.capsAtRisk).not.toHaveBeenCalled();
    expect(api.failedJobs).not.toHaveBeenCalled();
    expect(screen.queryByTestId('home-todo-failedJobs')).toBeNull();
  });
});
