import type { LoanAccountPage } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import MessageHost from '../../../app/MessageHost';
import { initTestI18n } from '../../../test/i18n';

vi.mock('../../../app/i18n/BootProvider', () => ({ useBoot: () => ({ culture: 'zh-CN' }) }));
vi.mock('../../org/api', () => ({ orgApi: { teamTree: async () => [] } }));

const PAGE: LoanAccountPage = {
  Total: 1,
  Rows: [
    {
      LoanID: 10,
      DocNo: 'L1000261100002',
      Reason: '出差借款',
      EmployeeID: 10,
      EmployeeCode: 'E00010',
      EmployeeName: '张伟',
      TeamName: '肿瘤上海区',
      Status: 'posted',
      ApprovedOn: '2026-08-17',
      DueDate: '2026-11-15',
      AgeDays: 100,
      Bucket: 'd91_180',
      Overdue: true,
      Total: '5000.00',
      Advanced: '5000.00',
      WrittenOff: '0.00',
      Repaid: '1200.00',
      Balance: '3800.00',
      Pending: '0.00',
      Open: '3800.00',
      Version: 8,
    },
  ],
  Summary: {
    Balance: '3800.00',
    Buckets: [
      { Bucket: 'd0_30', Amount: '0.00', Loans: 0 },
      { Bucket: 'd31_60', Amount: '0.00', Loans: 0 },
      { Bucket: 'd61_90', Amount: '0.00', Loans: 0 },
      { Bucket: 'd91_180', Amount: '3800.00', Loans: 1 },
      { Bucket: 'd181', Amount: '0.00', Loans: 0 },
    ],
  },
};

const calls = vi.hoisted(() => ({ search: [] as unknown[], posting: [] as unknown[] }));
vi.mock('./api', () => ({
  loansApi: {
    search: async (body: unknown) => {
      calls.search.push(body);
      return PAGE;
    },
    searchPosting: async (body: unknown) => {
      calls.posting.push(body);
      return { Total: 0, Rows: [] };
    },
    searchEmployees: async () => ({ Total: 0, Rows: [] }),
  },
}));

const { default: LoanAccountManagementPage } = await import('./LoanAccountManagementPage');

function setup(url: string) {
  const router = createMemoryRouter(
    [{ path: '/manage/loanAccountManagement', element: <LoanAccountManagementPage /> }],
    {
      initialEntries: [url],
    },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MessageHost />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('loan account management', () => {
  beforeAll(async () => {
    await initTestI18n('zh-CN');
  });

  it('shows the loans with their ageing and the balance per bucket above them', async () => {
    setup('/manage/loanAccountManagement');
    await screen.findByText('L1000261100002');
    expect(screen.getAllByText('3,800.00').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByTestId('loan-ageing').textContent).toContain('91–180 天 (1)');
    expect(screen.getAllByText('逾期').length).toBeGreaterThan(0);
    expect(calls.search[0]).toMatchObject({ PageIndex: 1 });
  });

  it('opens the posting tab from the URL and asks for its list', async () => {
    const router = setup('/manage/loanAccountManagement?tab=posting');
    await waitFor(() => expect(calls.posting.length).toBeGreaterThan(0));
    expect(screen.getByText('开始过账')).toBeTruthy();
    fireEvent.click(screen.getByText('按员工'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=employees'));
  });
});
