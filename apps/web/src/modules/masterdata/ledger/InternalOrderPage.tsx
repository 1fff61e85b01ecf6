import type { InternalOrderRow, SaveInternalOrderBody } from '@ems/contracts';
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../../shared/format';
import { type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { codeAndNameFields, STATUS_OPTIONS, StatusTag, startStopActions, YesNoTag } from '../finance-shared';
import { ChoosableCostCentrePicker, CostCentrePicker } from '../pickers/CostCentrePicker';
import { internalOrderApi } from './api';

const F = 'finmd.internalOrder.field';

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: `${F}.keyword`, type: 'text' },
  { name: 'Status', labelKey: `${F}.status`, type: 'select', options: STATUS_OPTIONS },
  { name: 'CostCenterID', labelKey: `${F}.costCenter`, type: 'custom', control: CostCentrePicker },
];

const COLUMNS: ColumnDef<InternalOrderRow>[] = [
  { dataIndex: 'InternalOrderCode', labelKey: `${F}.code`, sortable: true },
  { dataIndex: 'Name', labelKey: `${F}.name`, sortable: true, width: 260 },
  { dataIndex: 'CostCenterCode', labelKey: `${F}.costCenterCode`, sortable: true },
  { dataIndex: 'CostCenterName', labelKey: `${F}.costCenter`, width: 200 },
  { dataIndex: 'Status', labelKey: `${F}.status`, sortable: true, render: (v) => <StatusTag status={String(v)} /> },
  {
    dataIndex: 'Choosable',
    labelKey: 'finmd.field.choosable',
    render: (v) => <YesNoTag value={v === true} yesKey="finmd.yes" noKey="finmd.no" />,
  },
  { dataIndex: 'ValidFrom', labelKey: `${F}.validFrom`, sortable: true },
  { dataIndex: 'ValidTo', labelKey: `${F}.validTo`, sortable: true },
  { dataIndex: 'UpdatedAt', labelKey: `${F}.updatedAt`, sortable: true, width: 180, render: (v) => displayDateTime(v) },
];

const EDITOR: EditorDef<InternalOrderRow> = {
  createTitleKey: 'finmd.internalOrder.createTitle',
  editTitleKey: 'finmd.internalOrder.editTitle',
  fields: [
    ...codeAndNameFields('InternalOrderCode', F),
    { name: 'CostCenterID', labelKey: `${F}.costCenter`, type: 'custom', control: ChoosableCostCentrePicker },
    { name: 'ValidFrom', labelKey: `${F}.validFrom`, type: 'date' },
    { name: 'ValidTo', labelKey: `${F}.validTo`, type: 'date' },
  ],
  save: (values, row) =>
    internalOrderApi.save({
      ...(values as unknown as SaveInternalOrderBody),
      CostCenterID: (values.CostCenterID as number | undefined) ?? null,
      ValidFrom: (values.ValidFrom as string | undefined) ?? null,
      ValidTo: (values.ValidTo as string | undefined) ?? null,
      ...(row
        ? { InternalOrderID: row.InternalOrderID, Version: row.Version, InternalOrderCode: row.InternalOrderCode }
        : {}),
    }),
};

/** Internal orders: projects, trials and events that documents charge besides a cost centre. */
export default function InternalOrderPage() {
  const { t } = useTranslation();
  return (
    <ListPage<InternalOrderRow>
      titleKey="menu.master.internalOrderManagement"
      queryKey="finmd-internalOrders"
      searchCall={(body) => internalOrderApi.search(body)}
      exportCall={(filters) => internalOrderApi.export(filters)}
      importCall={(file) => internalOrderApi.import(file)}
      rowKey="InternalOrderID"
      columns={COLUMNS}
      filters={FILTERS}
      actions={startStopActions<InternalOrderRow>((r) => r.InternalOrderID, internalOrderApi, t)}
      editor={EDITOR}
      delete={(rows) => internalOrderApi.remove(rows.map((r) => r.InternalOrderID))}
    />
  );
}
