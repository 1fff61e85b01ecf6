import { addMoney, type CapsAtRisk, compareMoney, formatAmount, type MySpend, type TeamBudget } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Collapse, Empty, Flex, Progress, Row, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChartOption } from '../../shared/Chart';
import { WideTable } from '../../shared/WideTable';
import { homeApi } from './api';
import { CAP_REPORTS, useCapsAtRisk, useFunctions } from './queries';

// The chart library comes with the first chart, apart from the home page: the counts show without waiting for it.
const Chart = lazy(() => import('../../shared/Chart').then((m) => ({ default: m.Chart })));
const CHART_HEIGHT = 240;

/** A month's short name in the reader's language (1月, Jan). */
function useMonthName() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' });
  return (month: number) => format.format(new Date(Date.UTC(2000, month - 1, 15)));
}

/**
 * A chart with its words: a caption saying what it shows (the chart's description), the picture, and its figures as a
 * table on request; the empty text alone when there is nothing to draw.
 */
function ChartCard<T extends { Month: number }>(props: {
  testId: string;
  title: string;
  caption: string;
  empty: string | null;
  option: ChartOption;
  columns: ColumnsType<T>;
  rows: T[];
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const captionId = useId();
  return (
    <Card size="small" title={props.title} extra={props.extra} data-testid={props.testId}>
      {props.empty ? (
        <Empty description={props.empty} data-testid={`${props.testId}-empty`} />
      ) : (
        <Flex vertical gap={8}>
          <Typography.Text id={captionId} data-testid={`${props.testId}-caption`}>
            {props.caption}
          </Typography.Text>
          <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
            <Chart option={props.option} label={props.title} describedBy={captionId} height={CHART_HEIGHT} />
          </Suspense>
          <Collapse
            size="small"
            ghost
            items={[
              {
                key: 'figures',
                label: t('home.chart.figures'),
                children: (
                  <WideTable<T>
                    size="small"
                    pagination={false}
                    rowKey="Month"
                    columns={props.columns}
                    dataSource={props.rows}
                  />
                ),
              },
            ]}
          />
        </Flex>
      )}
    </Card>
  );
}

const money = (v: string) => formatAmount(v);

/** The claimant's reimbursements approved this year, month by month. */
function MySpendChart({ data }: { data: MySpend }) {
  const { t } = useTranslation();
  const monthName = useMonthName();
  const total = addMoney(...data.Months.map((m) => m.Amount));
  const count = data.Months.reduce((n, m) => n + m.Documents, 0);
  const top = data.Months.reduce((a, b) => (compareMoney(b.Amount, a.Amount) > 0 ? b : a));
  const amountLabel = t('home.spend.amount');
  const option: ChartOption = {
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: data.Months.map((m) => monthName(m.Month)) },
    yAxis: { type: 'value' },
    series: [{ name: amountLabel, type: 'bar', data: data.Months.map((m) => Number(m.Amount)) }],
  };
  return (
    <ChartCard
      testId="home-chart-spend"
      title={t('home.spend.title', { year: data.Year })}
      caption={t('home.spend.caption', {
        year: data.Year,
        count,
        total: money(total),
        month: monthName(top.Month),
        amount: money(top.Amount),
      })}
      empty={count === 0 ? t('home.spend.empty') : null}
      option={option}
      columns={[
        { key: 'month', title: t('home.chart.month'), dataIndex: 'Month', render: (m: number) => monthName(m) },
        { key: 'documents', title: t('home.spend.documents'), dataIndex: 'Documents', align: 'right' },
        { key: 'amount', title: amountLabel, dataIndex: 'Amount', align: 'right', render: money },
      ]}
      rows={data.Months}
    />
  );
}

type TeamMonth = TeamBudget['Months'][number];
type CapsOfKind = NonNullable<CapsAtRisk['HCP']>;

