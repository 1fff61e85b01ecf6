import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CostCenterHead } from '@ems/contracts';
import { Button, Flex, Form, InputNumber, Popconfirm, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../app/notice';
import { ActionButton } from '../../../shared/ActionButton';
import { formatAmount } from '../../../shared/format';
import { EmployeePicker } from '../../org/pickers/EmployeePicker';
import { costCentreApi } from './api';
import type { PartProps } from './parts';

/** Heads approve for the cost centre in this order; the first may sign alone up to their limit. */
export function HeadsTab({ detail, onChanged }: PartProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ EmployeeID?: number; AmountLimit?: string | null }>();
  const part = { CostCenterID: detail.CostCenterID, Version: detail.Version };
  const heads = detail.HeadList;

  const move = async (index: number, by: -1 | 1) => {
    const ids = heads.map((h) => h.HeadID);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    onChanged(await costCentreApi.orderHeads({ ...part, HeadIDs: ids }));
  };
  const remove = async (head: CostCenterHead) => {
    try {
      onChanged(await costCentreApi.deleteHead({ ...part, HeadIDs: [head.HeadID] }));
    } catch (error) {
      notice.error(error);
    }
  };
  const setLimit = async (head: CostCenterHead, limit: string | null) => {
    onChanged(
      await costCentreApi.saveHead({ ...part, HeadID: head.HeadID, EmployeeID: head.EmployeeID, AmountLimit: limit }),
    );
    notice.success(t('common.saved'));
  };
  const add = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    onChanged(
      await costCentreApi.saveHead({
        ...part,
        EmployeeID: v.EmployeeID!,
        AmountLimit: v.AmountLimit ? String(v.AmountLimit) : null,
      }),
    );
    form.resetFields();
  };

  return (
    <Flex vertical gap={12}>
      <Table<CostCenterHead>
        size="small"
        rowKey="HeadID"
        pagination={false}
        dataSource={heads}
        locale={{ emptyText: t('finmd.costCentre.noHeads') }}
        columns={[
          { key: 'seq', title: t('finmd.costCentre.seq'), dataIndex: 'Seq', width: 60 },
          {
            key: 'name',
            title: t('finmd.costCentre.head'),
            render: (_, h) => (
              <span>
                {h.EmployeeName} ({h.EmployeeCode}){' '}
                {h.EmployeeStatus !== 'active' ? (
                  <Tag color="orange">{t(`finmd.employeeStatus.${h.EmployeeStatus}`)}</Tag>
                ) : null}
              </span>
            ),
          },
          { key: 'team', title: t('finmd.costCentre.headTeam'), dataIndex: 'TeamName' },
          {
            key: 'limit',
            title: t('finmd.costCentre.amountLimit'),
            width: 180,
            render: (_, h) => (
              <InputNumber<string>
                stringMode
                min="0"
                precision={2}
                size="small"
                style={{ width: 150 }}
                placeholder={t('finmd.costCentre.noLimit')}
                defaultValue={h.AmountLimit ?? undefined}
                formatter={(v) => (v ? formatAmount(v) : '')}
                parser={(v) => (v ?? '').replace(/,/g, '')}
                onBlur={(e) => {
                  const raw = e.target.value.replace(/,/g, '').trim();
                  const next = raw === '' ? null : raw;
                  const same =
                    next === null
                      ? h.AmountLimit === null
                      : h.AmountLimit !== null && Number(next) === Number(h.AmountLimit);
                  if (!same) void setLimit(h, next).catch((error: unknown) => notice.error(error));
                }}
                data-testid={`head-limit-${h.EmployeeCode}`}
              />
            ),
          },
          {
            key: 'actions',
            width: 140,
            render: (_, h, i) => (
              <Space size={4}>
                <ActionButton
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={i === 0}
                  aria-label={t('finmd.action.moveUp')}
                  onAction={() => move(i, -1)}
                />
                <ActionButton
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={i === heads.length - 1}
                  aria-label={t('finmd.action.moveDown')}
                  onAction={() => move(i, 1)}
                />
                <Popconfirm title={t('common.confirmDelete')} onConfirm={() => remove(h)}>
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Form form={form} layout="inline">
        <Form.Item
          name="EmployeeID"
          rules={[{ required: true, message: t('common.required') }]}
          style={{ minWidth: 280 }}
        >
          <EmployeePicker data-testid="head-picker" />
        </Form.Item>
        <Form.Item name="AmountLimit">
          <InputNumber<string>
            stringMode
            min="0"
            precision={2}
            placeholder={t('finmd.costCentre.amountLimit')}
            style={{ width: 160 }}
          />
        </Form.Item>
        <ActionButton icon={<PlusOutlined />} type="primary" onAction={add} data-testid="head-add">
          {t('finmd.costCentre.addHead')}
        </ActionButton>
      </Form>
    </Flex>
  );
}
