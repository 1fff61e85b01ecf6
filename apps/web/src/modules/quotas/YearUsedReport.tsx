import { CAP_AT_RISK_PERCENT, type UsageReport, type YearUsedPage, type YearUsedRow } from '@ems/contracts';
import { Button, Card, Col, Row, Statistic } from 'antd';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChartOption } from '../../shared/Chart';
import { formatAmount } from '../../shared/format';
import { type ColumnDef, type FilterDef, ListPage } from '../../shared/list-page';
import { thisYear, usageApi, yearOptions } from './api';
import { LimitStatusTag } from './QuotaManagementPage';
import { UsageDetailDrawer } from './UsageDetailDrawer';

const F = 'usage.field.';
// The chart library is loaded with the first chart, apart from the screen: the table shows without waiting for it.
const Chart = lazy(() => import('../../shared/Chart').then((m) => ({ default: m.Chart })));
const money = (v: unknown) => (v === null || v === undefined ? '' : formatAmount(String(v)));

const FILTERS: FilterDef[] = [
  { name: 'Year', labelKey: `${F}year`, type: 'select', options: yearOptions() },
  { name: 'Keyword', labelKey: 'usage.keyword', type: 'text' },
  {
    name: 'MinUsedPercent',
    labelKey: 'usage.minUsedPercent',
    type: 'select',
    options: [50, CAP_AT_RISK_PERCENT, 100].map((p) => ({ value: p, label: `≥ ${p}%` })),
  },
];

/** The request's year: the filter's, else this year. */
const withYear = <T extends Record<string, unknown>>(body: T) => ({ ...body, Year: Number(body.Year ?? thisYear()) });

/** Share of its cap a subject has used, as a number for ordering and the chart; none without a cap. */
const shareOf = (r: YearUsedRow) => (r.UsedPercent === null ? null : Number(r.UsedPercent));
/** At or over the cap red, from the home page's share amber (at risk), else the chart's own blue. */
const riskColour = (share: number | null) =>
  share === null ? undefined : share >= 100 ? '#cf1322' : share >= CAP_AT_RISK_PERCENT ? '#d46b08' : undefined;

/**
 * The page's subjects nearest their caps first (by share of cap used; those without a cap after, by use), against
 * their caps as bars coloured by risk, with the share on a second axis: the at-risk ones are the first bars.
 */
function TopChart({ rows, report }: { rows: YearUsedRow[]; report: UsageReport }) {
  const { t } = useTranslation();
  const top = [...rows]
    .sort((a, b) => (shareOf(b) ?? -1) - (shareOf(a) ?? -1) || Number(b.Used) - Number(a.Used))
    .slice(0, 10);
  const option: ChartOption = {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [t(`${F}used`), t(`${F}cap`), t(`${F}usedPercent`)] },
    grid: { left: 80, right: 56, top: 40, bottom: 80 },
    xAxis: { type: 'category', data: top.map((r) => r.SubjectName), axisLabel: { interval: 0, rotate: 30 } },
    yAxis: [{ type: 'value' }, { type: 'value', axisLabel: { formatter: '{value}%' }, splitLine: { show: false } }],
    series: [
      {
        name: t(`${F}used`),
        type: 'bar',
        data: top.map((r) => {
          const colour = riskColour(shareOf(r));
          return colour ? { value: Number(r.Used), itemStyle: { color: colour } } : Number(r.Used);
        }),
      },
      { name: t(`${F}cap`), type: 'bar', data: top.map((r) => (r.Cap === null ? null : Number(r.Cap))) },
      { name: t(`${F}usedPercent`), type: 'line', yAxisIndex: 1, data: top.map((r) => shareOf(r)) },
    ],
  };
  if (top.length === 0) return null;
  return (
    <Card
      size="small"
      title={t('usage.chart.title', { report: t(`usage.report.${report}`) })}
      style={{ marginBottom: 16 }}
    >
      <Suspense fallback={<div style={{ height: 300 }} />}>
        <Chart option={option} label={t('usage.chart.title', { report: t(`usage.report.${report}`) })} height={300} />
      </Suspense>
    </Card>
  );
}

function Totals({ page }: { page: YearUsedPage | null }) {
  const { t } = useTranslation();
  if (!page) return null;
  return (
    <Row gutter={16} style={{ marginBottom: 16 }} data-testid="usage-totals">
      <Col span={6}>
        <Statistic title={t('usage.totals.subjects')} value={page.Totals.Subjects} />
      </Col>
      <Col span={6}>
        <Statistic title={t(`${F}held`)} value={formatAmount(page.Totals.Held)} />
      </Col>
      <Col span={6}>
        <Statistic title={t(`${F}consumed`)} value={formatAmount(page.Totals.Consumed)} />
      </Col>
      <Col span={6}>
        <Statistic title={t(`${F}used`)} value={formatAmount(page.Totals.Used)} />
      </Col>
    </Row>
  );
}

