import { DeleteOutlined, EditOutlined, PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import type { GRRow, MilestoneRow } from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, Modal, Segmented, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../app/notice';
import { ActionButton } from '../../../shared/ActionButton';
import { formatAmount } from '../../../shared/format';
import { confirmed } from './actions';
import { appliesApi } from './api';
import { MilestoneModal, ReceiptFilesModal, ReceiptModal } from './ReceiptModals';

const amountColumn = (title: string, key: keyof GRRow | keyof MilestoneRow) => ({
  key,
  title,
  width: 130,
  align: 'right' as const,
  render: (_: unknown, r: Record<string, unknown>) => formatAmount(r[key] as string),
});

/** A sum of receipts by milestone or by month. */
interface Group {
  Key: string;
  Label: string | null;
  Planned: string | null;
  Received: string;
  Receipts: GRRow[];
}

function useReload() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['applies'] });
}

/** The receipts as rows, with claim, files and (when the apply takes receipts) edit and delete. */
function ReceiptTable(props: {
  rows: GRRow[];
  editable: boolean;
  onEdit?: (r: GRRow) => void;
  onFiles?: (r: GRRow) => void;
  onDelete?: (r: GRRow) => Promise<void>;
  testId: string;
}) {
  const { t } = useTranslation();
  const columns: TableColumnsType<GRRow> = [
    { key: 'date', dataIndex: 'GRDate', title: t('apply.receipt.date'), width: 120 },
    { key: 'ms', dataIndex: 'MilestoneName', title: t('apply.receipt.milestone'), ellipsis: true },
    amountColumn(t('apply.field.amount'), 'Amount') as TableColumnsType<GRRow>[number],
    { key: 'desc', dataIndex: 'Description', title: t('apply.receipt.description'), ellipsis: true },
    { key: 'claim', dataIndex: 'ClaimNo', title: t('apply.receipt.claim'), width: 160 },
    {
      key: 'actions',
      title: t('apply.actions'),
      width: 130,
      render: (_, r) => (
        <Flex gap={2}>
          {props.onFiles ? (
            <ActionButton
              type="text"
              size="small"
              icon={<PaperClipOutlined />}
              aria-label={t('apply.receipt.files')}
              onAction={() => props.onFiles?.(r)}
            >
              {r.FileCount}
            </ActionButton>
          ) : null}
          {props.editable && r.ClaimID === null && props.onEdit ? (
            <ActionButton
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('common.edit')}
              onAction={() => props.onEdit?.(r)}
            />
          ) : null}
          {props.editable && (r.ClaimID === null || !props.onEdit) && props.onDelete ? (
            <ActionButton
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('common.delete')}
              onAction={() => props.onDelete!(r)}
              data-testid={`${props.testId}-delete`}
            />
          ) : null}
        </Flex>
      ),
    },
  ];
  return (
    <Table
      scroll={{ x: 'max-content' }}
      size="small"
      rowKey="ID"
      columns={columns}
      dataSource={props.rows}
      pagination={false}
      locale={{ emptyText: t('apply.receipt.none') }}
      data-testid={props.testId}
    />
  );
}

/**
 * An apply's milestones (name, planned day, amount, received) and goods receipts, listed or summed by milestone
 * and by month; the owner adds and changes them while the server says the apply takes them.
 */
