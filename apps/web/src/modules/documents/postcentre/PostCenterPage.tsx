import {
  CheckCircleFilled,
  CloseCircleFilled,
  DeleteOutlined,
  InboxOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import type { DocState, DocType, PostBatch, PostCenterRow } from '@ems/contracts';
import { formatAmount } from '@ems/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Input, type InputRef, List, Modal, Space, Tabs, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText, notice } from '../../../app/notice';
import { ActionButton } from '../../../shared/ActionButton';
import { displayDateTime } from '../../../shared/format';
import { type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { DocTypeLabel, StatusTag } from '../labels';
import { type PostView, postCentreApi } from './api';

const F = 'doc.field';
const QUERY = 'post-centre';

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: `${F}.keywordApplicant`, type: 'text' },
  {
    name: 'DocType',
    labelKey: `${F}.docType`,
    type: 'select',
    options: [
      { value: 'loan', labelKey: 'doc.type.loan' },
      { value: 'deputy', labelKey: 'doc.type.deputy' },
    ],
  },
];

const COLUMNS: ColumnDef<PostCenterRow>[] = [
  {
    dataIndex: 'DocNo',
    labelKey: `${F}.docNo`,
    width: 170,
    render: (v, r) => (
      <Link to={`/manage/document/view/${r.ID}`} data-testid={`post-doc-${String(v)}`}>
        {String(v)}
      </Link>
    ),
  },
  { dataIndex: 'DocType', labelKey: `${F}.docType`, render: (v) => <DocTypeLabel docType={v as DocType} /> },
  { dataIndex: 'Status', labelKey: `${F}.status`, render: (v) => <StatusTag status={v as DocState} /> },
  { dataIndex: 'ApplicantCode', labelKey: 'postcentre.field.applicantCode' },
  { dataIndex: 'ApplicantName', labelKey: `${F}.applicant` },
  { dataIndex: 'TeamName', labelKey: `${F}.team`, width: 180, ellipsis: true },
  { dataIndex: 'Currency', labelKey: `${F}.currency` },
  { dataIndex: 'TotalAmount', labelKey: `${F}.amount`, render: (v) => formatAmount(String(v)) },
  { dataIndex: 'Reason', labelKey: `${F}.reason`, width: 220, ellipsis: true },
  { dataIndex: 'ApprovedAt', labelKey: `${F}.approvedAt`, width: 170, render: (v) => displayDateTime(v) },
  { dataIndex: 'ReceivedAt', labelKey: 'postcentre.field.receivedAt', width: 170, render: (v) => displayDateTime(v) },
];

interface Scan {
  key: number;
  docNo: string;
  ok: boolean;
  text: string;
}

/**
 * The scan box: a barcode scanner types the number and Enter, as a person may. Each scan is received at once, the
 * box empties and keeps the focus for the next one, and the last scans show beneath with their outcome.
 */