/** The budgets of the teams the manager leads this year: consumed and held or reserved against the budget, by month. */
function TeamBudgetChart({ data }: { data: TeamBudget }) {
  const { t } = useTranslation();
  const monthName = useMonthName();
  const sum = (f: (m: TeamMonth) => string) => addMoney(...data.Months.map(f));
  const totals = { budget: sum((m) => m.Budget), committed: sum((m) => m.Committed), consumed: sum((m) => m.Consumed) };
  const nothing = [totals.budget, totals.committed, totals.consumed].every((v) => compareMoney(v, '0') === 0);
  const label = {
    budget: t('home.team.budget'),
    committed: t('home.team.committed'),
    consumed: t('home.team.consumed'),
  };
  const option: ChartOption = {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: data.Months.map((m) => monthName(m.Month)) },
    yAxis: { type: 'value' },
    series: [
      { name: label.consumed, type: 'bar', stack: 'used', data: data.Months.map((m) => Number(m.Consumed)) },
      { name: label.committed, type: 'bar', stack: 'used', data: data.Months.map((m) => Number(m.Committed)) },
      { name: label.budget, type: 'line', data: data.Months.map((m) => Number(m.Budget)) },
    ],
  };
  return (
    <ChartCard<TeamMonth>
      testId="home-chart-team"
      title={t('home.team.title', { year: data.Year })}
      caption={t('home.team.caption', {
        teams: data.Teams.map((x) => x.Name).join(t('home.listSeparator')),
        year: data.Year,
        budget: money(totals.budget),
        consumed: money(totals.consumed),
        committed: money(totals.committed),
      })}
      empty={nothing ? t('home.team.empty') : null}
      extra={<Link to="/manage/budgeReport">{t('home.team.report')}</Link>}
      option={option}
      columns={[
        { key: 'month', title: t('home.chart.month'), dataIndex: 'Month', render: (m: number) => monthName(m) },
        { key: 'budget', title: label.budget, dataIndex: 'Budget', align: 'right', render: money },
        { key: 'consumed', title: label.consumed, dataIndex: 'Consumed', align: 'right', render: money },
        { key: 'committed', title: label.committed, dataIndex: 'Committed', align: 'right', render: money },
      ]}
      rows={data.Months}
    />
  );
}

/** The HCPs or HCOs nearest their caps, each with its use against its cap; the whole list in the report. */
function CapsList({ kind, figures, percent }: { kind: 'HCP' | 'HCO'; figures: CapsOfKind; percent: number }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={t(`home.caps.list${kind}`, { percent })}
      extra={
        <Link to={`/manage/${CAP_REPORTS[kind]}?MinUsedPercent=${percent}&sort=UsedPercent&order=descend`}>
          {t('home.caps.all', { count: figures.Count })}
        </Link>
      }
      data-testid={`home-caps-${kind}`}
    >
      {figures.Top.length === 0 ? (
        <Empty description={t('home.caps.empty', { percent })} data-testid={`home-caps-${kind}-empty`} />
      ) : (
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {figures.Top.map((r) => (
            <li key={r.SubjectID} style={{ padding: '6px 0' }}>
              <Flex justify="space-between" gap={8}>
                <Typography.Text ellipsis style={{ minWidth: 0 }}>
                  {r.SubjectName}
                </Typography.Text>
                <Typography.Text strong>{t('home.caps.share', { percent: r.UsedPercent })}</Typography.Text>
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('home.caps.used', { used: money(r.Used), cap: money(r.Cap) })}
              </Typography.Text>
              <Progress
                percent={Math.min(Number(r.UsedPercent), 100)}
                showInfo={false}
                size="small"
                status={Number(r.UsedPercent) >= 100 ? 'exception' : 'normal'}
                aria-label={`${r.SubjectName} ${t('home.caps.share', { percent: r.UsedPercent })}`}
              />
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/**
 * A small picture per role under the counts: a claimant's reimbursements this year, a manager's teams against their
 * budgets (with the budget report's function, to those who lead a team), and for compliance the HCPs and HCOs
 * nearest their caps. Each shows only to those who hold the screen its figures come from.
 */
export function RoleCharts() {
  const functions = useFunctions();
  const spend = useQuery({
    queryKey: ['home', 'spend'],
    queryFn: homeApi.mySpend,
    enabled: functions.has('personalExpense'),
  });
  const team = useQuery({
    queryKey: ['home', 'teamBudget'],
    queryFn: homeApi.teamBudget,
    enabled: functions.has('budgeReport'),
  });
  const caps = useCapsAtRisk(functions).data;
  const parts: { key: string; node: ReactNode }[] = [];
  if (spend.data) parts.push({ key: 'spend', node: <MySpendChart data={spend.data} /> });
  // Someone who leads no team has no team's budget to show.
  if (team.data?.Teams.length) parts.push({ key: 'team', node: <TeamBudgetChart data={team.data} /> });
  for (const kind of ['HCP', 'HCO'] as const) {
    const figures = caps?.[kind];
    if (caps && figures)
      parts.push({ key: kind, node: <CapsList kind={kind} figures={figures} percent={caps.Percent} /> });
  }
  if (parts.length === 0) return null;
  return (
    <Row gutter={[16, 16]} data-testid="home-charts">
      {parts.map((p) => (
        <Col key={p.key} xs={24} lg={12}>
          {p.node}
        </Col>
      ))}
    </Row>
  );
}