export function ApplyReceiptsSection({ documentId }: { documentId: number }) {
  const { t } = useTranslation();
  const reload = useReload();
  const [view, setView] = useState<'list' | 'milestone' | 'month'>('list');
  const [milestone, setMilestone] = useState<{ row: MilestoneRow | null } | null>(null);
  const [receipt, setReceipt] = useState<{ row: GRRow | null } | null>(null);
  const [filesOf, setFilesOf] = useState<number | null>(null);
  const milestones = useQuery({
    queryKey: ['applies', 'milestones', documentId],
    queryFn: () => appliesApi.milestones(documentId),
  });
  const receipts = useQuery({
    queryKey: ['applies', 'receipts', documentId],
    queryFn: () => appliesApi.receipts(documentId),
  });
  const byMilestone = useQuery({
    queryKey: ['applies', 'byMilestone', documentId],
    queryFn: () => appliesApi.byMilestone(documentId),
    enabled: view === 'milestone',
  });
  const byMonth = useQuery({
    queryKey: ['applies', 'byMonth', documentId],
    queryFn: () => appliesApi.byMonth(documentId),
    enabled: view === 'month',
  });
  const ms = milestones.data;
  const gr = receipts.data;
  const groups: Group[] =
    view === 'milestone'
      ? (byMilestone.data?.Rows ?? []).map((r) => ({
          Key: String(r.MilestoneID ?? 'none'),
          Label: r.Name,
          Planned: r.PlannedAmount,
          Received: r.ReceivedAmount,
          Receipts: r.Receipts,
        }))
      : (byMonth.data?.Rows ?? []).map((r) => ({
          Key: r.Month,
          Label: r.Month,
          Planned: null,
          Received: r.ReceivedAmount,
          Receipts: r.Receipts,
        }));

  const msColumns: TableColumnsType<MilestoneRow> = [
    { key: 'name', dataIndex: 'Name', title: t('apply.milestone.name'), ellipsis: true },
    { key: 'date', dataIndex: 'PlannedDate', title: t('apply.milestone.plannedDate'), width: 120 },
    amountColumn(t('apply.field.amount'), 'Amount') as TableColumnsType<MilestoneRow>[number],
    amountColumn(t('apply.milestone.received'), 'ReceivedAmount') as TableColumnsType<MilestoneRow>[number],
    {
      key: 'actions',
      title: t('apply.actions'),
      width: 100,
      render: (_, r) =>
        ms?.Editable ? (
          <Flex gap={2}>
            <ActionButton
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('common.edit')}
              onAction={() => setMilestone({ row: r })}
            />
            <ActionButton
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('common.delete')}
              data-testid="milestone-delete"
              onAction={() => confirmed(() => appliesApi.deleteMilestone(r.ID, r.Version), reload)}
            />
          </Flex>
        ) : null,
    },
  ];

  return (
    <section aria-label={t('apply.section')} data-testid="apply-receipts">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('apply.milestone.title')}</Typography.Text>
        {ms ? (
          <Typography.Text type="secondary">
            {t('apply.milestone.planned', {
              planned: formatAmount(ms.PlannedAmount),
              total: formatAmount(ms.ApplyAmount),
            })}
          </Typography.Text>
        ) : null}
        {ms?.Editable ? (
          <ActionButton
            icon={<PlusOutlined />}
            onAction={() => setMilestone({ row: null })}
            data-testid="milestone-add"
          >
            {t('apply.milestone.add')}
          </ActionButton>
        ) : null}
      </Flex>
      <Table
        scroll={{ x: 'max-content' }}
        size="small"
        rowKey="ID"
        columns={msColumns}
        dataSource={ms?.Rows ?? []}
        loading={milestones.isLoading}
        pagination={false}
        locale={{ emptyText: t('apply.milestone.none') }}
        data-testid="milestone-table"
      />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ margin: '16px 0 8px' }}>
        <Typography.Text strong>
          {t('apply.receipt.title')} {gr ? `(${formatAmount(gr.TotalAmount)})` : ''}
        </Typography.Text>
        <Segmented
          value={view}
          onChange={(v) => setView(v as typeof view)}
          options={[
            { value: 'list', label: t('apply.receipt.viewList') },
            { value: 'milestone', label: t('apply.receipt.viewMilestone') },
            { value: 'month', label: t('apply.receipt.viewMonth') },
          ]}
        />
        {gr?.Editable ? (
          <ActionButton icon={<PlusOutlined />} onAction={() => setReceipt({ row: null })} data-testid="receipt-add">
            {t('apply.receipt.add')}
          </ActionButton>
        ) : null}
      </Flex>
      {view === 'list' ? (
        <ReceiptTable
          rows={gr?.Rows ?? []}
          editable={gr?.Editable === true}
          onEdit={(r) => setReceipt({ row: r })}
          onFiles={(r) => setFilesOf(r.ID)}
          onDelete={(r) => confirmed(() => appliesApi.deleteReceipt(r.ID, r.Version), reload)}
          testId="receipt-table"
        />
      ) : (
        <Table<Group>
          scroll={{ x: 'max-content' }}
          size="small"
          rowKey="Key"
          pagination={false}
          loading={view === 'milestone' ? byMilestone.isLoading : byMonth.isLoading}
          dataSource={groups}
          locale={{ emptyText: t('apply.receipt.none') }}
          expandable={{
            expandedRowRender: (r) => <ReceiptTable rows={r.Receipts} editable={false} testId="receipt-group" />,
          }}
          columns={[
            {
              key: 'group',
              title: view === 'milestone' ? t('apply.receipt.milestone') : t('apply.receipt.month'),
              render: (_, r) => r.Label ?? t('apply.receipt.noMilestone'),
            },
            {
              key: 'planned',
              title: t('apply.field.amount'),
              align: 'right',
              render: (_, r) => (r.Planned ? formatAmount(r.Planned) : ''),
            },
            {
              key: 'received',
              title: t('apply.milestone.received'),
              align: 'right',
              render: (_, r) => formatAmount(r.Received),
            },
          ]}
        />
      )}
      <MilestoneModal
        documentId={documentId}
        row={milestone?.row ?? null}
        open={milestone !== null}
        onClose={() => setMilestone(null)}
        onSaved={async () => {
          setMilestone(null);
          await reload();
        }}
      />
      <ReceiptModal
        documentId={documentId}
        milestones={ms?.Rows ?? []}
        row={receipt?.row ?? null}
        open={receipt !== null}
        onClose={() => setReceipt(null)}
        onSaved={async () => {
          setReceipt(null);
          await reload();
        }}
      />
      <ReceiptFilesModal documentId={documentId} grId={filesOf} onClose={() => setFilesOf(null)} />
    </section>
  );
}

