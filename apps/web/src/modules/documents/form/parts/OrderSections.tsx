import { EditOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { type AirTicketShareRow, formatAmount, type PurchaseOrderRow } from '@ems/contracts';
import { Button, Flex, Form, Input, InputNumber, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../shared/FormModal';
import { useFormSubmit } from '../../../../shared/useFormSubmit';
import { WideTable } from '../../../../shared/WideTable';
import { EmployeePicker } from '../../../org/pickers/EmployeePicker';
import { VendorPicker } from './PaySection';
import { partsApi } from './partsApi';
import { rowActions } from './rowActions';
import { type PartProps, usePartChange, usePartQuery } from './usePart';

type OrderValues = { PONo: string; VendorCode: string; Amount: number | string; Remark?: string };

/** Purchase orders the document pays against; a vendor on the PO white list needs none, which the list says. */
export function PurchaseOrderSection(p: PartProps) {
  const { t } = useTranslation();
  const list = usePartQuery('orders', p.doc.ID, partsApi.orders);
  const change = usePartChange('orders', p);
  const [editing, setEditing] = useState<PurchaseOrderRow | null | undefined>(undefined);
  return (
    <Flex vertical gap={8} data-testid="doc-orders">
      <WideTable<PurchaseOrderRow>
        size="small"
        rowKey="ID"
        pagination={false}
        loading={list.isLoading}
        dataSource={list.data?.Rows ?? []}
        locale={{ emptyText: t('doc.part.po.none') }}
        columns={[
          { title: t('doc.part.po.no'), dataIndex: 'PONo' },
          {
            title: t('doc.part.po.vendor'),
            render: (_, r) => (
              <>
                {`${r.ProviderCode} ${r.ProviderName} `}
                {r.WhiteListed ? <Tag color="green">{t('doc.part.po.whiteListed')}</Tag> : null}
              </>
            ),
          },
          { title: t('doc.field.amount'), dataIndex: 'Amount', align: 'right', render: (v: string) => formatAmount(v) },
          { title: t('doc.part.remark'), dataIndex: 'Remark' },
          ...(p.editable
            ? [
                rowActions<PurchaseOrderRow>(t, setEditing, (r) =>
                  change((ref) => partsApi.deleteOrder({ ...ref, ID: r.ID })).catch(() => undefined),
                ),
              ]
            : []),
        ]}
        summary={() =>
          list.data?.Rows.length ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                {t('doc.part.total')}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {formatAmount(list.data.Total)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      {p.editable ? (
        <Button icon={<PlusOutlined />} onClick={() => setEditing(null)} style={{ alignSelf: 'flex-start' }}>
          {t('doc.part.po.add')}
        </Button>
      ) : null}
      {editing !== undefined ? (
        <OrderModal
          row={editing}
          onClose={() => setEditing(undefined)}
          save={(v) =>
            change((ref) =>
              partsApi.saveOrder({
                ...ref,
                ...(editing ? { ID: editing.ID } : {}),
                PONo: v.PONo,
                VendorCode: v.VendorCode,
                Amount: String(v.Amount),
                Remark: v.Remark ?? null,
              }),
            )
          }
        />
      ) : null}
    </Flex>
  );
}

function OrderModal(props: {
  row: PurchaseOrderRow | null;
  onClose: () => void;
  save: (v: OrderValues) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OrderValues>();
  const { submit, busy } = useFormSubmit<OrderValues>(form, {
    submit: props.save,
    onSuccess: props.onClose,
    fields: ['PONo', 'VendorCode', 'Amount', 'Remark'],
  });
  const r = props.row;
  const required = [{ required: true, message: t('common.required') }];
  return (
    <FormModal
      open
      title={t(r ? 'doc.part.po.edit' : 'doc.part.po.add')}
      onClose={props.onClose}
      onSave={submit}
      busy={busy}
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="doc-order-form"
        initialValues={
          r ? { PONo: r.PONo, VendorCode: r.ProviderCode, Amount: r.Amount, Remark: r.Remark ?? undefined } : {}
        }
      >
        <Form.Item
          name="PONo"
          label={t('doc.part.po.no')}
          rules={[...required, { pattern: /^[A-Za-z0-9-]{1,30}$/, message: t('doc.part.po.noFormat') }]}
        >
          <Input maxLength={30} autoFocus />
        </Form.Item>
        <Form.Item name="VendorCode" label={t('doc.part.po.vendor')} rules={required}>
          <VendorPicker />
        </Form.Item>
        <Form.Item name="Amount" label={t('doc.field.amount')} rules={required}>
          <InputNumber min={0.01} precision={2} style={{ width: '100%' }} stringMode />
        </Form.Item>
        <Form.Item name="Remark" label={t('doc.part.remark')}>
          <Input maxLength={500} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

type TicketValues = {
  TicketNo: string;
  TicketAmount: number | string;
  Shares: { EmployeeID?: number; Amount?: number | string | null }[];
};

/** Air tickets and how each ticket's amount is shared across employees. */
export function AirTicketSection(p: PartProps) {
  const { t } = useTranslation();
  const list = usePartQuery('tickets', p.doc.ID, partsApi.tickets);
  const change = usePartChange('tickets', p);
  const [editing, setEditing] = useState<AirTicketShareRow[] | null | undefined>(undefined);
  const rows = list.data?.Rows ?? [];
  const tickets = [...new Set(rows.map((r) => r.TicketNo))];
  return (
    <Flex vertical gap={8} data-testid="doc-air-tickets">
      {tickets.length === 0 ? <Typography.Text type="secondary">{t('doc.part.air.none')}</Typography.Text> : null}
      {tickets.map((no) => {
        const shares = rows.filter((r) => r.TicketNo === no);
        return (
          <div key={no}>
            <Flex justify="space-between" align="center" style={{ marginBottom: 4 }}>
              <Typography.Text strong>
                {t('doc.part.air.ticket', { no, amount: formatAmount(shares[0]?.TicketAmount) })}
              </Typography.Text>
              {p.editable ? (
                <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(shares)}>
                  {t('common.edit')}
                </Button>
              ) : null}
            </Flex>
            <WideTable<AirTicketShareRow>
              size="small"
              rowKey="ID"
              pagination={false}
              dataSource={shares}
              columns={[
                { title: t('doc.part.air.employee'), render: (_, r) => `${r.EmployeeName} (${r.EmployeeCode})` },
                {
                  title: t('doc.field.amount'),
                  dataIndex: 'Amount',
                  align: 'right',
                  render: (v: string) => formatAmount(v),
                },
              ]}
            />
          </div>
        );
      })}
      {p.editable ? (
        <Button icon={<PlusOutlined />} onClick={() => setEditing(null)} style={{ alignSelf: 'flex-start' }}>
          {t('doc.part.air.add')}
        </Button>
      ) : null}
      {editing !== undefined ? (
        <TicketModal
          shares={editing}
          onClose={() => setEditing(undefined)}
          save={(v) =>
            change((ref) =>
              partsApi.saveTicket({
                ...ref,
                TicketNo: v.TicketNo,
                TicketAmount: String(v.TicketAmount),
                Shares: v.Shares.map((s) => ({
                  EmployeeID: s.EmployeeID!,
                  Amount: s.Amount === undefined || s.Amount === null || s.Amount === '' ? null : String(s.Amount),
                })),
              }),
            )
          }
        />
      ) : null}
    </Flex>
  );
}

function TicketModal(props: {
  shares: AirTicketShareRow[] | null;
  onClose: () => void;
  save: (v: TicketValues) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TicketValues>();
  const { submit, busy } = useFormSubmit<TicketValues>(form, {
    submit: props.save,
    onSuccess: props.onClose,
    fields: ['TicketNo', 'TicketAmount', 'Shares'],
  });
  const s = props.shares;
  const required = [{ required: true, message: t('common.required') }];
  return (
    <FormModal open title={t('doc.part.air.title')} onClose={props.onClose} onSave={submit} busy={busy} width={640}>
      <Form
        form={form}
        layout="vertical"
        data-testid="doc-ticket-form"
        initialValues={
          s?.length
            ? {
                TicketNo: s[0]!.TicketNo,
                TicketAmount: s[0]!.TicketAmount,
                Shares: s.map((r) => ({ EmployeeID: r.EmployeeID, Amount: r.Amount })),
              }
            : { Shares: [{}, {}] }
        }
      >
        <Flex gap={8}>
          <Form.Item name="TicketNo" label={t('doc.part.air.no')} rules={required} style={{ flex: 1 }}>
            <Input maxLength={30} disabled={!!s?.length} autoFocus />
          </Form.Item>
          <Form.Item name="TicketAmount" label={t('doc.part.air.amount')} rules={required} style={{ flex: 1 }}>
            <InputNumber min={0.01} precision={2} style={{ width: '100%' }} stringMode />
          </Form.Item>
        </Flex>
        <Typography.Text type="secondary">{t('doc.part.air.evenHint')}</Typography.Text>
        <Form.List name="Shares">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Flex key={f.key} gap={8} align="baseline" style={{ marginTop: 8 }}>
                  <Form.Item name={[f.name, 'EmployeeID']} rules={required} style={{ flex: 1 }}>
                    <EmployeePicker />
                  </Form.Item>
                  <Form.Item name={[f.name, 'Amount']}>
                    <InputNumber
                      min={0}
                      precision={2}
                      style={{ width: 140 }}
                      stringMode
                      placeholder={t('doc.field.amount')}
                    />
                  </Form.Item>
                  {fields.length > 1 ? (
                    <MinusCircleOutlined aria-label={t('common.delete')} onClick={() => remove(f.name)} />
                  ) : null}
                </Flex>
              ))}
              <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({})}>
                {t('doc.part.air.addPerson')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </FormModal>
  );
}
