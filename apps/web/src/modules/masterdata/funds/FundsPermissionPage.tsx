import type { FundsPermissionRow, SaveFundsPermissionBody } from '@ems/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { TeamTreeSelect } from '../../org/pickers/TeamTreeSelect';
import { StatusTag, YesNoTag } from '../finance-shared';
import {
  ChoosableCostCentrePicker,
  ChoosableInternalOrderPicker,
  CostCentrePicker,
  InternalOrderPicker,
} from '../pickers/CostCentrePicker';
import { type LabelledValue, PeopleSelect } from '../pickers/PeoplePicker';
import { fundsApi } from './api';

const F = 'finmd.funds.field';

function KindTag({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={kind === 'employee' || kind === 'cost_centre' ? 'blue' : 'purple'}>{t(`finmd.funds.kind.${kind}`)}</Tag>
  );
}

const FILTERS: FilterDef[] = [
  { name: 'Grantee', labelKey: `${F}.grantee`, type: 'text' },
  {
    name: 'GranteeKind',
    labelKey: `${F}.granteeKind`,
    type: 'select',
    options: [
      { value: 'employee', labelKey: 'finmd.funds.kind.employee' },
      { value: 'team', labelKey: 'finmd.funds.kind.team' },
    ],
  },
  { name: 'CostCenterID', labelKey: `${F}.costCenter`, type: 'custom', control: CostCentrePicker },
  { name: 'InternalOrderID', labelKey: `${F}.internalOrder`, type: 'custom', control: InternalOrderPicker },
  { name: 'ActiveOn', labelKey: `${F}.activeOn`, type: 'date' },
];

const COLUMNS: ColumnDef<FundsPermissionRow>[] = [
  { dataIndex: 'GranteeKind', labelKey: `${F}.granteeKind`, render: (v) => <KindTag kind={String(v)} /> },
  {
    dataIndex: 'EmployeeName',
    labelKey: `${F}.grantee`,
    sortable: true,
    width: 220,
    render: (_, r) => (r.EmployeeID ? `${r.EmployeeName} (${r.EmployeeCode})` : `${r.TeamName} (${r.TeamCode})`),
  },
  { dataIndex: 'TargetKind', labelKey: `${F}.targetKind`, render: (v) => <KindTag kind={String(v)} /> },
  {
    dataIndex: 'CostCenterCode',
    labelKey: `${F}.target`,
    sortable: true,
    width: 260,
    render: (_, r) =>
      r.CostCenterID ? `${r.CostCenterCode} ${r.CostCenterName}` : `${r.InternalOrderCode} ${r.InternalOrderName}`,
  },
  { dataIndex: 'TargetStatus', labelKey: `${F}.targetStatus`, render: (v) => <StatusTag status={String(v)} /> },
  { dataIndex: 'ValidFrom', labelKey: `${F}.validFrom`, sortable: true },
  { dataIndex: 'ValidTo', labelKey: `${F}.validTo`, sortable: true },
  {
    dataIndex: 'Active',
    labelKey: `${F}.active`,
    render: (v) => <YesNoTag value={v === true} yesKey="finmd.funds.active" noKey="finmd.funds.inactive" />,
  },
  { dataIndex: 'Remark', labelKey: `${F}.remark`, width: 240, ellipsis: true },
];

const EDITOR: EditorDef<FundsPermissionRow> = {
  createTitleKey: 'finmd.funds.createTitle',
  editTitleKey: 'finmd.funds.editTitle',
  fields: [
    { name: 'EmployeeID', labelKey: `${F}.employee`, type: 'custom', control: PeopleSelect },
    { name: 'TeamID', labelKey: `${F}.team`, type: 'custom', control: TeamTreeSelect },
    { name: 'CostCenterID', labelKey: `${F}.costCenter`, type: 'custom', control: ChoosableCostCentrePicker },
    { name: 'InternalOrderID', labelKey: `${F}.internalOrder`, type: 'custom', control: ChoosableInternalOrderPicker },
    { name: 'ValidFrom', labelKey: `${F}.validFrom`, type: 'date' },
    { name: 'ValidTo', labelKey: `${F}.validTo`, type: 'date' },
    { name: 'Remark', labelKey: `${F}.remark`, type: 'textarea', maxLength: 200 },
  ],
  load: async (row) => ({
    ...row,
    EmployeeID: row.EmployeeID
      ? { value: row.EmployeeID, label: `${row.EmployeeName} (${row.EmployeeCode})` }
      : undefined,
    TeamID: row.TeamID ?? undefined,
    CostCenterID: row.CostCenterID ?? undefined,
    InternalOrderID: row.InternalOrderID ?? undefined,
  }),
  save: (values, row) => {
    const body: SaveFundsPermissionBody = {
      EmployeeID: (values.EmployeeID as LabelledValue | undefined)?.value ?? null,
      TeamID: (values.TeamID as number | undefined) ?? null,
      CostCenterID: (values.CostCenterID as number | undefined) ?? null,
      InternalOrderID: (values.InternalOrderID as number | undefined) ?? null,
      ValidFrom: (values.ValidFrom as string | undefined) ?? null,
      ValidTo: (values.ValidTo as string | undefined) ?? null,
      Remark: (values.Remark as string | undefined) ?? null,
      ...(row ? { FundsPermissionID: row.FundsPermissionID, Version: row.Version } : {}),
    };
    return fundsApi.save(body);
  },
};

/** Fund permission: which people or teams may charge which cost centres and internal orders beyond their own. */
export default function FundsPermissionPage() {
  return (
    <ListPage<FundsPermissionRow>
      titleKey="menu.master.fundsPermission"
      queryKey="finmd-fundsPermissions"
      searchCall={(body) => fundsApi.search(body)}
      rowKey="FundsPermissionID"
      columns={COLUMNS}
      filters={FILTERS}
      editor={EDITOR}
      delete={(rows) => fundsApi.remove(rows.map((r) => r.FundsPermissionID))}
    />
  );
}
