import type { RemitLineRow } from '@ems/contracts';
import { formatAmount, subMoney } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../../shared/format';
import { remitApi } from './api';
import { BankStatusTag } from './BankAnswers';
import { DeductionList } from './Deductions';

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
      expandable={{
        rowExpandable: (r) => r.Deductions.length > 0,
        expandedRowRender: (r) => <DeductionList rows={r.Deductions} testId={`remit-deductions-${r.LineNo}`} />,
      }}
      columns={[
        { dataIndex: 'LineNo', title: t('remit.field.line') },
        { dataIndex: 'PayeeKind', title: t('remit.field.payeeKind'), render: (v: string) => t(`remit.payeeKind.${v}`) },
        { dataIndex: 'PayeeCode', title: t('remit.field.payeeCode') },
        { dataIndex: 'PayeeName', title: t('remit.field.payee') },
        { dataIndex: 'BankName', title: t('remit.field.bankName') },
        { dataIndex: 'BankAccount', title: t('remit.field.bankAccount') },
        {
          dataIndex: 'BankCnaps',
          title: t('remit.field.branch'),
          render: (v: string | null, r) => (v ? `${v} ${r.BankBranch ?? ''}` : ''),
        },
        { dataIndex: 'DocNos', title: t('remit.field.docNos'), ellipsis: true },
        { dataIndex: 'Gross', title: t('remit.field.gross'), align: 'right', render: (v: string) => formatAmount(v) },
        {
          key: 'Deducted',
          title: t('remit.field.deductions'),
          align: 'right',
          render: (_, r) => (r.Deductions.length ? formatAmount(subMoney(r.Gross, r.Amount)) : ''),
        },
        { dataIndex: 'Amount', title: t('remit.field.net'), align: 'right', render: (v: string) => formatAmount(v) },
        { dataIndex: 'Currency', title: t('remit.field.currency') },
        { dataIndex: 'PaidAt', title: t('remit.field.paidAt'), render: (v) => displayDateTime(v) },
        { dataIndex: 'EndToEndID', title: t('remit.field.endToEndId') },
        {
          dataIndex: 'BankStatus',
          title: t('remit.field.bankStatus'),
          render: (v: string | null, r) => <BankStatusTag status={v} reason={r.BankReason} />,
        },
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
