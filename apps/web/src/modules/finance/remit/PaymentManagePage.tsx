import { CheckSquareOutlined, OrderedListOutlined, RightSquareOutlined } from '@ant-design/icons';
import type { PaidDocumentRow, RemitRun } from '@ems/contracts';
import { formatAmount } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { notice } from '../../../app/notice';
import { displayDateTime } from '../../../shared/format';
import { type ActionDef, type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { remitApi } from './api';
import { PiplTab } from './PiplTab';
import { RemitLinesTable } from './RemitLinesTable';

const F = 'remit.field.';
const KEEP = ['tab'];

function Label({ k }: { k: string }) {
  const { t } = useTranslation();
  return <>{t(k)}</>;
}

const RUN_FILTERS: FilterDef[] = [
  {
    name: 'Step',
    labelKey: `${F}step`,
    type: 'select',
    options: ['documents', 'list', 'entries', 'print', 'remit', 'done'].map((s) => ({
      value: s,
      labelKey: `remit.runStep.${s}`,
    })),
  },
  { name: 'DateFrom', labelKey: `${F}dateFrom`, type: 'date' },
  { name: 'DateTo', labelKey: `${F}dateTo`, type: 'date' },
];

const RUN_COLUMNS: ColumnDef<RemitRun>[] = [
  { dataIndex: 'RunNo', labelKey: `${F}runNo` },
  {
    dataIndex: 'Step',
    labelKey: `${F}step`,
    sortable: true,
    render: (v) => (
      <Tag color={v === 'done' ? 'success' : 'processing'}>
        <Label k={`remit.runStep.${String(v)}`} />
      </Tag>
    ),
  },
  { dataIndex: 'CreditingDate', labelKey: `${F}creditingDate`, sortable: true },
  {
    dataIndex: 'PaymentMethod',
    labelKey: `${F}paymentMethod`,
    render: (v) => <Label k={`remit.method.${String(v)}`} />,
  },
  { dataIndex: 'Documents', labelKey: `${F}documents` },
  { dataIndex: 'Amount', labelKey: `${F}amount`, render: (v) => formatAmount(String(v)) },
  {
    dataIndex: 'VoucherState',
    labelKey: `${F}voucherState`,
    render: (v) => (v ? <Label k={`remit.voucher.${String(v)}`} /> : ''),
  },
  { dataIndex: 'ErpDocNo', labelKey: `${F}erpDocNo` },
  { dataIndex: 'BankFile', labelKey: `${F}bankFile` },
  { dataIndex: 'CreatedByName', labelKey: `${F}createdBy` },
  { dataIndex: 'RemittedAt', labelKey: `${F}remittedAt`, render: (v) => displayDateTime(v) },
];

const PAID_FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: `${F}keyword`, type: 'text' },
  {
    name: 'DocType',
    labelKey: `${F}docType`,
    type: 'select',
    options: [
      { value: 'loan', labelKey: 'doc.type.loan' },
      { value: 'deputy', labelKey: 'doc.type.deputy' },
    ],
  },
];

const PAID_COLUMNS: ColumnDef<PaidDocumentRow>[] = [
  {
    dataIndex: 'DocNo',
    labelKey: `${F}docNo`,
    sortable: true,
    render: (v, r) => <Link to={`/manage/document/view/${r.ID}`}>{String(v)}</Link>,
  },
  { dataIndex: 'DocType', labelKey: `${F}docType`, render: (v) => <Label k={`doc.type.${String(v)}`} /> },
  { dataIndex: 'ApplicantName', labelKey: `${F}applicant` },
  { dataIndex: 'PayeeName', labelKey: `${F}payee` },
  { dataIndex: 'Amount', labelKey: `${F}amount`, render: (v) => formatAmount(String(v)) },
  { dataIndex: 'RunNo', labelKey: `${F}runNo` },
  { dataIndex: 'PaidAt', labelKey: `${F}paidAt`, sortable: true, render: (v) => displayDateTime(v) },
];

