import { CheckOutlined, CloseOutlined, FileTextOutlined, PaperClipOutlined } from '@ant-design/icons';
import { addMoney, type BatchApproveItemResult, type PendingRow } from '@ems/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Card,
  Checkbox,
  Empty,
  Flex,
  Grid,
  List,
  Pagination,
  Table,
  type TableColumnsType,
  type TableProps,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notice } from '../../../app/notice';
import { ActionButton } from '../../../shared/ActionButton';
import { columnWidth, formatAmount, formatDate } from '../../../shared/format';
import { SearchForm } from '../../../shared/list-page/SearchForm';
import type { FilterDef } from '../../../shared/list-page/types';
import {
  afterTableChange,
  type ListState,
  listBody,
  pagerOf,
  readListState,
  selectionProblem,
  writeListState,
} from '../../../shared/list-page/urlState';
import { approvalApi } from './api';
import { BatchResultModal } from './BatchResultModal';
import { DecisionDialog } from './DecisionDialog';
import { isPhone, newDecisionKey } from './decisions';
import { Amount, DOC_TYPE_OPTIONS, DocLink, DocTypeText, ForApproverTag } from './labels';

const FILTERS: FilterDef[] = [
  { name: 'DocType', labelKey: 'approval.field.docType', type: 'select', options: DOC_TYPE_OPTIONS },
  { name: 'Keyword', labelKey: 'approval.field.keyword', type: 'text' },
];
const SORT_FIELDS = ['DocNo', 'ApplicantName', 'TotalAmount', 'PendingSince'];

interface Column {
  key: string;
  dataIndex: keyof PendingRow;
  title: string;
  sorter?: boolean;
  align?: 'right';
  render?: (value: unknown, row: PendingRow) => ReactNode;
}

/** How long the step has waited: a red badge once past ApprovalOverdueDays. */
function AgeTag({ row }: { row: PendingRow }) {
  const { t } = useTranslation();
  if (row.PendingDays === null) return null;
  return row.Overdue ? (
    <Tag color="red">{t('approval.center.overdue', { days: row.OverdueDays })}</Tag>
  ) : (
    <Tag>{t('approval.center.pendingDays', { days: row.PendingDays })}</Tag>
  );
}

function StepText({ row }: { row: PendingRow }) {
  return (
    <Flex gap={4} wrap align="center">
      <span>{row.StepName}</span>
      <ForApproverTag name={row.ForApproverName} />
    </Flex>
  );
}

/** What the approver has to look at: the files attached and the fapiao entered. */
function Evidence({ row }: { row: PendingRow }) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} align="center" data-testid={`evidence-${row.ID}`}>
      <Tooltip title={t('approval.center.attachments', { count: row.Attachments })}>
        <span>
          <PaperClipOutlined aria-label={t('approval.center.attachments', { count: row.Attachments })} />{' '}
          {row.Attachments}
        </span>
      </Tooltip>
      <Tooltip title={t('approval.center.fapiao', { count: row.Fapiao })}>
        <span>
          <FileTextOutlined aria-label={t('approval.center.fapiao', { count: row.Fapiao })} /> {row.Fapiao}
        </span>
      </Tooltip>
    </Flex>
  );
}

/** One pending document as a card with big buttons: the approve centre on a phone. */
function PendingCard(props: {
  row: PendingRow;
  checked: boolean;
  onCheck: (checked: boolean) => void;
  onDecide: (mode: 'approve' | 'reject') => void;
}) {
  const { row, checked } = props;
  const { t } = useTranslation();
  return (
    <Card size="small" data-testid={`pending-card-${row.ID}`} styles={{ body: { padding: 12 } }}>
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="center" gap={8}>
          <Checkbox checked={checked} onChange={(e) => props.onCheck(e.target.checked)} aria-label={row.DocNo}>
            <Typography.Text strong>
              <DocLink id={row.ID} docNo={row.DocNo} />
            </Typography.Text>
          </Checkbox>
          <AgeTag row={row} />
        </Flex>
        <Typography.Text type="secondary">
          <DocTypeText docType={row.DocType} /> · {row.ApplicantName}
          {row.ExpenseTypeName ? ` · ${row.ExpenseTypeName}` : ''}
        </Typography.Text>
        {row.Reason ? (
          <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }} data-testid={`reason-${row.ID}`}>
            {row.Reason}
          </Typography.Paragraph>
        ) : null}
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text style={{ fontSize: 18 }}>
            <Amount currency={row.Currency} value={row.TotalAmount} />
          </Typography.Text>
          <Evidence row={row} />
        </Flex>
        <StepText row={row} />
        <Flex gap={8}>
          <ActionButton
            block
            size="large"
            type="primary"
            icon={<CheckOutlined />}
            onAction={() => props.onDecide('approve')}
          >
            {t('approval.center.approve')}
          </ActionButton>
          <ActionButton block size="large" danger icon={<CloseOutlined />} onAction={() => props.onDecide('reject')}>
            {t('approval.center.reject')}
          </ActionButton>
        </Flex>
      </Flex>
    </Card>
  );
}

