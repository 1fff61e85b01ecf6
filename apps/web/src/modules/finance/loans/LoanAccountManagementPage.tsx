import {
  CheckCircleOutlined,
  DollarOutlined,
  RedoOutlined,
  SendOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import {
  AGEING_BUCKETS,
  LOAN_POSTING_TABS,
  type LoanAccountRow,
  type LoanAgeingSummary,
  type LoanEmployeeRow,
  type LoanPostingRow,
} from '@ems/contracts';
import { Card, Flex, Statistic, Tabs, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatAmount } from '../../../shared/format';
import { type ActionDef, type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { YES_NO } from '../../org/controls';
import { TeamTreeSelect } from '../../org/pickers/TeamTreeSelect';
import { loansApi } from './api';
import { F, reportBatch, VoucherTag } from './labels';
import { MovementsDrawer } from './MovementsDrawer';
import { RepayModal } from './RepayModal';

const TITLE = 'menu.account.loanAccountManagement';
const KEEP = ['tab'];
const money = (v: unknown) => formatAmount(String(v));
const BUCKET_OPTIONS = AGEING_BUCKETS.map((b) => ({ value: b, labelKey: `loans.bucket.${b}` }));

const ACCOUNT_FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: `${F}keyword`, type: 'text' },
  { name: 'TeamID', labelKey: `${F}team`, type: 'custom', control: TeamTreeSelect },
  { name: 'Bucket', labelKey: `${F}bucket`, type: 'select', options: BUCKET_OPTIONS },
  { name: 'OpenOnly', labelKey: `${F}openOnly`, type: 'select', options: YES_NO },
  { name: 'OverdueOnly', labelKey: `${F}overdueOnly`, type: 'select', options: YES_NO },
];

function StatusText({ status }: { status: string }) {
  const { t } = useTranslation();
  return <>{t(`doc.status.${status}`)}</>;
}

function BucketText({ row }: { row: LoanAccountRow }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`loans.bucket.${row.Bucket}`)} {row.Overdue ? <Tag color="red">{t(`${F}overdue`)}</Tag> : null}
    </>
  );
}

const ACCOUNT_COLUMNS: ColumnDef<LoanAccountRow>[] = [
  { dataIndex: 'DocNo', labelKey: `${F}docNo`, sortable: true, width: 160 },
  { dataIndex: 'EmployeeCode', labelKey: `${F}employeeCode`, sortable: true },
  { dataIndex: 'EmployeeName', labelKey: `${F}employeeName`, sortable: true },
  { dataIndex: 'Status', labelKey: `${F}status`, sortable: true, render: (v) => <StatusText status={String(v)} /> },
  // The money a controller reconciles next to whose loan it is: it shows on a 1440 px screen without scrolling.
  { dataIndex: 'Total', labelKey: `${F}total`, sortable: true, render: money },
  { dataIndex: 'Balance', labelKey: `${F}balance`, sortable: true, render: money },
  { dataIndex: 'Open', labelKey: `${F}open`, render: money },
  { dataIndex: 'TeamName', labelKey: `${F}team`, width: 180, ellipsis: true },
  { dataIndex: 'ApprovedOn', labelKey: `${F}approvedOn`, sortable: true },
  { dataIndex: 'DueDate', labelKey: `${F}dueDate` },
  { dataIndex: 'AgeDays', labelKey: `${F}ageDays`, sortable: true },
  { dataIndex: 'Bucket', labelKey: `${F}bucket`, width: 170, render: (_v, r) => <BucketText row={r} /> },
  { dataIndex: 'WrittenOff', labelKey: `${F}writtenOff`, render: money },
  { dataIndex: 'Repaid', labelKey: `${F}repaid`, render: money },
  { dataIndex: 'Pending', labelKey: `${F}pending`, render: money },
];

