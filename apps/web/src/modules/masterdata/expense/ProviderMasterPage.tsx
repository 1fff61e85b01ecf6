import { isMaskedAccount, type POWhiteListRow, type ProviderRow } from '@ems/contracts';
import { Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { displayDateTime } from '../../../shared/format';
import { type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { BankBranchPicker } from '../banks/BankBranchPicker';
import { providerApi } from './api';
import { CODE_NAME_FIELDS, PROVIDER_CATEGORY_OPTIONS, textBool, withBools, YES_NO } from './options';
import { optionControl } from './pickers';
import { PROVIDER_FILTERS, providerColumns } from './providerColumns';

const PROVIDER_EDITOR: EditorDef<ProviderRow> = {
  createTitleKey: 'expenseMaster.provider.createTitle',
  editTitleKey: 'expenseMaster.provider.editTitle',
  initialValues: { Active: 'true', Category: 'other' },
  load: async (row) => withBools(row as unknown as Record<string, unknown>, ['Active']),
  fields: [
    ...CODE_NAME_FIELDS,
    {
      name: 'Category',
      labelKey: 'expenseMaster.provider.category',
      type: 'select',
      required: true,
      options: PROVIDER_CATEGORY_OPTIONS,
    },
    { name: 'TaxNo', labelKey: 'expenseMaster.provider.taxNo', type: 'text', maxLength: 20 },
    { name: 'BankName', labelKey: 'expenseMaster.provider.bankName', type: 'text', maxLength: 100 },
    { name: 'BankAccount', labelKey: 'expenseMaster.provider.bankAccount', type: 'text', maxLength: 32 },
    { name: 'BankCnaps', labelKey: 'expenseMaster.provider.bankCnaps', type: 'custom', control: BankBranchPicker },
    { name: 'Active', labelKey: 'expenseMaster.field.active', type: 'select', required: true, options: YES_NO },
  ],
  save: (v, row) =>
    providerApi.save({
      ...v,
      TaxNo: typeof v.TaxNo === 'string' ? v.TaxNo.toUpperCase() : null,
      // The list shows the account masked; the mask sent back unchanged keeps the stored number.
      BankAccount:
        typeof v.BankAccount === 'string'
          ? isMaskedAccount(v.BankAccount)
            ? v.BankAccount.trim()
            : v.BankAccount.replace(/\s+/g, '')
          : null,
      Active: textBool(v.Active, true),
      ...(row ? { ID: row.ID, Version: row.Version } : {}),
    }),
};

const ProviderPicker = optionControl('providers', async (k) =>
  (await providerApi.choose(k)).Rows.map((p) => ({ Value: p.ID, Code: p.Code, Label: p.Name, Extra: p.TaxNo })),
);

const WHITE_LIST_FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: 'expenseMaster.field.keyword', type: 'text' },
  {
    name: 'Validity',
    labelKey: 'expenseMaster.whiteList.validity',
    type: 'select',
    options: [
      { value: 'valid', labelKey: 'expenseMaster.whiteList.valid' },
      { value: 'expired', labelKey: 'expenseMaster.whiteList.expired' },
    ],
  },
];

const WHITE_LIST_EDITOR: EditorDef<POWhiteListRow> = {
  createTitleKey: 'expenseMaster.whiteList.createTitle',
  editTitleKey: 'expenseMaster.whiteList.editTitle',
  fields: [
    {
      name: 'ProviderID',
      labelKey: 'expenseMaster.whiteList.provider',
      type: 'custom',
      control: ProviderPicker,
      required: true,
    },
    { name: 'Reason', labelKey: 'expenseMaster.whiteList.reason', type: 'textarea', required: true, maxLength: 200 },
    { name: 'ValidTo', labelKey: 'expenseMaster.whiteList.validTo', type: 'date' },
  ],
  save: (v, row) =>
    providerApi.saveWhiteList({
      ...v,
      ValidTo: (v.ValidTo as string | undefined) ?? null,
      ...(row ? { ID: row.ID, Version: row.Version } : {}),
    }),
};

/** The provider master and the PO white list (providers whose invoices need no purchase order). */
export default function ProviderMasterPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'whiteList' ? 'whiteList' : 'providers';
  const whiteListColumns: ColumnDef<POWhiteListRow>[] = [
    { dataIndex: 'ProviderCode', labelKey: 'expenseMaster.field.code', sortable: true },
    {
      dataIndex: 'ProviderName',
      labelKey: 'expenseMaster.whiteList.provider',
      sortable: true,
      width: 300,
      ellipsis: true,
    },
    { dataIndex: 'TaxNo', labelKey: 'expenseMaster.provider.taxNo', width: 190 },
    { dataIndex: 'Reason', labelKey: 'expenseMaster.whiteList.reason', width: 260, ellipsis: true },
    { dataIndex: 'ValidTo', labelKey: 'expenseMaster.whiteList.validTo', sortable: true },
    {
      dataIndex: 'Expired',
      labelKey: 'expenseMaster.whiteList.validity',
      render: (v) =>
        v ? (
          <Tag>{t('expenseMaster.whiteList.expired')}</Tag>
        ) : (
          <Tag color="green">{t('expenseMaster.whiteList.valid')}</Tag>
        ),
    },
    {
      dataIndex: 'CreatedAt',
      labelKey: 'expenseMaster.whiteList.createdAt',
      sortable: true,
      width: 180,
      render: (v) => displayDateTime(v),
    },
  ];
  return (
    <Tabs
      activeKey={tab}
      // Each tab is its own list: its filters, page and sort in the URL start afresh.
      onChange={(key) => setParams(key === 'whiteList' ? { tab: key } : {})}
      destroyOnHidden
      items={[
        {
          key: 'providers',
          label: t('expenseMaster.provider.tab'),
          children: (
            <ListPage<ProviderRow>
              titleKey="menu.master.providerMasterManagement"
              queryKey="providers"
              searchCall={(body) => providerApi.search(body)}
              exportCall={(filters) => providerApi.export(filters)}
              rowKey="ID"
              columns={providerColumns(t)}
              filters={PROVIDER_FILTERS}
              editor={PROVIDER_EDITOR}
              delete={(rows) => providerApi.remove(rows.map((r) => r.ID))}
            />
          ),
        },
        {
          key: 'whiteList',
          label: t('expenseMaster.whiteList.tab'),
          children: (
            <ListPage<POWhiteListRow>
              titleKey="expenseMaster.whiteList.title"
              queryKey="poWhiteList"
              searchCall={(body) => providerApi.whiteList(body)}
              rowKey="ID"
              columns={whiteListColumns}
              filters={WHITE_LIST_FILTERS}
              editor={WHITE_LIST_EDITOR}
              delete={(rows) => providerApi.removeWhiteList(rows.map((r) => r.ID))}
            />
          ),
        },
      ]}
    />
  );
}
