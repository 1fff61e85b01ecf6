import type { ExpenseItemRow } from '@ems/contracts';
import type { TableColumnsType } from 'antd';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { formatAmount } from '../../../shared/format';

/** Active or stopped, as a tag. */
export function StatusTag({ active, t }: { active: boolean; t: TFunction }) {
  return active ? (
    <Tag color="green">{t('expenseMaster.status.active')}</Tag>
  ) : (
    <Tag>{t('expenseMaster.status.inactive')}</Tag>
  );
}

export const yesNo = (t: TFunction, v: boolean) => (v ? t('expenseMaster.value.yes') : t('expenseMaster.value.no'));

/** Columns of expense items in the setups' tables. */
export function itemColumns(t: TFunction): TableColumnsType<ExpenseItemRow> {
  return [
    { key: 'Code', dataIndex: 'Code', title: t('expenseMaster.field.code'), width: 140 },
    { key: 'Name', dataIndex: 'Name', title: t('expenseMaster.field.name'), width: 150 },
    {
      key: 'Category',
      dataIndex: 'Category',
      title: t('expenseMaster.item.category'),
      width: 100,
      render: (c: string) => t(`expenseMaster.category.${c}`),
    },
    {
      key: 'InvolvesHCP',
      dataIndex: 'InvolvesHCP',
      title: t('expenseMaster.item.involvesHcp'),
      width: 110,
      render: (v: boolean) => yesNo(t, v),
    },
    {
      key: 'MaxAmount',
      dataIndex: 'MaxAmount',
      title: t('expenseMaster.item.maxAmount'),
      width: 110,
      align: 'right',
      render: (v: string | null) => (v ? formatAmount(v) : ''),
    },
    {
      key: 'Active',
      dataIndex: 'Active',
      title: t('expenseMaster.field.status'),
      width: 80,
      render: (v: boolean) => <StatusTag active={v} t={t} />,
    },
  ];
}
