import type { AspPage, AspRow } from '@ems/contracts';
import { Flex, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption } from '../../shared/Chart';
import { formatAmount } from '../../shared/format';
import { type ColumnDef, type FilterDef, type ListBody, ListPage } from '../../shared/list-page';
import { salesApi } from './api';
import { Figures, MonthPicker, useProductOptions, W } from './controls';

const C = 'salesReport.col';

function VarianceText({ value }: { value: string | null }) {
  if (value === null) return <>–</>;
  const type = value.startsWith('-') ? 'danger' : 'success';
  return <Typography.Text type={type}>{value}%</Typography.Text>;
}

/** Standard against actual ASP per month of the page's rows (one product chosen reads best). */
function aspOption(rows: AspRow[], labels: { standard: string; actual: string }): ChartOption {
  const sorted = [...rows].reverse();
  const x = sorted.map((r) => `${r.Month} ${r.ProductCode}`);
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [labels.standard, labels.actual] },
    grid: { left: 64, right: 24, top: 40, bottom: 72 },
    xAxis: { type: 'category', data: x, axisLabel: { interval: 0, rotate: 30 } },
    yAxis: { type: 'value' },
    series: [
      {
        name: labels.standard,
        type: 'bar',
        data: sorted.map((r) => (r.StandardASP === null ? null : Number(r.StandardASP))),
      },
      {
        name: labels.actual,
        type: 'bar',
        data: sorted.map((r) => (r.ActualASP === null ? null : Number(r.ActualASP))),
      },
    ],
  };
}

/**
 * `/manage/Daily_Sales_Report_ASP`: per month and product the standard ASP (imported) against the units, the sales
 * and the ASP the daily sales achieved; the import of standard ASPs takes the export's first three columns.
 */
export default function SalesAspPage() {
  const { t } = useTranslation();
  const products = useProductOptions();
  const [page, setPage] = useState<AspPage | null>(null);
  const search = useCallback(async (body: ListBody) => {
    const result = await salesApi.asp(body);
    setPage(result);
    return result;
  }, []);
  const filters = useMemo<FilterDef[]>(
    () => [
      { name: 'MonthFrom', labelKey: `${W}.monthFrom`, type: 'custom', control: MonthPicker },
      { name: 'MonthTo', labelKey: `${W}.monthTo`, type: 'custom', control: MonthPicker },
      { name: 'ProductID', labelKey: `${W}.product`, type: 'select', ...(products ? { options: products } : {}) },
    ],
    [products],
  );
  const columns: ColumnDef<AspRow>[] = [
    { dataIndex: 'Month', labelKey: `${C}.month` },
    { dataIndex: 'ProductCode', labelKey: `${C}.productCode` },
    { dataIndex: 'ProductName', labelKey: `${C}.productName`, width: 200, ellipsis: true },
    {
      dataIndex: 'StandardASP',
      labelKey: `${C}.standardAsp`,
      render: (v) => (v === null ? t(`${W}.noPlan`) : String(v)),
    },
    { dataIndex: 'Quantity', labelKey: `${C}.quantity` },
    { dataIndex: 'Amount', labelKey: `${C}.amount`, render: (v) => formatAmount(String(v)) },
    { dataIndex: 'ActualASP', labelKey: `${C}.actualAsp`, render: (v) => (v === null ? '–' : String(v)) },
    {
      dataIndex: 'VariancePercent',
      labelKey: `${C}.variance`,
      render: (v) => <VarianceText value={v as string | null} />,
    },
  ];
  const chart = useMemo(
    () =>
      page && page.Rows.length > 0
        ? aspOption(page.Rows, { standard: t(`${C}.standardAsp`), actual: t(`${C}.actualAsp`) })
        : null,
    [page, t],
  );
  const header = (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t(`${W}.importHintAsp`)}</Typography.Text>
      {page ? (
        <Figures
          testId="asp-totals"
          items={[
            { title: t(`${W}.totalQuantity`), value: page.Quantity },
            { title: t(`${W}.totalSales`), value: formatAmount(page.Amount) },
          ]}
        />
      ) : null}
      {chart ? <Chart option={chart} label={t(`${W}.aspChart`)} height={260} /> : null}
    </Flex>
  );
  return (
    <ListPage<AspRow>
      titleKey="menu.report.Daily_Sales_Report_ASP"
      header={header}
      queryKey="sales-asp"
      searchCall={search}
      exportCall={salesApi.exportAsp}
      importCall={salesApi.importAsp}
      rowKey="Key"
      columns={columns}
      filters={filters}
    />
  );
}
