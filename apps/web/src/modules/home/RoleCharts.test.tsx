import type { CapsAtRisk, MySpend, TeamBudget } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test/i18n';
import { RoleCharts } from './RoleCharts';

const api = vi.hoisted(() => ({ mySpend: vi.fn(), teamBudget: vi.fn(), capsAtRisk: vi.fn() }));
vi.mock('./api', () => ({ homeApi: api }));
let functions: string[] = [];
vi.mock('../../app/layout/queries', () => ({ useMenuQuery: () => ({ data: { Groups: [], Functions: functions } }) }));
// The chart draws on a canvas the test browser lacks: what it is given and how it is named are checked instead.
const charted: { option: { series: { data: number[] }[] }; label: string; describedBy?: string }[] = [];
vi.mock('../../shared/Chart', () => ({
  Chart: (props: (typeof charted)[number]) => {
    charted.push(props);
    return <div role="img" aria-label={props.label} aria-describedby={props.describedBy} data-testid="chart" />;
  },
}));

function show() {
  const router = createMemoryRouter([{ path: '/manage', element: <RoleCharts /> }], { initialEntries: ['/manage'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const months = <T,>(f: (month: number) => T) => Array.from({ length: 12 }, (_, i) => f(i + 1));
const spend = (amounts: Record<number, string>): MySpend => ({
  Year: 2026,
  Months: months((m) => ({ Month: m, Documents: amounts[m] ? 1 : 0, Amount: amounts[m] ?? '0.00' })),
});
const teamBudget = (teams: string[], used: boolean): TeamBudget => ({
  Year: 2026,
  Teams: teams.map((Name, i) => ({ TeamID: i + 1, Name })),
  Months: months((m) => ({
    Month: m,
    Budget: used ? '1000.00' : '0.00',
    Committed: used && m === 3 ? '150.50' : '0.00',
    Consumed: used && m === 3 ? '200.25' : '0.00',
  })),
});

describe('RoleCharts', () => {
  beforeAll(() => initTestI18n('zh-CN'));
  beforeEach(() => {
    vi.clearAllMocks();
    charted.length = 0;
  });

  it("draws a claimant's approved reimbursements by month, described in words and as a table", async () => {
    functions = ['personalExpense'];
    api.mySpend.mockResolvedValue(spend({ 1: '100.10', 6: '1300.00' }));
    show();
    const card = await screen.findByTestId('home-chart-spend');
    const caption = within(card).getByTestId('home-chart-spend-caption');
    expect(caption.textContent).toBe('2026 年已批准的报销共 2 张，合计 CNY 1,400.10；最多的是 6月，CNY 1,300.00。');
    const chart = await within(card).findByRole('img', { name: '我的报销（2026 年）' });
    expect(chart.getAttribute('aria-describedby')).toBe(caption.id);
    expect(charted.at(-1)!.option.series[0]!.data).toEqual([100.1, 0, 0, 0, 0, 1300, 0, 0, 0, 0, 0, 0]);
    fireEvent.click(within(card).getByText('按月数据'));
    expect(await within(card).findByText('1,300.00')).toBeTruthy();
    expect(api.teamBudget).not.toHaveBeenCalled();
    expect(api.capsAtRisk).not.toHaveBeenCalled();
  });

  it('says so when nothing was approved this year, without a chart', async () => {
    functions = ['personalExpense'];
    api.mySpend.mockResolvedValue(spend({}));
    show();
    expect((await screen.findByTestId('home-chart-spend-empty')).textContent).toContain('今年还没有已批准的报销');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it("sets a manager's teams' use against their budget, and shows nothing to one who leads no team", async () => {
    functions = ['budgeReport'];
    api.teamBudget.mockResolvedValue(teamBudget(['华东肿瘤一组', '华东肿瘤二组'], true));
    show();
    const card = await screen.findByTestId('home-chart-team');
    expect(within(card).getByTestId('home-chart-team-caption').textContent).toBe(
      '华东肿瘤一组、华东肿瘤二组：2026 年预算 CNY 12,000.00，已消耗 CNY 200.25，审批中占用及已预留 CNY 150.50。',
    );
    const series = charted.at(-1)!.option.series;
    expect(series.map((s) => s.data[2])).toEqual([200.25, 150.5, 1000]);
    expect(within(card).getByRole('link', { name: '预算报表' }).getAttribute('href')).toBe('/manage/budgeReport');
  });

  it('hides the team chart from one who leads no team, and says so when the teams have no budget', async () => {
    functions = ['budgeReport'];
    api.teamBudget.mockResolvedValue(teamBudget([], false));
    show();
    await vi.waitFor(() => expect(api.teamBudget).toHaveBeenCalled());
    expect(screen.queryByTestId('home-chart-team')).toBeNull();

    api.teamBudget.mockResolvedValue(teamBudget(['华东肿瘤一组'], false));
    show();
    expect((await screen.findByTestId('home-chart-team-empty')).textContent).toContain('您带领的团队今年没有预算');
  });

  it('lists the HCPs nearest their caps with their use, and the report behind them', async () => {
    functions = ['searchHCPYearUsedAmount'];
    const caps: CapsAtRisk = {
      Year: 2026,
      Percent: 80,
      HCP: {
        Count: 7,
        Top: [
          {
            SubjectID: 1,
            SubjectCode: 'P1',
            SubjectName: '王建国',
            Used: '1500.00',
            Cap: '1000.00',
            UsedPercent: '150.00',
          },
          {
            SubjectID: 2,
            SubjectCode: 'P2',
            SubjectName: '李娜',
            Used: '800.00',
            Cap: '1000.00',
            UsedPercent: '80.00',
          },
        ],
      },
      HCO: null,
    };
    api.capsAtRisk.mockResolvedValue(caps);
    show();
    const card = await screen.findByTestId('home-caps-HCP');
    expect(within(card).getByText('王建国')).toBeTruthy();
    expect(within(card).getByText('已用 1,500.00 / 额度 1,000.00')).toBeTruthy();
    expect(within(card).getByRole('link', { name: '全部 7 个' }).getAttribute('href')).toBe(
      '/manage/searchHCPYearUsedAmount?MinUsedPercent=80&sort=UsedPercent&order=descend',
    );
    expect(screen.queryByTestId('home-caps-HCO')).toBeNull();
  });
});
