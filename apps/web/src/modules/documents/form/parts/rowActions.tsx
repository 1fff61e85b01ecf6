import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space } from 'antd';
import type { TFunction } from 'i18next';

/** The last column of a part's table while it may be changed: edit the row, or delete it after a confirmation. */
export function rowActions<T>(t: TFunction, onEdit: (row: T) => void, onDelete: (row: T) => void) {
  return {
    title: '',
    width: 96,
    render: (_: unknown, r: T) => (
      <Space>
        <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => onEdit(r)} />
        <Popconfirm title={t('common.confirmDelete')} onConfirm={() => onDelete(r)}>
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
        </Popconfirm>
      </Space>
    ),
  };
}