const EMPLOYEE_COLUMNS: ColumnDef<LoanEmployeeRow>[] = [
  { dataIndex: 'EmployeeCode', labelKey: `${F}employeeCode`, sortable: true },
  { dataIndex: 'EmployeeName', labelKey: `${F}employeeName`, sortable: true },
  { dataIndex: 'TeamName', labelKey: `${F}team`, width: 180, ellipsis: true },
  { dataIndex: 'Loans', labelKey: `${F}loans`, sortable: true },
  { dataIndex: 'Balance', labelKey: `${F}balance`, sortable: true, render: money },
  { dataIndex: 'Pending', labelKey: `${F}pending`, render: money },
  {
    dataIndex: 'OverdueLoans',
    labelKey: `${F}overdueLoans`,
    render: (v) => (Number(v) > 0 ? <Typography.Text type="danger">{String(v)}</Typography.Text> : String(v)),
  },
  { dataIndex: 'D0_30', labelKey: 'loans.bucket.d0_30', render: money },
  { dataIndex: 'D31_60', labelKey: 'loans.bucket.d31_60', render: money },
  { dataIndex: 'D61_90', labelKey: 'loans.bucket.d61_90', render: money },
  { dataIndex: 'D91_180', labelKey: 'loans.bucket.d91_180', render: money },
  { dataIndex: 'D181', labelKey: 'loans.bucket.d181', render: money },
];

const POSTING_FILTERS: FilterDef[] = [
  {
    name: 'Tab',
    labelKey: `${F}status`,
    type: 'select',
    options: LOAN_POSTING_TABS.map((v) => ({ value: v, labelKey: `loans.posting.tab.${v}` })),
  },
  { name: 'Keyword', labelKey: `${F}keyword`, type: 'text' },
  // A range `Date` is sent as DateFrom and DateTo.
  { name: 'Date', labelKey: `${F}approvedOn`, type: 'daterange' },
];

const POSTING_COLUMNS: ColumnDef<LoanPostingRow>[] = [
  { dataIndex: 'DocNo', labelKey: `${F}docNo`, sortable: true, width: 160 },
  { dataIndex: 'EmployeeCode', labelKey: `${F}employeeCode`, sortable: true },
  { dataIndex: 'EmployeeName', labelKey: `${F}employeeName` },
  { dataIndex: 'Amount', labelKey: `${F}total`, sortable: true, render: money },
  { dataIndex: 'Status', labelKey: `${F}status`, render: (v) => <StatusText status={String(v)} /> },
  { dataIndex: 'ApprovedOn', labelKey: `${F}approvedOn`, sortable: true },
  { dataIndex: 'VoucherState', labelKey: `${F}voucherState`, render: (v) => <VoucherTag state={v as string | null} /> },
  { dataIndex: 'PostingDate', labelKey: `${F}postingDate` },
  { dataIndex: 'ErpDocNo', labelKey: `${F}erpDocNo` },
  { dataIndex: 'LastError', labelKey: `${F}lastError`, width: 240, ellipsis: true },
];

/** The balance of the listed loans per ageing bucket. */
function AgeingCards({ summary }: { summary: LoanAgeingSummary | null }) {
  const { t } = useTranslation();
  if (!summary) return null;
  return (
    <Flex gap={12} wrap style={{ marginBottom: 12 }} data-testid="loan-ageing">
      <Card size="small">
        <Statistic title={t('loans.summary.total')} value={formatAmount(summary.Balance)} />
      </Card>
      {summary.Buckets.map((b) => (
        <Card size="small" key={b.Bucket}>
          <Statistic
            title={`${t(`loans.bucket.${b.Bucket}`)} (${b.Loans})`}
            value={formatAmount(b.Amount)}
            styles={b.Bucket === 'd181' && b.Loans > 0 ? { content: { color: '#cf1322' } } : {}}
          />
        </Card>
      ))}
    </Flex>
  );
}

type TabKey = 'accounts' | 'employees' | 'posting';

/**
 * Loan account management: booked loans with their balance and ageing (movements, repayments, write-off cancels),
 * balances per person, and loan posting (start, resend, mark paid). The tab is kept in the URL.
 */
