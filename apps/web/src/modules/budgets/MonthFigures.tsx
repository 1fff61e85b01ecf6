import { type BudgetMonthFigure, formatAmount } from '@ems/contracts';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomControlProps } from '../../shared/list-page';

const red = (v: string) =>
  v.startsWith('-') ? <span style={{ color: '#cf1322' }}>{formatAmount(v)}</span> : formatAmount(v);

/**
 * A budget's twelve months as its control sees them (read only, in the editor): the month's budget and use, what is
 * left in the month and what is left from January to it. Decision 056.
 */
export function MonthFigures(props: CustomControlProps) {
  const { t } = useTranslation();
  const figures = props.value as unknown as BudgetMonthFigure[] | undefined;
  if (!figures) return <Typography.Text type="secondary">{t('budget.figures.none')}</Typography.Text>;
  return (
    <Table<BudgetMonthFigure>
      data-testid="budget-month-figures"
      size="small"
      rowKey="Month"
      pagination={false}
      scroll={{ x: true }}
      dataSource={figures}
      columns={[
        { dataIndex: 'Month', title: t('budget.figures.month'), render: (m: number) => t(`budget.column.month${m}`) },
        { dataIndex: 'Amount', title: t('budget.figures.amount'), align: 'right', render: formatAmount },
        { dataIndex: 'Used', title: t('budget.figures.used'), align: 'right', render: formatAmount },
        { dataIndex: 'Available', title: t('budget.figures.available'), align: 'right', render: red },
        { dataIndex: 'AvailableToDate', title: t('budget.figures.availableToDate'), align: 'right', render: red },
      ]}
    />
  );
}
