import { DeleteOutlined, EditOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { type ApportionmentRow, addMoney, compareMoney, formatAmount, money } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, InputNumber, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../shared/FormModal';
import { useFormSubmit } from '../../../../shared/useFormSubmit';
import { WideTable } from '../../../../shared/WideTable';
import { documentApi } from '../../api';
import { partsApi } from './partsApi';
import { type PartProps, usePartChange, usePartQuery } from './usePart';

/** A share's product is kept as it is: the form changes cost centres and percentages. */
type Values = { Rows: { CostCenterID?: number; ProductID?: number | null; Percent?: number | string }[] };
/** null: the whole document; a number: that line. */
type Target = number | null;

/** Percentages have two decimals, so the money helpers add them exactly. */
const sumOf = (rows: { Percent?: number | string | null | undefined }[]) =>
  addMoney(
    '0',
    ...rows.map((r) => (r?.Percent === undefined || r.Percent === null || r.Percent === '' ? '0' : money(r.Percent))),
  );
const isHundred = (sum: string) => compareMoney(sum, '100') === 0;

/** How the document and each line are shared across cost centres (and products), in percent that must come to 100. */
export function ApportionSection(p: PartProps) {
  const { t } = useTranslation();
  const list = usePartQuery('apportion', p.doc.ID, partsApi.apportion);
  const change = usePartChange('apportion', p);
  const [editing, setEditing] = useState<Target | undefined>(undefined);
  const rows = list.data?.Rows ?? [];
  const targets: Target[] = [...new Set(rows.map((r) => r.LineNo))];
  const label = (target: Target) =>
    target === null ? t('doc.part.apportion.whole') : t('doc.part.apportion.line', { line: target });
  return (
    <Flex vertical gap={12} data-testid="doc-apportion">
      {targets.length === 0 ? <Typography.Text type="secondary">{t('doc.part.apportion.none')}</Typography.Text> : null}
      {targets.map((target) => {
        const part = rows.filter((r) => r.LineNo === target);
        const sum = sumOf(part);
        return (
          <div key={String(target)}>
            <Flex justify="space-between" align="center" style={{ marginBottom: 4 }}>
              <Typography.Text strong>{label(target)}</Typography.Text>
              {p.editable ? (
                <Space>
                  <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(target)}>
                    {t('common.edit')}
                  </Button>
                  <Popconfirm
                    title={t('common.confirmDelete')}
                    onConfirm={() =>
                      change((ref) => partsApi.deleteApportion({ ...ref, LineNo: target })).catch(() => undefined)
                    }
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
                  </Popconfirm>
                </Space>
              ) : null}
            </Flex>
            <SharesTable rows={part} currency={list.data?.Currency ?? ''} />
            {!isHundred(sum) ? (
              <Alert
                type="warning"
                showIcon
                style={{ marginTop: 4 }}
                message={t('doc.part.apportion.notHundred', { sum: sum })}
              />
            ) : null}
          </div>
        );
      })}
      {p.editable ? (
        <Space wrap>
          <Button
            icon={<PlusOutlined />}
            onClick={() => setEditing(null)}
            disabled={targets.includes(null)}
            data-testid="apportion-add-whole"
          >
            {t('doc.part.apportion.addWhole')}
          </Button>
          {p.doc.Lines.length ? (
            <Select<number>
              style={{ minWidth: 200 }}
              placeholder={t('doc.part.apportion.addLine')}
              value={null as never}
              onChange={(v) => setEditing(v)}
              options={p.doc.Lines.filter((l) => !targets.includes(l.LineNo)).map((l) => ({
                value: l.LineNo,
                label: `${t('doc.part.apportion.line', { line: l.LineNo })} · ${l.ExpenseItemName ?? ''} ${formatAmount(l.Amount)}`,
              }))}
            />
          ) : null}
        </Space>
      ) : null}
      {editing !== undefined ? (
        <ApportionModal
          target={editing}
          title={label(editing)}
          rows={rows.filter((r) => r.LineNo === editing)}
          onClose={() => setEditing(undefined)}
          save={(values) =>
            change((ref) =>
              partsApi.saveApportion({
                ...ref,
                LineNo: editing,
                Rows: values.Rows.map((r) => ({
                  CostCenterID: r.CostCenterID!,
                  ProductID: r.ProductID ?? null,
                  Percent: String(r.Percent),
                })),
              }),
            )
          }
        />
      ) : null}
    </Flex>
  );
}