export default function LoanAccountManagementPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: TabKey = raw === 'employees' || raw === 'posting' ? raw : 'accounts';
  const [summary, setSummary] = useState<LoanAgeingSummary | null>(null);
  const [repaying, setRepaying] = useState<{ row: LoanAccountRow; reload: () => unknown } | null>(null);
  const [viewing, setViewing] = useState<{ id: number; reload: () => unknown } | null>(null);
  const closeRepay = useCallback(() => setRepaying(null), []);

  const tabs = (
    <>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'accounts' ? {} : { tab: key })}
        items={(['accounts', 'employees', 'posting'] as const).map((k) => ({ key: k, label: t(`loans.tab.${k}`) }))}
      />
      {tab === 'accounts' ? <AgeingCards summary={summary} /> : null}
    </>
  );

  const accountActions: ActionDef<LoanAccountRow>[] = [
    {
      key: 'movements',
      labelKey: 'loans.action.movements',
      icon: <UnorderedListOutlined />,
      needsOne: true,
      run: ({ rows, reload }) => setViewing({ id: rows[0]!.LoanID, reload }),
    },
    {
      key: 'repay',
      labelKey: 'loans.action.repay',
      icon: <DollarOutlined />,
      primary: true,
      needsOne: true,
      run: ({ rows, reload }) => setRepaying({ row: rows[0]!, reload }),
    },
  ];

  const batch =
    (call: (ids: number[]) => Promise<Parameters<typeof reportBatch>[0]>) =>
    async ({
      rows,
      reload,
      clearSelection,
    }: {
      rows: LoanPostingRow[];
      reload: () => Promise<unknown>;
      clearSelection: () => void;
    }) => {
      reportBatch(await call(rows.map((r) => r.LoanID)));
      clearSelection();
      await reload();
    };
  const postingActions: ActionDef<LoanPostingRow>[] = [
    {
      key: 'start',
      labelKey: 'loans.action.startPosting',
      icon: <SendOutlined />,
      primary: true,
      needsSome: true,
      run: batch(loansApi.startPosting),
    },
    {
      key: 'resend',
      labelKey: 'loans.action.resend',
      icon: <RedoOutlined />,
      needsSome: true,
      run: batch(loansApi.resendPosting),
    },
    {
      key: 'payed',
      labelKey: 'loans.action.payed',
      icon: <CheckCircleOutlined />,
      needsSome: true,
      confirmKey: 'loans.payed.confirm',
      run: batch(loansApi.payed),
    },
  ];

  return (
    <>
      {tab === 'accounts' ? (
        <ListPage<LoanAccountRow>
          key="accounts"
          titleKey={TITLE}
          header={tabs}
          keepParams={KEEP}
          queryKey="loan-accounts"
          searchCall={async (body) => {
            const page = await loansApi.search(body);
            setSummary(page.Summary);
            return page;
          }}
          exportCall={(filters) => loansApi.export(filters)}
          rowKey="LoanID"
          columns={ACCOUNT_COLUMNS}
          filters={ACCOUNT_FILTERS}
          actions={accountActions}
        />
      ) : tab === 'employees' ? (
        <ListPage<LoanEmployeeRow>
          key="employees"
          titleKey={TITLE}
          header={tabs}
          keepParams={KEEP}
          queryKey="loan-employees"
          searchCall={(body) => loansApi.searchEmployees(body)}
          rowKey="EmployeeID"
          columns={EMPLOYEE_COLUMNS}
          filters={ACCOUNT_FILTERS}
        />
      ) : (
        <ListPage<LoanPostingRow>
          key="posting"
          titleKey={TITLE}
          header={tabs}
          keepParams={KEEP}
          queryKey="loan-posting"
          searchCall={(body) => loansApi.searchPosting(body)}
          exportCall={(filters) => loansApi.exportPosting(filters)}
          rowKey="LoanID"
          columns={POSTING_COLUMNS}
          filters={POSTING_FILTERS}
          actions={postingActions}
        />
      )}
      <RepayModal
        row={repaying?.row ?? null}
        onClose={closeRepay}
        onDone={() => {
          void repaying?.reload();
          setRepaying(null);
        }}
      />
      <MovementsDrawer
        loanId={viewing?.id ?? null}
        onClose={() => setViewing(null)}
        onChanged={() => void viewing?.reload()}
      />
    </>
  );
}
