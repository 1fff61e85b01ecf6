import { DeleteOutlined, EditOutlined, FileSearchOutlined, PlusOutlined } from '@ant-design/icons';
import type { ReceiptFields, ReceiptRow } from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Flex, Form, Input, type TableColumnsType, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notice } from '../../../app/notice';
import { ActionButton } from '../../../shared/ActionButton';
import { FormModal } from '../../../shared/FormModal';
import { formatAmount } from '../../../shared/format';
import { useFormSubmit } from '../../../shared/useFormSubmit';
import { WideTable } from '../../../shared/WideTable';
import { receiptApi } from './api';
import { openReceipt } from './original';

/** What the claimant reads off a receipt that is not a fapiao. */
export interface ReceiptValues {
  ReceiptDate: Dayjs;
  Amount: string;
  Currency?: string;
  Issuer: string;
  Description?: string;
}
export const RECEIPT_FIELDS = ['ReceiptDate', 'Amount', 'Currency', 'Issuer', 'Description'] as const;

const AMOUNT = /^\d{1,16}(\.\d{1,2})?$/;

/** The form's values as the calls take them. */
export function receiptFields(v: ReceiptValues): ReceiptFields {
  return {
    ReceiptDate: v.ReceiptDate.format('YYYY-MM-DD'),
    Amount: v.Amount.trim(),
    Currency: v.Currency?.trim() || undefined,
    Issuer: v.Issuer.trim(),
    Description: v.Description?.trim() || undefined,
  };
}

/** A receipt's fields in a form: date, amount, currency, issuer and what it was for. */
export function ReceiptFormItems() {
  const { t } = useTranslation();
  const required = { required: true, message: t('common.required') };
  return (
    <>
      <Form.Item name="ReceiptDate" label={t('receipt.field.date')} rules={[required]}>
        <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} data-testid="receipt-date" />
      </Form.Item>
      <Form.Item
        name="Amount"
        label={t('receipt.field.amount')}
        rules={[required, { pattern: AMOUNT, message: t('invoice.amountInvalid') }]}
      >
        <Input inputMode="decimal" style={{ textAlign: 'right' }} data-testid="receipt-amount" />
      </Form.Item>
      <Form.Item name="Currency" label={t('receipt.field.currency')} rules={[{ pattern: /^[A-Z]{3}$/ }]}>
        <Input maxLength={3} />
      </Form.Item>
      <Form.Item name="Issuer" label={t('receipt.field.issuer')} rules={[{ ...required, whitespace: true }]}>
        <Input maxLength={200} data-testid="receipt-issuer" />
      </Form.Item>
      <Form.Item name="Description" label={t('receipt.field.description')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} />
      </Form.Item>
    </>
  );
}

/** Receipts that are not fapiao (overseas bills, tolls): listed, added, changed and removed while editable. */
export function ReceiptSection({ documentId, editable }: { documentId: number | undefined; editable: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState<ReceiptRow | 'new' | null>(null);
  const list = useQuery({
    queryKey: ['receipts', documentId],
    queryFn: () => receiptApi.list(documentId as number),
    enabled: documentId !== undefined,
  });
  const reload = () => client.invalidateQueries({ queryKey: ['receipts', documentId] });
  if (documentId === undefined) return null;
  const canChange = editable && list.data?.Editable === true;

  const remove = async (row: ReceiptRow) => {
    if (!(await notice.ask(t('common.confirmDelete')))) return;
    await receiptApi.remove(row);
    notice.success(t('common.deleted'));
    await reload();
  };

  const columns: TableColumnsType<ReceiptRow> = [
    { key: 'date', dataIndex: 'ReceiptDate', title: t('receipt.field.date'), width: 110 },
    { key: 'issuer', dataIndex: 'Issuer', title: t('receipt.field.issuer') },
    {
      key: 'amount',
      title: t('receipt.field.amount'),
      align: 'right',
      width: 140,
      render: (_, r) => `${r.Currency} ${formatAmount(r.Amount)}`,
    },
    { key: 'desc', dataIndex: 'Description', title: t('receipt.field.description'), responsive: ['md'] },
    {
      key: 'file',
      title: t('wallet.original'),
      width: 90,
      render: (_, r) =>
        r.HasFile ? (
          <Button type="link" size="small" icon={<FileSearchOutlined />} onClick={() => openReceipt(r.ID)}>
            {t('wallet.original')}
          </Button>
        ) : null,
    },
    {
      key: 'actions',
      title: t('invoice.field.actions'),
      width: 90,
      render: (_, r) =>
        canChange ? (
          <Flex gap={2}>
            <Tooltip title={t('common.edit')}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('common.edit')}
                onClick={() => setEditing(r)}
              />
            </Tooltip>
            <Tooltip title={t('common.delete')}>
              <ActionButton
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.delete')}
                onAction={() => remove(r)}
                data-testid="receipt-remove"
              />
            </Tooltip>
          </Flex>
        ) : null,
    },
  ];

  return (
    <section aria-label={t('receipt.title')} data-testid="receipt-section" style={{ marginTop: 16 }}>
      <Flex gap={8} align="center" style={{ marginBottom: 8 }}>
        <strong>{t('receipt.title')}</strong>
        {canChange && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="receipt-add">
            {t('receipt.add')}
          </Button>
        )}
      </Flex>
      <WideTable<ReceiptRow>
        rowKey="ID"
        size="small"
        columns={columns}
        dataSource={list.data?.Rows ?? []}
        loading={list.isLoading}
        pagination={false}
        locale={{ emptyText: t('receipt.none') }}
      />
      {list.error ? <Alert type="error" showIcon title={errorText(list.error)} /> : null}
      <ReceiptModal
        documentId={documentId}
        row={editing}
        onClose={() => setEditing(null)}
        onSaved={async () => {
          setEditing(null);
          await reload();
        }}
      />
    </section>
  );
}

function ReceiptModal(props: {
  documentId: number;
  row: ReceiptRow | 'new' | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReceiptValues>();
  const row = props.row === 'new' ? null : props.row;
  useEffect(() => {
    if (props.row === null) return;
    form.resetFields();
    if (row)
      form.setFieldsValue({
        ReceiptDate: dayjs(row.ReceiptDate),
        Amount: row.Amount,
        Currency: row.Currency,
        Issuer: row.Issuer,
        Description: row.Description ?? '',
      });
  }, [props.row, row, form]);
  const { submit, busy } = useFormSubmit<ReceiptValues>(form, {
    submit: (v) =>
      receiptApi.save({
        DocumentID: props.documentId,
        ...(row ? { ID: row.ID, Version: row.Version } : {}),
        ...receiptFields(v),
      }),
    onSuccess: props.onSaved,
    fields: [...RECEIPT_FIELDS],
  });
  return (
    <FormModal
      open={props.row !== null}
      title={row ? t('receipt.edit') : t('receipt.add')}
      onClose={props.onClose}
      onSave={submit}
      busy={busy}
    >
      <Form form={form} layout="vertical" initialValues={{ Currency: 'CNY' }}>
        <ReceiptFormItems />
      </Form>
    </FormModal>
  );
}
