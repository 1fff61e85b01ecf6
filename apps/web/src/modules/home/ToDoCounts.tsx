import type { DocState } from '@ems/contracts';
import { CAP_AT_RISK_PERCENT, type FinanceQueues, formatAmount } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { homeApi } from './api';
import { CAP_REPORTS, useCapsAtRisk, useFunctions } from './queries';

/** The finance centre's queues, each with the screen that works it (shown to those who hold that screen). */
const FINANCE_QUEUES: readonly { key: keyof FinanceQueues; screen: string; urgent?: boolean }[] = [
  { key: 'ToReceive', screen: 'documentPostCenter' },
  { key: 'ToReview', screen: 'expensewriteoff' },
  { key: 'Held', screen: 'chargeBack' },
  { key: 'PostFailed', screen: 'postIntoAccount', urgent: true },
  { key: 'ToRemit', screen: 'expenseRemittance' },
  { key: 'RunsOpen', screen: 'expenseRemittance' },
  { key: 'BankReturns', screen: 'expenseRemittance', urgent: true },
  { key: 'ChargedBack', screen: 'ChargebackProcessingCenter' },
];

/** The interface log: the failed calls to systems outside, listed with their last error. */
const INTERFACE_LOG = 'rfcLog';

/** A yearly-used report opened on the subjects at or above the home page's share of their cap, nearest first. */
const atRisk = (screen: string) =>
  `/manage/${screen}?MinUsedPercent=${CAP_AT_RISK_PERCENT}&sort=UsedPercent&order=descend`;

/** The states of the caller's own documents the home page counts, each linking to the list filtered to it. */
const MINE: readonly DocState[] = ['returned', 'confirming', 'draft', 'approving', 'paid'];

interface Tile {
  key: string;
  label: string;
  /** A count, or an amount of money as the API writes it. */
  count: number | string;
  /** What the figure is made of, under it (a loan's balance, a payment's gross and deductions). */
  note?: string;
  to: string;
  /** Something waits for the user: shown first and coloured. */
  urgent: boolean;
}

/**
 * What waits for the user, as counts that open the list behind them: documents waiting for their approval and those
 * overdue (with the approve centre's function); their own documents returned to them, waiting for their confirmation,
 * drafts, in approval and paid, their loans falling due and this month's payments (with the personal expense
 * centre's); the finance centre's queues, each to those who hold its screen; the HCPs and HCOs near their caps (with
 * their yearly-used report's); the failed calls to systems outside (with the interface log). A count of nothing
 * urgent is shown plain.
 */
