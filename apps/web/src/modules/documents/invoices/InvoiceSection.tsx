import { DeleteOutlined, EditOutlined, FileSearchOutlined, PlusOutlined, ScanOutlined } from '@ant-design/icons';
import { carriesBuyer, type FapiaoFileRead, type InvoiceRow } from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Flex,
  Form,
  Input,
  type InputRef,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notice } from '../../../app/notice';
import { ActionButton } from '../../../shared/ActionButton';
import { formatAmount } from '../../../shared/format';
import { RemotePicker } from '../../../shared/RemotePicker';
import { WideTable } from '../../../shared/WideTable';
import { invoiceApi } from './api';
import { BuyerModal } from './BuyerModal';
import { InvoiceModal } from './InvoiceModal';
import { LineCoverList } from './LineCoverList';
import { useLineOptions } from './lineOptions';
import { openOriginal } from './original';
import { shrinkPhoto } from './shrinkPhoto';

export interface InvoiceSectionProps {
  /** The saved document; undefined while a new document has not been saved yet. */
  documentId: number | undefined;
  /** Whether the screen is in edit mode; fapiao change only when the server also says the document is editable. */
  editable: boolean;
  /** The document's version: a save may change its lines, and with them each line's cover. */
  revision?: number;
}

const VERIFY_COLOUR = { not_verified: 'default', verified: 'success', failed: 'error' } as const;

/** A fapiao whose data name a buyer but whose buyer was not given (a fully digital fapiao read from its QR code). */
const buyerMissing = (r: InvoiceRow) =>
  carriesBuyer(r.InvoiceType, r.Number, r.Code) && !r.BuyerPersonal && r.BuyerTaxID === '';

/**
 * The fapiao of a document: scan or paste the QR text (a scanner types it and presses Enter), or enter one by
 * hand; each with the line it stands behind, its buyer, verification status and deductible VAT; the totals,
 * whether no paper needs mailing, and what each line's fapiao still lack (decision 058).
 */
