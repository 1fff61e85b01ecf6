import { PrinterOutlined } from '@ant-design/icons';
import type { PreviewData } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Modal, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/notice';
import { displayDateTime, formatAmount } from '../../../shared/format';
import { ReceiptsSheet } from '../applies/ReceiptsSheet';
import { previewApi } from '../attachments/api';
import { PreviewParts } from '../form/parts/PreviewParts';

export interface PreviewModalProps {
  documentId: number;
  docType: 'apply' | 'loan' | 'deputy';
  open: boolean;
  onClose: () => void;
}

type Line = PreviewData['Lines'][number];
type Step = PreviewData['Route'][number];

/**
 * On paper only the sheet is printed: everything else on the page (the screen, the dialog) is hidden, and the
 * sheet's print copy flows over as many pages as it needs.
 */
const PRINT_CSS = `
.ems-print-copy { display: none; }
@media print {
  body > *:not(.ems-print-copy) { display: none !important; }
  body > .ems-print-copy { display: block; padding: 0; }
  .ems-print-copy .ant-table-wrapper, .ems-print-copy table { width: 100% !important; }
  .ems-print-copy tr { break-inside: avoid; }
}
.ems-sheet h2 { margin: 0 0 4px; text-align: center; }
.ems-sheet .ems-sheet-sub { display: block; text-align: center; margin-bottom: 12px; }
.ems-sheet section { margin-top: 16px; }
`;

/** The printable sheet of a document; the read-only shared view shows it too. */
export function Sheet({ data }: { data: PreviewData }) {
  const { t } = useTranslation();
  const h = data.Header;
  const f = (key: string) => t(`preview.field.${key}`);
  const period = [h.StartDate, h.EndDate].filter(Boolean).join(' ~ ');
  const items = [
    { key: 'docNo', label: f('docNo'), children: h.DocNo },
    { key: 'status', label: f('status'), children: h.StatusName },
    { key: 'applicant', label: f('applicant'), children: `${h.ApplicantName} (${h.ApplicantCode})` },
    { key: 'preparer', label: f('preparer'), children: h.PreparerName },
    { key: 'team', label: f('team'), children: h.TeamName ?? '' },
    {
      key: 'costCenter',
      label: f('costCenter'),
      children: [h.CostCenterCode, h.CostCenterName].filter(Boolean).join(' '),
    },
    ...(h.InternalOrderCode ? [{ key: 'io', label: f('internalOrder'), children: h.InternalOrderCode }] : []),
    { key: 'expenseType', label: f('expenseType'), children: h.ExpenseTypeName ?? '' },
    { key: 'currency', label: f('currency'), children: h.Currency },
    ...(period ? [{ key: 'period', label: f('period'), children: period }] : []),
    ...(h.ApplyNo ? [{ key: 'applyNo', label: f('applyNo'), children: h.ApplyNo }] : []),
    { key: 'createdAt', label: f('createdAt'), children: displayDateTime(h.CreatedAt) },
    { key: 'submittedAt', label: f('submittedAt'), children: displayDateTime(h.SubmittedAt) },
    { key: 'approvedAt', label: f('approvedAt'), children: displayDateTime(h.ApprovedAt) },
    { key: 'attachments', label: f('attachments'), children: String(data.AttachmentCount) },
    { key: 'reason', label: f('reason'), children: h.Reason ?? '', span: 'filled' as const },
  ];
  const l = (key: string) => t(`preview.line.${key}`);
  const lineColumns: TableColumnsType<Line> = [
    { key: 'no', dataIndex: 'LineNo', title: l('no'), width: 56 },
    {
      key: 'item',
      title: l('item'),
      render: (_, r) => [r.ExpenseItemName, r.ExpenseSubItemName].filter(Boolean).join(' / '),
    },
    { key: 'date', dataIndex: 'ExpenseDate', title: l('date'), width: 110 },
    { key: 'amount', title: l('amount'), align: 'right', render: (_, r) => `${formatAmount(r.Amount)} ${r.Currency}` },
    ...(h.Currency === 'CNY'
      ? []
      : [
          { key: 'rate', dataIndex: 'FxRate', title: l('fxRate'), align: 'right' as const },
          {
            key: 'cny',
            title: l('amountCny'),
            align: 'right' as const,
            render: (_: unknown, r: Line) => formatAmount(r.AmountCNY),
          },
        ]),
    { key: 'description', dataIndex: 'Description', title: l('description') },
  ];
  const r = (key: string) => t(`preview.route.${key}`);
  const routeColumns: TableColumnsType<Step> = [
    { key: 'round', dataIndex: 'Round', title: r('round'), width: 64 },
    { key: 'step', dataIndex: 'StepName', title: r('step') },
    { key: 'approver', dataIndex: 'ApproverName', title: r('approver') },
    { key: 'status', title: r('status'), render: (_, s) => t(`doc.step.${s.Status}`) },
    { key: 'actedBy', dataIndex: 'ActedByName', title: r('actedBy') },
    { key: 'actedAt', title: r('actedAt'), render: (_, s) => displayDateTime(s.ActedAt) },
    { key: 'comment', dataIndex: 'Comment', title: r('comment') },
  ];
  return (
    <div className="ems-sheet">
      <h2>
        {h.CompanyName} {h.DocTypeName}
      </h2>
      <Typography.Text type="secondary" className="ems-sheet-sub">
        {h.DocNo}
      </Typography.Text>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2, md: 3 }} items={items} />
      <section>
        <Typography.Title level={5}>{t('preview.lines')}</Typography.Title>
        <Table<Line>
          rowKey="LineNo"
          size="small"
          bordered
          pagination={false}
          columns={lineColumns}
          dataSource={data.Lines}
          scroll={{ x: 'max-content' }}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                {t('preview.total')}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {`${formatAmount(data.TotalAmount)} ${h.Currency}`}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} colSpan={lineColumns.length - 4} />
            </Table.Summary.Row>
          )}
        />
        <Descriptions
          size="small"
          column={1}
          style={{ marginTop: 8 }}
          items={[
            { key: 'cny', label: t('preview.totalCny'), children: formatAmount(data.TotalAmountCNY) },
            { key: 'words', label: t('preview.totalInWords'), children: data.TotalInWords },
          ]}
        />
      </section>
      <PreviewParts {...data} />
      {h.DocType === 'apply' ? <ReceiptsSheet documentId={h.ID} /> : null}
      <section>
        <Typography.Title level={5}>{t('preview.routeTitle')}</Typography.Title>
        {data.Route.length ? (
          <Table<Step>
            rowKey="ID"
            size="small"
            bordered
            pagination={false}
            columns={routeColumns}
            dataSource={data.Route}
            scroll={{ x: 'max-content' }}
          />
        ) : (
          <Typography.Text type="secondary">{t('preview.noRoute')}</Typography.Text>
        )}
      </section>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 16, textAlign: 'right' }}>
        {t('preview.printedAt', { at: displayDateTime(data.PrintedAt) })}
      </Typography.Text>
    </div>
  );
}