/** The goods receipts a claim against an apply pays for: add from those no claim has yet, or let them go. */
export function ClaimReceiptsSection({ documentId }: { documentId: number }) {
  const { t } = useTranslation();
  const reload = useReload();
  const [choosing, setChoosing] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const related = useQuery({
    queryKey: ['applies', 'related', documentId],
    queryFn: () => appliesApi.receipts(documentId),
  });
  const free = useQuery({
    queryKey: ['applies', 'unrelated', documentId],
    queryFn: () => appliesApi.unrelated(documentId),
    enabled: choosing,
  });
  const editable = related.data?.Editable === true;
  return (
    <section aria-label={t('apply.receipt.claimTitle')} data-testid="claim-receipts">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text>
          {t('apply.receipt.claimTotal', { total: formatAmount(related.data?.TotalAmount ?? '0') })}
        </Typography.Text>
        {editable ? (
          <ActionButton icon={<PlusOutlined />} onAction={() => setChoosing(true)} data-testid="relate-add">
            {t('apply.receipt.relate')}
          </ActionButton>
        ) : null}
      </Flex>
      <ReceiptTable
        rows={related.data?.Rows ?? []}
        editable={editable}
        onDelete={(r) =>
          confirmed(() => appliesApi.unrelate(documentId, [r.ID]), reload, {
            ask: 'apply.receipt.confirmUnrelate',
            done: 'apply.receipt.unrelated',
          })
        }
        testId="related-table"
      />
      <Modal
        open={choosing}
        title={t('apply.receipt.relate')}
        width={760}
        onCancel={() => setChoosing(false)}
        okButtonProps={{ disabled: chosen.length === 0 }}
        onOk={async () => {
          try {
            await appliesApi.relate(documentId, chosen);
            notice.success(t('apply.receipt.related'));
            setChosen([]);
            setChoosing(false);
          } catch (error) {
            notice.error(error);
          }
          await reload();
        }}
        destroyOnHidden
      >
        <Table
          scroll={{ x: 'max-content' }}
          size="small"
          rowKey="ID"
          pagination={false}
          loading={free.isLoading}
          dataSource={free.data?.Rows ?? []}
          locale={{ emptyText: t('apply.receipt.noneFree') }}
          rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as number[]) }}
          columns={[
            { key: 'date', dataIndex: 'GRDate', title: t('apply.receipt.date'), width: 120 },
            { key: 'ms', dataIndex: 'MilestoneName', title: t('apply.receipt.milestone') },
            {
              key: 'amount',
              title: t('apply.field.amount'),
              align: 'right',
              render: (_, r) => formatAmount(r.Amount),
            },
            { key: 'desc', dataIndex: 'Description', title: t('apply.receipt.description'), ellipsis: true },
          ]}
        />
      </Modal>
    </section>
  );
}
