import { INVOICE_TYPES, type SaveTaxCodeBody, type TaxCodeRow, VAT_RATES } from '@ems/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../../shared/format';
import { type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { taxCodeApi } from './api';

const F = 'erpcodes.tax.field';
const TYPE_OPTIONS = INVOICE_TYPES.map((v) => ({ value: v, labelKey: `invoice.type.${v}` }));
const RATE_OPTIONS = VAT_RATES.map((v) => ({ value: v, label: `${v}%` }));

function TypeLabel({ value }: { value: string }) {
  const { t } = useTranslation();
  return <>{t(`invoice.type.${value}`)}</>;
}

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: `${F}.taxCode`, type: 'text' },
  { name: 'InvoiceType', labelKey: `${F}.invoiceType`, type: 'select', options: TYPE_OPTIONS },
];

const COLUMNS: ColumnDef<TaxCodeRow>[] = [
  {
    dataIndex: 'InvoiceType',
    labelKey: `${F}.invoiceType`,
    sortable: true,
    width: 200,
    render: (v) => <TypeLabel value={String(v)} />,
  },
  { dataIndex: 'Rate', labelKey: `${F}.rate`, sortable: true, render: (v) => `${String(v)}%` },
  { dataIndex: 'TaxCode', labelKey: `${F}.taxCode`, sortable: true },
  { dataIndex: 'Description', labelKey: `${F}.description`, width: 280, ellipsis: true },
  { dataIndex: 'UpdatedAt', labelKey: `${F}.updatedAt`, width: 180, render: (v) => displayDateTime(v) },
];

const EDITOR: EditorDef<TaxCodeRow> = {
  fields: [
    { name: 'InvoiceType', labelKey: `${F}.invoiceType`, type: 'select', options: TYPE_OPTIONS, required: true },
    { name: 'Rate', labelKey: `${F}.rate`, type: 'select', options: RATE_OPTIONS, required: true },
    { name: 'TaxCode', labelKey: `${F}.taxCode`, type: 'text', required: true, maxLength: 2 },
    { name: 'Description', labelKey: `${F}.description`, type: 'text', maxLength: 200 },
  ],
  save: (values, row) =>
    taxCodeApi.save({
      ...(values as unknown as SaveTaxCodeBody),
      ...(row ? { ID: row.ID, Version: row.Version } : {}),
    }),
};

/**
 * Tax codes: the company's SAP tax code of each fapiao kind at each VAT rate, which the input-VAT lines of a voucher
 * and the expense lines their VAT came from carry to the ERP (docs/decisions/049).
 */
export default function TaxCodeMappingPage() {
  const { t } = useTranslation();
  return (
    <ListPage<TaxCodeRow>
      titleKey="menu.account.taxCodeMapping"
      header={<Typography.Text type="secondary">{t('erpcodes.tax.help')}</Typography.Text>}
      queryKey="erpcodes-taxCodes"
      searchCall={(body) => taxCodeApi.search(body)}
      rowKey="ID"
      columns={COLUMNS}
      filters={FILTERS}
      editor={EDITOR}
      delete={(rows) => taxCodeApi.remove(rows.map((r) => r.ID))}
    />
  );
}
