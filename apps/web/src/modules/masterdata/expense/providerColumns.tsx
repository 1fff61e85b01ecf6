import type { ProviderRow } from '@ems/contracts';
import type { TFunction } from 'i18next';
import type { ColumnDef, FilterDef } from '../../../shared/list-page';
import { StatusTag, yesNo } from './columns';
import { PROVIDER_CATEGORY_OPTIONS, STATUS } from './options';

/** The provider master's search as SAP experts use it: code, name, tax number, bank account. */
export const PROVIDER_FILTERS: FilterDef[] = [
  { name: 'Code', labelKey: 'expenseMaster.field.code', type: 'text' },
  { name: 'Name', labelKey: 'expenseMaster.field.name', type: 'text' },
  { name: 'TaxNo', labelKey: 'expenseMaster.provider.taxNo', type: 'text' },
  { name: 'BankAccount', labelKey: 'expenseMaster.provider.bankAccount', type: 'text' },
  { name: 'Category', labelKey: 'expenseMaster.provider.category', type: 'select', options: PROVIDER_CATEGORY_OPTIONS },
  { name: 'Status', labelKey: 'expenseMaster.field.status', type: 'select', options: STATUS },
];

export function providerColumns(t: TFunction): ColumnDef<ProviderRow>[] {
  return [
    { dataIndex: 'Code', labelKey: 'expenseMaster.field.code', sortable: true },
    { dataIndex: 'Name', labelKey: 'expenseMaster.field.name', sortable: true, width: 300, ellipsis: true },
    { dataIndex: 'TaxNo', labelKey: 'expenseMaster.provider.taxNo', sortable: true, width: 190 },
    { dataIndex: 'BankName', labelKey: 'expenseMaster.provider.bankName', sortable: true, width: 200 },
    { dataIndex: 'BankAccount', labelKey: 'expenseMaster.provider.bankAccount', width: 190 },
    {
      dataIndex: 'Category',
      labelKey: 'expenseMaster.provider.category',
      sortable: true,
      render: (v) => (v ? t(`expenseMaster.providerCategory.${String(v)}`) : ''),
    },
    { dataIndex: 'OnPOWhiteList', labelKey: 'expenseMaster.provider.onWhiteList', render: (v) => yesNo(t, v === true) },
    {
      dataIndex: 'Active',
      labelKey: 'expenseMaster.field.status',
      sortable: true,
      render: (v) => <StatusTag active={v === true} t={t} />,
    },
  ];
}
