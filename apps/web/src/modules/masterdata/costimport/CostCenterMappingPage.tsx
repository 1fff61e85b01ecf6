import type { CostCenterMappingRow } from '@ems/contracts';
import { type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { StatusTag } from '../finance-shared';
import { CostCentrePicker } from '../pickers/CostCentrePicker';
import { costImportApi } from './api';

const F = 'finmd.ccMapping.field';

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: `${F}.keyword`, type: 'text' },
  { name: 'SourceCode', labelKey: `${F}.sourceCode`, type: 'text' },
  { name: 'CostCenterID', labelKey: `${F}.costCenter`, type: 'custom', control: CostCentrePicker },
];

const COLUMNS: ColumnDef<CostCenterMappingRow>[] = [
  { dataIndex: 'SourceCode', labelKey: `${F}.sourceCode`, sortable: true, width: 200 },
  { dataIndex: 'CostCenterCode', labelKey: `${F}.costCenterCode`, sortable: true },
  { dataIndex: 'CostCenterName', labelKey: `${F}.costCenter`, width: 220 },
  {
    dataIndex: 'CostCenterStatus',
    labelKey: 'finmd.costCentre.field.status',
    render: (v) => <StatusTag status={String(v)} />,
  },
  { dataIndex: 'Description', labelKey: `${F}.description`, sortable: true, width: 320, ellipsis: true },
];

/** Codes of outside systems (the old expense system, SAP) mapped to our cost centres, kept by Excel import. */
export default function CostCenterMappingPage() {
  return (
    <ListPage<CostCenterMappingRow>
      titleKey="menu.master.ImportCostCenterMapping"
      queryKey="finmd-ccMappings"
      searchCall={(body) => costImportApi.mappings(body)}
      exportCall={(filters) => costImportApi.exportMappings(filters)}
      importCall={(file) => costImportApi.importMappings(file)}
      rowKey="MappingID"
      columns={COLUMNS}
      filters={FILTERS}
      delete={(rows) => costImportApi.deleteMappings(rows.map((r) => r.MappingID))}
    />
  );
}
