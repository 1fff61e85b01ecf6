import type { YearUsedDetailPage, YearUsedPage } from '@ems/contracts';
import { shanghaiToday } from '@ems/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, mockListServer, renderListPage } from '../../shared/list-page/testing';
import HcpYearUsedPage from './HcpYearUsedPage';

// The chart draws on a canvas the test browser lacks; what it is given is checked instead.
const charted: unknown[] = [];
vi.mock('../../shared/Chart', () => ({
  Chart: (props: { option: unknown; label: string }) => {
    charted.push(props.option);
    return <div data-testid="chart">{props.label}</div>;
  },
}));

const hcp = (SubjectID: number, SubjectName: string, Used: string, Cap: string | null, UsedPercent: string | null) => ({
  SubjectID,
  SubjectCode: `P00${SubjectID}`,
  SubjectName,
  Extra: '北京协和医院',
  Year: 2026,
  Held: '0.00',
  Consumed: Used,
  Used,
  Cap,
  Available: Cap === null ? null : '0.00',
  UsedPercent,
  LimitStatus: null,
  Documents: 2,
});
const page: YearUsedPage = {
  Total: 3,
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
    // Most used, but far from its cap; and one with no cap at all.
    hcp(8, '李医生', '9000.00', '50000.00', '18.00'),
    hcp(9, '赵医生', '12000.00', null, null),
  ],
  Totals: { Held: '100.00', Consumed: '21350.00', Used: '21450.00', Subjects: 3 },
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

const bodies = mockListServer((url) => (url.endsWith('Detail') ? detail : page));

describe('HCP yearly used amount', () => {
  it('shows each HCP against its cap with the totals and a chart, and drills into its documents', {
    timeout: 60_000,
  }, async () => {
    renderListPage('/manage/searchHCPYearUsedAmount', <HcpYearUsedPage />);
    const drill = await screen.findByTestId('usage-drill-P001');
    // The report opens on this year (in Shanghai) without a year in the URL.
    expect(bodyOf(bodies, '/api/Report/SearchHCPYearUsedAmount')?.Year).toBe(Number(shanghaiToday().slice(0, 4)));
    const table = screen.getAllByRole('table')[0]!;
    expect(within(table).getByText('500.00')).toBeTruthy();
    expect(within(table).getByText('90.00%')).toBeTruthy();
    expect(screen.getByTestId('usage-totals').textContent).toContain('450.00');
    expect(await screen.findByTestId('chart')).toBeTruthy();
    expect(JSON.stringify(charted.at(-1))).toContain('王建国');
    // Nearest its cap first, whatever the amounts; the one at risk (90 %) in amber.
    const chart = charted.at(-1) as { xAxis: { data: string[] }; series: { data: unknown[] }[] };
    expect(chart.xAxis.data).toEqual(['王建国', '李医生', '赵医生']);
    expect(chart.series[0]!.data[0]).toEqual({ value: 450, itemStyle: { color: '#d46b08' } });

    fireEvent.click(drill);
    expect(await screen.findByText('D1000261100009')).toBeTruthy();
    expect(bodyOf(bodies, '/api/Report/SearchHCPYearUsedAmountDetail')).toEqual(
      expect.objectContaining({ SubjectID: 7, PageIndex: 1 }),
    );
  });
});