/** The documents (items) of a run, each with its payee, account and amount. */
function RunDocuments({ runId }: { runId: number }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['remit', 'runDocuments', runId],
    queryFn: () => remitApi.documents({ RunID: runId, InRun: true, PageSize: 500 }),
  });
  return (
    <>
      <Typography.Title level={5}>{t('remit.documents.inRun')}</Typography.Title>
      <Table
        size="small"
        rowKey="ID"
        pagination={false}
        loading={query.isFetching}
        dataSource={query.data?.Rows ?? []}
        columns={[
          { dataIndex: 'DocNo', title: t('remit.field.docNo') },
          { dataIndex: 'Status', title: t('remit.field.status'), render: (v: string) => t(`doc.status.${v}`) },
          { dataIndex: 'ApplicantName', title: t('remit.field.applicant') },
          { dataIndex: 'PayeeName', title: t('remit.field.payee') },
          { dataIndex: 'BankAccount', title: t('remit.field.bankAccount') },
          {
            dataIndex: 'Payable',
            title: t('remit.field.amount'),
            align: 'right',
            render: (v: string) => formatAmount(v),
          },
        ]}
      />
    </>
  );
}

/**
 * Payments: the remittance runs with their bank lines, the paid documents whose account is completed here (each
 * closed), and the runs' payment personal data (PIPL).
 */
export default function PaymentManagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = asked === 'paid' || asked === 'pipl' ? asked : 'runs';
  const [lines, setLines] = useState<RemitRun | null>(null);
  const tabs = (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'runs' ? {} : { tab: key })}
      items={[
        { key: 'runs', label: t('remit.manage.tabRuns') },
        { key: 'paid', label: t('remit.manage.tabPaid') },
        { key: 'pipl', label: t('pipl.tab') },
      ]}
    />
  );
  const runActions: ActionDef<RemitRun>[] = [
    {
      key: 'lines',
      labelKey: 'remit.action.lines',
      icon: <OrderedListOutlined />,
      needsOne: true,
      run: ({ rows }) => setLines(rows[0]!),
    },
    {
      key: 'open',
      labelKey: 'remit.action.openRun',
      icon: <RightSquareOutlined />,
      needsOne: true,
      run: ({ rows }) => navigate(`/manage/expenseRemittance?run=${rows[0]!.RunID}`),
    },
  ];
  const paidActions: ActionDef<PaidDocumentRow>[] = [
    {
      key: 'complete',
      labelKey: 'remit.action.completeAccount',
      icon: <CheckSquareOutlined />,
      primary: true,
      needsSome: true,
      confirmKey: 'remit.manage.confirmComplete',
      run: async ({ rows, reload, clearSelection }) => {
        const r = await remitApi.completeAccount(rows.map((x) => ({ ID: x.ID, Version: x.Version })));
        notice.success(t('remit.manage.completed', { count: r.Changed }));
        for (const x of r.Refused) notice.warning(`${x.DocNo}: ${t(`error.${x.Code}`, { docNo: x.DocNo })}`);
        clearSelection();
        await reload();
      },
    },
  ];
  return (
    <>
      {tab === 'pipl' ? (
        <PiplTab header={tabs} keepParams={KEEP} />
      ) : tab === 'runs' ? (
        <ListPage<RemitRun>
          key="runs"
          titleKey="menu.account.PaymentManage"
          header={tabs}
          keepParams={KEEP}
          queryKey="remit-runs"
          searchCall={(body) => remitApi.runs(body)}
          rowKey="RunID"
          columns={RUN_COLUMNS}
          filters={RUN_FILTERS}
          actions={runActions}
        />
      ) : (
        <ListPage<PaidDocumentRow>
          key="paid"
          titleKey="menu.account.PaymentManage"
          header={tabs}
          keepParams={KEEP}
          queryKey="remit-paid"
          searchCall={(body) => remitApi.paid(body)}
          rowKey="ID"
          columns={PAID_COLUMNS}
          filters={PAID_FILTERS}
          actions={paidActions}
        />
      )}
      <Drawer
        open={lines !== null}
        width={960}
        title={lines ? t('remit.manage.linesOf', { runNo: lines.RunNo }) : ''}
        onClose={() => setLines(null)}
        destroyOnHidden
      >
        {lines && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <RemitLinesTable runId={lines.RunID} />
            <RunDocuments runId={lines.RunID} />
          </Space>
        )}
      </Drawer>
    </>
  );
}
