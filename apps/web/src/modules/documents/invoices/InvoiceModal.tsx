import { type FapiaoFileRead, INVOICE_TYPES, type InvoiceLineCover, type InvoiceType } from '@ems/contracts';
import { Alert, Checkbox, Col, DatePicker, Form, Input, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/FormModal';
import { useFormSubmit } from '../../../shared/useFormSubmit';
import { invoiceApi } from './api';
import { useLineOptions } from './lineOptions';

interface Values {
  InvoiceType: InvoiceType;
  Code?: string;
  Number: string;
  InvoiceDate: Dayjs;
  Amount: string;
  TaxAmount?: string;
  FuelAmount?: string;
  CheckCode?: string;
  BuyerName?: string;
  BuyerTaxID?: string;
  BuyerPersonal: boolean;
  SellerName?: string;
  LineNo?: number;
}

const FIELDS = [
  'InvoiceType',
  'Code',
  'Number',
  'InvoiceDate',
  'Amount',
  'TaxAmount',
  'FuelAmount',
  'CheckCode',
  'BuyerName',
  'BuyerTaxID',
  'BuyerPersonal',
  'SellerName',
  'LineNo',
] as const;
const AMOUNT = /^\d{1,16}(\.\d{1,2})?$/;
const blank = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

/** The label of a field a file's sources disagreed on. */
const FIELD_LABEL: Record<string, string> = {
  type: 'invoice.field.type',
  code: 'invoice.field.code',
  number: 'invoice.field.number',
  invoiceDate: 'invoice.field.date',
  amount: 'invoice.field.amount',
  fare: 'invoice.field.amount',
  taxAmount: 'invoice.field.tax',
  total: 'invoice.field.total',
  checkCode: 'invoice.field.checkCode',
  buyerName: 'invoice.field.buyerName',
  buyerTaxId: 'invoice.field.buyerTaxId',
  sellerName: 'invoice.field.sellerName',
  fuelSurcharge: 'invoice.field.fuel',
};

/** The form's values from what a file carries; what it does not carry stays empty for the claimant. */
function valuesOf(read: FapiaoFileRead): Partial<Values> {
  const i = read.Invoice;
  const v: Partial<Values> = {
    ...(i.InvoiceType ? { InvoiceType: i.InvoiceType } : {}),
    ...(i.InvoiceDate ? { InvoiceDate: dayjs(i.InvoiceDate) } : {}),
    BuyerPersonal: i.BuyerPersonal ?? false,
  };
  for (const k of [
    'Code',
    'Number',
    'Amount',
    'TaxAmount',
    'FuelAmount',
    'CheckCode',
    'BuyerName',
    'BuyerTaxID',
    'SellerName',
  ] as const)
    if (i[k] !== undefined) v[k] = i[k];
  return v;
}

/**
 * Enters a fapiao by hand, or confirms one read from a file (`read`): the form then starts from what the file carries,
 * says where it was read and what its sources disagreed on, and leaves what it does not carry to the claimant. The
 * server checks the format, date, amounts and buyer, and names any field it refuses.
 */
export function InvoiceModal(props: {
  documentId: number;
  /** The document's lines, to choose the one the fapiao stands behind (left empty, the server picks). */
  lines: readonly InvoiceLineCover[];
  open: boolean;
  /** A fapiao file's fields, to confirm. */
  read?: FapiaoFileRead | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('InvoiceType', form);
  const personal = Form.useWatch('BuyerPersonal', form);
  const lineOptions = useLineOptions(props.lines);
  const read = props.read ?? null;
  useEffect(() => {
    if (!props.open) return;
    form.resetFields();
    if (read) form.setFieldsValue(valuesOf(read));
  }, [props.open, form, read]);
  const { submit, busy } = useFormSubmit<Values>(form, {
    submit: (v) =>
      invoiceApi.save({
        DocumentID: props.documentId,
        InvoiceType: v.InvoiceType,
        Code: blank(v.Code),
        Number: v.Number.trim(),
        InvoiceDate: v.InvoiceDate.format('YYYY-MM-DD'),
        Amount: v.Amount.trim(),
        TaxAmount: blank(v.TaxAmount),
        FuelAmount: blank(v.FuelAmount),
        CheckCode: blank(v.CheckCode),
        BuyerName: blank(v.BuyerName),
        BuyerTaxID: v.BuyerPersonal ? undefined : blank(v.BuyerTaxID),
        BuyerPersonal: v.BuyerPersonal,
        SellerName: blank(v.SellerName),
        LineNo: v.LineNo,
        // What the form does not show comes as the file carried it.
        ...(read?.Invoice.SellerTaxID ? { SellerTaxID: read.Invoice.SellerTaxID } : {}),
        ...(read?.Invoice.Electronic !== undefined ? { Electronic: read.Invoice.Electronic } : {}),
        ...(read?.Invoice.Items?.length ? { Items: read.Invoice.Items } : {}),
      }),
    onSuccess: props.onSaved,
    fields: FIELDS,
  });
  const required = [{ required: true, whitespace: true, message: t('common.required') }];
  const amountRule = { pattern: AMOUNT, message: t('invoice.amountInvalid') };
  return (
    <FormModal
      open={props.open}
      title={read ? t('invoice.read.title') : t('invoice.addByHand')}
      onClose={props.onClose}
      onSave={submit}
      busy={busy}
      width={720}
    >
      {read ? <ReadSummary read={read} /> : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ InvoiceType: 'digital_normal', BuyerPersonal: false }}
        data-testid="invoice-form"
      >
        <Row gutter={12}>
          {lineOptions.length > 0 ? (
            <Col xs={24}>
              <Form.Item name="LineNo" label={t('invoice.field.line')}>
                <Select
                  allowClear
                  options={lineOptions}
                  placeholder={t('invoice.line.choose')}
                  data-testid="invoice-form-line"
                />
              </Form.Item>
            </Col>
          ) : null}
          <Col xs={24} md={12}>
            <Form.Item name="InvoiceType" label={t('invoice.field.type')} rules={[{ required: true }]}>
              <Select
                options={INVOICE_TYPES.map((k) => ({ value: k, label: t(`invoice.type.${k}`) }))}
                data-testid="invoice-type"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="InvoiceDate"
              label={t('invoice.field.date')}
              rules={[{ required: true, message: t('common.required') }]}
            >
              <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} data-testid="invoice-date" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="Code" label={t('invoice.field.code')} extra={t('invoice.codeHint')}>
              <Input maxLength={12} inputMode="numeric" data-testid="invoice-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="Number" label={t('invoice.field.number')} rules={required}>
              <Input maxLength={21} data-testid="invoice-number-input" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="Amount" label={t('invoice.field.amount')} rules={[...required, amountRule]}>
              <Input inputMode="decimal" style={{ textAlign: 'right' }} data-testid="invoice-amount" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="TaxAmount" label={t('invoice.field.tax')} rules={[amountRule]}>
              <Input inputMode="decimal" style={{ textAlign: 'right' }} data-testid="invoice-tax" />
            </Form.Item>
          </Col>
          {type === 'air' ? (
            <Col xs={24} md={8}>
              <Form.Item name="FuelAmount" label={t('invoice.field.fuel')} rules={[amountRule]}>
                <Input inputMode="decimal" style={{ textAlign: 'right' }} data-testid="invoice-fuel" />
              </Form.Item>
            </Col>
          ) : null}
          <Col xs={24}>
            <Form.Item name="CheckCode" label={t('invoice.field.checkCode')}>
              <Input maxLength={20} inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="BuyerName" label={t('invoice.field.buyerName')}>
              <Input maxLength={200} data-testid="invoice-buyer" />
            </Form.Item>
          </Col>
          {personal ? null : (
            <Col xs={24} md={12}>
              <Form.Item name="BuyerTaxID" label={t('invoice.field.buyerTaxId')}>
                <Input maxLength={20} data-testid="invoice-buyer-tax" />
              </Form.Item>
            </Col>
          )}
          <Col xs={24}>
            <Form.Item name="BuyerPersonal" valuePropName="checked">
              <Checkbox data-testid="invoice-buyer-personal-input">{t('invoice.field.buyerPersonal')}</Checkbox>
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="SellerName" label={t('invoice.field.sellerName')}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormModal>
  );
}

