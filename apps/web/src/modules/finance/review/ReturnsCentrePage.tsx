import { DeleteOutlined, EditOutlined, ImportOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import type { DocState, DocType, ReturnRow } from '@ems/contracts';
import { formatAmount } from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Flex, Form, Input, Space, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notice } from '../../../app/notice';
import { ActionButton } from '../../../shared/ActionButton';
import { saveDownload } from '../../../shared/download';
import { displayDateTime } from '../../../shared/format';
import {
  type ActionDef,
  type ColumnDef,
  type CustomControlProps,
  type FilterDef,
  ListPage,
} from '../../../shared/list-page';
import { DocTypeLabel, StatusTag } from '../../documents/labels';
import { reviewApi } from './api';
import { ASSIGNEE_FILTER, DOCUMENT_FILTERS, R, ReasonSelect } from './shared';

const VIEWS = ['open', 'all'] as const;
type View = (typeof VIEWS)[number];
const QUERY = 'review-returns';
const F = 'doc.field';

function ReasonFilter(props: CustomControlProps) {
  return <ReasonSelect kind="chargeback" {...(props as object)} />;
}

const FILTERS: FilterDef[] = [
  ...DOCUMENT_FILTERS,
  { name: 'ReasonID', labelKey: `${R}.field.reason`, type: 'custom', control: ReasonFilter },
  ASSIGNEE_FILTER,
];

const COLUMNS: ColumnDef<ReturnRow>[] = [
  { dataIndex: 'DocNo', labelKey: `${F}.docNo`, width: 170 },
  { dataIndex: 'DocType', labelKey: `${F}.docType`, render: (v) => <DocTypeLabel docType={v as DocType} /> },
  { dataIndex: 'DocStatus', labelKey: `${F}.status`, render: (v) => <StatusTag status={v as DocState} /> },
  { dataIndex: 'State', labelKey: `${R}.field.returnState`, render: (v) => <ReturnStateTag state={String(v)} /> },
  { dataIndex: 'ApplicantName', labelKey: `${F}.applicant` },
  { dataIndex: 'TeamName', labelKey: `${F}.team`, width: 160, ellipsis: true },
  { dataIndex: 'TotalAmount', labelKey: `${F}.amount`, render: (v, r) => `${r.Currency} ${formatAmount(String(v))}` },
  { dataIndex: 'Source', labelKey: `${R}.field.source`, render: (v) => <SourceText source={String(v)} /> },
  { dataIndex: 'ReasonName', labelKey: `${R}.field.reason`, width: 200, ellipsis: true },
  { dataIndex: 'Comment', labelKey: `${R}.field.comment`, width: 200, ellipsis: true },
  { dataIndex: 'ReturnedAt', labelKey: `${R}.field.returnedAt`, width: 170, render: (v) => displayDateTime(v) },
  { dataIndex: 'ReturnedByName', labelKey: `${R}.field.returnedBy` },
  { dataIndex: 'PaperSentAt', labelKey: `${R}.field.paperSentAt` },
  { dataIndex: 'TrackingNo', labelKey: `${R}.field.trackingNo` },
];

function ReturnStateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return <Tag color={state === 'open' ? 'orange' : 'default'}>{t(`${R}.returnState.${state}`)}</Tag>;
}
function SourceText({ source }: { source: string }) {
  const { t } = useTranslation();
  return <>{t(`${R}.source.${source}`)}</>;
}

interface SlipForm {
  PaperSentAt?: string;
  TrackingNo?: string;
  Remark?: string;
  Items: { ReasonID?: number; Remark?: string }[];
}

