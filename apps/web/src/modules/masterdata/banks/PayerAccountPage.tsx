import { BANK_LAYOUTS, type PayerAccountRow } from '@ems/contracts';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { payerAccountApi } from './api';
import { BankBranchPicker } from './BankBranchPicker';

const F = 'banks.payer.field';
const LAYOUT_OPTIONS = BANK_LAYOUTS.map((v) => ({ value: v, labelKey: `banks.layout.${v}` }));
const YES_NO = [
  { value: 'true', labelKey: 'banks.yes' },
  { value: 'false', labelKey: 'banks.no' },
];

function Layout({ value }: { value: string }) {
  const { t } = useTranslation();
  return <>{t(`banks.layout.${value}`)}</>;
}
function Flag({ on, color }: { on: boolean; color: string }) {
  const { t } = useTranslation();
  return on ? <Tag color={color}>{t('banks.yes')}</Tag> : <>{t('banks.no')}</>;
}

const FILTERS: FilterDef[] = [{ name: 'Keyword', labelKey: 'banks.payer.keyword', type: 'text' }];

const COLUMNS: ColumnDef<PayerAccountRow>[] = [
  { dataIndex: 'Code', labelKey: `${F}.code`, sortable: true, width: 120 },
  { dataIndex: 'AccountName', labelKey: `${F}.accountName`, sortable: true, width: 200 },
  { dataIndex: 'AccountNo', labelKey: `${F}.accountNo`, width: 190 },
  { dataIndex: 'BranchName', labelKey: `${F}.branch`, width: 260 },
  { dataIndex: 'Cnaps', labelKey: `${F}.cnaps`, width: 140 },
  { dataIndex: 'Currency', labelKey: `${F}.currency`, width: 90 },
  { dataIndex: 'Layout', labelKey: `${F}.layout`, width: 170, render: (v) => <Layout value={String(v)} /> },
  { dataIndex: 'IsDefault', labelKey: `${F}.isDefault`, width: 100, render: (v) => <Flag on={!!v} color="blue" /> },
  { dataIndex: 'Active', labelKey: `${F}.active`, width: 90, render: (v) => <Flag on={!!v} color="green" /> },
];

const EDITOR: EditorDef<PayerAccountRow> = {
  fields: [
    { name: 'Code', labelKey: `${F}.code`, type: 'text', required: true, maxLength: 40 },
    { name: 'AccountName', labelKey: `${F}.accountName`, type: 'text', required: true, maxLength: 200 },
    { name: 'AccountNo', labelKey: `${F}.accountNo`, type: 'text', required: true, maxLength: 40 },
    { name: 'Cnaps', labelKey: `${F}.branch`, type: 'custom', control: BankBranchPicker, required: true },
    { name: 'Currency', labelKey: `${F}.currency`, type: 'text', required: true, maxLength: 3 },
    { name: 'Layout', labelKey: `${F}.layout`, type: 'select', options: LAYOUT_OPTIONS, required: true },
    { name: 'IsDefault', labelKey: `${F}.isDefault`, type: 'select', options: YES_NO, required: true },
    { name: 'Active', labelKey: `${F}.active`, type: 'select', options: YES_NO, required: true },
  ],
  initialValues: { Currency: 'CNY', Layout: 'generic_csv', IsDefault: 'false', Active: 'true' },
  load: async (row) => ({ ...row, IsDefault: String(row.IsDefault), Active: String(row.Active) }),
  save: (values, row) =>
    payerAccountApi.save({
      Code: String(values.Code ?? ''),
      AccountName: String(values.AccountName ?? ''),
      AccountNo: String(values.AccountNo ?? ''),
      Cnaps: String(values.Cnaps ?? ''),
      Currency: String(values.Currency ?? 'CNY').toUpperCase(),
      Layout: values.Layout as PayerAccountRow['Layout'],
      IsDefault: values.IsDefault === 'true',
      Active: values.Active === 'true',
      ...(row ? { ID: row.ID, Version: row.Version } : {}),
    }),
};

/**
 * The accounts the company pays from (docs/decisions/048): each on a branch of the directory, with the layout its
 * bank reads the payment file in; a remittance run pays from the one chosen, else the default.
 */
export default function PayerAccountPage() {
  const { t } = useTranslation();
  return (
    <ListPage<PayerAccountRow>
      titleKey="menu.account.payerAccount"
      header={<Typography.Text type="secondary">{t('banks.payer.help')}</Typography.Text>}
      queryKey="banks-payers"
      searchCall={(body) => payerAccountApi.search(body)}
      rowKey="ID"
      columns={COLUMNS}
      filters={FILTERS}
      editor={EDITOR}
    />
  );
}
