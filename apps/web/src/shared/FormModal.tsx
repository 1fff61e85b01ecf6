import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A modal that saves a form: Save and Cancel, the Save button busy while the call is in flight; pair it with
 * `useFormSubmit`, whose `submit` is `onSave`.
 */
export function FormModal(props: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  onSave: () => Promise<unknown>;
  busy: boolean;
  width?: number;
  /** The save button's text when the form does more than save (freeze, thaw); "Save" otherwise. */
  okText?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onClose}
      onOk={() => void props.onSave()}
      okText={props.okText ?? t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={props.busy}
      {...(props.width ? { width: props.width } : {})}
      destroyOnHidden
    >
      {props.children}
    </Modal>
  );
}