export function ToDoCounts() {
  const { t } = useTranslation();
  const functions = useFunctions();
  const approver = functions.has('approveCenter');
  const claimant = functions.has('personalExpense');
  const waiting = useQuery({ queryKey: ['home', 'waiting'], queryFn: homeApi.waiting, enabled: approver });
  const mine = useQuery({ queryKey: ['home', 'mine'], queryFn: homeApi.mine, enabled: claimant });
  const money = useQuery({ queryKey: ['home', 'money'], queryFn: homeApi.money, enabled: claimant });
  const queuesShown = FINANCE_QUEUES.filter((q) => functions.has(q.screen));
  const queues = useQuery({
    queryKey: ['home', 'finance'],
    queryFn: homeApi.financeQueues,
    enabled: queuesShown.length > 0,
  });
  const caps = useCapsAtRisk(functions);
  const capKinds = (['HCP', 'HCO'] as const).filter((k) => functions.has(CAP_REPORTS[k]));
  const admin = functions.has(INTERFACE_LOG);
  const failed = useQuery({ queryKey: ['home', 'failed'], queryFn: homeApi.failedJobs, enabled: admin });
  const loans = money.data?.LoansDue;
  const paid = money.data?.PaidThisMonth.find((r) => r.Currency === 'CNY') ?? money.data?.PaidThisMonth[0];
  const byState = new Map<DocState, number>();
  for (const r of mine.data?.Rows ?? []) byState.set(r.Status, (byState.get(r.Status) ?? 0) + r.Count);

  const tiles: Tile[] = [
    ...(approver
      ? [
          {
            key: 'waiting',
            label: t('home.todo.waiting'),
            count: waiting.data?.Count ?? 0,
            to: '/manage/approveCenter',
            urgent: (waiting.data?.Count ?? 0) > 0,
          },
          {
            key: 'overdue',
            label: t('home.todo.overdue'),
            count: waiting.data?.Overdue ?? 0,
            to: '/manage/approveCenter',
            urgent: (waiting.data?.Overdue ?? 0) > 0,
          },
        ]
      : []),
    ...(claimant
      ? MINE.map((state) => ({
          key: state,
          label: t(`home.todo.${state}`),
          count: byState.get(state) ?? 0,
          to: `/manage/personalExpense?Status=${state}`,
          urgent: (state === 'returned' || state === 'confirming') && (byState.get(state) ?? 0) > 0,
        }))
      : []),
    ...(claimant
      ? [
          {
            key: 'loansDue',
            label: t('home.todo.loansDue'),
            count: loans?.Count ?? 0,
            note: loans?.Count
              ? t('home.todo.loansDueNote', { balance: formatAmount(loans.Balance), date: loans.NextDue ?? '' })
              : undefined,
            to: '/manage/personalExpense?DocType=loan',
            urgent: (loans?.Overdue ?? 0) > 0,
          },
          {
            key: 'paidMonth',
            label: t('home.todo.paidMonth', { currency: paid?.Currency ?? 'CNY' }),
            count: formatAmount(paid?.Net ?? '0.00'),
            note: paid
              ? t('home.todo.paidMonthNote', {
                  count: paid.Count,
                  gross: formatAmount(paid.Gross),
                  deducted: formatAmount(paid.Deducted),
                })
              : undefined,
            to: '/manage/personalExpense?Status=paid',
            urgent: false,
          },
        ]
      : []),
    ...queuesShown.map((q) => ({
      key: `finance-${q.key}`,
      label: t(`home.finance.${q.key}`),
      count: queues.data?.[q.key] ?? 0,
      to: `/manage/${q.screen}`,
      urgent: q.urgent === true && (queues.data?.[q.key] ?? 0) > 0,
    })),
    ...capKinds.map((kind) => {
      const figures = caps.data?.[kind];
      const nearest = figures?.Top[0];
      return {
        key: `caps${kind}`,
        label: t(`home.caps.${kind}`, { percent: CAP_AT_RISK_PERCENT }),
        count: figures?.Count ?? 0,
        note: nearest ? t('home.caps.nearest', { name: nearest.SubjectName, percent: nearest.UsedPercent }) : undefined,
        to: atRisk(CAP_REPORTS[kind]),
        urgent: (figures?.Count ?? 0) > 0,
      };
    }),
    ...(admin
      ? [
          {
            key: 'failedJobs',
            label: t('home.failedJobs'),
            count: failed.data?.Failed ?? 0,
            note: failed.data?.ByQueue.length
              ? failed.data.ByQueue.map((q) =>
                  t('home.failedJobsQueue', {
                    queue: t(`outbound.queue.${q.Queue}`, { defaultValue: q.Queue }),
                    count: q.Count,
                  }),
                ).join(t('home.listSeparator'))
              : undefined,
            to: `/manage/${INTERFACE_LOG}?State=failed`,
            urgent: (failed.data?.Failed ?? 0) > 0,
          },
        ]
      : []),
  ];
  if (tiles.length === 0) return null;
  return (
    <Row gutter={[12, 12]} data-testid="home-todo">
      {tiles.map((tile) => (
        <Col key={tile.key} xs={12} sm={8} lg={4}>
          <Link to={tile.to} data-testid={`home-todo-${tile.key}`}>
            <Card size="small" hoverable>
              <Statistic
                title={tile.label}
                value={tile.count}
                styles={{ content: tile.urgent ? { color: '#d4380d' } : {} }}
              />
              {tile.note ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`home-todo-${tile.key}-note`}>
                  {tile.note}
                </Typography.Text>
              ) : null}
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}
