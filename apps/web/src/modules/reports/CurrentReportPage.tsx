import type { CurrentReportRow, ReportRecordPage } from '@ems/contracts';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../shared/format';
import { type ColumnDef, type FilterDef, ListPage } from '../../shared/list-page';
import { DOC_TYPE_OPTIONS } from '../documents/labels';
import { reportsApi } from './api';
import { SpendTrend } from './SpendTrend';
import {
  COST_CENTRE_FILTER,
  F,
  GROUP_OPTIONS,
  K,
  periodOptions,
  TEAM_FILTER,
  TotalsCard,
  useLastAnswer,
} from './shared';

type Shown = ReportRecordPage & { Shown: string };

const FILTERS: FilterDef[] = [
  { name: 'Period', labelKey: `${K}.filter.period`, type: 'select', options: periodOptions() },
  { name: 'DocType', labelKey: `${F}.docType`, type: 'select', options: DOC_TYPE_OPTIONS },
  { name: 'GroupBy', labelKey: `${K}.filter.groupBy`, type: 'select', options: GROUP_OPTIONS },
  TEAM_FILTER,
  COST_CENTRE_FILTER,
];

function GroupName({ row }: { row: CurrentReportRow }) {
  const { t } = useTranslation();
  return <>{row.Name || t(`${K}.noGroup`)}</>;
}

const amount = (v: unknown) => formatAmount(String(v));

const COLUMNS: ColumnDef<CurrentReportRow>[] = [
  { dataIndex: 'Code', labelKey: `${F}.groupCode` },
  { dataIndex: 'Name', labelKey: `${F}.groupName`, width: 200, render: (_v, r) => <GroupName row={r} /> },
  { dataIndex: 'PeriodDocuments', labelKey: `${F}.periodDocuments` },
  { dataIndex: 'PeriodCNY', labelKey: `${F}.periodCny`, render: amount },
  { dataIndex: 'LastYearPeriodCNY', labelKey: `${F}.lastYearPeriodCny`, render: amount },
  { dataIndex: 'YearToDateCNY', labelKey: `${F}.yearToDateCny`, render: amount },
  { dataIndex: 'LastYearToDateCNY', labelKey: `${F}.lastYearToDateCny`, render: amount },
  { dataIndex: 'ChangePercent', labelKey: `${F}.changePercent`, render: (v) => (v === null ? '—' : `${String(v)}%`) },
];

const thisMonth = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};
const withDefaults = (body: Record<string, unknown>) => ({
  ...body,
  Report: 'current',
  Period: body.Period ?? thisMonth(),
});

async function search(body: Record<string, unknown>) {
  const asked = withDefaults(body);
  const answer = await reportsApi.record(asked);
  return { ...answer, Rows: answer.CurrentRows, Shown: String(asked.Period) };
}

function Summary({ answer }: { answer: Shown | null }) {
  const { t } = useTranslation();
  if (!answer) return null;
  const s = answer.Totals;
  return (
    <TotalsCard
      title={t(`${K}.summary.reportFor`, { period: answer.Shown })}
      figures={[
        { title: t(`${F}.periodCny`), value: formatAmount(s.PeriodCNY) },
        { title: t(`${F}.lastYearPeriodCny`), value: formatAmount(s.LastYearPeriodCNY) },
        { title: t(`${F}.yearToDateCny`), value: formatAmount(s.YearToDateCNY) },
        { title: t(`${F}.lastYearToDateCny`), value: formatAmount(s.LastYearToDateCNY) },
      ]}
    />
  );
}

/** The current-period report: a month's approved spend per group beside the year to date and last year's. */
export default function CurrentReportPage() {
  const { t } = useTranslation();
  const { last, keep } = useLastAnswer<Shown>();
  return (
    <ListPage<CurrentReportRow>
      titleKey="menu.report.CurrentReport"
      header={
        <>
          <Summary answer={last} />
          <SpendTrend months={last?.Months} title={t(`${K}.chart.yearToPeriodTitle`)} />
        </>
      }
      queryKey="report-current"
      searchCall={keep(search)}
      exportCall={(f, p) => reportsApi.exportRecord(withDefaults(f), p)}
      rowKey="Key"
      columns={COLUMNS}
      filters={FILTERS}
    />
  );
}
