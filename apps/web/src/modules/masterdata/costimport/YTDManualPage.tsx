import type { YTDManualRow } from '@ems/contracts';
import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format';
import { type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { MONTH_OPTIONS, yearOptions } from '../finance-shared';
import { CostCentrePicker } from '../pickers/CostCentrePicker';
import { costImportApi } from './api';

const F = 'finmd.ytd.field';

/** Manual amounts may be reversals, so the sign stays visible. */
const signed = (v: string) => (v.trim().startsWith('-') ? `-${formatAmount(v)}` : formatAmount(v));

const FILTERS: FilterDef[] = [
  { name: 'Year', labelKey: `${F}.year`, type: 'select', options: yearOptions(3, 0) },
  { name: 'Month', labelKey: `${F}.month`, type: 'select', options: MONTH_OPTIONS },
  { name: 'CostCenterID', labelKey: `${F}.costCenter`, type: 'custom', control: CostCentrePicker },
  { name: 'LedgerExpenseCode', labelKey: `${F}.ledgerExpenseCode`, type: 'text' },
];

const COLUMNS: ColumnDef<YTDManualRow>[] = [
  { dataIndex: 'Year', labelKey: `${F}.year`, sortable: true },
  { dataIndex: 'Month', labelKey: `${F}.month`, sortable: true },
  { dataIndex: 'CostCenterCode', labelKey: `${F}.costCenterCode`, sortable: true },
  { dataIndex: 'CostCenterName', labelKey: `${F}.costCenter`, sortable: true, width: 200 },
  { dataIndex: 'LedgerExpenseCode', labelKey: `${F}.ledgerExpenseCode`, sortable: true },
  { dataIndex: 'LedgerExpenseName', labelKey: `${F}.ledgerExpense`, width: 220 },
  {
    dataIndex: 'Amount',
    labelKey: `${F}.amount`,
    sortable: true,
    width: 150,
    render: (v) => <span style={{ display: 'block', textAlign: 'right' }}>{signed(String(v))}</span>,
  },
  { dataIndex: 'Remark', labelKey: `${F}.remark`, width: 200, ellipsis: true },
];

/** Year-to-date amounts entered by hand (spend before this system or outside it), kept by Excel import. */
export default function YTDManualPage() {
  const { t } = useTranslation();
  const [sum, setSum] = useState<string | null>(null);
  return (
    <Flex vertical gap={8}>
      <ListPage<YTDManualRow>
        titleKey="menu.master.ImportYTDManual"
        queryKey="finmd-ytd"
        searchCall={async (body) => {
          const page = await costImportApi.ytd(body);
          setSum(page.Amount);
          return page;
        }}
        exportCall={(filters) => costImportApi.exportYtd(filters)}
        importCall={(file) => costImportApi.importYtd(file)}
        rowKey="YTDManualID"
        columns={COLUMNS}
        filters={FILTERS}
        delete={(rows) => costImportApi.deleteYtd(rows.map((r) => r.YTDManualID))}
      />
      {sum !== null ? (
        <Typography.Text strong style={{ textAlign: 'right' }} data-testid="ytd-sum">
          {t('finmd.ytd.sum', { amount: signed(sum) })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
