import type { ProductRow } from '@ems/contracts';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { lookupApi, productApi } from './api';
import { StatusTag } from './columns';
import { CODE_NAME_FIELDS, STATUS, textBool, withBools, YES_NO } from './options';
import { optionControl } from './pickers';

const BuPicker = optionControl('productBus', async () => (await lookupApi('ProductBUs')).Rows);

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: 'expenseMaster.field.keyword', type: 'text' },
  { name: 'BuID', labelKey: 'expenseMaster.product.buName', type: 'custom', control: BuPicker },
  { name: 'Status', labelKey: 'expenseMaster.field.status', type: 'select', options: STATUS },
];

const EDITOR: EditorDef<ProductRow> = {
  createTitleKey: 'expenseMaster.product.createTitle',
  editTitleKey: 'expenseMaster.product.editTitle',
  initialValues: { Active: 'true' },
  load: async (row) => withBools(row as unknown as Record<string, unknown>, ['Active']),
  fields: [
    ...CODE_NAME_FIELDS,
    { name: 'BuID', labelKey: 'expenseMaster.product.buName', type: 'custom', control: BuPicker },
    { name: 'SapCode', labelKey: 'expenseMaster.product.sapCode', type: 'text', maxLength: 40 },
    { name: 'Active', labelKey: 'expenseMaster.field.active', type: 'select', required: true, options: YES_NO },
  ],
  save: (v, row) =>
    productApi.save({
      ...v,
      BuID: (v.BuID as number | undefined) ?? null,
      Active: textBool(v.Active, true),
      ...(row ? { ID: row.ID, Version: row.Version } : {}),
    }),
};

/** Products of the company and their business units, with Excel export and import. */
export default function ProductConfigPage() {
  const { t } = useTranslation();
  const columns: ColumnDef<ProductRow>[] = [
    { dataIndex: 'Code', labelKey: 'expenseMaster.field.code', sortable: true },
    { dataIndex: 'Name', labelKey: 'expenseMaster.field.name', sortable: true, width: 260 },
    { dataIndex: 'BuCode', labelKey: 'expenseMaster.product.buCode', sortable: true },
    { dataIndex: 'BuName', labelKey: 'expenseMaster.product.buName', width: 180 },
    { dataIndex: 'SapCode', labelKey: 'expenseMaster.product.sapCode', sortable: true },
    {
      dataIndex: 'Active',
      labelKey: 'expenseMaster.field.status',
      sortable: true,
      render: (v) => <StatusTag active={v === true} t={t} />,
    },
  ];
  return (
    <ListPage<ProductRow>
      titleKey="menu.master.ProductConfig"
      queryKey="products"
      searchCall={(body) => productApi.search(body)}
      exportCall={(filters) => productApi.export(filters)}
      importCall={(file) => productApi.import(file)}
      rowKey="ID"
      columns={columns}
      filters={FILTERS}
      editor={EDITOR}
      delete={(rows) => productApi.remove(rows.map((r) => r.ID))}
    />
  );
}
