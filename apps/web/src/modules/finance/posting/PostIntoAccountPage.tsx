import { CloudUploadOutlined, EyeOutlined, RedoOutlined, SendOutlined } from '@ant-design/icons';
import {
  type AuditTrailRow,
  type FinanceDocumentRow,
  type OutboundJobRow,
  POSTING_VIEWS,
  type PostingBatchResult,
  type PostingBatchRow,
  type PostingOrderRow,
  type RecordRow,
  type RemitRow,
} from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Flex, Modal, Progress, Statistic, Table, Tabs, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notice } from '../../../app/notice';
import { displayDateTime } from '../../../shared/format';
import { type ActionDef, type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { ErpCalls } from '../../outbound/ErpCalls';
import { postingApi } from './api';
import { ErpSettings } from './ErpSettings';
import {
  AUDIT_COLUMNS,
  AUDIT_FILTERS,
  DOCUMENT_COLUMNS,
  DOCUMENT_FILTERS,
  docStatus,
  RECORD_COLUMNS,
  RECORD_FILTERS,
  REMIT_COLUMNS,
  REMIT_FILTERS,
  Translated,
  VoucherTag,
} from './lists';

const K = 'posting';
const F = `${K}.field`;
const TITLE = 'menu.account.postIntoAccount';
const TABS = ['selection', 'documents', 'remit', 'records', 'rfc', 'audit', 'master', 'erp'] as const;
type TabKey = (typeof TABS)[number];
const KEEP = ['tab'];

/** After a batch: how many vouchers left, and which documents were left out and why. */
function useBatchNotice() {
  const { t } = useTranslation();
  return (r: PostingBatchResult) => {
    if (r.BatchID !== null) notice.success(t(`${K}.batchStarted`, { batch: r.BatchID, count: r.Queued }));
    else notice.warning(t(`${K}.nothingQueued`));
    if (r.Skipped.length > 0)
      notice.warning(
        t(`${K}.skipped`, {
          count: r.Skipped.length,
          list: r.Skipped.map((s) => `${s.DocNo || s.ID} ${t(`error.${s.Code}`)}`).join('; '),
        }),
      );
  };
}

const ORDER_FILTERS: FilterDef[] = [
  {
    name: 'View',
    labelKey: `${F}.status`,
    type: 'select',
    options: POSTING_VIEWS.map((v) => ({ value: v, labelKey: `${K}.view.${v}` })),
  },
  { name: 'Keyword', labelKey: `${F}.keyword`, type: 'text' },
  { name: 'Date', labelKey: `${F}.approvedAt`, type: 'daterange' },
];
const ORDER_COLUMNS: ColumnDef<PostingOrderRow>[] = [
  { dataIndex: 'DocNo', labelKey: `${F}.docNo`, width: 170 },
  { dataIndex: 'Status', labelKey: `${F}.status`, render: docStatus },
  { dataIndex: 'ApplicantCode', labelKey: `${F}.applicantCode` },
  { dataIndex: 'ApplicantName', labelKey: `${F}.applicantName` },
  { dataIndex: 'TotalAmountCNY', labelKey: `${F}.amountCny` },
  {
    dataIndex: 'VoucherState',
    labelKey: `${F}.voucherState`,
    render: (_v, r) => <VoucherTag state={r.VoucherState} error={r.LastError} />,
  },
  { dataIndex: 'PostingDate', labelKey: `${F}.postingDate` },
  { dataIndex: 'Period', labelKey: `${F}.period` },
  { dataIndex: 'ErpDocNo', labelKey: `${F}.erpDocNo` },
  { dataIndex: 'LastError', labelKey: `${F}.lastError`, width: 260, ellipsis: true },
];

const RFC_COLUMNS: ColumnDef<OutboundJobRow>[] = [
  { dataIndex: 'ID', labelKey: 'outbound.field.id', sortable: true, width: 90 },
  {
    dataIndex: 'ErpCalls',
    labelKey: `${F}.docNo`,
    width: 170,
    render: (_v, r) => r.ErpCalls?.[0]?.DocNo ?? r.ErpCalls?.[0]?.PostingRef ?? '',
  },
  {
    dataIndex: 'State',
    labelKey: 'outbound.field.state',
    render: (v) => <Translated k={`outbound.state.${String(v)}`} />,
  },
  { dataIndex: 'Attempts', labelKey: 'outbound.field.attempts', width: 90 },
  { dataIndex: 'RequestID', labelKey: `${K}.erpCalls`, width: 320, render: (_v, r) => <ErpCalls row={r} /> },
  { dataIndex: 'LastError', labelKey: 'outbound.field.lastError', width: 260, ellipsis: true },
  { dataIndex: 'CreatedAt', labelKey: 'outbound.field.createdAt', sortable: true, width: 180, render: displayDateTime },
];

function MasterTab({ header }: { header: ReactNode }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['posting-settings'], queryFn: () => postingApi.settings() });
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t(TITLE)}
      </Typography.Title>
      {header}
      <Typography.Text type="secondary">{t(`${K}.settingsNote`)}</Typography.Text>
      <Table
        rowKey="Key"
        size="small"
        pagination={false}
        loading={query.isLoading}
        dataSource={query.data?.Rows ?? []}
        columns={[
          { dataIndex: 'Key', title: t(`${F}.key`) },
          { dataIndex: 'Value', title: t(`${F}.value`) },
        ]}
      />
      <ErpSettings settings={query.data} />
    </Flex>
  );
}

