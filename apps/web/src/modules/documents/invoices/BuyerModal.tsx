import type { DocumentInvoiceList, InvoiceRow } from '@ems/contracts';
import { Button, Checkbox, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/FormModal';
import { useFormSubmit } from '../../../shared/useFormSubmit';
import { invoiceApi } from './api';

interface Values {
  BuyerName?: string;
  BuyerTaxID?: string;
  BuyerPersonal: boolean;
}
const FIELDS = ['BuyerName', 'BuyerTaxID', 'BuyerPersonal'] as const;

/**
 * The buyer of a fapiao on the claimant's document, as the fapiao prints it: asked where its QR code did not hold one
 * (a fully digital fapiao's never does). "Use this company" fills in the claiming company; the server checks the
 * buyer against it as at entry.
 */
export function BuyerModal(props: {
  documentId: number;
  row: InvoiceRow | null;
  company: DocumentInvoiceList['Buyer'] | undefined;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const personal = Form.useWatch('BuyerPersonal', form);
  const { row } = props;
  const { submit, busy } = useFormSubmit<Values>(form, {
    submit: (v) =>
      invoiceApi.update({
        DocumentID: props.documentId,
        InvoiceID: row!.ID,
        Version: row!.Version,
        BuyerName: v.BuyerName?.trim() ?? '',
        BuyerTaxID: v.BuyerPersonal ? '' : (v.BuyerTaxID?.trim() ?? ''),
        BuyerPersonal: v.BuyerPersonal,
      }),
    onSuccess: props.onSaved,
    fields: FIELDS,
  });
  const useCompany = () => {
    if (!props.company) return;
    form.setFieldsValue({ BuyerName: props.company.Name, BuyerTaxID: props.company.TaxID, BuyerPersonal: false });
  };
  return (
    <FormModal
      open={row !== null}
      title={t('invoice.buyer.title', { number: row?.Number ?? '' })}
      onClose={props.onClose}
      onSave={submit}
      busy={busy}
    >
      <Typography.Paragraph type="secondary">{t('invoice.buyer.hint')}</Typography.Paragraph>
      <Form
        key={row?.ID}
        form={form}
        layout="vertical"
        initialValues={{ BuyerName: row?.BuyerName, BuyerTaxID: row?.BuyerTaxID, BuyerPersonal: row?.BuyerPersonal }}
        data-testid="invoice-buyer-form"
      >
        <Form.Item name="BuyerPersonal" valuePropName="checked">
          <Checkbox data-testid="invoice-buyer-personal">{t('invoice.field.buyerPersonal')}</Checkbox>
        </Form.Item>
        <Form.Item name="BuyerName" label={t('invoice.field.buyerName')}>
          <Input maxLength={200} data-testid="invoice-buyer-name" />
        </Form.Item>
        {personal ? null : (
          <Form.Item
            name="BuyerTaxID"
            label={t('invoice.field.buyerTaxId')}
            rules={[{ required: true, whitespace: true, message: t('common.required') }]}
          >
            <Input maxLength={20} autoComplete="off" data-testid="invoice-buyer-taxid" />
          </Form.Item>
        )}
        {personal || !props.company?.TaxID ? null : (
          <Button onClick={useCompany} data-testid="invoice-buyer-company">
            {t('invoice.buyer.useCompany')}
          </Button>
        )}
      </Form>
    </FormModal>
  );
}