function ScanBox({ onReceived }: { onReceived: (batch: PostBatch) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [scans, setScans] = useState<Scan[]>([]);
  const input = useRef<InputRef>(null);
  const seq = useRef(0);
  const submit = async () => {
    const docNo = value.trim();
    if (!docNo) return;
    setValue('');
    const key = ++seq.current;
    try {
      const r = await postCentreApi.receive(docNo);
      setScans((s) => [
        { key, docNo: r.Row.DocNo, ok: true, text: t('postcentre.scan.received', { name: r.Row.ApplicantName }) },
        ...s.slice(0, 9),
      ]);
      onReceived(r.Batch);
    } catch (error) {
      setScans((s) => [{ key, docNo, ok: false, text: errorText(error) }, ...s.slice(0, 9)]);
    } finally {
      input.current?.focus();
    }
  };
  return (
    <Card size="small" title={t('postcentre.scan.title')}>
      <Input
        ref={input}
        autoFocus
        size="large"
        allowClear
        value={value}
        maxLength={40}
        placeholder={t('postcentre.scan.placeholder')}
        onChange={(e) => setValue(e.target.value)}
        onPressEnter={submit}
        data-testid="post-scan-input"
        aria-label={t('postcentre.scan.title')}
      />
      <List
        size="small"
        style={{ marginTop: 8 }}
        dataSource={scans}
        locale={{ emptyText: t('postcentre.scan.none') }}
        data-testid="post-scan-results"
        renderItem={(s) => (
          <List.Item data-testid={`post-scan-${s.ok ? 'ok' : 'failed'}`}>
            <Space>
              {s.ok ? (
                <CheckCircleFilled style={{ color: '#52c41a' }} />
              ) : (
                <CloseCircleFilled style={{ color: '#ff4d4f' }} />
              )}
              <Typography.Text strong>{s.docNo}</Typography.Text>
              <Typography.Text type={s.ok ? undefined : 'danger'}>{s.text}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** The open batch and what can be done with all of it: return, delete, or hand it on. */
function BatchBar({ batch, onChanged }: { batch: PostBatch | null; onChanged: () => void }) {
  const { t } = useTranslation();
  const [returning, setReturning] = useState(false);
  const [reason, setReason] = useState('');
  const id = batch?.BatchID ?? null;
  if (id === null || !batch) {
    return <Typography.Text type="secondary">{t('postcentre.batch.none')}</Typography.Text>;
  }
  const done = (count: number, key: string) => {
    notice.success(t(key, { count }));
    onChanged();
  };
  return (
    <Flex gap={8} align="center" wrap data-testid="post-batch">
      <Typography.Text>
        {t('postcentre.batch.summary', { id, count: batch.Count, at: displayDateTime(batch.OpenedAt) })}
      </Typography.Text>
      <ActionButton icon={<RollbackOutlined />} onAction={() => setReturning(true)} data-testid="post-return-all">
        {t('postcentre.batch.returnAll')}
      </ActionButton>
      <ActionButton
        danger
        icon={<DeleteOutlined />}
        data-testid="post-delete-all"
        onAction={async () => {
          if (!(await notice.ask(t('postcentre.batch.confirmDeleteAll', { count: batch.Count })))) return;
          done((await postCentreApi.deleteAll(id)).Count, 'postcentre.batch.deleted');
        }}
      >
        {t('postcentre.batch.deleteAll')}
      </ActionButton>
      <ActionButton
        icon={<InboxOutlined />}
        data-testid="post-close-batch"
        onAction={async () => {
          if (!(await notice.ask(t('postcentre.batch.confirmClose', { count: batch.Count })))) return;
          await postCentreApi.closeBatch(id);
          notice.success(t('postcentre.batch.closed'));
          onChanged();
        }}
      >
        {t('postcentre.batch.close')}
      </ActionButton>
      <Modal
        open={returning}
        title={t('postcentre.batch.returnAll')}
        okText={t('postcentre.batch.returnAll')}
        okButtonProps={{ disabled: reason.trim() === '', danger: true, 'data-testid': 'post-return-ok' } as never}
        cancelText={t('common.cancel')}
        destroyOnHidden
        onCancel={() => setReturning(false)}
        onOk={async () => {
          try {
            const r = await postCentreApi.returnAll(id, reason.trim());
            setReturning(false);
            setReason('');
            done(r.Count, 'postcentre.batch.returned');
          } catch (error) {
            notice.error(error);
          }
        }}
      >
        <Typography.Paragraph>{t('postcentre.batch.confirmReturnAll', { count: batch.Count })}</Typography.Paragraph>
        <Input.TextArea
          autoFocus
          rows={3}
          maxLength={500}
          value={reason}
          placeholder={t('postcentre.batch.reason')}
          onChange={(e) => setReason(e.target.value)}
          data-testid="post-return-reason"
        />
      </Modal>
    </Flex>
  );
}

/** /manage/documentPostCenter: paper originals received by scanning, in the clerk's mailing batch. */
export default function PostCenterPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const view: PostView = params.get('view') === 'batch' ? 'batch' : 'awaiting';
  const [batch, setBatch] = useState<PostBatch | null>(null);
  const refresh = () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(QUERY) });
  return (
    <ListPage<PostCenterRow>
      key={view}
      titleKey="menu.expense.documentPostCenter"
      keepParams={['view']}
      queryKey={`${QUERY}-${view}`}
      searchCall={async (body) => {
        const page = await postCentreApi.search(view, body);
        setBatch(page.Batch);
        return page;
      }}
      rowKey="ID"
      columns={COLUMNS}
      filters={FILTERS}
      header={
        <Flex vertical gap={12}>
          <ScanBox
            onReceived={(b) => {
              setBatch(b);
              void refresh();
            }}
          />
          <BatchBar batch={batch} onChanged={() => void refresh()} />
          <Tabs
            activeKey={view}
            onChange={(k) => setParams(k === 'awaiting' ? {} : { view: k })}
            items={(['awaiting', 'batch'] as const).map((v) => ({
              key: v,
              label: <span data-testid={`post-tab-${v}`}>{t(`postcentre.view.${v}`)}</span>,
            }))}
          />
        </Flex>
      }
    />
  );
}