/**
 * The approve centre: documents waiting for the user or for whom they approve as proxy. Approve one (with an
 * optional comment) or several at once (approve-all, with a per-document result), reject exactly one with a
 * comment. A table on a desktop, cards with big buttons on a phone.
 */
export default function ApproveCenterPage() {
  const { t } = useTranslation();
  const phone = isPhone(Grid.useBreakpoint());
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, { filters: FILTERS, sortFields: SORT_FIELDS }), [params]);
  const setState = useCallback((next: ListState) => setParams(writeListState(next)), [setParams]);
  const body = listBody(state, FILTERS);
  const query = useQuery({
    queryKey: ['approve-center', body],
    queryFn: () => approvalApi.pending(body),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (query.error) notice.error(query.error);
  }, [query.error]);

  const [selected, setSelected] = useState<PendingRow[]>([]);
  const [decision, setDecision] = useState<{ row: PendingRow; mode: 'approve' | 'reject' } | null>(null);
  const [batch, setBatch] = useState<BatchApproveItemResult[] | null>(null);
  const rows = query.data?.Rows ?? [];
  const { refetch } = query;

  const reload = useCallback(() => {
    setSelected([]);
    void refetch();
  }, [refetch]);

  const approve = async (chosen: PendingRow[]) => {
    const problem = selectionProblem({ needsSome: true }, chosen.length);
    if (problem) {
      notice.warning(t(problem));
      return;
    }
    if (chosen.length === 1) {
      setDecision({ row: chosen[0]!, mode: 'approve' });
      return;
    }
    // Their workflow wants these looked at one by one: approve-all would refuse them anyway.
    const single = chosen.filter((r) => !r.BatchApprovable);
    if (single.length) {
      notice.warning(t('approval.batch.oneByOne', { docNos: single.map((r) => r.DocNo).join(', ') }));
      return;
    }
    const result = await approvalApi.batchApprove(
      chosen.map((r) => ({ ID: r.ID, Version: r.Version })),
      newDecisionKey(),
    );
    setBatch(result.Rows);
    reload();
  };
  const reject = (chosen: PendingRow[]) => {
    const problem = selectionProblem({ needsOne: true }, chosen.length);
    if (problem) {
      notice.warning(t(problem));
      return;
    }
    setDecision({ row: chosen[0]!, mode: 'reject' });
  };

  const base: Column[] = [
    {
      key: 'DocNo',
      dataIndex: 'DocNo',
      title: t('approval.field.docNo'),
      sorter: true,
      render: (_v, r) => (
        <Flex gap={4} align="center" wrap>
          <DocLink id={r.ID} docNo={r.DocNo} />
          {r.BatchApprovable ? null : (
            <Tag data-testid={`one-by-one-${r.DocNo}`}>{t('approval.batch.oneByOneTag')}</Tag>
          )}
        </Flex>
      ),
    },
    {
      key: 'DocType',
      dataIndex: 'DocType',
      title: t('approval.field.docType'),
      render: (_v, r) => <DocTypeText docType={r.DocType} />,
    },
    { key: 'ApplicantName', dataIndex: 'ApplicantName', title: t('approval.field.applicant'), sorter: true },
    { key: 'ExpenseTypeName', dataIndex: 'ExpenseTypeName', title: t('approval.field.expenseType') },
    {
      key: 'Reason',
      dataIndex: 'Reason',
      title: t('approval.field.reason'),
      render: (_v, r) => (
        <Typography.Text ellipsis={{ tooltip: r.Reason }} style={{ maxWidth: 240 }}>
          {r.Reason}
        </Typography.Text>
      ),
    },
    {
      key: 'Evidence',
      dataIndex: 'Attachments',
      title: t('approval.field.evidence'),
      render: (_v, r) => <Evidence row={r} />,
    },
    {
      key: 'TotalAmount',
      dataIndex: 'TotalAmount',
      title: t('approval.field.amount'),
      sorter: true,
      align: 'right',
      render: (_v, r) => <Amount currency={r.Currency} value={r.TotalAmount} />,
    },
    {
      key: 'StepName',
      dataIndex: 'StepName',
      title: t('approval.field.step'),
      render: (_v, r) => <StepText row={r} />,
    },
    { key: 'TeamName', dataIndex: 'TeamName', title: t('approval.field.team') },
    {
      key: 'PendingSince',
      dataIndex: 'PendingSince',
      title: t('approval.field.pendingSince'),
      sorter: true,
      render: (_v, r) => (
        <Flex gap={4} align="center" wrap>
          <span>{r.PendingSince ? formatDate(r.PendingSince) : ''}</span>
          <AgeTag row={r} />
        </Flex>
      ),
    },
  ];
  const columns: TableColumnsType<PendingRow> = base.map((c) => ({
    ...c,
    width: columnWidth(c.title),
    ...(c.sorter ? { sortOrder: state.sortField === c.key ? (state.sortOrder ?? null) : null } : {}),
  }));

  const onTableChange: TableProps<PendingRow>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const sortField = one?.order ? String(one.columnKey ?? one.field ?? '') : undefined;
    const sortOrder = one?.order ?? undefined;
    setState(afterTableChange(state, pagination, sortField, sortOrder));
    setSelected([]);
  };

  const selectedIds = new Set(selected.map((r) => r.ID));
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('approval.center.empty')} />;

  return (
    <Flex vertical gap={8}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('menu.expense.approveCenter')}
      </Typography.Title>
      <SearchForm
        filters={FILTERS}
        values={state.filters}
        onSearch={(filters) => {
          setState({ ...state, filters, page: 1 });
          setSelected([]);
        }}
      />
      <Flex wrap gap={8} align="center" role="toolbar" aria-label={t('list.toolbar')}>
        {phone ? (
          <Checkbox
            checked={rows.length > 0 && selected.length === rows.length}
            indeterminate={selected.length > 0 && selected.length < rows.length}
            onChange={(e) => setSelected(e.target.checked ? rows : [])}
          >
            {t('approval.center.selectAll')}
          </Checkbox>
        ) : null}
        <ActionButton
          type="primary"
          icon={<CheckOutlined />}
          data-testid="approve-selected"
          onAction={() => approve(selected)}
        >
          {selected.length > 1
            ? t('approval.center.approveSelected', { count: selected.length })
            : t('approval.center.approve')}
        </ActionButton>
        {phone ? null : (
          <ActionButton danger icon={<CloseOutlined />} data-testid="reject-selected" onAction={() => reject(selected)}>
            {t('approval.center.reject')}
          </ActionButton>
        )}
        {selected.length ? (
          <Typography.Text type="secondary" data-testid="approve-selected-total">
            {t('approval.center.selectedTotal', {
              count: selected.length,
              total: formatAmount(addMoney(...selected.map((r) => r.TotalAmountCNY))),
            })}
          </Typography.Text>
        ) : null}
      </Flex>
      {phone ? (
        <>
          <List
            loading={query.isFetching}
            dataSource={rows}
            rowKey="ID"
            locale={{ emptyText: empty }}
            renderItem={(r) => (
              <List.Item style={{ padding: '4px 0', border: 'none' }}>
                <div style={{ width: '100%' }}>
                  <PendingCard
                    row={r}
                    checked={selectedIds.has(r.ID)}
                    onCheck={(on) => setSelected((now) => (on ? [...now, r] : now.filter((x) => x.ID !== r.ID)))}
                    onDecide={(mode) => setDecision({ row: r, mode })}
                  />
                </div>
              </List.Item>
            )}
          />
          <Pagination
            simple
            align="center"
            current={state.page}
            pageSize={state.pageSize}
            total={query.data?.Total ?? 0}
            onChange={(page) => {
              setState({ ...state, page });
              setSelected([]);
            }}
          />
        </>
      ) : (
        <Table<PendingRow>
          rowKey="ID"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          onChange={onTableChange}
          rowSelection={{
            selectedRowKeys: selected.map((r) => r.ID),
            onChange: (_keys, chosen) => setSelected(chosen),
          }}
          locale={{ emptyText: empty }}
          pagination={pagerOf(state, query.data, t)}
        />
      )}
      {decision ? (
        <DecisionDialog
          document={decision.row}
          mode={decision.mode}
          open
          onClose={() => setDecision(null)}
          onDone={() => {
            setDecision(null);
            reload();
          }}
        />
      ) : null}
      <BatchResultModal rows={batch} onClose={() => setBatch(null)} />
    </Flex>
  );
}
