import { type FCSettingRow, FX_CURRENCIES, type SaveFCSettingBody } from '@ems/contracts';
import { displayDateTime } from '../../../shared/format';
import { type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { MONTH_OPTIONS, yearOptions } from '../finance-shared';
import { fxApi } from './api';

const F = 'finmd.fx.field';
const CURRENCY_OPTIONS = FX_CURRENCIES.map((c) => ({ value: c, labelKey: `finmd.currency.${c}` }));

const FILTERS: FilterDef[] = [
  { name: 'Currency', labelKey: `${F}.currency`, type: 'select', options: CURRENCY_OPTIONS },
  { name: 'Year', labelKey: `${F}.year`, type: 'select', options: yearOptions(3, 1) },
  { name: 'Month', labelKey: `${F}.month`, type: 'select', options: MONTH_OPTIONS },
];

const COLUMNS: ColumnDef<FCSettingRow>[] = [
  { dataIndex: 'Period', labelKey: `${F}.period`, sortable: true },
  { dataIndex: 'Currency', labelKey: `${F}.currency`, sortable: true },
  { dataIndex: 'Rate', labelKey: `${F}.rate`, sortable: true, width: 180 },
  { dataIndex: 'UpdatedAt', labelKey: `${F}.updatedAt`, width: 180, render: (v) => displayDateTime(v) },
];

const now = new Date();
const EDITOR: EditorDef<FCSettingRow> = {
  createTitleKey: 'finmd.fx.createTitle',
  editTitleKey: 'finmd.fx.editTitle',
  initialValues: { Year: now.getFullYear(), Month: now.getMonth() + 1 },
  fields: [
    { name: 'Currency', labelKey: `${F}.currency`, type: 'select', required: true, options: CURRENCY_OPTIONS },
    { name: 'Year', labelKey: `${F}.year`, type: 'select', required: true, options: yearOptions(3, 1) },
    { name: 'Month', labelKey: `${F}.month`, type: 'select', required: true, options: MONTH_OPTIONS },
    { name: 'Rate', labelKey: `${F}.rate`, type: 'text', required: true, maxLength: 20 },
  ],
  save: (values, row) =>
    fxApi.save({
      ...(values as unknown as SaveFCSettingBody),
      ...(row ? { FCSettingID: row.FCSettingID, Version: row.Version } : {}),
    }),
};

/** Monthly FX rates into CNY: documents in other currencies convert at their month's rate. */
export default function FCSettingPage() {
  return (
    <ListPage<FCSettingRow>
      titleKey="menu.master.FCSetting"
      queryKey="finmd-fxRates"
      searchCall={(body) => fxApi.search(body)}
      rowKey="FCSettingID"
      columns={COLUMNS}
      filters={FILTERS}
      editor={EDITOR}
      delete={(rows) => fxApi.remove(rows.map((r) => r.FCSettingID))}
    />
  );
}
