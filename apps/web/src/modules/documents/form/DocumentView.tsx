import type { DocumentDetail, DocumentLine } from '@ems/contracts';
import { formatAmount } from '@ems/contracts';
import { Descriptions, Flex, Grid, Table, type TableColumnsType, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../../shared/format';
import { WideTable } from '../../../shared/WideTable';
import { StatusTag } from '../labels';

/** The main info and lines of a document, read-only: the view centres, approvers and external systems see this. */
export function MainInfoView({ d }: { d: DocumentDetail }) {
  const { t } = useTranslation();
  const I = Descriptions.Item;
  return (
    <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }} data-testid="doc-main-view">
      <I label={t('doc.field.docNo')}>{d.DocNo}</I>
      <I label={t('doc.field.docType')}>{t(`doc.type.${d.DocType}`)}</I>
      <I label={t('doc.field.status')}>
        <StatusTag status={d.Status} />
      </I>
      <I label={t('doc.field.expenseType')}>{d.ExpenseTypeName ?? ''}</I>
      <I label={t('doc.field.applicant')}>{`${d.ApplicantName} (${d.ApplicantCode})`}</I>
      <I label={t('doc.field.preparer')}>{d.PreparerName}</I>
      <I label={t('doc.field.team')}>{d.TeamName ?? ''}</I>
      <I label={t('doc.field.costCentre')}>{d.CostCenterCode ? `${d.CostCenterCode} ${d.CostCenterName ?? ''}` : ''}</I>
      <I label={t('doc.field.internalOrder')}>{d.InternalOrderCode ?? ''}</I>
      <I label={t('doc.field.amount')}>
        <strong data-testid="doc-view-total">{`${d.Currency} ${formatAmount(d.TotalAmount)}`}</strong>
        {d.Currency !== 'CNY' ? ` (CNY ${formatAmount(d.TotalAmountCNY)})` : ''}
      </I>
      <I label={t('doc.field.dates')}>{d.StartDate || d.EndDate ? `${d.StartDate ?? ''} ~ ${d.EndDate ?? ''}` : ''}</I>
      {d.DocType === 'loan' && d.RepayBy ? <I label={t('doc.field.repayBy')}>{d.RepayBy}</I> : null}
      {d.DocType === 'apply' ? <I label={t('doc.field.longTerm')}>{d.LongTerm ? t('doc.yes') : t('doc.no')}</I> : null}
      {d.DocType === 'deputy' ? <I label={t('doc.field.apply')}>{d.ApplyNo ?? ''}</I> : null}
      {d.DocType === 'deputy' && d.Loans.length ? (
        <I label={t('doc.field.loans')}>{d.Loans.map((l) => `${l.LoanNo}: ${formatAmount(l.Amount)}`).join('; ')}</I>
      ) : null}
      <I label={t('doc.field.submittedAt')}>{displayDateTime(d.SubmittedAt)}</I>
      <I label={t('doc.field.reason')} span={3}>
        {d.Reason ?? ''}
      </I>
    </Descriptions>
  );
}

export function LinesView({ d }: { d: DocumentDetail }) {
  const { t } = useTranslation();
  // On a phone the item, date and description share one cell, so the amount stays on the screen beside it.
  const narrow = Grid.useBreakpoint().md === false;
  const companyPaid = (l: DocumentLine) =>
    l.TMCTicketID ? (
      <Tag color="blue" style={{ marginLeft: 8 }}>
        {t('tmc.line.companyPaid')}
      </Tag>
    ) : null;
  const amount = {
    title: `${t('doc.line.amount')} (${d.Currency})`,
    dataIndex: 'Amount' as const,
    width: narrow ? 96 : 130,
    align: 'right' as const,
    render: (v: string | null) => <span className="amount">{formatAmount(v)}</span>,
  };
  const columns: TableColumnsType<DocumentLine> = narrow
    ? [
        { title: '#', dataIndex: 'LineNo', width: 32 },
        {
          title: t('doc.line.item'),
          key: 'item',
          render: (_: unknown, l) => (
            <Flex vertical>
              <span>
                {[l.ExpenseItemName, l.ExpenseSubItemName].filter(Boolean).join(' / ')}
                {companyPaid(l)}
              </span>
              <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                {[l.ExpenseDate, l.Description].filter(Boolean).join(' · ')}
              </Typography.Text>
            </Flex>
          ),
        },
        amount,
      ]
    : [
        { title: '#', dataIndex: 'LineNo', width: 40 },
        { title: t('doc.line.item'), dataIndex: 'ExpenseItemName', width: 160 },
        { title: t('doc.line.subItem'), dataIndex: 'ExpenseSubItemName', width: 120 },
        { title: t('doc.line.date'), dataIndex: 'ExpenseDate', width: 110 },
        amount,
        ...(d.Currency !== 'CNY'
          ? [
              { title: t('doc.line.rate'), dataIndex: 'FxRate' as const, width: 100 },
              {
                title: t('doc.line.amountCny'),
                dataIndex: 'AmountCNY' as const,
                width: 130,
                align: 'right' as const,
                render: (v: string | null) => formatAmount(v),
              },
            ]
          : []),
        {
          title: t('doc.line.description'),
          dataIndex: 'Description',
          width: 240,
          render: (v: string | null, l) => (
            <>
              {v}
              {companyPaid(l)}
            </>
          ),
        },
      ];
  // The total sits under the amount: after #, item, sub-item and date, or after # and item on a phone.
  const before = narrow ? 2 : 4;
  const table: TableProps<DocumentLine> & { 'data-testid': string } = {
    size: 'small',
    rowKey: 'ID',
    pagination: false,
    dataSource: d.Lines,
    'data-testid': 'doc-lines-view',
    columns,
    summary: () => (
      <Table.Summary.Row>
        <Table.Summary.Cell index={0} colSpan={before}>
          {t('doc.field.total')}
        </Table.Summary.Cell>
        <Table.Summary.Cell index={before} align="right">
          <strong>{formatAmount(d.TotalAmount)}</strong>
        </Table.Summary.Cell>
      </Table.Summary.Row>
    ),
  };
  // A phone's lines fit its width; wider ones scroll sideways, by keyboard too.
  return narrow ? <Table<DocumentLine> {...table} /> : <WideTable<DocumentLine> {...table} />;
}
