import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { RoleRow } from '@ems/contracts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { type ActionDef, type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { ActiveTag, YES_NO, YesNoTag } from '../controls';
import { roleApi } from './api';
import { RoleDrawer } from './RoleDrawer';

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: 'org.common.keyword', type: 'text' },
  { name: 'Active', labelKey: 'org.common.active', type: 'select', options: YES_NO },
];

const COLUMNS: ColumnDef<RoleRow>[] = [
  { dataIndex: 'Code', labelKey: 'org.role.field.code', sortable: true },
  { dataIndex: 'Name', labelKey: 'org.role.field.name', sortable: true, width: 180 },
  { dataIndex: 'Description', labelKey: 'org.role.field.description', width: 240, ellipsis: true },
  { dataIndex: 'FunctionCount', labelKey: 'org.role.field.functionCount' },
  { dataIndex: 'EmployeeCount', labelKey: 'org.role.field.employeeCount' },
  {
    dataIndex: 'TeamAuthority',
    labelKey: 'org.role.field.teamAuthority',
    render: (v) => <YesNoTag value={v === true} />,
  },
  { dataIndex: 'IsAdmin', labelKey: 'org.role.field.isAdmin', render: (v) => <YesNoTag value={v === true} /> },
  {
    dataIndex: 'Active',
    labelKey: 'org.common.status',
    sortable: true,
    render: (v) => <ActiveTag value={v === true} />,
  },
];

/** Roles of the company; a role's functions, reports and people are edited together in one drawer. */
export default function RoleManagementPage() {
  const [target, setTarget] = useState<{ row: RoleRow | undefined } | null>(null);
  const reloadList = useRef<() => unknown>(() => undefined);
  const close = useCallback(() => setTarget(null), []);
  const actions = useMemo<ActionDef<RoleRow>[]>(
    () => [
      {
        key: 'new',
        labelKey: 'common.new',
        icon: <PlusOutlined />,
        primary: true,
        run: ({ reload }) => {
          reloadList.current = reload;
          setTarget({ row: undefined });
        },
      },
      {
        key: 'edit',
        labelKey: 'common.edit',
        icon: <EditOutlined />,
        needsOne: true,
        run: ({ rows, reload }) => {
          reloadList.current = reload;
          setTarget({ row: rows[0] });
        },
      },
    ],
    [],
  );
  return (
    <>
      <ListPage<RoleRow>
        titleKey="menu.master.roleManagement"
        queryKey="orgRoles"
        searchCall={(body) => roleApi.search(body)}
        rowKey="RoleID"
        columns={COLUMNS}
        filters={FILTERS}
        actions={actions}
      />
      <RoleDrawer
        target={target}
        onClose={close}
        onSaved={() => {
          setTarget(null);
          void reloadList.current();
        }}
        onPeopleChanged={() => void reloadList.current()}
      />
    </>
  );
}
