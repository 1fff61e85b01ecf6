import type { ProductBuRow } from '@ems/contracts';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { TeamTreeSelect } from '../../org/pickers/TeamTreeSelect';
import { productApi } from './api';
import { StatusTag } from './columns';
import { CODE_NAME_FIELDS, STATUS, textBool, withBools, YES_NO } from './options';

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: 'expenseMaster.field.keyword', type: 'text' },
  { name: 'Status', labelKey: 'expenseMaster.field.status', type: 'select', options: STATUS },
];

const EDITOR: EditorDef<ProductBuRow> = {
  createTitleKey: 'expenseMaster.bu.createTitle',
  editTitleKey: 'expenseMaster.bu.editTitle',
  initialValues: { Active: 'true' },
  load: async (row) => withBools(row as unknown as Record<string, unknown>, ['Active']),
  fields: [
    ...CODE_NAME_FIELDS,
    { name: 'TeamID', labelKey: 'expenseMaster.bu.team', type: 'custom', control: TeamTreeSelect },
    { name: 'Active', labelKey: 'expenseMaster.field.active', type: 'select', required: true, options: YES_NO },
  ],
  save: (v, row) =>
    productApi.saveBu({
      ...v,
      TeamID: (v.TeamID as number | undefined) ?? null,
      Active: textBool(v.Active, true),
      ...(row ? { ID: row.ID, Version: row.Version } : {}),
    }),
};

/** Business units of products, with the team each belongs to; Excel export and import. */
export default function ProductBuPage() {
  const { t } = useTranslation();
  const columns: ColumnDef<ProductBuRow>[] = [
    { dataIndex: 'Code', labelKey: 'expenseMaster.field.code', sortable: true },
    { dataIndex: 'Name', labelKey: 'expenseMaster.field.name', sortable: true, width: 220 },
    { dataIndex: 'TeamName', labelKey: 'expenseMaster.bu.team', width: 200 },
    { dataIndex: 'ProductCount', labelKey: 'expenseMaster.bu.productCount' },
    {
      dataIndex: 'Active',
      labelKey: 'expenseMaster.field.status',
      sortable: true,
      render: (v) => <StatusTag active={v === true} t={t} />,
    },
  ];
  return (
    <ListPage<ProductBuRow>
      titleKey="menu.master.ProductConfigBU"
      queryKey="productBus"
      searchCall={(body) => productApi.searchBus(body)}
      exportCall={(filters) => productApi.exportBus(filters)}
      importCall={(file) => productApi.importBus(file)}
      rowKey="ID"
      columns={columns}
      filters={FILTERS}
      editor={EDITOR}
      delete={(rows) => productApi.removeBus(rows.map((r) => r.ID))}
    />
  );
}
