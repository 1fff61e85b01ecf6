import { RedoOutlined } from '@ant-design/icons';
import { OUTBOUND_QUEUES, OUTBOUND_STATES, type OutboundJobRow } from '@ems/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { notice } from '../../app/notice';
import { useUserInfo } from '../../app/session/useSession';
import { displayDateTime } from '../../shared/format';
import { type ActionDef, type ColumnDef, type FilterDef, ListPage } from '../../shared/list-page';
import { outboundApi } from './api';
import { ErpCalls } from './ErpCalls';

const K = 'outbound';
const STATE_COLOR: Record<OutboundJobRow['State'], string> = {
  queued: 'blue',
  active: 'processing',
  retry: 'gold',
  done: 'green',
  failed: 'red',
};

function StateTag({ row }: { row: OutboundJobRow }) {
  const { t } = useTranslation();
  const tag = <Tag color={STATE_COLOR[row.State]}>{t(`${K}.state.${row.State}`)}</Tag>;
  return row.LastError ? <Tooltip title={row.LastError}>{tag}</Tooltip> : tag;
}

const FILTERS: FilterDef[] = [
  {
    name: 'Queue',
    labelKey: `${K}.field.queue`,
    type: 'select',
    options: OUTBOUND_QUEUES.map((q) => ({ value: q, labelKey: `${K}.queue.${q}` })),
  },
  {
    name: 'State',
    labelKey: `${K}.field.state`,
    type: 'select',
    options: OUTBOUND_STATES.map((s) => ({ value: s, labelKey: `${K}.state.${s}` })),
  },
];

function QueueName({ queue }: { queue: string }) {
  const { t } = useTranslation();
  return <>{t(`${K}.queue.${queue}`, { defaultValue: queue })}</>;
}

const COLUMNS: ColumnDef<OutboundJobRow>[] = [
  { dataIndex: 'ID', labelKey: `${K}.field.id`, sortable: true, width: 90 },
  { dataIndex: 'Queue', labelKey: `${K}.field.queue`, sortable: true, render: (v) => <QueueName queue={String(v)} /> },
  { dataIndex: 'State', labelKey: `${K}.field.state`, sortable: true, render: (_v, row) => <StateTag row={row} /> },
  { dataIndex: 'Attempts', labelKey: `${K}.field.attempts`, sortable: true, width: 90 },
  { dataIndex: 'LastError', labelKey: `${K}.field.lastError`, width: 280, ellipsis: true },
  { dataIndex: 'CreatedAt', labelKey: `${K}.field.createdAt`, sortable: true, width: 180, render: displayDateTime },
  { dataIndex: 'CompletedAt', labelKey: `${K}.field.completedAt`, sortable: true, width: 180, render: displayDateTime },
  { dataIndex: 'ErpCalls', labelKey: 'posting.erpCalls', width: 320, render: (_v, row) => <ErpCalls row={row} /> },
  { dataIndex: 'RequestID', labelKey: `${K}.field.requestId`, width: 280, ellipsis: true },
];

/**
 * The interface log: every call to a system outside (mail, EVM, ERP), its attempts and last error, an ERP call with
 * each request and response; exportable; a failed one can be sent again.
 */
export default function RfcLogPage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const actions: ActionDef<OutboundJobRow>[] =
    user?.IsAdmin === true
      ? [
          {
            key: 'retry',
            labelKey: `${K}.retry`,
            icon: <RedoOutlined />,
            needsOne: true,
            confirmKey: `${K}.retryConfirm`,
            run: async ({ rows, reload, clearSelection }) => {
              const row = rows[0];
              if (!row) return;
              await outboundApi.retry(row.ID);
              notice.success(t(`${K}.retried`));
              clearSelection();
              await reload();
            },
          },
        ]
      : [];
  return (
    <ListPage<OutboundJobRow>
      titleKey="menu.report.rfcLog"
      queryKey="outboundJobs"
      searchCall={(body) => outboundApi.search(body)}
      exportCall={(filters, progress) => outboundApi.export(filters, progress)}
      rowKey="ID"
      columns={COLUMNS}
      filters={FILTERS}
      actions={actions}
    />
  );
}
