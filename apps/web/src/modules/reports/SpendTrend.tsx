import type { MonthAmount } from '@ems/contracts';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption } from '../../shared/Chart';
import { formatAmount } from '../../shared/format';
import { K } from './shared';

/** The monthly spend trend of a spend report: a bar per month (CNY) and the number of documents as a line. */
export function SpendTrend({ months, title }: { months: MonthAmount[] | undefined; title: string }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(() => {
    const list = months ?? [];
    return {
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 80, right: 60, top: 24, bottom: 48 },
      xAxis: { type: 'category', data: list.map((m) => t(`${K}.month.${m.Month}`)) },
      yAxis: [
        { type: 'value', name: t(`${K}.chart.amount`), axisLabel: { formatter: (v: number) => formatAmount(v) } },
        { type: 'value', name: t(`${K}.chart.documents`), minInterval: 1 },
      ],
      series: [
        {
          type: 'bar',
          name: t(`${K}.chart.amount`),
          // Chart heights only: the figures themselves stay decimal strings.
          data: list.map((m) => Number(m.AmountCNY)),
        },
        { type: 'line', name: t(`${K}.chart.documents`), yAxisIndex: 1, data: list.map((m) => m.Documents) },
      ],
    };
  }, [months, t]);
  if (!months || months.every((m) => m.Documents === 0)) return null;
  return (
    <Card size="small" title={title}>
      <Chart option={option} label={title} height={280} />
    </Card>
  );
}
