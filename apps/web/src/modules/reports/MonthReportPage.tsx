import type { MonthReportRow, ReportRecordPage } from '@ems/contracts';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../shared/format';
import { type ColumnDef, type FilterDef, ListPage } from '../../shared/list-page';
import { DOC_TYPE_OPTIONS } from '../documents/labels';
import { reportsApi } from './api';
import { SpendTrend } from './SpendTrend';
import { COST_CENTRE_FILTER, F, GROUP_OPTIONS, K, TEAM_FILTER, useLastAnswer, yearOptions } from './shared';

type MonthKey = `M${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12}`;
type Row = MonthReportRow & Record<MonthKey, string>;

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

const FILTERS: FilterDef[] = [
  { name: 'Year', labelKey: `${K}.filter.year`, type: 'select', options: yearOptions() },
  { name: 'DocType', labelKey: `${F}.docType`, type: 'select', options: DOC_TYPE_OPTIONS },
  { name: 'GroupBy', labelKey: `${K}.filter.groupBy`, type: 'select', options: GROUP_OPTIONS },
  TEAM_FILTER,
  COST_CENTRE_FILTER,
];

function GroupName({ row }: { row: Row }) {
  const { t } = useTranslation();
  return <>{row.Name || t(`${K}.noGroup`)}</>;
}

const amount = (v: unknown) => formatAmount(String(v));

const COLUMNS: ColumnDef<Row>[] = [
  { dataIndex: 'Code', labelKey: `${F}.groupCode` },
  { dataIndex: 'Name', labelKey: `${F}.groupName`, width: 200, render: (_v, r) => <GroupName row={r} /> },
  ...MONTHS.map(
    (m): ColumnDef<Row> => ({ dataIndex: `M${m}` as MonthKey, labelKey: `${K}.month.${m}`, render: amount }),
  ),
  { dataIndex: 'Documents', labelKey: `${F}.documents` },
  { dataIndex: 'TotalCNY', labelKey: `${F}.totalCny`, render: amount },
];

/** The year asked for, this year when none is. */
const withDefaults = (body: Record<string, unknown>) => ({
  ...body,
  Report: 'month',
  Year: body.Year ?? new Date().getFullYear(),
});

async function search(body: Record<string, unknown>) {
  const asked = withDefaults(body);
  const answer = await reportsApi.record(asked);
  const rows = answer.MonthRows.map((r) => {
    const row = { ...r } as Row;
    for (const m of MONTHS) row[`M${m}` as MonthKey] = r.Months[m - 1] ?? '0.00';
    return row;
  });
  return { ...answer, Rows: rows, Shown: String(asked.Year) };
}

/** The month report: a year's approved spend per month by expense type, cost centre or team, with its trend. */
export default function MonthReportPage() {
  const { t } = useTranslation();
  const { last, keep } = useLastAnswer<ReportRecordPage & { Shown: string }>();
  return (
    <ListPage<Row>
      titleKey="menu.report.MonthReport"
      header={
        <>
          <SpendTrend months={last?.Months} title={t(`${K}.chart.trendTitle`)} />
          {last ? (
            <Flex gap={24} wrap>
              <Typography.Text>{t(`${K}.summary.reportFor`, { period: last.Shown })}</Typography.Text>
              <Typography.Text strong data-testid="report-total">
                {t(`${K}.summary.total`, { amount: formatAmount(last.Totals.AmountCNY) })}
              </Typography.Text>
            </Flex>
          ) : null}
        </>
      }
      queryKey="report-month"
      searchCall={keep(search)}
      exportCall={(f, p) => reportsApi.exportRecord(withDefaults(f), p)}
      rowKey="Key"
      columns={COLUMNS}
      filters={FILTERS}
    />
  );
}
