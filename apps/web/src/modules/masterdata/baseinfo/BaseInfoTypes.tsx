import { DeleteOutlined, EditOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import type { BaseInfoTypeRow } from '@ems/contracts';
import { Badge, Button, Form, Input, InputNumber, List, Modal, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../app/notice';
import { Panel } from '../../../shared/Panel';
import { useFormSubmit } from '../../../shared/useFormSubmit';
import { baseInfoApi } from './api';

interface Props {
  types: BaseInfoTypeRow[];
  selected: number | undefined;
  onSelect: (id: number) => void;
  onChanged: () => unknown;
}

const F = 'finmd.baseInfo.field';

/** The list types on the left: choose one to see its items; add, rename or delete (empty, not built-in) types. */
export function BaseInfoTypes({ types, selected, onSelect, onChanged }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<{ row: BaseInfoTypeRow | undefined } | null>(null);

  const open = (row: BaseInfoTypeRow | undefined) => {
    form.resetFields();
    form.setFieldsValue(row ?? { Sort: types.length + 1 });
    setEditing({ row });
  };
  const { submit: save, busy } = useFormSubmit<Parameters<typeof baseInfoApi.saveType>[0], BaseInfoTypeRow>(form, {
    submit: (values) => {
      const row = editing?.row;
      return baseInfoApi.saveType({
        ...values,
        ...(row ? { TypeID: row.TypeID, Version: row.Version, TypeCode: row.TypeCode } : {}),
      });
    },
    onSuccess: async (saved) => {
      setEditing(null);
      await onChanged();
      onSelect(saved.TypeID);
    },
    fields: ['TypeCode', 'NameZH', 'NameEN', 'Sort'],
  });
  const remove = async (row: BaseInfoTypeRow) => {
    try {
      await baseInfoApi.deleteTypes([row.TypeID]);
      notice.success(t('common.deleted'));
      await onChanged();
    } catch (error) {
      notice.error(error);
    }
  };

  return (
    <Panel
      title={
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          {t('finmd.baseInfo.types')}
          <Button
            size="small"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => open(undefined)}
            data-testid="type-new"
          >
            {t('common.new')}
          </Button>
        </Space>
      }
    >
      <List<BaseInfoTypeRow>
        size="small"
        dataSource={types}
        renderItem={(row) => (
          <List.Item
            onClick={() => onSelect(row.TypeID)}
            style={{
              cursor: 'pointer',
              paddingInline: 8,
              background: row.TypeID === selected ? 'rgba(22, 119, 255, 0.08)' : undefined,
            }}
            data-testid={`type-${row.TypeCode}`}
            actions={[
              <Button
                key="edit"
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label={t('common.edit')}
                onClick={(e) => {
                  e.stopPropagation();
                  open(row);
                }}
              />,
              row.IsSystem ? (
                <Tooltip key="lock" title={t('finmd.baseInfo.systemType')}>
                  <LockOutlined style={{ color: '#999', padding: '0 7px' }} />
                </Tooltip>
              ) : (
                <Popconfirm key="delete" title={t('common.confirmDelete')} onConfirm={() => remove(row)}>
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('common.delete')}
                    onClick={(e) => e.stopPropagation()}
                  />
                </Popconfirm>
              ),
            ]}
          >
            <List.Item.Meta
              title={
                <Space>
                  <Typography.Text strong={row.TypeID === selected}>{row.Name}</Typography.Text>
                  <Badge count={row.ItemCount} color="#8c8c8c" showZero />
                </Space>
              }
              description={
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 150 }}>
                  {row.TypeCode}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
      <Modal
        open={editing !== null}
        title={t(editing?.row ? 'finmd.baseInfo.editType' : 'finmd.baseInfo.newType')}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="TypeCode"
            label={t(`${F}.typeCode`)}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <Input maxLength={40} disabled={editing?.row !== undefined} />
          </Form.Item>
          <Form.Item name="NameZH" label={t(`${F}.nameZh`)} rules={[{ required: true, message: t('common.required') }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="NameEN" label={t(`${F}.nameEn`)} rules={[{ required: true, message: t('common.required') }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="Sort" label={t(`${F}.sort`)}>
            <InputNumber min={0} max={9999} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </Panel>
  );
}