function SharesTable({ rows, currency }: { rows: ApportionmentRow[]; currency: string }) {
  const { t } = useTranslation();
  return (
    <WideTable<ApportionmentRow>
      size="small"
      rowKey="ID"
      pagination={false}
      dataSource={rows}
      columns={[
        {
          title: t('doc.field.costCentre'),
          render: (_, r) => `${r.CostCenterCode} ${r.CostCenterName}`,
        },
        {
          title: t('doc.part.apportion.product'),
          render: (_, r) => (r.ProductCode ? `${r.ProductCode} ${r.ProductName}` : ''),
        },
        {
          title: t('doc.part.apportion.percent'),
          dataIndex: 'Percent',
          align: 'right',
          render: (v: string) => `${v} %`,
        },
        {
          title: `${t('doc.field.amount')} (${currency})`,
          dataIndex: 'Amount',
          align: 'right',
          render: (v: string) => formatAmount(v),
        },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={2}>
            {t('doc.part.total')}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={2} align="right">{`${sumOf(rows)} %`}</Table.Summary.Cell>
          <Table.Summary.Cell index={3} align="right">
            {formatAmount(addMoney('0', ...rows.map((r) => r.Amount)))}
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

function ApportionModal(props: {
  target: Target;
  title: string;
  rows: ApportionmentRow[];
  onClose: () => void;
  save: (v: Values) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const chargeable = useQuery({ queryKey: ['documents', 'chargeable'], queryFn: documentApi.chargeable });
  const options = (chargeable.data?.Rows ?? [])
    .filter((r) => r.Kind === 'cost_centre')
    .map((r) => ({ value: r.ID, label: `${r.Code} ${r.Name}` }));
  const watched = Form.useWatch('Rows', form) ?? [];
  const sum = sumOf(watched.filter(Boolean));
  const { submit, busy } = useFormSubmit<Values>(form, {
    submit: props.save,
    onSuccess: props.onClose,
    fields: ['Rows'],
  });
  const initial: Values = {
    Rows: props.rows.length
      ? props.rows.map((r) => ({ CostCenterID: r.CostCenterID, ProductID: r.ProductID, Percent: r.Percent }))
      : [{ Percent: 100 }],
  };
  return (
    <FormModal open title={props.title} onClose={props.onClose} onSave={submit} busy={busy} width={640}>
      <Form form={form} layout="vertical" initialValues={initial} data-testid="doc-apportion-form">
        <Form.List name="Rows">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Flex key={f.key} gap={8} align="baseline">
                  <Form.Item name={[f.name, 'ProductID']} hidden>
                    <InputNumber />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'CostCenterID']}
                    rules={[{ required: true, message: t('common.required') }]}
                    style={{ flex: 1 }}
                  >
                    <Select
                      data-testid={`apportion-cc-${f.name}`}
                      showSearch
                      optionFilterProp="label"
                      options={options}
                      placeholder={t('doc.field.costCentre')}
                      loading={chargeable.isLoading}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'Percent']} rules={[{ required: true, message: t('common.required') }]}>
                    <InputNumber
                      data-testid={`apportion-percent-${f.name}`}
                      min={0.01}
                      max={100}
                      precision={2}
                      step={1}
                      addonAfter="%"
                      style={{ width: 140 }}
                    />
                  </Form.Item>
                  <MinusCircleOutlined aria-label={t('common.delete')} onClick={() => remove(f.name)} />
                </Flex>
              ))}
              <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({})}>
                {t('doc.part.apportion.addRow')}
              </Button>
            </>
          )}
        </Form.List>
        <Flex justify="flex-end" style={{ marginTop: 12 }}>
          <Typography.Text type={isHundred(sum) ? 'success' : 'danger'} data-testid="doc-apportion-total">
            {t('doc.part.apportion.running', { sum: sum })}
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary">{t('doc.part.apportion.mustHundred')}</Typography.Text>
      </Form>
    </FormModal>
  );
}