/** One return slip: how the paper went back, a remark, and the itemised problems (each a reason). */
function SlipDrawer({ id, onClose, onSaved }: { id: number | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SlipForm>();
  const [busy, setBusy] = useState(false);
  const q = useQuery({
    queryKey: ['review', 'slip', id],
    queryFn: () => reviewApi.loadDetail(id as number),
    enabled: id !== null,
  });
  useEffect(() => {
    if (q.data)
      form.setFieldsValue({
        PaperSentAt: q.data.Main.PaperSentAt ?? undefined,
        TrackingNo: q.data.Main.TrackingNo ?? undefined,
        Remark: q.data.Main.Remark ?? undefined,
        Items: q.data.Items.map((i) => ({ ReasonID: i.ReasonID, Remark: i.Remark ?? undefined })),
      });
  }, [q.data, form]);
  const save = async () => {
    if (!q.data || id === null) return;
    const v = await form.validateFields();
    setBusy(true);
    try {
      const main = await reviewApi.saveMain({
        ReturnID: id,
        Version: q.data.Main.Version,
        PaperSentAt: v.PaperSentAt || null,
        TrackingNo: v.TrackingNo || null,
        Remark: v.Remark || null,
      });
      await reviewApi.saveDetail({
        ReturnID: id,
        Version: main.Version,
        Items: (v.Items ?? []).map((i) => ({ ReasonID: i.ReasonID, Remark: i.Remark || null })),
      });
      notice.success(t('common.saved'));
      onSaved();
      onClose();
    } catch (error) {
      notice.error(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer
      open={id !== null}
      width={640}
      title={q.data ? `${t(`${R}.slip.title`)} ${q.data.Main.DocNo}` : t(`${R}.slip.title`)}
      onClose={onClose}
      destroyOnHidden
      extra={
        <ActionButton type="primary" onAction={save} loading={busy} data-testid="slip-save">
          {t('common.save')}
        </ActionButton>
      }
    >
      <Form form={form} layout="vertical">
        <Form.Item name="PaperSentAt" label={t(`${R}.field.paperSentAt`)}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="TrackingNo" label={t(`${R}.field.trackingNo`)}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="Remark" label={t(`${R}.field.remark`)}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.List name="Items">
          {(fields, { add, remove }) => (
            <Flex vertical gap={4}>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" style={{ width: '100%' }}>
                  <Form.Item
                    name={[f.name, 'ReasonID']}
                    rules={[{ required: true, message: t('common.required') }]}
                    style={{ width: 260 }}
                  >
                    <ReasonSelect kind="chargeback" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'Remark']} style={{ width: 260 }}>
                    <Input maxLength={500} placeholder={t(`${R}.field.remark`)} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t('common.delete')} />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({})}>
                {t(`${R}.slip.addItem`)}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}

/**
 * /manage/ChargebackProcessingCenter: the returns centre. Return slips of documents finance sent back; the paper sent
 * back and the slip's problems are kept here, the slip printed, and unchanged paper received again into review.
 */
export default function ReturnsCentrePage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'all' ? 'all' : 'open';
  const [editing, setEditing] = useState<number | null>(null);
  const refresh = () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(QUERY) });

  const actions: ActionDef<ReturnRow>[] = [
    {
      key: 'edit',
      labelKey: `${R}.action.editSlip`,
      icon: <EditOutlined />,
      needsOne: true,
      run: ({ rows }) => setEditing(rows[0]?.ReturnID ?? null),
    },
    {
      key: 'reReceive',
      labelKey: `${R}.action.reReceive`,
      icon: <ImportOutlined />,
      primary: true,
      needsOne: true,
      run: async ({ rows, clearSelection }) => {
        const row = rows[0];
        if (!row) return;
        if (!row.ReReceivable) {
          notice.warning(t(`${R}.notReReceivable`, { docNo: row.DocNo }));
          return;
        }
        if (!(await notice.ask(t(`${R}.confirmReReceive`, { docNo: row.DocNo })))) return;
        await reviewApi.reReceive(row);
        notice.success(t(`${R}.done.reReceive`, { docNo: row.DocNo }));
        clearSelection();
        await refresh();
      },
    },
    {
      key: 'print',
      labelKey: `${R}.action.printSlip`,
      icon: <PrinterOutlined />,
      needsOne: true,
      run: async ({ rows }) => {
        if (rows[0]) saveDownload(await reviewApi.printReturn(rows[0].ReturnID));
      },
    },
  ];

  return (
    <>
      <ListPage<ReturnRow>
        key={view}
        titleKey="menu.account.ChargebackProcessingCenter"
        keepParams={['view']}
        queryKey={`${QUERY}-${view}`}
        searchCall={(body) => reviewApi.searchReturns({ ...body, View: view })}
        rowKey="ReturnID"
        columns={COLUMNS}
        filters={FILTERS}
        actions={actions}
        header={
          <Tabs
            activeKey={view}
            onChange={(k) => setParams(k === 'open' ? {} : { view: k })}
            items={VIEWS.map((v) => ({
              key: v,
              label: <span data-testid={`returns-tab-${v}`}>{t(`${R}.returnsView.${v}`)}</span>,
            }))}
          />
        }
      />
      <SlipDrawer id={editing} onClose={() => setEditing(null)} onSaved={() => void refresh()} />
    </>
  );
}
