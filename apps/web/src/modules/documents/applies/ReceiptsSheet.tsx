import { useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format';
import { appliesApi } from './api';

/** The printed sheet's goods receipts of an apply (none: no section). */
export function ReceiptsSheet({ documentId }: { documentId: number }) {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: ['applies', 'sheet', documentId],
    queryFn: () => appliesApi.sheet(documentId),
  });
  if (!list.data?.Rows.length) return null;
  return (
    <section>
      <Typography.Title level={5}>
        {t('apply.receipt.title')} ({formatAmount(list.data.TotalAmount)})
      </Typography.Title>
      <Table
        scroll={{ x: 'max-content' }}
        rowKey="ID"
        size="small"
        bordered
        pagination={false}
        dataSource={list.data.Rows}
        columns={[
          { key: 'date', dataIndex: 'GRDate', title: t('apply.receipt.date') },
          { key: 'ms', dataIndex: 'MilestoneName', title: t('apply.receipt.milestone') },
          { key: 'amount', title: t('apply.field.amount'), align: 'right', render: (_, r) => formatAmount(r.Amount) },
          { key: 'desc', dataIndex: 'Description', title: t('apply.receipt.description') },
          { key: 'claim', dataIndex: 'ClaimNo', title: t('apply.receipt.claim') },
        ]}
      />
    </section>
  );
}