/** Where the fields came from, what the file's sources disagreed on, and a fapiao already known. */
function ReadSummary({ read }: { read: FapiaoFileRead }) {
  const { t } = useTranslation();
  return (
    <Alert
      type={read.Duplicate ? 'warning' : 'info'}
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="invoice-read-summary"
      title={t('invoice.read.checkEach', { format: t(`invoice.read.format.${read.Format}`) })}
      description={
        <>
          {read.Duplicate ? (
            <Typography.Paragraph strong style={{ marginBottom: 4 }} data-testid="invoice-read-duplicate">
              {read.Duplicate.Where === 'claimed'
                ? t('invoice.read.duplicateClaimed', { docNo: read.Duplicate.DocNo })
                : t('invoice.read.duplicateFolder')}
            </Typography.Paragraph>
          ) : null}
          {read.Passenger || read.From ? (
            <Typography.Paragraph style={{ marginBottom: 4 }}>
              {t('invoice.read.journey', { passenger: read.Passenger ?? '', from: read.From ?? '', to: read.To ?? '' })}
            </Typography.Paragraph>
          ) : null}
          {read.Total ? (
            <Typography.Paragraph style={{ marginBottom: 4 }} data-testid="invoice-read-total">
              {t('invoice.field.total')} {read.Total}
            </Typography.Paragraph>
          ) : null}
          {read.Conflicts.map((c) => (
            <Typography.Paragraph key={c.Field} type="warning" style={{ marginBottom: 4 }}>
              {t('invoice.read.conflict', {
                field: FIELD_LABEL[c.Field] ? t(FIELD_LABEL[c.Field]!) : c.Field,
                kept: c.Kept,
                keptFrom: t(`invoice.read.source.${c.KeptFrom}`),
                other: c.Other,
                otherFrom: t(`invoice.read.source.${c.OtherFrom}`),
              })}
            </Typography.Paragraph>
          ))}
        </>
      }
    />
  );
}
