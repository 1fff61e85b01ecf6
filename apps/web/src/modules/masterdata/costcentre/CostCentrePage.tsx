import { ProfileOutlined } from '@ant-design/icons';
import { COST_CENTRE_TYPES, type CostCenterRow, type SaveCostCenterBody } from '@ems/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../../shared/format';
import { type ActionDef, type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { TeamTreeSelect } from '../../org/pickers/TeamTreeSelect';
import { codeAndNameFields, numericValue, STATUS_OPTIONS, StatusTag, startStopActions } from '../finance-shared';
import { type LabelledValue, PeopleMultiSelect } from '../pickers/PeoplePicker';
import { costCentreApi } from './api';
import { CostCentreDetailDrawer } from './CostCentreDetailDrawer';
import { SapCodeInput } from './SapCodeInput';

const F = 'finmd.costCentre.field';
const TYPE_OPTIONS = COST_CENTRE_TYPES.map((t) => ({ value: t, labelKey: `finmd.costCentre.type.${t}` }));
const TeamFilter = numericValue(TeamTreeSelect);

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: `${F}.keyword`, type: 'text' },
  { name: 'Status', labelKey: `${F}.status`, type: 'select', options: STATUS_OPTIONS },
  { name: 'Type', labelKey: `${F}.type`, type: 'select', options: TYPE_OPTIONS },
  { name: 'OwnerTeamID', labelKey: `${F}.ownerTeam`, type: 'custom', control: TeamFilter },
  {
    name: 'HasHead',
    labelKey: `${F}.heads`,
    type: 'select',
    options: [
      { value: 'true', labelKey: 'finmd.costCentre.withHeads' },
      { value: 'false', labelKey: 'finmd.costCentre.withoutHeads' },
    ],
  },
];

const COLUMNS: ColumnDef<CostCenterRow>[] = [
  { dataIndex: 'CostCenterCode', labelKey: `${F}.code`, sortable: true },
  { dataIndex: 'Name', labelKey: `${F}.name`, sortable: true, width: 220 },
  { dataIndex: 'SapCode', labelKey: `${F}.sapCode`, sortable: true },
  { dataIndex: 'ProfitCenter', labelKey: `${F}.profitCenter` },
  { dataIndex: 'Type', labelKey: `${F}.type`, sortable: true, render: (v) => <TypeLabel type={String(v)} /> },
  { dataIndex: 'OwnerTeamName', labelKey: `${F}.ownerTeam`, sortable: true, width: 180 },
  { dataIndex: 'Heads', labelKey: `${F}.heads`, width: 200, ellipsis: true },
  { dataIndex: 'Status', labelKey: `${F}.status`, sortable: true, render: (v) => <StatusTag status={String(v)} /> },
  { dataIndex: 'ValidFrom', labelKey: `${F}.validFrom`, sortable: true },
  { dataIndex: 'ValidTo', labelKey: `${F}.validTo`, sortable: true },
  {
    dataIndex: 'UpdatedAt',
    labelKey: `${F}.updatedAt`,
    sortable: true,
    width: 180,
    render: (v) => displayDateTime(v),
  },
];

function TypeLabel({ type }: { type: string }) {
  const { t } = useTranslation();
  return <>{t(`finmd.costCentre.type.${type}`)}</>;
}

const EDITOR: EditorDef<CostCenterRow> = {
  createTitleKey: 'finmd.costCentre.createTitle',
  editTitleKey: 'finmd.costCentre.editTitle',
  initialValues: { Type: 'sales', HeadIDs: [] },
  fields: [
    ...codeAndNameFields('CostCenterCode', F),
    { name: 'Type', labelKey: `${F}.type`, type: 'select', required: true, options: TYPE_OPTIONS },
    { name: 'SapCode', labelKey: `${F}.sapCode`, type: 'custom', control: SapCodeInput },
    { name: 'ProfitCenter', labelKey: `${F}.profitCenter`, type: 'text', maxLength: 10 },
    { name: 'OwnerTeamID', labelKey: `${F}.ownerTeam`, type: 'custom', control: TeamTreeSelect },
    { name: 'HeadIDs', labelKey: `${F}.heads`, type: 'custom', control: PeopleMultiSelect },
    { name: 'ValidFrom', labelKey: `${F}.validFrom`, type: 'date' },
    { name: 'ValidTo', labelKey: `${F}.validTo`, type: 'date' },
  ],
  load: async (row) => {
    const d = await costCentreApi.load(row.CostCenterID);
    return {
      ...d,
      HeadIDs: d.HeadList.map(
        (h): LabelledValue => ({ value: h.EmployeeID, label: `${h.EmployeeName} (${h.EmployeeCode})` }),
      ),
    };
  },
  save: (values, row) => {
    const heads = (values.HeadIDs as LabelledValue[] | undefined) ?? [];
    const body = {
      ...(values as Omit<SaveCostCenterBody, 'HeadIDs'>),
      SapCode: (values.SapCode as string | undefined) ?? null,
      ProfitCenter: (values.ProfitCenter as string | undefined) || null,
      OwnerTeamID: (values.OwnerTeamID as number | undefined) ?? null,
      ValidFrom: (values.ValidFrom as string | undefined) ?? null,
      ValidTo: (values.ValidTo as string | undefined) ?? null,
      HeadIDs: heads.map((h) => h.value),
      ...(row ? { CostCenterID: row.CostCenterID, Version: row.Version, CostCenterCode: row.CostCenterCode } : {}),
    };
    return costCentreApi.save(body);
  },
};

/** Cost centres: the list with filters, create and edit with heads, start and stop, details, Excel. */
export default function CostCentrePage() {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<number | null>(null);
  const actions: ActionDef<CostCenterRow>[] = [
    ...startStopActions<CostCenterRow>((r) => r.CostCenterID, costCentreApi, t),
    {
      key: 'detail',
      labelKey: 'finmd.costCentre.detail',
      icon: <ProfileOutlined />,
      needsOne: true,
      run: ({ rows }) => setDetail(rows[0]?.CostCenterID ?? null),
    },
  ];
  return (
    <>
      <ListPage<CostCenterRow>
        titleKey="menu.master.costCenterManagement"
        queryKey="finmd-costCentres"
        searchCall={(body) => costCentreApi.search(body)}
        exportCall={(filters) => costCentreApi.export(filters)}
        importCall={(file) => costCentreApi.import(file)}
        rowKey="CostCenterID"
        columns={COLUMNS}
        filters={FILTERS}
        actions={actions}
        editor={EDITOR}
        delete={(rows) => costCentreApi.remove(rows.map((r) => r.CostCenterID))}
      />
      <CostCentreDetailDrawer costCentreId={detail} onClose={() => setDetail(null)} />
    </>
  );
}
