import { type NoDeductRow, VAT_ADJUSTMENT_KINDS, type VatAdjustmentRow } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Descriptions,
  Drawer,
  Form,
  Grid,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../app/notice';
import { displayDateTime, formatAmount } from '../../../shared/format';
import { useActionGuard } from '../../../shared/useActionGuard';
import { useFormSubmit } from '../../../shared/useFormSubmit';
import { taxApi } from './api';

interface Values {
  Kind: (typeof VAT_ADJUSTMENT_KINDS)[number];
  Amount: string;
  Reason: string;
}

const STATE_COLOURS: Record<string, string> = { draft: 'blue', applied: 'green', reversed: 'default' };
const MONEY_RE = /^\d{1,16}(\.\d{1,2})?$/;

/** One fapiao's input VAT: what may still be deducted or transferred out, its adjustments, and a draft form. */
export function VatAdjustmentDrawer(props: {
  invoice: NoDeductRow | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { invoice, onClose, onChanged } = props;
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<VatAdjustmentRow | null>(null);
  const query = useQuery({
    queryKey: ['vat-adjustment', 'invoice', invoice?.InvoiceID ?? null],
    queryFn: () => taxApi.load(invoice!.InvoiceID),
    enabled: invoice !== null,
  });
  useEffect(() => {
    if (invoice) {
      setEditing(null);
      form.resetFields();
    }
  }, [invoice, form]);

  const changed = async () => {
    setEditing(null);
    form.resetFields();
    await query.refetch();
    onChanged();
  };
  const { submit, busy } = useFormSubmit<Values>(form, {
    submit: (v) =>
      taxApi.save({
        InvoiceID: invoice!.InvoiceID,
        ...(editing ? { VatAdjustmentID: editing.VatAdjustmentID, Version: editing.Version } : {}),
        Kind: v.Kind,
        Amount: v.Amount.trim(),
        Reason: v.Reason,
      }),
    successKey: 'fin.vat.saved',
    onSuccess: changed,
    fields: ['Kind', 'Amount', 'Reason'],
  });
  const act = useActionGuard(async (what: 'apply' | 'remove', row: VatAdjustmentRow) => {
    try {
      const ref = { VatAdjustmentID: row.VatAdjustmentID, Version: row.Version };
      if (what === 'apply') {
        await taxApi.apply(ref);
        notice.success(t('fin.vat.applied'));
      } else {
        const r = await taxApi.remove(ref);
        notice.success(t(r.Deleted ? 'fin.vat.deleted' : 'fin.vat.reversed'));
      }
      await changed();
    } catch (error) {
      notice.error(error);
    }
  });

  const d = query.data;
  const money = (v: string | null) => formatAmount(v ?? '');
  return (
    <Drawer
      open={invoice !== null}
      onClose={onClose}
      size={screens.md ? 960 : '100%'}
      title={t('fin.vat.drawer.title', { number: invoice?.Number ?? '' })}
      destroyOnHidden
    >
      {d && (
        <Descriptions size="small" column={screens.md ? 3 : 1} bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('fin.vat.field.docNo')}>{d.Invoice.DocNo}</Descriptions.Item>
          <Descriptions.Item label={t('fin.vat.field.invoiceType')}>
            {t(`invoice.type.${d.Invoice.InvoiceType}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fin.vat.field.seller')}>{d.Invoice.SellerName}</Descriptions.Item>
          <Descriptions.Item label={t('fin.vat.field.amount')}>{money(d.Invoice.Amount)}</Descriptions.Item>
          <Descriptions.Item label={t('fin.vat.field.taxAmount')}>{money(d.Invoice.TaxAmount)}</Descriptions.Item>
          <Descriptions.Item label={t('fin.vat.field.effectiveVat')}>
            <span data-testid="vat-effective">{money(d.Invoice.EffectiveVat)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('fin.vat.maxDeduct')}>{money(d.MaxDeduct)}</Descriptions.Item>
          <Descriptions.Item label={t('fin.vat.maxTransferOut')}>{money(d.MaxTransferOut)}</Descriptions.Item>
        </Descriptions>
      )}
      <Typography.Title level={5}>{t('fin.vat.adjustments')}</Typography.Title>
      <Table<VatAdjustmentRow>
        size="small"
        rowKey="VatAdjustmentID"
        loading={query.isFetching}
        dataSource={d?.Adjustments ?? []}
        locale={{ emptyText: t('fin.vat.noAdjustments') }}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          { key: 'kind', title: t('fin.vat.kind'), dataIndex: 'Kind', render: (v: string) => t(`fin.vat.kind.${v}`) },
          { key: 'amount', title: t('fin.vat.field.amount'), dataIndex: 'Amount', align: 'right', render: money },
          { key: 'reason', title: t('fin.vat.reason'), dataIndex: 'Reason', ellipsis: true },
          {
            key: 'state',
            title: t('fin.asset.field.state'),
            dataIndex: 'State',
            render: (v: string) => <Tag color={STATE_COLOURS[v]}>{t(`fin.vat.state.${v}`)}</Tag>,
          },
          { key: 'period', title: t('fin.vat.period'), dataIndex: 'Period' },
          { key: 'erp', title: t('fin.vat.erpDocNo'), dataIndex: 'ErpDocNo' },
          { key: 'by', title: t('fin.vat.createdBy'), dataIndex: 'CreatedByName' },
          {
            key: 'at',
            title: t('fin.vat.createdAt'),
            dataIndex: 'CreatedAt',
            width: 170,
            render: (v: string) => displayDateTime(v),
          },
          {
            key: 'actions',
            title: t('fin.vat.actions'),
            fixed: 'right',
            width: 200,
            render: (_: unknown, row: VatAdjustmentRow) => (
              <Space size="small">
                {row.State === 'draft' && (
                  <>
                    <Button
                      size="small"
                      type="link"
                      onClick={() => {
                        setEditing(row);
                        form.setFieldsValue({ Kind: row.Kind, Amount: row.Amount, Reason: row.Reason });
                      }}
                    >
                      {t('fin.vat.edit')}
                    </Button>
                    <Popconfirm title={t('fin.vat.confirmApply')} onConfirm={() => act.run('apply', row)}>
                      <Button size="small" type="link" disabled={act.busy} data-testid="vat-apply">
                        {t('fin.vat.apply')}
                      </Button>
                    </Popconfirm>
                  </>
                )}
                {row.State !== 'reversed' && (
                  <Popconfirm
                    title={t(row.State === 'draft' ? 'fin.vat.confirmDelete' : 'fin.vat.confirmReverse')}
                    onConfirm={() => act.run('remove', row)}
                  >
                    <Button size="small" type="link" danger disabled={act.busy}>
                      {t(row.State === 'draft' ? 'fin.vat.delete' : 'fin.vat.reverse')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t(editing ? 'fin.vat.edit' : 'fin.vat.new')}
      </Typography.Title>
      <Form form={form} layout="vertical" initialValues={{ Kind: 'deduct' }}>
        <Space align="start" wrap>
          <Form.Item name="Kind" label={t('fin.vat.kind')} rules={[{ required: true, message: t('common.required') }]}>
            <Select
              style={{ width: 180 }}
              options={VAT_ADJUSTMENT_KINDS.map((k) => ({ value: k, label: t(`fin.vat.kind.${k}`) }))}
              data-testid="vat-kind"
            />
          </Form.Item>
          <Form.Item
            name="Amount"
            label={t('fin.vat.field.amount')}
            rules={[
              { required: true, message: t('common.required') },
              { pattern: MONEY_RE, message: t('fin.vat.invalidAmount') },
            ]}
          >
            <Input style={{ width: 160 }} inputMode="decimal" data-testid="vat-amount" />
          </Form.Item>
        </Space>
        <Form.Item
          name="Reason"
          label={t('fin.vat.reason')}
          rules={[{ required: true, whitespace: true, message: t('common.required') }]}
        >
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2 }} data-testid="vat-reason" />
        </Form.Item>
        <Space>
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="vat-save">
            {t('fin.vat.save')}
          </Button>
          {editing && (
            <Button
              onClick={() => {
                setEditing(null);
                form.resetFields();
              }}
            >
              {t('common.cancel')}
            </Button>
          )}
        </Space>
      </Form>
    </Drawer>
  );
}