export function InvoiceSection({ documentId, editable, revision }: InvoiceSectionProps) {
  const { t, i18n } = useTranslation();
  const culture = i18n.language;
  const client = useQueryClient();
  const [qr, setQr] = useState('');
  const [scanning, setScanning] = useState(false);
  const [entering, setEntering] = useState(false);
  const [reading, setReading] = useState(false);
  const [read, setRead] = useState<FapiaoFileRead | null>(null);
  const [buyerOf, setBuyerOf] = useState<InvoiceRow | null>(null);
  const scanRef = useRef<InputRef>(null);
  const [folderForm] = Form.useForm<{ FolderInvoice?: number }>();

  const list = useQuery({
    queryKey: ['invoices', documentId, culture, revision],
    queryFn: () => invoiceApi.list(documentId as number),
    enabled: documentId !== undefined,
  });
  const rows = list.data?.Rows ?? [];
  const lines = list.data?.Lines ?? [];
  const lineOptions = useLineOptions(lines);
  const canChange = editable && list.data?.Editable === true;
  const reload = () => client.invalidateQueries({ queryKey: ['invoices', documentId] });

  if (documentId === undefined) {
    return (
      <section aria-label={t('invoice.title')} data-testid="invoice-section">
        <Alert type="info" showIcon title={t('invoice.saveFirst')} />
      </section>
    );
  }

  const scan = async () => {
    const text = qr.trim();
    if (!text || scanning) return;
    setScanning(true);
    try {
      const row = await invoiceApi.save({ DocumentID: documentId, QrText: text });
      notice.success(t('invoice.added', { number: row.Number }));
      setQr('');
      await reload();
    } catch (error) {
      notice.error(error as Error);
    } finally {
      setScanning(false);
      scanRef.current?.focus();
    }
  };

  /** A fapiao file (数电 XML, OFD, PDF or a photo) read on the server, then confirmed in the entry form. */
  const readFile = async (file: File) => {
    setReading(true);
    try {
      setRead(await invoiceApi.readFile(await shrinkPhoto(file)));
      setEntering(true);
    } catch (error) {
      notice.error(error as Error);
    } finally {
      setReading(false);
    }
  };

  const take = async (invoiceId: number) => {
    try {
      const row = await invoiceApi.save({ DocumentID: documentId, InvoiceID: invoiceId });
      notice.success(t('invoice.added', { number: row.Number }));
      await Promise.all([reload(), client.invalidateQueries({ queryKey: ['invoices', 'folder'] })]);
    } catch (error) {
      notice.error(error as Error);
    } finally {
      folderForm.resetFields();
    }
  };

  const setLine = async (row: InvoiceRow, lineNo: number | null) => {
    try {
      const saved = await invoiceApi.update({
        DocumentID: documentId,
        InvoiceID: row.ID,
        Version: row.Version,
        LineNo: lineNo,
      });
      if (saved.LineNo !== null) notice.success(t('invoice.lineChanged', { number: saved.Number, line: saved.LineNo }));
    } catch (error) {
      notice.error(error as Error);
    } finally {
      await reload();
    }
  };

  const remove = async (row: InvoiceRow) => {
    if (!(await notice.ask(t('invoice.confirmRemove', { number: row.Number })))) return;
    await invoiceApi.remove(documentId, row.ID);
    notice.success(t('common.deleted'));
    await Promise.all([reload(), client.invalidateQueries({ queryKey: ['invoices', 'folder'] })]);
  };

  const columns: TableColumnsType<InvoiceRow> = [
    {
      key: 'line',
      title: t('invoice.field.line'),
      width: 150,
      render: (_, r) => (
        // First, so a phone shows it without scrolling: the line it stands behind, and a buyer still to enter.
        <Flex vertical gap={4} align="start">
          {canChange && lineOptions.length > 0 ? (
            <Select<number>
              size="small"
              value={r.LineNo ?? undefined}
              options={lineOptions}
              placeholder={t('invoice.line.unassigned')}
              status={r.LineNo === null ? 'warning' : undefined}
              popupMatchSelectWidth={false}
              style={{ width: 140 }}
              onChange={(v) => void setLine(r, v ?? null)}
              aria-label={t('invoice.line.choose')}
              data-testid="invoice-line"
            />
          ) : r.LineNo !== null ? (
            <span data-testid="invoice-line-text">{r.LineNo}</span>
          ) : (
            <Tag color="warning" data-testid="invoice-line-text">
              {t('invoice.line.unassigned')}
            </Tag>
          )}
          {buyerMissing(r) ? (
            <Tag
              color="error"
              data-testid="invoice-buyer-missing"
              {...(canChange
                ? {
                    role: 'button',
                    tabIndex: 0,
                    style: { cursor: 'pointer' },
                    onClick: () => setBuyerOf(r),
                    onKeyDown: (e: KeyboardEvent) => {
                      if (e.key === 'Enter' || e.key === ' ') setBuyerOf(r);
                    },
                  }
                : {})}
            >
              {t('invoice.buyer.missing')}
            </Tag>
          ) : null}
        </Flex>
      ),
    },
    { key: 'type', dataIndex: 'InvoiceTypeName', title: t('invoice.field.type'), width: 170 },
    {
      key: 'number',
      title: t('invoice.field.number'),
      render: (_, r) => (
        <Flex vertical>
          <Typography.Text data-testid="invoice-number">{r.Number}</Typography.Text>
          {r.Code ? (
            <Typography.Text type="secondary">
              {t('invoice.field.code')} {r.Code}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { key: 'date', dataIndex: 'InvoiceDate', title: t('invoice.field.date'), width: 110 },
    {
      key: 'total',
      title: t('invoice.field.total'),
      align: 'right',
      width: 120,
      render: (_, r) => formatAmount(r.TotalAmount),
    },
    {
      key: 'vat',
      title: t('invoice.field.deductibleVat'),
      align: 'right',
      width: 120,
      render: (_, r) => <span data-testid="invoice-vat">{formatAmount(r.DeductibleVat)}</span>,
    },
    {
      key: 'status',
      title: t('invoice.field.status'),
      width: 200,
      render: (_, r) => (
        <Flex wrap gap={4}>
          <Tooltip title={r.VerifyMessage ?? undefined}>
            <Tag color={VERIFY_COLOUR[r.VerifyStatus]} data-testid="invoice-verify">
              {r.VerifyStatusName}
            </Tag>
          </Tooltip>
          <Tag color={r.Electronic ? 'blue' : 'default'}>
            {r.Electronic ? t('invoice.electronic') : t('invoice.paper')}
          </Tag>
          {r.ClaimState !== 'free' ? <Tag color="gold">{t(`invoice.claim.${r.ClaimState}`)}</Tag> : null}
          {r.BuyerPersonal ? <Tag data-testid="invoice-buyer-tag">{t('invoice.buyer.personal')}</Tag> : null}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('invoice.field.actions'),
      width: 90,
      render: (_, r) => (
        <Flex gap={2}>
          {r.HasFile ? (
            <Tooltip title={t('wallet.original')}>
              <Button
                type="text"
                size="small"
                icon={<FileSearchOutlined />}
                aria-label={t('invoice.original', { number: r.Number })}
                onClick={() => openOriginal(r.ID)}
                data-testid="invoice-original"
              />
            </Tooltip>
          ) : null}
          {canChange ? (
            <>
              {carriesBuyer(r.InvoiceType, r.Number, r.Code) ? (
                <Tooltip title={t('invoice.buyer.edit')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('invoice.buyer.title', { number: r.Number })}
                    onClick={() => setBuyerOf(r)}
                    data-testid="invoice-buyer-edit"
                  />
                </Tooltip>
              ) : null}
              <Tooltip title={t('common.delete')}>
                <ActionButton
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('invoice.remove', { number: r.Number })}
                  onAction={() => remove(r)}
                  data-testid="invoice-remove"
                />
              </Tooltip>
            </>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <section aria-label={t('invoice.title')} data-testid="invoice-section">
      {canChange && (
        <Flex wrap gap={8} align="center" style={{ marginBottom: 8 }}>
          <Input
            ref={scanRef}
            value={qr}
            onChange={(e) => setQr(e.target.value)}
            onPressEnter={(e) => {
              // A scanner ends with Enter: take the fapiao, never submit the document's form.
              e.preventDefault();
              void scan();
            }}
            prefix={<ScanOutlined />}
            placeholder={t('invoice.scanPlaceholder')}
            aria-label={t('invoice.scanLabel')}
            disabled={scanning}
            style={{ maxWidth: 480 }}
            autoComplete="off"
            data-testid="invoice-qr"
          />
          <ActionButton onAction={scan} disabled={!qr.trim()} data-testid="invoice-qr-add">
            {t('invoice.addFromQr')}
          </ActionButton>
          <Upload
            accept=".pdf,.ofd,.xml,.png,.jpg,.jpeg,image/*,application/pdf"
            showUploadList={false}
            beforeUpload={(file) => {
              void readFile(file);
              // Read, never stored as it is: the claimant confirms the fields first.
              return false;
            }}
            disabled={reading}
          >
            <Button icon={<FileSearchOutlined />} loading={reading} data-testid="invoice-read-file">
              {t('invoice.read.button')}
            </Button>
          </Upload>
          <Button
            icon={<PlusOutlined />}
            onClick={() => {
              setRead(null);
              setEntering(true);
            }}
            data-testid="invoice-manual"
          >
            {t('invoice.addByHand')}
          </Button>
          <Form
            form={folderForm}
            component={false}
            onValuesChange={(changed: { FolderInvoice?: number }) => {
              if (changed.FolderInvoice) void take(changed.FolderInvoice);
            }}
          >
            <Form.Item name="FolderInvoice" noStyle>
              <RemotePicker
                queryKey={['invoices', 'folder']}
                placeholderKey="invoice.fromFolder"
                block={false}
                search={async (k) =>
                  (await invoiceApi.folder(k)).Rows.map((r) => ({
                    value: r.ID,
                    label: `${r.InvoiceTypeName} ${r.Code ? `${r.Code}-` : ''}${r.Number} ${formatAmount(r.TotalAmount)}`,
                  }))
                }
                data-testid="invoice-folder"
              />
            </Form.Item>
          </Form>
        </Flex>
      )}
      {/* Read-only (an approver's), a row may hold nothing to focus: the table takes the tab stop to scroll. */}
      <WideTable<InvoiceRow>
        rowKey="ID"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={list.isLoading}
        pagination={false}
        locale={{ emptyText: t('invoice.none') }}
        expandable={{
          rowExpandable: (r) => r.InvoiceType === 'vat_special' || r.InvoiceType === 'digital_special',
          expandedRowRender: (r) => <SubInvoices invoiceId={r.ID} />,
        }}
        data-testid="invoice-table"
      />
      {list.data && rows.length > 0 ? (
        <Flex wrap gap={16} style={{ marginTop: 8 }} data-testid="invoice-summary">
          <Typography.Text>
            {t('invoice.totalAmount')} {formatAmount(list.data.TotalAmount)}
          </Typography.Text>
          <Typography.Text>
            {t('invoice.totalVat')} {formatAmount(list.data.DeductibleVat)}
          </Typography.Text>
          {list.data.AllElectronic ? (
            <Tag color="green" data-testid="invoice-no-mailing">
              {t('invoice.noMailing')}
            </Tag>
          ) : null}
        </Flex>
      ) : null}
      <LineCoverList lines={lines} />
      {list.error ? <Alert type="error" showIcon title={errorText(list.error)} /> : null}
      <InvoiceModal
        documentId={documentId}
        lines={lines}
        open={entering}
        read={read}
        onClose={() => setEntering(false)}
        onSaved={async () => {
          setEntering(false);
          setRead(null);
          await reload();
        }}
      />
      <BuyerModal
        documentId={documentId}
        row={buyerOf}
        company={list.data?.Buyer}
        onClose={() => setBuyerOf(null)}
        onSaved={async () => {
          setBuyerOf(null);
          await reload();
        }}
      />
    </section>
  );
}

/** A special VAT fapiao's lines. */
function SubInvoices({ invoiceId }: { invoiceId: number }) {
  const { t } = useTranslation();
  const lines = useQuery({ queryKey: ['invoices', 'lines', invoiceId], queryFn: () => invoiceApi.lines(invoiceId) });
  return (
    <Table
      scroll={{ x: 'max-content' }}
      rowKey="ID"
      size="small"
      pagination={false}
      loading={lines.isLoading}
      dataSource={lines.data?.Rows ?? []}
      locale={{ emptyText: t('invoice.noLines') }}
      columns={[
        { key: 'name', dataIndex: 'Name', title: t('invoice.line.name') },
        { key: 'amount', title: t('invoice.line.amount'), align: 'right', render: (_, r) => formatAmount(r.Amount) },
        { key: 'rate', dataIndex: 'TaxRate', title: t('invoice.line.taxRate'), align: 'right' },
        { key: 'tax', title: t('invoice.line.tax'), align: 'right', render: (_, r) => formatAmount(r.TaxAmount) },
      ]}
    />
  );
}
