import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ExpenseItemRow, SubExpenseItemRow } from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Drawer, Flex, Form, Grid, Input, InputNumber, Modal, Switch, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../../app/i18n/BootProvider';
import { notice } from '../../../app/notice';
import { ActionButton } from '../../../shared/ActionButton';
import { useFormSubmit } from '../../../shared/useFormSubmit';
import { itemApi } from './api';
import { StatusTag } from './columns';

interface Values {
  Code: string;
  NameZH: string;
  NameEN: string;
  Sort?: number;
  Active: boolean;
}

/** The sub-items of one expense item: list, create, edit, stop and delete. */
export function SubItemsDrawer({ item, onClose }: { item: ExpenseItemRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const screens = Grid.useBreakpoint();
  const client = useQueryClient();
  const [selected, setSelected] = useState<SubExpenseItemRow[]>([]);
  const [editing, setEditing] = useState<{ row?: SubExpenseItemRow } | null>(null);
  const [form] = Form.useForm<Values>();
  const query = useQuery({
    queryKey: ['expenseSubItems', item?.ID, culture],
    queryFn: () => itemApi.subItems({ ExpenseItemID: item?.ID, PageSize: 500, SortField: 'Sort' }),
    enabled: item !== null,
  });
  useEffect(() => {
    if (query.error) notice.error(query.error);
  }, [query.error]);
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    const r = editing.row;
    form.setFieldsValue(
      r
        ? { Code: r.Code, NameZH: r.NameZH, NameEN: r.NameEN, Sort: r.Sort, Active: r.Active }
        : { Active: true, Sort: 0 },
    );
  }, [editing, form]);
  const reload = async () => {
    setSelected([]);
    await client.invalidateQueries({ queryKey: ['expenseSubItems', item?.ID] });
    await client.invalidateQueries({ queryKey: ['expenseItems'] });
  };
  const { submit: save, busy } = useFormSubmit<Values>(form, {
    submit: async (v) => {
      const common = { NameZH: v.NameZH.trim(), NameEN: v.NameEN.trim(), Active: v.Active, Sort: v.Sort ?? 0 };
      if (editing?.row) await itemApi.saveSub({ ...common, ID: editing.row.ID, Version: editing.row.Version });
      else if (item) await itemApi.insertSub({ ...common, ExpenseItemID: item.ID, Code: v.Code.trim() });
    },
    onSuccess: async () => {
      setEditing(null);
      await reload();
    },
    fields: ['Code', 'NameZH', 'NameEN'],
  });
  const required = [{ required: true, whitespace: true, message: t('common.required') }];
  return (
    <Drawer
      open={item !== null}
      onClose={onClose}
      size={screens.md ? 720 : '100%'}
      destroyOnHidden
      title={item ? t('expenseMaster.subItem.title', { item: `${item.Name} (${item.Code})` }) : ''}
    >
      <Flex vertical gap={8}>
        <Flex gap={8} wrap>
          <ActionButton type="primary" icon={<PlusOutlined />} onAction={() => setEditing({})}>
            {t('common.new')}
          </ActionButton>
          <ActionButton
            icon={<EditOutlined />}
            onAction={() =>
              selected.length === 1 ? setEditing({ row: selected[0] }) : notice.warning(t('list.selectOnlyOne'))
            }
          >
            {t('common.edit')}
          </ActionButton>
          <ActionButton
            danger
            icon={<DeleteOutlined />}
            onAction={async () => {
              if (selected.length === 0) return notice.warning(t('list.selectSome'));
              if (!(await notice.ask(t('common.confirmDelete')))) return;
              await itemApi.removeSubs(selected.map((s) => s.ID));
              notice.success(t('common.deleted'));
              await reload();
            }}
          >
            {t('common.delete')}
          </ActionButton>
        </Flex>
        <Table<SubExpenseItemRow>
          size="small"
          rowKey="ID"
          loading={query.isFetching}
          dataSource={query.data?.Rows ?? []}
          pagination={false}
          rowSelection={{ selectedRowKeys: selected.map((s) => s.ID), onChange: (_k, rows) => setSelected(rows) }}
          columns={[
            { key: 'Code', dataIndex: 'Code', title: t('expenseMaster.field.code') },
            { key: 'NameZH', dataIndex: 'NameZH', title: t('expenseMaster.field.nameZh') },
            { key: 'NameEN', dataIndex: 'NameEN', title: t('expenseMaster.field.nameEn') },
            { key: 'Sort', dataIndex: 'Sort', title: t('expenseMaster.field.sort') },
            {
              key: 'Active',
              dataIndex: 'Active',
              title: t('expenseMaster.field.status'),
              render: (v: boolean) => <StatusTag active={v} t={t} />,
            },
          ]}
        />
      </Flex>
      <Modal
        open={editing !== null}
        title={t(editing?.row ? 'expenseMaster.subItem.editTitle' : 'expenseMaster.subItem.createTitle')}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ loading: busy }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={() => void save()}>
          <Form.Item name="Code" label={t('expenseMaster.field.code')} rules={required}>
            <Input maxLength={40} disabled={!!editing?.row} />
          </Form.Item>
          <Form.Item name="NameZH" label={t('expenseMaster.field.nameZh')} rules={required}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="NameEN" label={t('expenseMaster.field.nameEn')} rules={required}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="Sort" label={t('expenseMaster.field.sort')}>
            <InputNumber min={0} max={9999} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="Active" label={t('expenseMaster.field.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </Modal>
    </Drawer>
  );
}
