import { EyeOutlined, UserSwitchOutlined } from '@ant-design/icons';
import type { ReviewOrder, ReviewRow } from '@ems/contracts';
import { formatAmount } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Form, Input, Modal, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../app/notice';
import { displayDateTime } from '../../../shared/format';
import type { ActionDef } from '../../../shared/list-page';
import { reviewApi } from './api';
import { R, ReasonSelect, reportBatch, SmePicker } from './shared';

/** A reason from a list and a comment: no-pass (chargeback reasons) and S.T. hold (S.T. reasons). */
export function ReasonModal(props: {
  open: boolean;
  kind: 'chargeback' | 'st';
  titleKey: string;
  count: number;
  onClose: () => void;
  onOk: (reasonId: number, comment: string | undefined) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<number | undefined>();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (props.open) {
      setReason(undefined);
      setComment('');
    }
  }, [props.open]);
  return (
    <Modal
      open={props.open}
      title={t(props.titleKey)}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: reason === undefined, loading: busy, 'data-testid': 'review-reason-ok' } as never}
      destroyOnHidden
      onCancel={props.onClose}
      onOk={async () => {
        if (reason === undefined) return;
        setBusy(true);
        try {
          await props.onOk(reason, comment.trim() || undefined);
          props.onClose();
        } catch (error) {
          notice.error(error);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Typography.Paragraph>{t(`${R}.selectedCount`, { count: props.count })}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t(`${R}.field.reason`)} required>
          <ReasonSelect kind={props.kind} value={reason} onChange={setReason} data-testid="review-reason" />
        </Form.Item>
        <Form.Item label={t(`${R}.field.comment`)}>
          <Input.TextArea rows={3} maxLength={500} value={comment} onChange={(e) => setComment(e.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Batch chargeback: a reason for every document, refused until each has one (keyed by its rows, so it starts empty). */
export function ChargebackModal(props: {
  rows: ReviewRow[];
  onClose: () => void;
  onOk: (items: { ID: number; Version: number; ReasonID: number; Comment?: string }[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [reasons, setReasons] = useState<Record<number, number | undefined>>({});
  const [comments, setComments] = useState<Record<number, string>>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const missing = props.rows.some((r) => reasons[r.ID] === undefined);
  return (
    <Modal
      open={props.rows.length > 0}
      width={860}
      title={t(`${R}.action.chargeback`)}
      okText={t(`${R}.action.chargeback`)}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: busy, 'data-testid': 'chargeback-ok' } as never}
      destroyOnHidden
      onCancel={props.onClose}
      onOk={async () => {
        setTried(true);
        if (missing) {
          notice.warning(t(`${R}.reasonForAll`));
          return;
        }
        setBusy(true);
        try {
          await props.onOk(
            props.rows.map((r) => ({
              ID: r.ID,
              Version: r.Version,
              ReasonID: reasons[r.ID] as number,
              ...(comments[r.ID]?.trim() ? { Comment: comments[r.ID]?.trim() } : {}),
            })),
          );
          props.onClose();
        } catch (error) {
          notice.error(error);
        } finally {
          setBusy(false);
        }
      }}
    >
      {tried && missing && <Alert type="error" showIcon title={t(`${R}.reasonForAll`)} style={{ marginBottom: 12 }} />}
      <Table
        size="small"
        rowKey="ID"
        pagination={false}
        dataSource={props.rows}
        columns={[
          { title: t('doc.field.docNo'), dataIndex: 'DocNo', width: 160 },
          { title: t('doc.field.applicant'), dataIndex: 'ApplicantName', width: 110 },
          {
            title: t(`${R}.field.reason`),
            key: 'reason',
            render: (_: unknown, r: ReviewRow) => (
              <ReasonSelect
                kind="chargeback"
                value={reasons[r.ID]}
                status={tried && reasons[r.ID] === undefined ? 'error' : undefined}
                onChange={(v) => setReasons((s) => ({ ...s, [r.ID]: v }))}
                data-testid={`chargeback-reason-${r.DocNo}`}
              />
            ),
          },
          {
            title: t(`${R}.field.comment`),
            key: 'comment',
            render: (_: unknown, r: ReviewRow) => (
              <Input
                maxLength={500}
                data-testid={`chargeback-comment-${r.DocNo}`}
                value={comments[r.ID] ?? ''}
                onChange={(e) => setComments((s) => ({ ...s, [r.ID]: e.target.value }))}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}

/** Assign the selected documents to an SSC person, or clear it. */
export function AssignModal(props: {
  ids: number[];
  onClose: () => void;
  onOk: (smeId: number | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ SMEID?: number }>();
  return (
    <Modal
      open={props.ids.length > 0}
      title={t(`${R}.action.assign`)}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      onCancel={props.onClose}
      onOk={async () => {
        try {
          await props.onOk(form.getFieldValue('SMEID') ?? null);
          props.onClose();
        } catch (error) {
          notice.error(error);
        }
      }}
    >
      <Typography.Paragraph>{t(`${R}.selectedCount`, { count: props.ids.length })}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item name="SMEID" label={t(`${R}.field.assignee`)} extra={t(`${R}.assignClear`)}>
          <SmePicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** One document as the reviewer sees it: its lines, its vouchers with their entries, its history. */
export function OrderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['review', 'order', id],
    queryFn: () => reviewApi.order(id as number),
    enabled: id !== null,
  });
  const o: ReviewOrder | undefined = q.data;
  return (
    <Drawer open={id !== null} width={880} onClose={onClose} title={o?.Row.DocNo ?? ''} destroyOnHidden>
      {o && (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('doc.field.applicant')}>{o.Row.ApplicantName}</Descriptions.Item>
            <Descriptions.Item label={t('doc.field.team')}>{o.Row.TeamName}</Descriptions.Item>
            <Descriptions.Item label={t(`${R}.field.costCentre`)}>{o.Row.CostCenterName}</Descriptions.Item>
            <Descriptions.Item label={t('doc.field.amount')}>
              {o.Row.Currency} {formatAmount(o.Row.TotalAmount)}
            </Descriptions.Item>
            <Descriptions.Item label={t('doc.field.reason')} span={2}>
              {o.Row.Reason}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{t(`${R}.order.lines`)}</Typography.Title>
          <Table
            size="small"
            rowKey="LineNo"
            pagination={false}
            dataSource={o.Lines}
            columns={[
              { title: '#', dataIndex: 'LineNo', width: 50 },
              { title: t(`${R}.order.item`), dataIndex: 'ExpenseItemName' },
              { title: t(`${R}.order.date`), dataIndex: 'ExpenseDate' },
              { title: t('doc.field.currency'), dataIndex: 'Currency' },
              { title: t('doc.field.amount'), dataIndex: 'Amount', align: 'right' },
              { title: t(`${R}.field.amountCny`), dataIndex: 'AmountCNY', align: 'right' },
            ]}
          />
          <Typography.Title level={5}>{t(`${R}.order.vouchers`)}</Typography.Title>
          {o.Vouchers.length === 0 && <Typography.Text type="secondary">{t('common.noData')}</Typography.Text>}
          {o.Vouchers.map((v) => (
            <Table
              key={v.ID}
              size="small"
              rowKey="LineNo"
              pagination={false}
              style={{ marginBottom: 12 }}
              title={() =>
                t(`${R}.order.voucher`, {
                  period: v.Period,
                  state: t(`${R}.voucherState.${v.State}`),
                  amount: v.Amount,
                })
              }
              dataSource={v.Entries}
              columns={[
                { title: '#', dataIndex: 'LineNo', width: 50 },
                { title: t(`${R}.order.side`), dataIndex: 'Side', width: 70 },
                { title: t(`${R}.order.gl`), dataIndex: 'GLAccount' },
                { title: t('doc.field.amount'), dataIndex: 'Amount', align: 'right' },
                { title: t(`${R}.field.comment`), dataIndex: 'Text' },
              ]}
            />
          ))}
          <Typography.Title level={5}>{t(`${R}.order.history`)}</Typography.Title>
          <Table
            size="small"
            rowKey={(h) => `${h.At}-${h.Action}`}
            pagination={false}
            dataSource={o.History}
            columns={[
              { title: t(`${R}.order.at`), dataIndex: 'At', render: (v: string) => displayDateTime(v) },
              { title: t('doc.field.status'), dataIndex: 'ToStatus', render: (v: string) => t(`doc.status.${v}`) },
              { title: t(`${R}.order.actor`), dataIndex: 'ActorName' },
              { title: t(`${R}.field.comment`), dataIndex: 'Comment' },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

/**
 * What every review list has beside its own actions: assigning the selected documents to an SSC person, and opening one
 * (exactly one row, else "Please select and only one") in the review drawer; `dialogs` is rendered once by the page.
 */
export function useReviewTools(refresh: () => Promise<unknown>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const [assigning, setAssigning] = useState<number[]>([]);
  const actions: ActionDef<ReviewRow>[] = [
    {
      key: 'assign',
      labelKey: `${R}.action.assign`,
      icon: <UserSwitchOutlined />,
      needsSome: true,
      run: ({ rows }) => setAssigning(rows.map((r) => r.ID)),
    },
    {
      key: 'view',
      labelKey: `${R}.action.view`,
      icon: <EyeOutlined />,
      needsOne: true,
      run: ({ rows }) => setOpen(rows[0]?.ID ?? null),
    },
  ];
  const dialogs = (
    <>
      <AssignModal
        ids={assigning}
        onClose={() => setAssigning([])}
        onOk={async (smeId) => {
          reportBatch(await reviewApi.assign(assigning, smeId), t, `${R}.done.assign`);
          await refresh();
        }}
      />
      <OrderDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
  return { openRow: (r: ReviewRow) => setOpen(r.ID), actions, dialogs };
}
