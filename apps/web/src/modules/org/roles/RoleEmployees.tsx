import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import type { EmployeeRoleTeamRow } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../../app/i18n/BootProvider';
import { notice } from '../../../app/notice';
import { ActionButton } from '../../../shared/ActionButton';
import { EmployeePicker } from '../pickers/EmployeePicker';
import { TeamTreeSelect } from '../pickers/TeamTreeSelect';
import { roleApi } from './api';

/** The people holding a role, each for a team or the whole company; added and removed at once. */
export function RoleEmployees({ roleId, onChanged }: { roleId: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const [page, setPage] = useState(1);
  const [form] = Form.useForm<{ EmployeeID?: number; TeamID?: number }>();
  const query = useQuery({
    queryKey: ['org', 'roleHolders', roleId, page, culture],
    queryFn: () => roleApi.holders({ RoleID: roleId, PageIndex: page, PageSize: 10 }),
  });
  const refresh = async () => {
    await query.refetch();
    onChanged();
  };
  const add = async () => {
    const v = await form.validateFields();
    await roleApi.assign({ RoleID: roleId, EmployeeIDs: [v.EmployeeID!], TeamID: v.TeamID ?? null });
    notice.success(t('common.saved'));
    form.resetFields();
    await refresh();
  };
  const remove = async (row: EmployeeRoleTeamRow) => {
    if (!(await notice.ask(t('common.confirmDelete')))) return;
    await roleApi.unassign([row.ID]);
    notice.success(t('common.deleted'));
    await refresh();
  };
  return (
    <Flex vertical gap={8}>
      <Form form={form} layout="vertical">
        <Flex gap={8} wrap align="flex-end">
          <Form.Item
            name="EmployeeID"
            label={t('org.assign.employee')}
            rules={[{ required: true, message: t('common.required') }]}
            style={{ minWidth: 220, flex: 1, marginBottom: 0 }}
          >
            <EmployeePicker data-testid="role-employee-picker" />
          </Form.Item>
          <Form.Item
            name="TeamID"
            label={t('org.assign.team')}
            tooltip={t('org.assign.teamHelp')}
            style={{ minWidth: 200, flex: 1, marginBottom: 0 }}
          >
            <TeamTreeSelect />
          </Form.Item>
          <ActionButton icon={<UserAddOutlined />} onAction={add} data-testid="role-employee-add">
            {t('org.role.addEmployee')}
          </ActionButton>
        </Flex>
      </Form>
      <Table<EmployeeRoleTeamRow>
        rowKey="ID"
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.Rows ?? []}
        pagination={{ current: page, pageSize: 10, total: query.data?.Total ?? 0, onChange: setPage }}
        columns={[
          { key: 'code', dataIndex: 'EmployeeCode', title: t('org.person.field.code') },
          { key: 'name', dataIndex: 'EmployeeName', title: t('org.person.field.name') },
          { key: 'home', dataIndex: 'HomeTeamName', title: t('org.person.field.team') },
          {
            key: 'scope',
            title: t('org.assign.team'),
            render: (_, r) => r.TeamName ?? <Tag>{t('org.assign.wholeCompany')}</Tag>,
          },
          {
            key: 'remove',
            width: 60,
            render: (_, r) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.delete')}
                onClick={() => void remove(r)}
              />
            ),
          },
        ]}
      />
    </Flex>
  );
}
