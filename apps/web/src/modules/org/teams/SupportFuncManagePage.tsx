import { CheckSquareOutlined, CloseSquareOutlined } from '@ant-design/icons';
import type { TeamRow } from '@ems/contracts';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../app/notice';
import { type ActionDef, type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { ActiveTag, YES_NO, YesNoTag } from '../controls';
import { teamApi } from './api';

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: 'org.common.keyword', type: 'text' },
  { name: 'IsSupportFunction', labelKey: 'org.team.field.isSupportFunction', type: 'select', options: YES_NO },
  { name: 'Active', labelKey: 'org.common.active', type: 'select', options: YES_NO },
];

const COLUMNS: ColumnDef<TeamRow>[] = [
  { dataIndex: 'Code', labelKey: 'org.team.field.code', sortable: true },
  { dataIndex: 'Name', labelKey: 'org.team.field.name', sortable: true, width: 220 },
  { dataIndex: 'ParentName', labelKey: 'org.team.field.parent', width: 200 },
  { dataIndex: 'BU', labelKey: 'org.team.field.bu', sortable: true },
  { dataIndex: 'MemberCount', labelKey: 'org.team.field.memberCount', sortable: true },
  {
    dataIndex: 'IsSupportFunction',
    labelKey: 'org.team.field.isSupportFunction',
    render: (v) => <YesNoTag value={v === true} />,
  },
  { dataIndex: 'Active', labelKey: 'org.common.status', render: (v) => <ActiveTag value={v === true} /> },
];

/** Teams marked as support functions (finance, HR, IT …) as opposed to the commercial line. */
export default function SupportFuncManagePage() {
  const { t } = useTranslation();
  const mark =
    (value: boolean): ActionDef<TeamRow>['run'] =>
    async ({ rows, reload, clearSelection }) => {
      await teamApi.setSupport(
        rows.map((r) => r.TeamID),
        value,
      );
      notice.success(t('common.saved'));
      clearSelection();
      await reload();
    };
  const actions: ActionDef<TeamRow>[] = [
    {
      key: 'mark',
      labelKey: 'org.support.mark',
      icon: <CheckSquareOutlined />,
      primary: true,
      needsSome: true,
      run: mark(true),
    },
    { key: 'unmark', labelKey: 'org.support.unmark', icon: <CloseSquareOutlined />, needsSome: true, run: mark(false) },
  ];
  return (
    <ListPage<TeamRow>
      titleKey="menu.master.supportFuncManage"
      queryKey="orgSupportFunctions"
      searchCall={(body) => teamApi.list(body)}
      rowKey="TeamID"
      columns={COLUMNS}
      filters={FILTERS}
      actions={actions}
    />
  );
}
