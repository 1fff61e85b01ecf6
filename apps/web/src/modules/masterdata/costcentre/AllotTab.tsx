import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CostCenterAllot } from '@ems/contracts';
import { Button, Flex, Form, InputNumber, Popconfirm, Progress, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../app/notice';
import { ActionButton } from '../../../shared/ActionButton';
import { StatusTag } from '../finance-shared';
import { ChoosableCostCentrePicker } from '../pickers/CostCentrePicker';
import { costCentreApi } from './api';
import type { PartProps } from './parts';

/** Shares of this cost centre's spend carried by other cost centres: together at most 100 %. */
export function AllotTab({ detail, onChanged }: PartProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ TargetCostCenterID?: number; Percent?: string }>();
  const part = { CostCenterID: detail.CostCenterID, Version: detail.Version };
  const rest = Number(detail.AllotRest);

  const save = async (a: CostCenterAllot, percent: string) => {
    try {
      onChanged(
        await costCentreApi.saveAllot({
          ...part,
          AllotID: a.AllotID,
          TargetCostCenterID: a.TargetCostCenterID,
          Percent: percent,
        }),
      );
      notice.success(t('common.saved'));
    } catch (error) {
      notice.error(error);
    }
  };
  const add = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    // What is left may have changed since the drawer opened.
    const { Rest } = await costCentreApi.restAllot(detail.CostCenterID);
    if (Number(v.Percent) > Number(Rest)) {
      form.setFields([{ name: 'Percent', errors: [t('finmd.costCentre.allotTooMuch', { rest: Rest })] }]);
      return;
    }
    onChanged(
      await costCentreApi.saveAllot({ ...part, TargetCostCenterID: v.TargetCostCenterID!, Percent: String(v.Percent) }),
    );
    form.resetFields();
  };

  return (
    <Flex vertical gap={12}>
      <Flex align="center" gap={16}>
        <Progress
          percent={Number(detail.AllotTotal)}
          style={{ maxWidth: 320 }}
          status={rest === 0 ? 'success' : 'normal'}
        />
        <Typography.Text data-testid="allot-rest">
          {t('finmd.costCentre.allotSummary', { total: detail.AllotTotal, rest: detail.AllotRest })}
        </Typography.Text>
      </Flex>
      <Table<CostCenterAllot>
        size="small"
        rowKey="AllotID"
        pagination={false}
        dataSource={detail.Allotments}
        locale={{ emptyText: t('finmd.costCentre.noAllotments') }}
        columns={[
          { key: 'code', title: t('finmd.costCentre.field.code'), dataIndex: 'TargetCode', width: 120 },
          { key: 'name', title: t('finmd.costCentre.field.name'), dataIndex: 'TargetName' },
          {
            key: 'status',
            title: t('finmd.costCentre.field.status'),
            dataIndex: 'TargetStatus',
            width: 90,
            render: (v: string) => <StatusTag status={v} />,
          },
          {
            key: 'percent',
            title: t('finmd.costCentre.percent'),
            width: 150,
            render: (_, a) => (
              <InputNumber<string>
                stringMode
                size="small"
                min="0.01"
                max="100"
                precision={2}
                suffix="%"
                defaultValue={a.Percent}
                onBlur={(e) => {
                  const next = e.target.value.trim();
                  if (next && Number(next) !== Number(a.Percent)) void save(a, next);
                }}
              />
            ),
          },
          {
            key: 'actions',
            width: 60,
            render: (_, a) => (
              <Popconfirm
                title={t('common.confirmDelete')}
                onConfirm={async () => {
                  try {
                    onChanged(await costCentreApi.deleteAllot({ ...part, AllotIDs: [a.AllotID] }));
                  } catch (error) {
                    notice.error(error);
                  }
                }}
              >
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
              </Popconfirm>
            ),
          },
        ]}
      />
      <Form form={form} layout="inline">
        <Form.Item
          name="TargetCostCenterID"
          rules={[{ required: true, message: t('common.required') }]}
          style={{ minWidth: 300 }}
        >
          <ChoosableCostCentrePicker />
        </Form.Item>
        <Form.Item name="Percent" rules={[{ required: true, message: t('common.required') }]}>
          <InputNumber<string>
            stringMode
            min="0.01"
            max={detail.AllotRest}
            precision={2}
            suffix="%"
            placeholder={t('finmd.costCentre.percent')}
            style={{ width: 140 }}
            disabled={rest <= 0}
          />
        </Form.Item>
        <ActionButton icon={<PlusOutlined />} type="primary" onAction={add} disabled={rest <= 0}>
          {t('finmd.costCentre.addAllotment')}
        </ActionButton>
      </Form>
    </Flex>
  );
}
