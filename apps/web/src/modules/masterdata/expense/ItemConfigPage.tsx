import type { ItemConfigRow } from '@ems/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { itemApi, itemConfigApi } from './api';
import { DOC_TYPE_OPTIONS } from './options';
import { optionControl } from './pickers';

const LedgerPicker = optionControl(
  'ledgers',
  async (k) => (await itemConfigApi.ledgers({ Keyword: k || undefined })).Rows,
);
// Every active item (loan items as well as deputy ones); the server refuses a stopped one.
const ItemPicker = optionControl('configItems', async (k) =>
  (await itemApi.search({ Keyword: k || undefined, Status: 'active', PageSize: 200 })).Rows.map((i) => ({
    Value: i.ID,
    Code: i.Code,
    Label: i.Name,
    Extra: null,
  })),
);
const ProductPicker = optionControl(
  'products',
  async (k) => (await itemConfigApi.products({ Keyword: k || undefined })).Rows,
);
const CostCentreTypePicker = optionControl(
  'costCentreTypes',
  async (k) => (await itemConfigApi.costCentreTypes({ Keyword: k || undefined })).Rows,
  { describe: () => null },
);

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: 'expenseMaster.field.keyword', type: 'text' },
  { name: 'DocType', labelKey: 'expenseMaster.field.docType', type: 'select', options: DOC_TYPE_OPTIONS },
  { name: 'ExpenseItemID', labelKey: 'expenseMaster.config.item', type: 'custom', control: ItemPicker },
  { name: 'LedgerExpenseID', labelKey: 'expenseMaster.config.ledger', type: 'custom', control: LedgerPicker },
];

const EDITOR: EditorDef<ItemConfigRow> = {
  createTitleKey: 'expenseMaster.config.createTitle',
  editTitleKey: 'expenseMaster.config.editTitle',
  initialValues: { DocType: 'deputy' },
  fields: [
    {
      name: 'ExpenseItemID',
      labelKey: 'expenseMaster.config.item',
      type: 'custom',
      control: ItemPicker,
      required: true,
    },
    {
      name: 'DocType',
      labelKey: 'expenseMaster.field.docType',
      type: 'select',
      options: DOC_TYPE_OPTIONS,
      required: true,
    },
    {
      name: 'CostCenterType',
      labelKey: 'expenseMaster.config.costCentreType',
      type: 'custom',
      control: CostCentreTypePicker,
    },
    { name: 'ProductID', labelKey: 'expenseMaster.config.product', type: 'custom', control: ProductPicker },
    {
      name: 'LedgerExpenseID',
      labelKey: 'expenseMaster.config.ledger',
      type: 'custom',
      control: LedgerPicker,
      required: true,
    },
  ],
  save: (v, row) =>
    itemConfigApi.save({
      ...v,
      CostCenterType: (v.CostCenterType as string | undefined) ?? null,
      ProductID: (v.ProductID as number | undefined) ?? null,
      ...(row ? { ID: row.ID, Version: row.Version } : {}),
    }),
};

/** The GL account of each expense item per document type, for any cost centre or one kind of it, or one product. */
export default function ItemConfigPage() {
  const { t } = useTranslation();
  const columns: ColumnDef<ItemConfigRow>[] = [
    { dataIndex: 'ExpenseItemCode', labelKey: 'expenseMaster.config.itemCode', sortable: true },
    { dataIndex: 'ExpenseItemName', labelKey: 'expenseMaster.config.item', sortable: true, width: 160 },
    {
      dataIndex: 'DocType',
      labelKey: 'expenseMaster.field.docType',
      sortable: true,
      render: (v) => t(`expenseMaster.docType.${String(v)}`),
    },
    {
      dataIndex: 'CostCenterType',
      labelKey: 'expenseMaster.config.costCentreType',
      sortable: true,
      render: (v) =>
        v ? t(`expenseMaster.costCentreType.${String(v)}`, { defaultValue: String(v) }) : t('expenseMaster.config.any'),
    },
    {
      dataIndex: 'ProductName',
      labelKey: 'expenseMaster.config.product',
      width: 200,
      render: (v, row) => (row.ProductCode ? `${String(v)} (${row.ProductCode})` : t('expenseMaster.config.any')),
    },
    { dataIndex: 'LedgerExpenseCode', labelKey: 'expenseMaster.config.ledgerCode', sortable: true },
    { dataIndex: 'LedgerExpenseName', labelKey: 'expenseMaster.config.ledger', width: 180 },
    { dataIndex: 'GLAccount', labelKey: 'expenseMaster.config.glAccount', sortable: true },
    {
      dataIndex: 'LedgerExpenseStatus',
      labelKey: 'expenseMaster.config.ledgerStatus',
      render: (v) =>
        v === 'started' ? (
          <Tag color="green">{t('expenseMaster.config.started')}</Tag>
        ) : (
          <Tag>{t('expenseMaster.config.stopped')}</Tag>
        ),
    },
  ];
  return (
    <ListPage<ItemConfigRow>
      titleKey="menu.master.mainExpenseItemConfig"
      queryKey="itemConfigs"
      searchCall={(body) => itemConfigApi.search(body)}
      rowKey="ID"
      columns={columns}
      filters={FILTERS}
      editor={EDITOR}
      delete={(rows) => itemConfigApi.remove(rows.map((r) => r.ID))}
    />
  );
}
