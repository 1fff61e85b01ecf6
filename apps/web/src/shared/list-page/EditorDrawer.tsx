import { Button, Drawer, Form, Grid, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../app/notice';
import { useFormSubmit } from '../useFormSubmit';
import { FieldInput, fromEditorValues, toEditorValues } from './fields';
import type { EditorDef, FieldDef, FormValues } from './types';

interface EditorDrawerProps<Row> {
  editor: EditorDef<Row>;
  /** Closed: null; create: { row: undefined }; edit: { row }. */
  target: { row: Row | undefined } | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * A required field's rule: blank text counts as empty. Only text is checked for blanks: a whitespace rule makes the
 * validator expect a string, which a select's or picker's numeric value would fail.
 */
function requiredRule(f: FieldDef, message: string) {
  return f.type === 'text' || f.type === 'textarea'
    ? { required: true, whitespace: true, message }
    : { required: true, message };
}

/** Create and edit form of a list; the server's field errors show on the form items. */
export function EditorDrawer<Row extends object>({ editor, target, onClose, onSaved }: EditorDrawerProps<Row>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [loadingRow, setLoadingRow] = useState(false);
  const screens = Grid.useBreakpoint();
  const row = target?.row;
  const editing = row !== undefined;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (!target.row) {
      form.setFieldsValue(toEditorValues(editor.initialValues ?? {}, editor.fields));
      return;
    }
    const current = target.row;
    if (!editor.load) {
      form.setFieldsValue(toEditorValues(current as FormValues, editor.fields));
      return;
    }
    setLoadingRow(true);
    editor
      .load(current)
      .then((values) => form.setFieldsValue(toEditorValues(values, editor.fields)))
      .catch((error: unknown) => {
        notice.error(error);
        onClose();
      })
      .finally(() => setLoadingRow(false));
  }, [target, editor, form, onClose]);

  const { submit: save, busy } = useFormSubmit<FormValues>(form, {
    submit: (values) => editor.save(fromEditorValues(values, editor.fields), row),
    onSuccess: onSaved,
    fields: editor.fields.map((f) => f.name),
  });

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size={screens.sm ? 520 : '100%'}
      destroyOnHidden
      title={t(editing ? (editor.editTitleKey ?? 'common.edit') : (editor.createTitleKey ?? 'common.new'))}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => void save()} data-testid="editor-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={loadingRow}>
        <Form form={form} layout="vertical" onFinish={() => void save()}>
          {editor.fields.map((f) => (
            <Form.Item
              key={f.name}
              name={f.name}
              label={t(f.labelKey)}
              rules={f.required ? [requiredRule(f, t('common.required'))] : []}
            >
              <FieldInput field={f} t={t} disabled={editing && f.readOnlyOnEdit} />
            </Form.Item>
          ))}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </Spin>
    </Drawer>
  );
}
