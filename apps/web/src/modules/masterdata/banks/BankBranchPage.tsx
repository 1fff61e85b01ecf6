import { StopOutlined, SyncOutlined } from '@ant-design/icons';
import { BANK_BRANCH_STATUSES, type BankBranchRow } from '@ems/contracts';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ActionDef, type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { bankBranchApi } from './api';

const F = 'banks.branch.field';
const STATUS_OPTIONS = BANK_BRANCH_STATUSES.map((v) => ({ value: v, labelKey: `banks.branch.status.${v}` }));

function Status({ value }: { value: string }) {
  const { t } = useTranslation();
  return <Tag color={value === 'active' ? 'green' : 'default'}>{t(`banks.branch.status.${value}`)}</Tag>;
}

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: 'banks.branch.keyword', type: 'text' },
  { name: 'BankCode', labelKey: `${F}.bankCode`, type: 'text', maxLength: 3 },
  { name: 'Status', labelKey: `${F}.status`, type: 'select', options: STATUS_OPTIONS },
];

const COLUMNS: ColumnDef<BankBranchRow>[] = [
  { dataIndex: 'Cnaps', labelKey: `${F}.cnaps`, sortable: true, width: 150 },
  { dataIndex: 'BankCode', labelKey: `${F}.bankCode`, width: 110 },
  { dataIndex: 'BankName', labelKey: `${F}.bankName`, sortable: true, width: 160 },
  { dataIndex: 'BranchName', labelKey: `${F}.branchName`, sortable: true, width: 280 },
  { dataIndex: 'Province', labelKey: `${F}.province`, width: 100 },
  { dataIndex: 'City', labelKey: `${F}.city`, sortable: true, width: 100 },
  { dataIndex: 'Status', labelKey: `${F}.status`, width: 100, render: (v) => <Status value={String(v)} /> },
];

const setStatus =
  (status: 'active' | 'inactive'): ActionDef<BankBranchRow>['run'] =>
  async ({ rows, reload, clearSelection }) => {
    await bankBranchApi.setStatus(
      rows.map((r) => ({ ID: r.ID, Version: r.Version })),
      status,
    );
    clearSelection();
    await reload();
  };

const ACTIONS: ActionDef<BankBranchRow>[] = [
  { key: 'start', labelKey: 'banks.branch.start', icon: <SyncOutlined />, needsSome: true, run: setStatus('active') },
  {
    key: 'stop',
    labelKey: 'banks.branch.stop',
    icon: <StopOutlined />,
    needsSome: true,
    confirmKey: 'banks.branch.confirmStop',
    run: setStatus('inactive'),
  },
];

/**
 * The bank-branch directory (docs/decisions/047): every branch with its CNAPS code, imported from the payments
 * association's CSV or an Excel file; people's, vendors' and the company's accounts pick their branch from it.
 */
export default function BankBranchPage() {
  const { t } = useTranslation();
  return (
    <ListPage<BankBranchRow>
      titleKey="menu.master.bankBranch"
      header={<Typography.Text type="secondary">{t('banks.branch.help')}</Typography.Text>}
      queryKey="banks-branches"
      searchCall={(body) => bankBranchApi.search(body)}
      importCall={(file) => bankBranchApi.import(file)}
      importAccept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      rowKey="ID"
      columns={COLUMNS}
      filters={FILTERS}
      actions={ACTIONS}
    />
  );
}
