import type { SalesBudgetPage as Page, SalesBudgetRow } from '@ems/contracts';
import { Flex, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption } from '../../shared/Chart';
import { formatAmount } from '../../shared/format';
import { type ColumnDef, type FilterDef, type ListBody, ListPage } from '../../shared/list-page';
import { salesApi } from './api';
import { Figures, useProductOptions, W } from './controls';

const C = 'salesReport.col';
const money = (v: unknown) => formatAmount(String(v));
const percent = (v: unknown) => (v === null || v === undefined ? '–' : `${String(v)}%`);

/** Daily sales and budget as bars, their running sums as lines. */
function daysOption(page: Page, l: Record<'sales' | 'budget' | 'cumSales' | 'cumBudget', string>): ChartOption {
  const cumSales = page.Days.map((d) => Number(d.CumulativeAmount));
  const cumBudget = page.Days.map((d) => Number(d.CumulativeBudget));
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [l.sales, l.budget, l.cumSales, l.cumBudget] },
    grid: { left: 72, right: 72, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: page.Days.map((d) => d.SalesDate) },
    yAxis: [{ type: 'value' }, { type: 'value' }],
    series: [
      { name: l.sales, type: 'bar', data: page.Days.map((d) => Number(d.Amount)) },
      { name: l.budget, type: 'bar', data: page.Days.map((d) => Number(d.BudgetAmount)) },
      { name: l.cumSales, type: 'line', yAxisIndex: 1, data: cumSales },
      { name: l.cumBudget, type: 'line', yAxisIndex: 1, data: cumBudget },
    ],
  };
}

/**
 * `/manage/Daily_Sales_Report_Budget`: each day's sales per product against its budget, with the month to date, the
 * totals and a chart; the daily sales import takes the export's first five columns.
 */
export default function SalesBudgetPage() {
  const { t } = useTranslation();
  const products = useProductOptions();
  const [page, setPage] = useState<Page | null>(null);
  const search = useCallback(async (body: ListBody) => {
    const result = await salesApi.budget(body);
    setPage(result);
    return result;
  }, []);
  const filters = useMemo<FilterDef[]>(
    () => [
      { name: 'Date', labelKey: `${C}.salesDate`, type: 'daterange' },
      { name: 'ProductID', labelKey: `${W}.product`, type: 'select', ...(products ? { options: products } : {}) },
    ],
    [products],
  );
  const columns: ColumnDef<SalesBudgetRow>[] = [
    { dataIndex: 'SalesDate', labelKey: `${C}.salesDate` },
    { dataIndex: 'ProductCode', labelKey: `${C}.productCode` },
    { dataIndex: 'ProductName', labelKey: `${C}.productName`, width: 200, ellipsis: true },
    { dataIndex: 'Quantity', labelKey: `${C}.quantity` },
    { dataIndex: 'Amount', labelKey: `${C}.amount`, render: money },
    { dataIndex: 'BudgetAmount', labelKey: `${C}.budgetAmount`, render: money },
    { dataIndex: 'AchievementPercent', labelKey: `${C}.achievement`, render: percent },
    { dataIndex: 'MonthToDateAmount', labelKey: `${C}.mtdAmount`, render: money },
    { dataIndex: 'MonthToDateBudget', labelKey: `${C}.mtdBudget`, render: money },
    { dataIndex: 'MonthToDatePercent', labelKey: `${C}.mtdAchievement`, render: percent },
  ];
  const chart = useMemo(() => {
    if (!page || page.Days.length === 0) return null;
    return daysOption(page, {
      sales: t(`${W}.sales`),
      budget: t(`${W}.budget`),
      cumSales: t(`${W}.cumulativeSales`),
      cumBudget: t(`${W}.cumulativeBudget`),
    });
  }, [page, t]);
  const header = (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t(`${W}.importHintDaily`)}</Typography.Text>
      {page ? (
        <Figures
          testId="budget-totals"
          items={[
            { title: t(`${W}.period`), value: `${page.DateFrom} ~ ${page.DateTo}` },
            { title: t(`${W}.totalSales`), value: formatAmount(page.Amount) },
            { title: t(`${W}.totalBudget`), value: formatAmount(page.BudgetAmount) },
            { title: t(`${W}.achievement`), value: percent(page.AchievementPercent) },
          ]}
        />
      ) : null}
      {chart ? <Chart option={chart} label={t(`${W}.salesVsBudget`)} height={280} /> : null}
    </Flex>
  );
  return (
    <ListPage<SalesBudgetRow>
      titleKey="menu.report.Daily_Sales_Report_Budget"
      header={header}
      queryKey="sales-budget"
      searchCall={search}
      exportCall={salesApi.exportBudget}
      importCall={salesApi.importDaily}
      rowKey="ID"
      columns={columns}
      filters={filters}
    />
  );
}
