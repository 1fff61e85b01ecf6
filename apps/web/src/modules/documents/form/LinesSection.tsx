import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { DocType, ExpenseTypeDetailInfo } from '@ems/contracts';
import { formatAmount } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, type FormInstance, Input, Select, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { documentApi } from '../api';
import { type DocumentFormValues, linesTotal } from './formValues';
import { LineLimitNotes, useLineLimits } from './lineLimits';

const AMOUNT = /^\d{1,16}(\.\d{1,2})?$/;

/**
 * The expense details: one row per line, items from the chosen expense type's setup; under each amount, where the
 * line stands against its budget and its attendees' caps as it is typed (`useLineLimits`).
 */
export function LinesSection({
  docType,
  form,
  doc,
}: {
  docType: DocType;
  form: FormInstance<DocumentFormValues>;
  /** The saved document being edited: its own holds are not counted twice, its attendees are read. */
  doc?: { ID: number; Version: number } | undefined;
}) {
  const { t } = useTranslation();
  const notesOf = useLineLimits(form, docType, doc);
  const typeId = Form.useWatch('ExpenseTypeID', form);
  const currency = Form.useWatch('Currency', form) ?? 'CNY';
  const lines = Form.useWatch('Lines', form);
  const detail = useQuery({
    queryKey: ['documents', 'detailInfo', docType, typeId],
    queryFn: () => documentApi.detailInfo(docType, typeId as number),
    enabled: typeof typeId === 'number',
  });
  const items: ExpenseTypeDetailInfo['Items'] = detail.data?.Items ?? [];
  const itemOptions = items.map((i) => ({ value: i.ID, label: `${i.Code} ${i.Name}` }));
  const isTmc = (index: number) => Boolean(lines?.[index]?.TMCTicketID);
  const subOptions = (itemId: number | null | undefined) =>
    (items.find((i) => i.ID === itemId)?.SubItems ?? []).map((s) => ({ value: s.ID, label: s.Name }));

  return (
    <Form.List name="Lines">
      {(fields, { add, remove }) => (
        <>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields}
            scroll={{ x: 'max-content' }}
            data-testid="doc-lines"
            columns={[
              { title: '#', key: 'no', width: 40, render: (_v, _f, i) => i + 1 },
              {
                title: t('doc.line.item'),
                key: 'item',
                width: 220,
                render: (_v, f) => (
                  <Form.Item name={[f.name, 'ExpenseItemID']} noStyle={false} style={{ margin: 0 }}>
                    <Select
                      options={itemOptions}
                      placeholder={typeId ? t('doc.line.itemPlaceholder') : t('doc.line.chooseTypeFirst')}
                      disabled={!typeId || isTmc(f.name)}
                      showSearch={{ optionFilterProp: 'label' }}
                      style={{ width: 210 }}
                      aria-label={t('doc.line.item')}
                      data-testid={`line-item-${f.name}`}
                      onChange={() => form.setFieldValue(['Lines', f.name, 'ExpenseSubItemID'], null)}
                    />
                  </Form.Item>
                ),
              },
              {
                title: t('doc.line.subItem'),
                key: 'sub',
                width: 160,
                render: (_v, f) => {
                  const opts = subOptions(lines?.[f.name]?.ExpenseItemID);
                  return (
                    <Form.Item name={[f.name, 'ExpenseSubItemID']} style={{ margin: 0 }}>
                      <Select
                        options={opts}
                        disabled={opts.length === 0}
                        allowClear
                        style={{ width: 150 }}
                        aria-label={t('doc.line.subItem')}
                      />
                    </Form.Item>
                  );
                },
              },
              {
                title: t('doc.line.date'),
                key: 'date',
                width: 150,
                render: (_v, f) => (
                  <Form.Item name={[f.name, 'ExpenseDate']} style={{ margin: 0 }}>
                    <DatePicker
                      format="YYYY-MM-DD"
                      style={{ width: 140 }}
                      disabled={isTmc(f.name)}
                      aria-label={t('doc.line.date')}
                      data-testid={`line-date-${f.name}`}
                    />
                  </Form.Item>
                ),
              },
              {
                title: `${t('doc.line.amount')} (${currency})`,
                key: 'amount',
                width: 150,
                render: (_v, f) => (
                  <>
                    <Form.Item
                      name={[f.name, 'Amount']}
                      style={{ margin: 0 }}
                      rules={[{ pattern: AMOUNT, message: t('doc.line.amountInvalid') }]}
                    >
                      <Input
                        inputMode="decimal"
                        style={{ width: 140, textAlign: 'right' }}
                        disabled={isTmc(f.name)}
                        aria-label={t('doc.line.amount')}
                        data-testid={`line-amount-${f.name}`}
                      />
                    </Form.Item>
                    <LineLimitNotes notes={notesOf(f.name)} index={f.name} />
                  </>
                ),
              },
              {
                title: t('doc.line.description'),
                key: 'desc',
                width: 240,
                render: (_v, f) => (
                  <>
                    <Form.Item name={[f.name, 'Description']} style={{ margin: 0 }}>
                      <Input
                        maxLength={500}
                        style={{ width: 230 }}
                        aria-label={t('doc.line.description')}
                        data-testid={`line-desc-${f.name}`}
                      />
                    </Form.Item>
                    {/* The ticket a TMC line claims travels with the line; the company's TMC account paid it. */}
                    <Form.Item name={[f.name, 'TMCTicketID']} hidden>
                      <Input type="hidden" />
                    </Form.Item>
                    {isTmc(f.name) ? (
                      <Tag color="blue" data-testid={`line-tmc-${f.name}`}>
                        {t('tmc.line.companyPaid')}
                      </Tag>
                    ) : null}
                  </>
                ),
              },
              {
                title: '',
                key: 'remove',
                width: 48,
                render: (_v, f) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('doc.line.remove')}
                    onClick={() => remove(f.name)}
                  />
                ),
              },
            ]}
          />
          <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8 }}>
            <Button icon={<PlusOutlined />} onClick={() => add({ ExpenseDate: dayjs() })} data-testid="line-add">
              {t('doc.line.add')}
            </Button>
            <Typography.Text strong data-testid="doc-total">
              {t('doc.field.total')}: {currency} {formatAmount(linesTotal(lines))}
            </Typography.Text>
          </div>
        </>
      )}
    </Form.List>
  );
}
