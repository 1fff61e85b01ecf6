import type { EmployeeStatus } from '@ems/contracts';
import { Form, Input, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/FormModal';
import { useFormSubmit } from '../../../shared/useFormSubmit';
import { EMPLOYEE_STATUS_OPTIONS, EmployeeStatusTag } from '../controls';
import { peopleApi } from './api';
import type { PersonModalProps } from './rowModal';

interface Values {
  Status: EmployeeStatus;
  Reason: string;
}

/** Freeze, thaw or mark as left: always with a reason, which the person's history keeps. */
export function StatusModal({ row, onClose, onDone }: PersonModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (row) form.resetFields();
  }, [row, form]);
  const { submit: run, busy } = useFormSubmit<Values>(form, {
    submit: async (values) => {
      if (row) await peopleApi.setStatus({ EmployeeID: row.EmployeeID, Version: row.Version, ...values });
    },
    onSuccess: onDone,
    fields: ['Status', 'Reason'],
  });
  return (
    <FormModal
      open={row !== null}
      title={t('org.person.statusTitle', { name: row?.Name ?? '' })}
      onClose={onClose}
      onSave={run}
      busy={busy}
    >
      <Typography.Paragraph>
        {t('org.person.currentStatus')} {row ? <EmployeeStatusTag value={row.Status} /> : null}
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="Status"
          label={t('org.person.field.status')}
          rules={[{ required: true, message: t('common.required') }]}
        >
          <Select
            data-testid="status-select"
            options={EMPLOYEE_STATUS_OPTIONS.filter((o) => o.value !== row?.Status).map((o) => ({
              value: o.value,
              label: t(o.labelKey ?? ''),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="Reason"
          label={t('org.person.reason')}
          rules={[{ required: true, whitespace: true, message: t('common.required') }]}
        >
          <Input.TextArea maxLength={500} autoSize={{ minRows: 3 }} data-testid="status-reason" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
