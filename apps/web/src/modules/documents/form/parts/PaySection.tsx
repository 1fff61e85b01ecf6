import { EditOutlined, UndoOutlined } from '@ant-design/icons';
import type { PayDetail, VendorRow } from '@ems/contracts';
import { Button, Descriptions, Flex, Form, Popconfirm, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../shared/FormModal';
import type { CustomControlProps } from '../../../../shared/list-page';
import { RemotePicker } from '../../../../shared/RemotePicker';
import { useFormSubmit } from '../../../../shared/useFormSubmit';
import { partsApi } from './partsApi';
import { type PartProps, usePartChange, usePartQuery } from './usePart';

const vendorLabel = (v: Pick<VendorRow, 'Code' | 'Name' | 'BankName' | 'BankAccount'>) =>
  `${v.Code} ${v.Name}${v.BankAccount ? ` · ${v.BankName ?? ''} ${v.BankAccount}` : ''}`;

/** A vendor of the SAP vendor master by code, name or tax number; the value is the vendor's code. */
export function VendorPicker(props: CustomControlProps) {
  return (
    <RemotePicker<string>
      {...props}
      queryKey={['documents', 'vendor', 'picker']}
      placeholderKey="doc.part.pay.vendorPlaceholder"
      parse={(raw) => (typeof raw === 'string' && raw ? raw : undefined)}
      search={async (k) => {
        // Before anything is typed: the vendors the company's documents already pay, most used first.
        const used = k ? [] : (await partsApi.payVendors()).Rows;
        const rows = used.length ? used : (await partsApi.vendors({ Keyword: k || undefined })).Rows;
        return rows.map((v) => ({ value: v.Code, label: vendorLabel(v) }));
      }}
      lookup={async (code) => {
        const v = (await partsApi.vendors({ Code: code })).Rows[0];
        return { value: code, label: v ? vendorLabel(v) : code };
      }}
    />
  );
}

type Values = { PayeeKind: 'employee' | 'vendor'; VendorCode?: string };

/** Whom the document pays: the applicant (the default) or a vendor; back to the applicant with a reset. */
export function PaySection(p: PartProps) {
  const { t } = useTranslation();
  const pay = usePartQuery('pay', p.doc.ID, partsApi.pay);
  const change = usePartChange<PayDetail>('pay', p);
  const [editing, setEditing] = useState(false);
  const d = pay.data;
  const I = Descriptions.Item;
  return (
    <Flex vertical gap={8} data-testid="doc-pay">
      {d ? (
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
          <I label={t('doc.part.pay.kind')}>{t(`doc.part.pay.${d.PayeeKind}`)}</I>
          <I label={t('doc.part.pay.payee')}>{`${d.PayeeName} (${d.PayeeCode})`}</I>
          <I label={t('doc.part.pay.bank')}>{d.BankName ?? ''}</I>
          <I label={t('doc.part.pay.account')}>{d.BankAccount ?? t('doc.part.pay.noAccount')}</I>
        </Descriptions>
      ) : null}
      {p.editable ? (
        <Space>
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="doc-pay-edit">
            {t('doc.part.pay.change')}
          </Button>
          {d?.Saved ? (
            <Popconfirm
              title={t('doc.part.pay.resetConfirm')}
              onConfirm={() => change((ref) => partsApi.resetPay(ref)).catch(() => undefined)}
            >
              <Button icon={<UndoOutlined />}>{t('doc.part.pay.reset')}</Button>
            </Popconfirm>
          ) : null}
        </Space>
      ) : null}
      {editing ? (
        <PayModal
          current={d}
          onClose={() => setEditing(false)}
          save={(v) =>
            change((ref) =>
              partsApi.savePay({
                ...ref,
                PayeeKind: v.PayeeKind,
                ...(v.PayeeKind === 'vendor' ? { VendorCode: v.VendorCode } : {}),
              }),
            )
          }
        />
      ) : null}
    </Flex>
  );
}

function PayModal(props: {
  current: PayDetail | undefined;
  onClose: () => void;
  save: (v: Values) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('PayeeKind', form);
  const { submit, busy } = useFormSubmit<Values>(form, {
    submit: props.save,
    onSuccess: props.onClose,
    fields: ['PayeeKind', 'VendorCode'],
  });
  const c = props.current;
  return (
    <FormModal open title={t('doc.part.pay.change')} onClose={props.onClose} onSave={submit} busy={busy}>
      <Form
        form={form}
        layout="vertical"
        data-testid="doc-pay-form"
        initialValues={{
          PayeeKind: c?.PayeeKind ?? 'employee',
          ...(c?.PayeeKind === 'vendor' ? { VendorCode: c.PayeeCode } : {}),
        }}
      >
        <Form.Item name="PayeeKind" label={t('doc.part.pay.kind')}>
          <Radio.Group
            options={[
              { value: 'employee', label: t('doc.part.pay.employee') },
              { value: 'vendor', label: t('doc.part.pay.vendor') },
            ]}
          />
        </Form.Item>
        {kind === 'vendor' ? (
          <Form.Item
            name="VendorCode"
            label={t('doc.part.pay.vendor')}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <VendorPicker data-testid="pay-vendor" />
          </Form.Item>
        ) : null}
      </Form>
    </FormModal>
  );
}
