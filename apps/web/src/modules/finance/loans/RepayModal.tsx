import type { LoanAccountRow } from '@ems/contracts';
import { DatePicker, Descriptions, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/FormModal';
import { formatAmount } from '../../../shared/format';
import { useFormSubmit } from '../../../shared/useFormSubmit';
import { loansApi } from './api';
import { F } from './labels';

const AMOUNT = /^\d{1,16}(\.\d{1,2})?$/;
interface Values {
  Amount: string;
  RepaidOn: Dayjs;
  Note?: string;
}

/** Finance records money an employee paid back on one loan, at most its open balance. */
export function RepayModal(props: { row: LoanAccountRow | null; onClose: () => void; onDone: () => void }) {
  const { row, onClose, onDone } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (row) form.setFieldsValue({ Amount: row.Open, RepaidOn: dayjs(), Note: '' });
  }, [row, form]);
  const { submit, busy } = useFormSubmit<Values>(form, {
    submit: async (v) => {
      if (!row) return;
      await loansApi.repay({
        LoanID: row.LoanID,
        Amount: v.Amount.trim(),
        Open: row.Open,
        RepaidOn: v.RepaidOn.format('YYYY-MM-DD'),
        ...(v.Note?.trim() ? { Note: v.Note.trim() } : {}),
      });
    },
    successKey: 'loans.repaid',
    onSuccess: onDone,
    fields: ['Amount', 'RepaidOn', 'Note'],
  });
  const required = { required: true, message: t('common.required') };
  return (
    <FormModal open={row !== null} title={t('loans.action.repay')} onClose={onClose} onSave={submit} busy={busy}>
      {row ? (
        <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t(`${F}docNo`)}>{row.DocNo}</Descriptions.Item>
          <Descriptions.Item label={t(`${F}employeeName`)}>{row.EmployeeName}</Descriptions.Item>
          <Descriptions.Item label={t(`${F}balance`)}>{formatAmount(row.Balance)}</Descriptions.Item>
          <Descriptions.Item label={t(`${F}open`)}>{formatAmount(row.Open)}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <Form form={form} layout="vertical">
        <Form.Item
          name="Amount"
          label={t(`${F}amount`)}
          rules={[required, { pattern: AMOUNT, message: t('invoice.amountInvalid') }]}
        >
          <Input inputMode="decimal" style={{ textAlign: 'right' }} data-testid="loan-repay-amount" />
        </Form.Item>
        <Form.Item name="RepaidOn" label={t(`${F}repaidOn`)} rules={[required]}>
          <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item name="Note" label={t(`${F}note`)}>
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
