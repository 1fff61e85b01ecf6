import type { DocumentPayment, PaymentDeduction } from '@ems/contracts';
import { formatAmount } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../../shared/format';
import { Panel } from '../../../shared/Panel';
import { remitApi } from './api';

/** Every amount kept back from a payment: the document, the reason, its source (card or loan), date and amount. */
export function DeductionList({ rows, testId }: { rows: PaymentDeduction[]; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Table<PaymentDeduction>
      size="small"
      rowKey={(d) => `${d.DocNo}-${d.Kind}-${d.Source}-${d.Amount}`}
      pagination={false}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
      columns={[
        { dataIndex: 'DocNo', title: t('remit.field.docNo') },
        { dataIndex: 'Kind', title: t('remit.field.reason'), render: (v: string) => t(`remit.deduction.${v}`) },
        { dataIndex: 'Source', title: t('remit.field.source') },
        { dataIndex: 'Date', title: t('remit.field.sourceDate') },
        { dataIndex: 'Amount', title: t('remit.field.amount'), align: 'right', render: (v: string) => formatAmount(v) },
      ]}
    />
  );
}

/**
 * A document's payment as its employee sees it: run, payee, what it was owed, each deduction and why, the net paid.
 * Nothing shows while no remittance run holds the document.
 */
export function DocumentPaymentPanel({ documentId }: { documentId: number }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['remit', 'documentPayment', documentId],
    queryFn: () => remitApi.documentPayment(documentId),
  });
  const p: DocumentPayment | null | undefined = query.data?.Payment;
  if (!p) return null;
  const I = Descriptions.Item;
  return (
    <Panel title={t('remit.payment.title')} testId="doc-section-payment">
      {p.Status === 'failed' && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="doc-payment-failed"
          message={t('remit.payment.failed', { reason: p.FailureReason ?? '' })}
        />
      )}
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }} data-testid="doc-payment">
        <I label={t('remit.field.runNo')}>{p.RunNo}</I>
        <I label={t('remit.field.status')}>{t(`remit.payment.status.${p.Status}`)}</I>
        <I label={t('remit.field.paidAt')}>{displayDateTime(p.PaidAt)}</I>
        <I label={t('remit.field.payee')}>{p.PayeeName}</I>
        <I label={t('remit.field.bankAccount')}>{[p.BankName, p.BankAccount].filter(Boolean).join(' ')}</I>
        {p.BankBranch ? <I label={t('remit.field.branch')}>{p.BankBranch}</I> : null}
        <I label={t('remit.field.gross')}>
          <span data-testid="doc-payment-gross">{formatAmount(p.Gross)}</span>
        </I>
        <I label={t('remit.field.net')}>
          <strong data-testid="doc-payment-net">{formatAmount(p.Net)}</strong>
        </I>
      </Descriptions>
      {p.Deductions.length ? <DeductionList rows={p.Deductions} testId="doc-payment-deductions" /> : null}
    </Panel>
  );
}