const BATCH_COLUMNS: ColumnDef<PostingBatchRow>[] = [
  { dataIndex: 'BatchID', labelKey: `${F}.batchId`, width: 100 },
  { dataIndex: 'CreatedAt', labelKey: `${F}.createdAt`, width: 180, render: displayDateTime },
  { dataIndex: 'CreatedByName', labelKey: `${F}.createdBy` },
  { dataIndex: 'DocumentCount', labelKey: `${F}.documentCount` },
  { dataIndex: 'Queued', labelKey: `${F}.queued` },
  { dataIndex: 'Failed', labelKey: `${F}.failed` },
  {
    // Posted of the batch's vouchers, with a bar of how far the batch got (failed ones in red).
    dataIndex: 'Posted',
    labelKey: `${F}.posted`,
    width: 200,
    render: (_v, r) => {
      const settled = r.Posted + r.Failed;
      const total = settled + r.Queued;
      return (
        <Progress
          size="small"
          percent={total === 0 ? 100 : Math.round((settled * 100) / total)}
          success={{ percent: total === 0 ? 0 : Math.round((r.Posted * 100) / total) }}
          status={r.Failed > 0 ? 'exception' : 'normal'}
          format={() => `${r.Posted}/${total}`}
        />
      );
    },
  },
];

/** The claims of one batch and how each stands now. */
function BatchDrawer({ batchId, onClose }: { batchId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['posting-batch', batchId],
    queryFn: () => postingApi.batches({ BatchID: batchId, PageIndex: 1, PageSize: 1 }),
    enabled: batchId !== null,
  });
  return (
    <Drawer open={batchId !== null} onClose={onClose} width={960} title={t(`${K}.batchItems`, { batch: batchId })}>
      <Table<PostingOrderRow>
        rowKey="ID"
        size="small"
        loading={query.isLoading}
        pagination={false}
        dataSource={query.data?.Items ?? []}
        columns={[
          { dataIndex: 'DocNo', title: t(`${F}.docNo`) },
          { dataIndex: 'Status', title: t(`${F}.status`), render: docStatus },
          { dataIndex: 'ApplicantName', title: t(`${F}.applicantName`) },
          { dataIndex: 'TotalAmountCNY', title: t(`${F}.amountCny`) },
          {
            dataIndex: 'VoucherState',
            title: t(`${F}.voucherState`),
            render: (_v, r) => <VoucherTag state={r.VoucherState} error={r.LastError} />,
          },
          { dataIndex: 'ErpDocNo', title: t(`${F}.erpDocNo`) },
          { dataIndex: 'LastError', title: t(`${F}.lastError`), ellipsis: true },
        ]}
      />
    </Drawer>
  );
}

function ErpTab({ header }: { header: ReactNode }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const done = useBatchNotice();
  const count = useQuery({ queryKey: ['posting-count'], queryFn: () => postingApi.count(), refetchInterval: 5000 });
  const [open, setOpen] = useState<number | null>(null);
  const actions: ActionDef<PostingBatchRow>[] = [
    {
      key: 'items',
      labelKey: `${K}.viewBatch`,
      icon: <EyeOutlined />,
      needsOne: true,
      run: ({ rows }) => setOpen(rows[0]?.BatchID ?? null),
    },
  ];
  const c = count.data;
  const beginAll = () =>
    Modal.confirm({
      title: t(`${K}.beginAllConfirm`, { count: c?.ToPost ?? 0 }),
      onOk: async () => {
        done(await postingApi.begin({ All: true }));
        await client.invalidateQueries();
      },
    });
  const summary = (
    <Flex vertical gap={8}>
      {header}
      <Card size="small">
        <Flex gap={32} wrap align="center">
          <Statistic title={t(`${K}.count.toPost`)} value={c?.ToPost ?? 0} />
          <Statistic title={t(`${K}.count.queued`)} value={c?.Queued ?? 0} />
          <Statistic title={t(`${K}.count.failed`)} value={c?.Failed ?? 0} />
          <Statistic title={t(`${K}.count.posted`)} value={c?.Posted ?? 0} />
          <Button type="primary" icon={<CloudUploadOutlined />} disabled={!c?.ToPost} onClick={beginAll}>
            {t(`${K}.beginAll`)}
          </Button>
        </Flex>
      </Card>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t(`${K}.batches`)}
      </Typography.Title>
    </Flex>
  );
  return (
    <>
      <ListPage<PostingBatchRow>
        key="erp"
        titleKey={TITLE}
        header={summary}
        keepParams={KEEP}
        queryKey="posting-batches"
        searchCall={(body) => postingApi.batches(body)}
        rowKey="BatchID"
        columns={BATCH_COLUMNS}
        actions={actions}
      />
      <BatchDrawer batchId={open} onClose={() => setOpen(null)} />
    </>
  );
}