/**
 * One yearly-used report (HCP, HCO, clinical-trial HCO, overseas, lecture fee): per subject its use, cap, available
 * and % used, the totals, a chart of the most used against their caps, and the documents behind a row.
 */
export function YearUsedReport(props: {
  report: UsageReport;
  titleKey: string;
  tabs?: ReactNode;
  keepParams?: readonly string[];
}) {
  const { report } = props;
  const [page, setPage] = useState<YearUsedPage | null>(null);
  const [year, setYear] = useState(thisYear());
  const [subject, setSubject] = useState<{ id: number; code: string; name: string } | null>(null);
  const columns = useMemo<ColumnDef<YearUsedRow>[]>(
    () => [
      {
        dataIndex: 'SubjectCode',
        labelKey: `${F}subjectCode`,
        sortable: true,
        render: (v, r) => (
          <Button
            type="link"
            size="small"
            data-testid={`usage-drill-${r.SubjectCode}`}
            onClick={() => setSubject({ id: r.SubjectID, code: r.SubjectCode, name: r.SubjectName })}
          >
            {String(v)}
          </Button>
        ),
      },
      { dataIndex: 'SubjectName', labelKey: `${F}subjectName`, ellipsis: true },
      { dataIndex: 'Extra', labelKey: `${F}extra`, ellipsis: true, render: (v) => (v ? String(v) : '') },
      { dataIndex: 'Held', labelKey: `${F}held`, sortable: true, render: money },
      { dataIndex: 'Consumed', labelKey: `${F}consumed`, sortable: true, render: money },
      { dataIndex: 'Used', labelKey: `${F}used`, sortable: true, render: money },
      { dataIndex: 'Cap', labelKey: `${F}cap`, sortable: true, render: money },
      { dataIndex: 'Available', labelKey: `${F}available`, render: money },
      {
        dataIndex: 'UsedPercent',
        labelKey: `${F}usedPercent`,
        sortable: true,
        render: (v) => (v === null ? '' : `${String(v)}%`),
      },
      {
        dataIndex: 'LimitStatus',
        labelKey: 'quota.field.limitStatus',
        render: (v) => <LimitStatusTag value={v === null ? null : Number(v)} />,
      },
      { dataIndex: 'Documents', labelKey: `${F}documents` },
    ],
    [],
  );
  return (
    <>
      <ListPage<YearUsedRow>
        key={report}
        titleKey={props.titleKey}
        header={
          <>
            {props.tabs}
            <Totals page={page} />
            <TopChart rows={page?.Rows ?? []} report={report} />
          </>
        }
        {...(props.keepParams ? { keepParams: props.keepParams } : {})}
        queryKey={`usage-${report}`}
        searchCall={async (body) => {
          const b = withYear(body);
          const result = await usageApi.search(report, b);
          setYear(b.Year);
          setPage(result);
          return result;
        }}
        exportCall={(filters) => usageApi.export(report, withYear(filters))}
        rowKey="SubjectID"
        columns={columns}
        filters={FILTERS}
      />
      <UsageDetailDrawer report={report} year={year} subject={subject} onClose={() => setSubject(null)} />
    </>
  );
}

/** The documents behind every subject's use (the HCP and HCO reports): one line per document and subject. */
export function UsageDocumentsReport(props: { report: UsageReport; titleKey: string }) {
  const { t } = useTranslation();
  const h = (k: string) => `${F}${k}`;
  const columns: ColumnDef<import('@ems/contracts').YearUsedDetailRow>[] = [
    {
      dataIndex: 'DocNo',
      labelKey: h('docNo'),
      render: (v, r) => <Link to={`/manage/document/view/${r.DocumentID}`}>{String(v)}</Link>,
    },
    { dataIndex: 'ApplicantName', labelKey: h('applicant') },
    { dataIndex: 'SubjectCode', labelKey: h('subjectCode') },
    { dataIndex: 'SubjectName', labelKey: h('subjectName'), ellipsis: true },
    { dataIndex: 'ExpenseItemName', labelKey: h('item'), ellipsis: true, render: (v) => (v ? String(v) : '') },
    { dataIndex: 'Month', labelKey: h('month') },
    { dataIndex: 'Amount', labelKey: h('amount'), render: money },
    { dataIndex: 'State', labelKey: h('docStatus'), render: (v) => t(`usage.state.${String(v)}`) },
  ];
  return (
    <ListPage
      titleKey={props.titleKey}
      queryKey={`usage-docs-${props.report}`}
      searchCall={(body) => usageApi.detail(props.report, withYear(body))}
      exportCall={(filters) => usageApi.export(props.report, { ...withYear(filters), Detail: true })}
      rowKey="LedgerID"
      columns={columns}
      filters={FILTERS.filter((f) => f.name !== 'MinUsedPercent')}
    />
  );
}
