import type { SpendDetailPage } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import MessageHost from '../../app/MessageHost';
import { initTestI18n } from '../../test/i18n';

vi.mock('../../app/i18n/BootProvider', () => ({ useBoot: () => ({ culture: 'zh-CN' }) }));
// The chart draws on a canvas the test DOM lacks: its label and data are what the page decides.
vi.mock('../../shared/Chart', () => ({
  Chart: ({ label, option }: { label: string; option: { xAxis: { data?: string[] }; yAxis: { data?: string[] } } }) => (
    <div role="img" aria-label={label} data-x={option.xAxis.data?.join(',')} data-y={option.yAxis.data?.join(',')} />
  ),
}));

const FULL: SpendDetailPage = {
  Total: 2,
  TotalCapped: undefined,
  Rows: [
    {
      LineID: 7,
      DocumentID: 3,
      DocNo: 'D1000261100022',
      Status: 'approved',
      ApplicantCode: 'E00010',
      ApplicantName: '张伟',
      TeamName: '肿瘤上海区',
      CostCenterCode: 'CC1101',
      CostCenterName: '肿瘤上海区销售',
      ExpenseTypeName: '差旅费',
      ExpenseItemName: '住宿费',
      ProductCode: null,
      ProductName: null,
      ExpenseDate: '2026-04-10',
      Currency: 'CNY',
      Amount: '1200.50',
      AmountCNY: '1200.50',
    },
  ],
  TotalAmountCNY: '1500.50',
  DateFrom: '2026-03-01',
  DateTo: '2026-04-30',
  Trend: [
    { Month: '2026-03', Lines: 1, AmountCNY: '300.00' },
    { Month: '2026-04', Lines: 1, AmountCNY: '1200.50' },
  ],
  TopGroups: [
    { Code: 'CC1101', Name: '肿瘤上海区销售', Lines: 1, AmountCNY: '1200.50' },
    { Code: null, Name: null, Lines: 1, AmountCNY: '300.00' },
  ],
};
const EMPTY: SpendDetailPage = { ...FULL, Total: 0, Rows: [], TotalAmountCNY: '0.00', Trend: [], TopGroups: [] };

const calls = vi.hoisted(() => ({ search: [] as Record<string, unknown>[], answer: null as unknown }));
vi.mock('./api', () => ({
  spendApi: () => ({
    search: async (body: Record<string, unknown>) => {
      calls.search.push(body);
      return calls.answer;
    },
    export: async () => ({ blob: new Blob(), fileName: 'x.xlsx' }),
  }),
  spendLists: {
    expenseTypes: async () => [{ ID: 5, Code: 'TRAVEL', Name: '差旅费' }],
    items: async () => [{ ID: 6, Code: 'HOTEL', Name: '住宿费' }],
    products: async () => [{ ID: 9, Code: 'CV-001', Name: '阿托伐他汀钙片' }],
  },
}));

const { default: DeputyCostReportPage } = await import('./DeputyCostReportPage');

function setup(url: string) {
  const router = createMemoryRouter([{ path: '/manage/deputyCostReport', element: <DeputyCostReportPage /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MessageHost />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('spend report', () => {
  beforeAll(async () => {
    await initTestI18n('zh-CN');
  });
  beforeEach(() => {
    calls.search.length = 0;
  });

  it('asks with the filters of the URL and shows the total of the filters and the monthly trend', async () => {
    calls.answer = FULL;
    setup('/manage/deputyCostReport?Date=2026-03-01,2026-04-30&Stage=approved&ProductID=9&CostCenter=CC11');
    await screen.findByText('D1000261100022');
    expect(calls.search.at(-1)).toMatchObject({
      DateFrom: '2026-03-01',
      DateTo: '2026-04-30',
      Stage: 'approved',
      ProductID: 9,
      CostCenter: 'CC11',
      PageIndex: 1,
    });
    const totals = screen.getByTestId('spend-totals');
    expect(totals.textContent).toContain('2026-03-01 ~ 2026-04-30');
    expect(totals.textContent).toContain('1,500.50');
    expect(screen.getByRole('img', { name: '月度费用趋势' }).getAttribute('data-x')).toBe('2026-03,2026-04');
    // The largest cost centre on top (the last category of a horizontal bar chart); lines without one say so.
    expect(screen.getByRole('img', { name: '费用最多的成本中心' }).getAttribute('data-y')).toBe(
      '未指定,CC1101 肿瘤上海区销售',
    );
    expect(screen.getByText('审批通过')).toBeTruthy();
  });

  it('shows the empty state and no chart when nothing matches', async () => {
    calls.answer = EMPTY;
    setup('/manage/deputyCostReport?Keyword=NONE');
    await waitFor(() => expect(calls.search.length).toBeGreaterThan(0));
    await screen.findByText('暂无数据');
    expect(screen.queryByRole('img', { name: '月度费用趋势' })).toBeNull();
    expect(screen.queryByRole('img', { name: '费用最多的成本中心' })).toBeNull();
    expect(calls.search.at(-1)).toMatchObject({ Keyword: 'NONE' });
  });
});
