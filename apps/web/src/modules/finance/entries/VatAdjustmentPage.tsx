import { AuditOutlined } from '@ant-design/icons';
import { DEDUCTION_SCOPES, INVOICE_TYPES, type NoDeductRow } from '@ems/contracts';
import { Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format';
import { type ActionDef, type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { taxApi } from './api';
import { VatAdjustmentDrawer } from './VatAdjustmentDrawer';

const F = 'fin.vat.field.';
const money = (v: unknown) => formatAmount(String(v));

const FILTERS: FilterDef[] = [
  {
    name: 'Scope',
    labelKey: 'fin.vat.scope',
    type: 'select',
    options: DEDUCTION_SCOPES.map((s) => ({ value: s, labelKey: `fin.vat.scope.${s}` })),
  },
  { name: 'Keyword', labelKey: 'fin.vat.keyword', type: 'text' },
  {
    name: 'InvoiceType',
    labelKey: `${F}invoiceType`,
    type: 'select',
    options: INVOICE_TYPES.map((s) => ({ value: s, labelKey: `invoice.type.${s}` })),
  },
  { name: 'DateFrom', labelKey: 'fin.vat.dateFrom', type: 'date' },
  { name: 'DateTo', labelKey: 'fin.vat.dateTo', type: 'date' },
];

function TypeName({ value }: { value: string }) {
  const { t } = useTranslation();
  return <>{t(`invoice.type.${value}`)}</>;
}

const COLUMNS: ColumnDef<NoDeductRow>[] = [
  { dataIndex: 'DocNo', labelKey: `${F}docNo`, sortable: true },
  { dataIndex: 'ApplicantName', labelKey: `${F}applicant` },
  { dataIndex: 'InvoiceType', labelKey: `${F}invoiceType`, width: 200, render: (v) => <TypeName value={String(v)} /> },
  { dataIndex: 'Number', labelKey: `${F}number` },
  { dataIndex: 'InvoiceDate', labelKey: `${F}invoiceDate`, sortable: true },
  { dataIndex: 'SellerName', labelKey: `${F}seller`, width: 200, ellipsis: true },
  { dataIndex: 'Amount', labelKey: `${F}amount`, sortable: true, render: money },
  { dataIndex: 'TaxAmount', labelKey: `${F}taxAmount`, render: money },
  { dataIndex: 'DeductibleVat', labelKey: `${F}deductibleVat`, render: money },
  { dataIndex: 'EffectiveVat', labelKey: `${F}effectiveVat`, render: money },
  { dataIndex: 'Drafts', labelKey: `${F}drafts` },
];

/**
 * VAT adjustment (DESIGN §12): the fapiao of reviewed claims by deduction; one fapiao's adjustments are saved as
 * drafts, applied (an adjusting voucher sent to the ERP) or reversed in the drawer.
 */
export default function VatAdjustmentPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<{ row: NoDeductRow; reload: () => unknown } | null>(null);
  const actions: ActionDef<NoDeductRow>[] = [
    {
      key: 'adjust',
      labelKey: 'fin.vat.action.adjust',
      icon: <AuditOutlined />,
      primary: true,
      needsOne: true,
      run: ({ rows, reload }) => setOpen({ row: rows[0]!, reload }),
    },
  ];
  return (
    <>
      <ListPage<NoDeductRow>
        titleKey="menu.account.vatAdjustment"
        header={<Typography.Paragraph type="secondary">{t('fin.vat.help')}</Typography.Paragraph>}
        queryKey="vat-adjustment"
        searchCall={(body) => taxApi.search(body)}
        rowKey="InvoiceID"
        columns={COLUMNS}
        filters={FILTERS}
        actions={actions}
      />
      <VatAdjustmentDrawer
        invoice={open?.row ?? null}
        onClose={() => setOpen(null)}
        onChanged={() => void open?.reload()}
      />
    </>
  );
}
