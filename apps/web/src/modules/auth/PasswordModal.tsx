import { PasswordRule } from '@ems/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { notice } from '../../app/notice';
import { applyFieldErrors } from '../../shared/formErrors';
import { useActionGuard } from '../../shared/useActionGuard';
import { authApi } from './api';

interface PasswordForm {
  OldPassword: string;
  NewPassword: string;
  Confirm: string;
}

interface PasswordModalProps {
  open: boolean;
  /** The user must change the password before going on: no cancel, no closing. */
  forced: boolean;
  onClose: () => void;
  onChanged: () => void;
}

/** Change password: old, new (at least 8 characters with a letter and a digit), confirm. */
export function PasswordModal({ open, forced, onClose, onChanged }: PasswordModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordForm>();

  const { run: save, busy } = useActionGuard(async () => {
    let values: PasswordForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await authApi.modifyPassword(values.OldPassword, values.NewPassword);
      notice.success(t('password.changed'));
      form.resetFields();
      onChanged();
    } catch (error) {
      if (!applyFieldErrors(form, error, ['OldPassword', 'NewPassword'])) notice.error(error);
    }
  });

  return (
    <Modal
      open={open}
      title={t('password.title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => void save()}
      onCancel={forced ? undefined : onClose}
      confirmLoading={busy}
      closable={!forced}
      keyboard={!forced}
      mask={{ closable: !forced }}
      cancelButtonProps={{ style: forced ? { display: 'none' } : {} }}
      okButtonProps={{ 'data-testid': 'password-save' } as Record<string, string>}
      destroyOnHidden
    >
      {forced ? <Alert type="warning" showIcon title={t('password.mustChange')} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" onFinish={() => void save()}>
        <Form.Item
          name="OldPassword"
          label={t('password.old')}
          rules={[{ required: true, message: t('common.required') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
        <Form.Item
          name="NewPassword"
          label={t('password.new')}
          extra={t('password.rule')}
          rules={[
            { required: true, message: t('common.required') },
            {
              validator: (_rule, value: string | undefined) =>
                !value || PasswordRule.safeParse(value).success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.ruleInvalid'))),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item
          name="Confirm"
          label={t('password.confirm')}
          dependencies={['NewPassword']}
          rules={[
            { required: true, message: t('common.required') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('NewPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-confirm" />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
