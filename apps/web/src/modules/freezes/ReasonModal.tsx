import type { FreezeRow } from '@ems/contracts';
import { Alert, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../shared/FormModal';
import { useFormSubmit } from '../../shared/useFormSubmit';
import { type FreezeScreen, freezeApi } from './api';

/** Freeze or thaw one person: what it does, stated before it is done, and the reason the history keeps. */
export function ReasonModal(props: {
  screen: FreezeScreen;
  /** Language key of the action, the modal's button. */
  actionKey: string;
  row: FreezeRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { screen, row, onClose, onDone } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<{ Reason: string }>();
  useEffect(() => {
    if (row) form.resetFields();
  }, [row, form]);
  const name = row?.Name ?? '';
  const { submit, busy } = useFormSubmit<{ Reason: string }>(form, {
    submit: async ({ Reason }) => {
      if (row) await freezeApi(screen).act({ EmployeeID: row.EmployeeID, Version: row.Version, Reason });
    },
    successKey: null,
    onSuccess: () => {
      onDone();
    },
    fields: ['Reason'],
  });
  return (
    <FormModal
      open={row !== null}
      title={t(`freeze.reasonTitle.${screen}`, { name })}
      onClose={onClose}
      onSave={submit}
      busy={busy}
      okText={t(props.actionKey)}
    >
      <Alert
        type={screen === 'OverdueThaw' ? 'info' : 'warning'}
        showIcon
        message={t(`freeze.confirm.${screen}`, { name })}
        style={{ marginBottom: 16 }}
        data-testid="freeze-confirm"
      />
      <Form form={form} layout="vertical">
        <Form.Item
          name="Reason"
          label={t('freeze.reason')}
          rules={[{ required: true, whitespace: true, message: t('common.required') }]}
        >
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 3 }} autoFocus data-testid="freeze-reason" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
