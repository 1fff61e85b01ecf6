import { Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/FormModal';
import { formatAmount } from '../../../shared/format';
import { useFormSubmit } from '../../../shared/useFormSubmit';
import { peopleApi } from './api';
import type { PersonModalProps } from './rowModal';

/** Up to 16 digits and two decimals, never negative: the server's money rule. */
const MONEY = /^\d{1,16}(\.\d{1,2})?$/;

/** The amount up to which the person's approval suffices; empty removes it. */
export function ApprovalLimitModal({ row, onClose, onDone }: PersonModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ ApprovalLimit?: string }>();
  useEffect(() => {
    if (row) form.setFieldsValue({ ApprovalLimit: row.ApprovalLimit ?? '' });
  }, [row, form]);
  const { submit: run, busy } = useFormSubmit<{ ApprovalLimit?: string }>(form, {
    submit: async (values) => {
      if (!row) return;
      const text = values.ApprovalLimit?.replace(/,/g, '').trim() ?? '';
      await peopleApi.setApproveLimit({
        EmployeeID: row.EmployeeID,
        ApprovalLimit: text === '' ? null : text,
        Version: row.Version,
      });
    },
    onSuccess: onDone,
    fields: ['ApprovalLimit'],
  });
  return (
    <FormModal
      open={row !== null}
      title={t('org.person.limitTitle', { name: row?.Name ?? '' })}
      onClose={onClose}
      onSave={run}
      busy={busy}
    >
      <Typography.Paragraph type="secondary">{t('org.person.limitHelp')}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="ApprovalLimit"
          label={t('org.person.field.approvalLimit')}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const text = value?.replace(/,/g, '').trim() ?? '';
                if (text !== '' && !MONEY.test(text)) throw new Error(t('org.person.limitInvalid'));
              },
            },
          ]}
          extra={row?.ApprovalLimit ? `${t('org.person.currentLimit')} ${formatAmount(row.ApprovalLimit)}` : undefined}
        >
          <Input prefix="¥" inputMode="decimal" allowClear data-testid="limit-input" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
