import type { RemitLineRow } from '@ems/contracts';
import { formatAmount } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../../shared/format';
import { remitApi } from './api';

/** A run's remittance list: one row per bank line (payee and account, or document), with the total. */
export function RemitLinesTable({ runId, version }: { runId: number; version?: number }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['remit', 'record', runId, version], queryFn: () => remitApi.record(runId) });
  return (
    <Table<RemitLineRow>
      size="small"
      rowKey="LineNo"
      pagination={false}
      loading={query.isFetching}
      dataSource={query.data?.Rows ?? []}
      data-testid="remit-lines"
      columns={[
        { dataIndex: 'LineNo', title: t('remit.field.line') },
        { dataIndex: 'PayeeKind', title: t('remit.field.payeeKind'), render: (v: string) => t(`remit.payeeKind.${v}`) },
        { dataIndex: 'PayeeCode', title: t('remit.field.payeeCode') },
        { dataIndex: 'PayeeName', title: t('remit.field.payee') },
        { dataIndex: 'BankName', title: t('remit.field.bankName') },
        { dataIndex: 'BankAccount', title: t('remit.field.bankAccount') },
        { dataIndex: 'DocNos', title: t('remit.field.docNos'), ellipsis: true },
        { dataIndex: 'Amount', title: t('remit.field.amount'), align: 'right', render: (v: string) => formatAmount(v) },
        { dataIndex: 'PaidAt', title: t('remit.field.paidAt'), render: (v) => displayDateTime(v) },
      ]}
      footer={() => (
        <Typography.Text strong>
          {t('remit.list.total', {
            count: query.data?.Rows.length ?? 0,
            amount: formatAmount(query.data?.Total ?? '0'),
          })}
        </Typography.Text>
      )}
    />
  );
}
