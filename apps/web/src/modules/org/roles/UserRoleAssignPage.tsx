import { UserAddOutlined } from '@ant-design/icons';
import type { EmployeeRoleTeamRow } from '@ems/contracts';
import { Form, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../app/notice';
import { type ActionDef, type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { useFormSubmit } from '../../../shared/useFormSubmit';
import { EmployeeStatusTag, RoleSelect } from '../controls';
import { EmployeePicker } from '../pickers/EmployeePicker';
import { TeamTreeSelect } from '../pickers/TeamTreeSelect';
import { roleApi } from './api';

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: 'org.person.keyword', type: 'text' },
  { name: 'EmployeeID', labelKey: 'org.assign.employee', type: 'custom', control: EmployeePicker },
  { name: 'RoleID', labelKey: 'org.assign.role', type: 'custom', control: RoleSelect },
  { name: 'TeamID', labelKey: 'org.assign.team', type: 'custom', control: TeamTreeSelect },
];

function Scope({ row }: { row: EmployeeRoleTeamRow }) {
  const { t } = useTranslation();
  return row.TeamName ? row.TeamName : <Tag color="blue">{t('org.assign.wholeCompany')}</Tag>;
}

const COLUMNS: ColumnDef<EmployeeRoleTeamRow>[] = [
  { dataIndex: 'EmployeeCode', labelKey: 'org.person.field.code', sortable: true },
  { dataIndex: 'EmployeeName', labelKey: 'org.person.field.name', sortable: true, width: 140 },
  { dataIndex: 'HomeTeamName', labelKey: 'org.person.field.team', width: 200 },
  { dataIndex: 'Status', labelKey: 'org.person.field.status', render: (v) => <EmployeeStatusTag value={String(v)} /> },
  { dataIndex: 'RoleName', labelKey: 'org.assign.role', sortable: true, width: 180 },
  {
    dataIndex: 'TeamName',
    labelKey: 'org.assign.team',
    sortable: true,
    width: 200,
    render: (_v, row) => <Scope row={row} />,
  },
];

interface Values {
  EmployeeID: number;
  RoleID: number;
  TeamID?: number;
}

/** Who holds which role, for which team's data (or the whole company's). */
export default function UserRoleAssignPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState<{ reload: () => unknown } | null>(null);
  const { submit: save, busy } = useFormSubmit<Values, { Inserted: number }>(form, {
    submit: (v) => roleApi.assign({ RoleID: v.RoleID, EmployeeIDs: [v.EmployeeID], TeamID: v.TeamID ?? null }),
    successKey: null,
    onSuccess: async ({ Inserted }) => {
      if (Inserted === 0) notice.info(t('org.assign.already'));
      else notice.success(t('common.saved'));
      await open?.reload();
      setOpen(null);
    },
    fields: ['EmployeeID', 'RoleID', 'TeamID'],
  });
  const actions: ActionDef<EmployeeRoleTeamRow>[] = [
    {
      key: 'assign',
      labelKey: 'org.assign.new',
      icon: <UserAddOutlined />,
      primary: true,
      run: ({ reload }) => {
        form.resetFields();
        setOpen({ reload });
      },
    },
  ];
  return (
    <>
      <ListPage<EmployeeRoleTeamRow>
        titleKey="menu.master.userRoleAssign"
        queryKey="orgAssignments"
        searchCall={(body) => roleApi.assignments(body)}
        rowKey="ID"
        columns={COLUMNS}
        filters={FILTERS}
        actions={actions}
        delete={(rows) => roleApi.unassign(rows.map((r) => r.ID))}
      />
      <Modal
        open={open !== null}
        title={t('org.assign.new')}
        onCancel={() => setOpen(null)}
        onOk={() => void save()}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={busy}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="EmployeeID"
            label={t('org.assign.employee')}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <EmployeePicker />
          </Form.Item>
          <Form.Item
            name="RoleID"
            label={t('org.assign.role')}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <RoleSelect />
          </Form.Item>
          <Form.Item name="TeamID" label={t('org.assign.team')} extra={t('org.assign.teamHelp')}>
            <TeamTreeSelect />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
