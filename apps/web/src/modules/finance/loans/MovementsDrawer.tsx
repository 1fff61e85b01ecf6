import type { LoanMovementRow } from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Form, Grid, Input, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../../app/i18n/BootProvider';
import { ActionButton } from '../../../shared/ActionButton';
import { FormModal } from '../../../shared/FormModal';
import { formatAmount } from '../../../shared/format';
import { useFormSubmit } from '../../../shared/useFormSubmit';
import { loansApi } from './api';
import { F, VoucherTag } from './labels';

/** A reason, then the write-off is reversed: the amount is owed on the loan again. */
function CancelModal(props: { row: LoanMovementRow | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ Reason: string }>();
  useEffect(() => {
    if (props.row) form.resetFields();
  }, [props.row, form]);
  const { submit, busy } = useFormSubmit<{ Reason: string }>(form, {
    submit: async ({ Reason }) => {
      if (props.row) await loansApi.cancelWriteOff({ MovementID: props.row.ID, Reason });
    },
    successKey: 'loans.cancelled',
    onSuccess: props.onDone,
    fields: ['Reason'],
  });
  return (
    <FormModal
      open={props.row !== null}
      title={t('loans.action.cancelWriteOff')}
      onClose={props.onClose}
      onSave={submit}
      busy={busy}
      okText={t('loans.action.cancelWriteOff')}
    >
      <Alert type="warning" showIcon message={t('loans.cancel.confirm')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical">
        <Form.Item
          name="Reason"
          label={t('loans.cancel.reason')}
          rules={[{ required: true, whitespace: true, message: t('common.required') }]}
        >
          <Input.TextArea
            maxLength={500}
            showCount
            autoSize={{ minRows: 3 }}
            autoFocus
            data-testid="loan-cancel-reason"
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** One loan's account and the movements of its balance, with the cancel of a deputy's write-off. */
export function MovementsDrawer(props: { loanId: number | null; onClose: () => void; onChanged: () => void }) {
  const { loanId, onClose, onChanged } = props;
  const { t } = useTranslation();
  const { culture } = useBoot();
  const screens = Grid.useBreakpoint();
  const client = useQueryClient();
  const [cancelling, setCancelling] = useState<LoanMovementRow | null>(null);
  const key = ['loans', 'movements', loanId, culture];
  const query = useQuery({ queryKey: key, queryFn: () => loansApi.movements(loanId!), enabled: loanId !== null });
  const a = query.data?.Account;
  const money = (v: string) => formatAmount(v);
  return (
    <Drawer
      open={loanId !== null}
      onClose={onClose}
      size={screens.md ? 1000 : '100%'}
      title={t('loans.movements.title', { no: a?.DocNo ?? '' })}
      destroyOnHidden
    >
      {a ? (
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }} data-testid="loan-account">
          <Descriptions.Item label={t(`${F}employeeName`)}>{`${a.EmployeeCode} ${a.EmployeeName}`}</Descriptions.Item>
          <Descriptions.Item label={t(`${F}total`)}>{money(a.Total)}</Descriptions.Item>
          <Descriptions.Item label={t(`${F}dueDate`)}>
            {a.DueDate ?? ''} {a.Overdue ? <Tag color="red">{t(`${F}overdue`)}</Tag> : null}
          </Descriptions.Item>
          <Descriptions.Item label={t(`${F}writtenOff`)}>{money(a.WrittenOff)}</Descriptions.Item>
          <Descriptions.Item label={t(`${F}repaid`)}>{money(a.Repaid)}</Descriptions.Item>
          <Descriptions.Item label={t(`${F}balance`)}>{money(a.Balance)}</Descriptions.Item>
          <Descriptions.Item label={t(`${F}pending`)}>{money(a.Pending)}</Descriptions.Item>
          <Descriptions.Item label={t(`${F}open`)}>{money(a.Open)}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <Table<LoanMovementRow>
        size="small"
        rowKey="ID"
        loading={query.isFetching}
        dataSource={query.data?.Rows ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          { key: 'on', title: t(`${F}bookedOn`), dataIndex: 'BookedOn', width: 110 },
          {
            key: 'kind',
            title: t(`${F}kind`),
            dataIndex: 'Kind',
            width: 170,
            render: (v: string, r) => (
              <>
                {t(`loans.kind.${v}`)} {r.Cancelled ? <Tag>{t('loans.voucher.cancelled')}</Tag> : null}
              </>
            ),
          },
          { key: 'amount', title: t(`${F}amount`), dataIndex: 'Amount', align: 'right', width: 120, render: money },
          { key: 'deputy', title: t(`${F}deputyNo`), dataIndex: 'DeputyNo', width: 150 },
          {
            key: 'voucher',
            title: t(`${F}voucherState`),
            dataIndex: 'VoucherState',
            width: 100,
            render: (v: string | null) => <VoucherTag state={v} />,
          },
          { key: 'erp', title: t(`${F}erpDocNo`), dataIndex: 'ErpDocNo', width: 120 },
          { key: 'note', title: t(`${F}note`), dataIndex: 'Note', ellipsis: true },
          {
            key: 'act',
            title: '',
            width: 120,
            render: (_v, r) =>
              r.Kind === 'write_off' && !r.Cancelled ? (
                <ActionButton size="small" danger onAction={() => setCancelling(r)} data-testid="loan-cancel-write-off">
                  {t('loans.action.cancelWriteOff')}
                </ActionButton>
              ) : null,
          },
        ]}
      />
      <CancelModal
        row={cancelling}
        onClose={() => setCancelling(null)}
        onDone={() => {
          setCancelling(null);
          void client.invalidateQueries({ queryKey: ['loans', 'movements', loanId] });
          onChanged();
        }}
      />
    </Drawer>
  );
}
