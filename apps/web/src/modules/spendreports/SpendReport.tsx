import { SPEND_STAGES, type SpendDetailPage, type SpendDetailRow } from '@ems/contracts';
import { Col, Flex, Row, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption } from '../../shared/Chart';
import { formatAmount } from '../../shared/format';
import { type ColumnDef, type FilterDef, type ListBody, ListPage } from '../../shared/list-page';
import { spendApi } from './api';
import { Figures, useSpendOptions, W } from './controls';

const C = 'salesReport.col';
const money = (v: unknown) => formatAmount(String(v));

export interface SpendReportProps {
  /** The call's name after Search/Export. */
  call: string;
  screen: string;
  docType: 'apply' | 'deputy';
  by: 'costCentre' | 'product';
}

function StatusText({ status }: { status: string }) {
  const { t } = useTranslation();
  return <>{t(`doc.status.${status}`)}</>;
}

/** The monthly spend of the filters as bars. */
function trendOption(page: SpendDetailPage, label: string): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 80, right: 24, top: 24, bottom: 32 },
    xAxis: { type: 'category', data: page.Trend.map((m) => m.Month) },
    yAxis: { type: 'value' },
    series: [{ name: label, type: 'bar', data: page.Trend.map((m) => Number(m.AmountCNY)) }],
  };
}

/** The cost centres or products with the most spend, largest on top. */
function topOption(page: SpendDetailPage, label: string, none: string): ChartOption {
  const top = [...page.TopGroups].reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 160, right: 32, top: 16, bottom: 32 },
    xAxis: { type: 'value', splitNumber: 3, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'category', data: top.map((g) => (g.Code ? `${g.Code} ${g.Name ?? ''}`.trim() : none)) },
    series: [{ name: label, type: 'bar', data: top.map((g) => Number(g.AmountCNY)) }],
  };
}

/**
 * One of the four spend reports: the submitted lines of applies or deputies grouped by cost centre or by product,
 * with the total of the filters, a monthly trend chart and the export of every line.
 */
export function SpendReport({ call, screen, docType, by }: SpendReportProps) {
  const { t } = useTranslation();
  const api = useMemo(() => spendApi(call), [call]);
  const options = useSpendOptions(docType);
  const [page, setPage] = useState<SpendDetailPage | null>(null);
  const search = useCallback(
    async (body: ListBody) => {
      const result = await api.search(body);
      setPage(result);
      return result;
    },
    [api],
  );

  const filters = useMemo<FilterDef[]>(
    () => [
      { name: 'Date', labelKey: `${W}.expenseDate`, type: 'daterange' },
      { name: 'CostCenter', labelKey: `${W}.costCentre`, type: 'text' },
      {
        name: 'ExpenseTypeID',
        labelKey: `${W}.expenseType`,
        type: 'select',
        ...(options.types ? { options: options.types } : {}),
      },
      {
        name: 'ExpenseItemID',
        labelKey: `${W}.expenseItem`,
        type: 'select',
        ...(options.items ? { options: options.items } : {}),
      },
      {
        name: 'ProductID',
        labelKey: `${W}.product`,
        type: 'select',
        ...(options.products ? { options: options.products } : {}),
      },
      {
        name: 'Stage',
        labelKey: `${W}.stageLabel`,
        type: 'select',
        options: SPEND_STAGES.map((s) => ({ value: s, labelKey: `${W}.stage.${s}` })),
      },
      { name: 'Keyword', labelKey: `${W}.docNo`, type: 'text' },
    ],
    [options.types, options.items, options.products],
  );

  const columns = useMemo<ColumnDef<SpendDetailRow>[]>(() => {
    const group: ColumnDef<SpendDetailRow>[] =
      by === 'costCentre'
        ? [
            { dataIndex: 'CostCenterCode', labelKey: `${C}.costCentreCode`, sortable: true },
            { dataIndex: 'CostCenterName', labelKey: `${C}.costCentreName`, width: 180, ellipsis: true },
          ]
        : [
            { dataIndex: 'ProductCode', labelKey: `${C}.productCode`, sortable: true },
            { dataIndex: 'ProductName', labelKey: `${C}.productName`, width: 180, ellipsis: true },
          ];
    const other: ColumnDef<SpendDetailRow> =
      by === 'costCentre'
        ? { dataIndex: 'ProductName', labelKey: `${C}.productName`, width: 160, ellipsis: true }
        : { dataIndex: 'CostCenterName', labelKey: `${C}.costCentreName`, width: 160, ellipsis: true };
    return [
      ...group,
      { dataIndex: 'DocNo', labelKey: `${C}.docNo`, sortable: true, width: 160 },
      { dataIndex: 'Status', labelKey: `${C}.status`, render: (v) => <StatusText status={String(v)} /> },
      { dataIndex: 'ApplicantName', labelKey: `${C}.applicant` },
      { dataIndex: 'TeamName', labelKey: `${C}.team`, width: 160, ellipsis: true },
      { dataIndex: 'ExpenseTypeName', labelKey: `${C}.expenseType`, width: 140, ellipsis: true },
      { dataIndex: 'ExpenseItemName', labelKey: `${C}.expenseItem`, width: 140, ellipsis: true },
      other,
      { dataIndex: 'ExpenseDate', labelKey: `${C}.expenseDate`, sortable: true },
      { dataIndex: 'Currency', labelKey: `${C}.currency` },
      { dataIndex: 'Amount', labelKey: `${C}.amount`, render: money },
      { dataIndex: 'AmountCNY', labelKey: `${C}.amountCny`, sortable: true, render: money },
    ];
  }, [by]);

  const trendLabel = t(`${W}.trendAmount`);
  const chart = useMemo(() => (page ? trendOption(page, trendLabel) : null), [page, trendLabel]);
  const topLabel = t(by === 'costCentre' ? `${W}.topCostCentres` : `${W}.topProducts`);
  const noGroup = t(`${W}.noGroup`);
  const top = useMemo(() => (page ? topOption(page, trendLabel, noGroup) : null), [page, trendLabel, noGroup]);
  const header = page ? (
    <Flex vertical gap={8}>
      <Figures
        testId="spend-totals"
        items={[
          { title: t(`${W}.period`), value: `${page.DateFrom} ~ ${page.DateTo}` },
          { title: t(`${W}.lines`), value: String(page.Total) },
          { title: t(`${W}.totalAmount`), value: formatAmount(page.TotalAmountCNY) },
        ]}
      />
      <Typography.Text type="secondary">{t(`${W}.defaultPeriod`)}</Typography.Text>
      {chart && top && page.Trend.length > 0 ? (
        <Row gutter={16}>
          <Col xs={24} lg={14}>
            <Typography.Text strong>{t(`${W}.trend`)}</Typography.Text>
            <Chart option={chart} label={t(`${W}.trend`)} height={260} />
          </Col>
          <Col xs={24} lg={10}>
            <Typography.Text strong>{topLabel}</Typography.Text>
            <Chart option={top} label={topLabel} height={260} />
          </Col>
        </Row>
      ) : null}
    </Flex>
  ) : null;

  return (
    <ListPage<SpendDetailRow>
      titleKey={`menu.report.${screen}`}
      header={header}
      queryKey={`spend-${call}`}
      searchCall={search}
      exportCall={api.export}
      rowKey="LineID"
      columns={columns}
      filters={filters}
    />
  );
}
