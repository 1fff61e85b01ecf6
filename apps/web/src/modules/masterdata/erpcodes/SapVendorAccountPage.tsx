import { SAP_ACCOUNT_TYPES, type SapVendorRow } from '@ems/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../../shared/format';
import { type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { type LabelledValue, PeopleSelect } from '../pickers/PeoplePicker';
import { sapVendorApi } from './api';

const F = 'erpcodes.vendor.field';
const TYPE_OPTIONS = SAP_ACCOUNT_TYPES.map((v) => ({ value: v, labelKey: `erpcodes.accountType.${v}` }));

function AccountType({ value }: { value: string }) {
  const { t } = useTranslation();
  return <>{t(`erpcodes.accountType.${value}`)}</>;
}

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: `${F}.keyword`, type: 'text' },
  { name: 'AccountType', labelKey: `${F}.accountType`, type: 'select', options: TYPE_OPTIONS },
];

const COLUMNS: ColumnDef<SapVendorRow>[] = [
  { dataIndex: 'EmployeeCode', labelKey: `${F}.employeeCode`, sortable: true },
  { dataIndex: 'EmployeeName', labelKey: `${F}.employeeName`, width: 180 },
  {
    dataIndex: 'AccountType',
    labelKey: `${F}.accountType`,
    sortable: true,
    render: (v) => <AccountType value={String(v)} />,
  },
  { dataIndex: 'VendorNo', labelKey: `${F}.vendorNo`, sortable: true },
  { dataIndex: 'UpdatedAt', labelKey: `${F}.updatedAt`, width: 180, render: (v) => displayDateTime(v) },
];

const EDITOR: EditorDef<SapVendorRow> = {
  fields: [
    { name: 'EmployeeID', labelKey: `${F}.employee`, type: 'custom', control: PeopleSelect, required: true },
    { name: 'AccountType', labelKey: `${F}.accountType`, type: 'select', options: TYPE_OPTIONS, required: true },
    { name: 'VendorNo', labelKey: `${F}.vendorNo`, type: 'text', required: true, maxLength: 10 },
  ],
  initialValues: { AccountType: 'employee_vendor' },
  load: async (row) => ({
    ...row,
    EmployeeID: { value: row.EmployeeID, label: `${row.EmployeeName} (${row.EmployeeCode})` },
  }),
  save: (values, row) =>
    sapVendorApi.save({
      EmployeeID: (values.EmployeeID as LabelledValue).value,
      AccountType: values.AccountType as SapVendorRow['AccountType'],
      VendorNo: String(values.VendorNo ?? ''),
      ...(row ? { ID: row.ID, Version: row.Version } : {}),
    }),
};

/**
 * SAP vendor accounts: each person's vendor (or employee-vendor) number, on which the payable and advance lines of
 * their vouchers are booked in the ERP; kept here or imported from Excel in the export's layout.
 */
export default function SapVendorAccountPage() {
  const { t } = useTranslation();
  return (
    <ListPage<SapVendorRow>
      titleKey="menu.account.sapVendorAccount"
      header={<Typography.Text type="secondary">{t('erpcodes.vendor.help')}</Typography.Text>}
      queryKey="erpcodes-vendors"
      searchCall={(body) => sapVendorApi.search(body)}
      exportCall={(filters) => sapVendorApi.export(filters)}
      importCall={(file) => sapVendorApi.import(file)}
      rowKey="ID"
      columns={COLUMNS}
      filters={FILTERS}
      editor={EDITOR}
      delete={(rows) => sapVendorApi.remove(rows.map((r) => r.ID))}
    />
  );
}
