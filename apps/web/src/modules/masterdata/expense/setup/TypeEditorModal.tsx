import type { ExpenseDocType, ExpenseTypeNode } from '@ems/contracts';
import { Form, Input, InputNumber, Modal, Switch, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormSubmit } from '../../../../shared/useFormSubmit';
import { setupApi } from '../api';

/** Create (with a parent or as a root) or edit an expense type. */
export interface TypeEditTarget {
  type?: ExpenseTypeNode;
  parentId?: number | null;
}

interface Values {
  ParentID?: number | null;
  Code: string;
  NameZH: string;
  NameEN: string;
  Sort?: number;
  Active: boolean;
  Restricted: boolean;
}

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}
const parents = (nodes: ExpenseTypeNode[], exclude?: number): TreeOption[] =>
  nodes
    .filter((n) => n.ID !== exclude && n.ItemCount === 0)
    .map((n) => ({ value: n.ID, title: `${n.Name} (${n.Code})`, children: parents(n.Children, exclude) }));

export function TypeEditorModal({
  docType,
  tree,
  target,
  onClose,
  onSaved,
}: {
  docType: ExpenseDocType;
  tree: ExpenseTypeNode[];
  target: TypeEditTarget | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const editing = target?.type;
  useEffect(() => {
    if (!target) return;
    form.resetFields();
    const ty = target.type;
    form.setFieldsValue(
      ty
        ? {
            ParentID: ty.ParentID,
            Code: ty.Code,
            NameZH: ty.NameZH,
            NameEN: ty.NameEN,
            Sort: ty.Sort,
            Active: ty.Active,
            Restricted: ty.Restricted,
          }
        : { ParentID: target.parentId ?? null, Active: true, Restricted: false, Sort: 0 },
    );
  }, [target, form]);

  const { submit: save, busy } = useFormSubmit<Values, { ID: number }>(form, {
    submit: (v) => {
      const api = setupApi(docType);
      const common = {
        ParentID: v.ParentID ?? null,
        NameZH: v.NameZH.trim(),
        NameEN: v.NameEN.trim(),
        Active: v.Active,
        Restricted: docType === 'apply' ? v.Restricted : false,
        Sort: v.Sort ?? 0,
      };
      return editing
        ? api.update({ ...common, ID: editing.ID, Version: editing.Version })
        : api.insert({ ...common, Code: v.Code.trim() });
    },
    onSuccess: (saved) => onSaved(saved.ID),
    fields: ['ParentID', 'Code', 'NameZH', 'NameEN', 'Restricted'],
  });

  const required = [{ required: true, whitespace: true, message: t('common.required') }];
  return (
    <Modal
      open={target !== null}
      title={t(editing ? 'expenseMaster.setup.editType' : 'expenseMaster.setup.newType')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'type-save' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={() => void save()}>
        <Form.Item name="ParentID" label={t('expenseMaster.setup.parent')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            placeholder={t('expenseMaster.setup.rootType')}
            treeData={parents(tree, editing?.ID)}
          />
        </Form.Item>
        <Form.Item name="Code" label={t('expenseMaster.field.code')} rules={required}>
          <Input maxLength={40} disabled={!!editing} data-testid="type-code" />
        </Form.Item>
        <Form.Item name="NameZH" label={t('expenseMaster.field.nameZh')} rules={required}>
          <Input maxLength={200} data-testid="type-name-zh" />
        </Form.Item>
        <Form.Item name="NameEN" label={t('expenseMaster.field.nameEn')} rules={required}>
          <Input maxLength={200} data-testid="type-name-en" />
        </Form.Item>
        <Form.Item name="Sort" label={t('expenseMaster.field.sort')}>
          <InputNumber min={0} max={9999} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="Active" label={t('expenseMaster.field.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {docType === 'apply' ? (
          <Form.Item
            name="Restricted"
            label={t('expenseMaster.setup.restricted')}
            valuePropName="checked"
            extra={t('expenseMaster.setup.restrictedHelp')}
          >
            <Switch />
          </Form.Item>
        ) : null}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