/**
 * Entry management (post into account): claims waiting for the ERP, begun in batches or sent again after a failure,
 * and the lists finance checks them by: documents, remittance list, accounting entries, the ERP's RFC log, the audit
 * trail, the GL parameters, and the batches with their results. The tab is kept in the URL.
 */
export default function PostIntoAccountPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const done = useBatchNotice();
  const raw = params.get('tab');
  const tab: TabKey = (TABS as readonly string[]).includes(raw ?? '') ? (raw as TabKey) : 'selection';
  const header = (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'selection' ? {} : { tab: key })}
      items={TABS.map((k) => ({ key: k, label: t(`${K}.tab.${k}`) }))}
    />
  );
  const orderActions: ActionDef<PostingOrderRow>[] = [
    {
      key: 'begin',
      labelKey: `${K}.beginSelected`,
      icon: <SendOutlined />,
      primary: true,
      needsSome: true,
      run: async ({ rows, reload, clearSelection }) => {
        done(await postingApi.begin({ IDs: rows.map((r) => r.ID) }));
        clearSelection();
        await reload();
      },
    },
    {
      key: 'resend',
      labelKey: `${K}.resend`,
      icon: <RedoOutlined />,
      needsSome: true,
      confirmKey: `${K}.resendConfirm`,
      run: async ({ rows, reload, clearSelection }) => {
        done(await postingApi.resend(rows.map((r) => r.ID)));
        clearSelection();
        await reload();
      },
    },
  ];
  const common = { titleKey: TITLE, header, keepParams: KEEP };
  switch (tab) {
    case 'documents':
      return (
        <ListPage<FinanceDocumentRow>
          key={tab}
          {...common}
          queryKey="posting-documents"
          searchCall={(body) => postingApi.documents(body)}
          exportCall={(f) => postingApi.exportDocuments(f)}
          rowKey="ID"
          columns={DOCUMENT_COLUMNS}
          filters={DOCUMENT_FILTERS}
        />
      );
    case 'remit':
      return (
        <ListPage<RemitRow>
          key={tab}
          {...common}
          queryKey="posting-remit"
          searchCall={(body) => postingApi.remit(body)}
          exportCall={(f) => postingApi.exportRemit(f)}
          rowKey="DocNo"
          columns={REMIT_COLUMNS}
          filters={REMIT_FILTERS}
        />
      );
    case 'records':
      return (
        <ListPage<RecordRow>
          key={tab}
          {...common}
          queryKey="posting-records"
          searchCall={(body) => postingApi.records(body)}
          exportCall={(f) => postingApi.exportRecords(f)}
          rowKey="VoucherID"
          columns={RECORD_COLUMNS}
          filters={RECORD_FILTERS}
        />
      );
    case 'rfc':
      return (
        <ListPage<OutboundJobRow>
          key={tab}
          {...common}
          queryKey="posting-rfc"
          searchCall={(body) => postingApi.rfc(body)}
          exportCall={(f) => postingApi.exportRfc(f)}
          rowKey="ID"
          columns={RFC_COLUMNS}
        />
      );
    case 'audit':
      return (
        <ListPage<AuditTrailRow>
          key={tab}
          {...common}
          queryKey="posting-audit"
          searchCall={(body) => postingApi.audit(body)}
          exportCall={(f) => postingApi.exportAudit(f)}
          rowKey="ID"
          columns={AUDIT_COLUMNS}
          filters={AUDIT_FILTERS}
        />
      );
    case 'master':
      return <MasterTab header={header} />;
    case 'erp':
      return <ErpTab header={header} />;
    default:
      return (
        <ListPage<PostingOrderRow>
          key="selection"
          {...common}
          queryKey="posting-orders"
          searchCall={(body) => postingApi.orders(body)}
          exportCall={(f) => postingApi.exportOrders(f)}
          rowKey="ID"
          columns={ORDER_COLUMNS}
          filters={ORDER_FILTERS}
          actions={orderActions}
        />
      );
  }
}