/** A document as a printable sheet (head, lines, totals in words, approval route), with a print button. */
export function PreviewModal({ documentId, docType, open, onClose }: PreviewModalProps) {
  const { t, i18n } = useTranslation();
  const culture = i18n.language;
  const query = useQuery({
    queryKey: ['documents', 'preview', docType, documentId, culture],
    queryFn: () => previewApi.load(docType, documentId),
    enabled: open,
  });
  return (
    <>
      <style>{PRINT_CSS}</style>
      <Modal
        open={open}
        onCancel={onClose}
        title={t('preview.title')}
        width={960}
        style={{ maxWidth: 'calc(100vw - 16px)', top: 16 }}
        styles={{ body: { overflowX: 'auto' } }}
        destroyOnHidden
        footer={[
          <Button key="close" onClick={onClose} data-testid="preview-close">
            {t('preview.close')}
          </Button>,
          <Button
            key="print"
            type="primary"
            icon={<PrinterOutlined />}
            disabled={!query.data}
            onClick={() => window.print()}
            data-testid="preview-print"
          >
            {t('preview.print')}
          </Button>,
        ]}
      >
        {query.isLoading ? <Skeleton active /> : null}
        {query.error ? <Alert type="error" showIcon title={errorText(query.error)} /> : null}
        {query.data ? <Sheet data={query.data} /> : null}
      </Modal>
      {open && query.data
        ? createPortal(
            <div className="ems-print-copy" aria-hidden="true">
              <Sheet data={query.data} />
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
