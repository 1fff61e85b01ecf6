import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { GRRow, MilestoneRow } from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Form, Input, List, Modal, Select, Upload } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../../shared/ActionButton';
import { FormModal } from '../../../shared/FormModal';
import { useFormSubmit } from '../../../shared/useFormSubmit';
import { confirmed, uploadWith } from './actions';
import { appliesApi } from './api';

/** Up to 16 digits and two decimals, more than zero: the server's money rule for milestones and receipts. */
const MONEY = /^\d{1,16}(\.\d{1,2})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function useMoneyRule() {
  const { t } = useTranslation();
  return {
    validator: async (_rule: unknown, value: string | undefined) => {
      const text = value?.replace(/,/g, '').trim() ?? '';
      if (!MONEY.test(text) || /^0+(\.0+)?$/.test(text)) throw new Error(t('apply.amountInvalid'));
    },
  };
}

const dayRule = (message: string) => ({ required: true, pattern: DAY, message });

interface MilestoneValues {
  Name: string;
  PlannedDate: string;
  Amount: string;
}

/** Adds or changes one milestone of an apply (`row` null: a new one). */
export function MilestoneModal(props: {
  documentId: number;
  row: MilestoneRow | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MilestoneValues>();
  const money = useMoneyRule();
  useEffect(() => {
    if (props.open)
      form.setFieldsValue(
        props.row
          ? { Name: props.row.Name, PlannedDate: props.row.PlannedDate, Amount: props.row.Amount }
          : { Name: '', PlannedDate: '', Amount: '' },
      );
  }, [props.open, props.row, form]);
  const { submit, busy } = useFormSubmit<MilestoneValues>(form, {
    submit: (v) =>
      appliesApi.saveMilestone({
        DocumentID: props.documentId,
        ...(props.row ? { ID: props.row.ID, Version: props.row.Version } : {}),
        Name: v.Name.trim(),
        PlannedDate: v.PlannedDate,
        Amount: v.Amount.replace(/,/g, '').trim(),
      }),
    onSuccess: props.onSaved,
    fields: ['Name', 'PlannedDate', 'Amount'],
  });
  return (
    <FormModal
      open={props.open}
      title={t(props.row ? 'apply.milestone.edit' : 'apply.milestone.add')}
      onClose={props.onClose}
      onSave={submit}
      busy={busy}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="Name" label={t('apply.milestone.name')} rules={[{ required: true, max: 200 }]}>
          <Input autoFocus maxLength={200} data-testid="milestone-name" />
        </Form.Item>
        <Form.Item
          name="PlannedDate"
          label={t('apply.milestone.plannedDate')}
          rules={[dayRule(t('apply.dateInvalid'))]}
        >
          <Input type="date" data-testid="milestone-date" />
        </Form.Item>
        <Form.Item name="Amount" label={t('apply.field.amount')} rules={[{ required: true }, money]}>
          <Input prefix="¥" inputMode="decimal" data-testid="milestone-amount" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

interface ReceiptValues {
  MilestoneID?: number | null;
  GRDate: string;
  Amount: string;
  Description?: string;
}

/** Records or changes one goods receipt of an approved apply (`row` null: a new one). */
export function ReceiptModal(props: {
  documentId: number;
  milestones: MilestoneRow[];
  row: GRRow | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReceiptValues>();
  const money = useMoneyRule();
  useEffect(() => {
    if (props.open)
      form.setFieldsValue(
        props.row
          ? {
              MilestoneID: props.row.MilestoneID,
              GRDate: props.row.GRDate,
              Amount: props.row.Amount,
              Description: props.row.Description ?? '',
            }
          : { MilestoneID: null, GRDate: '', Amount: '', Description: '' },
      );
  }, [props.open, props.row, form]);
  const { submit, busy } = useFormSubmit<ReceiptValues>(form, {
    submit: (v) =>
      appliesApi.saveReceipt({
        DocumentID: props.documentId,
        ...(props.row ? { ID: props.row.ID, Version: props.row.Version } : {}),
        MilestoneID: v.MilestoneID ?? null,
        GRDate: v.GRDate,
        Amount: v.Amount.replace(/,/g, '').trim(),
        Description: v.Description?.trim() || null,
      }),
    onSuccess: props.onSaved,
    fields: ['MilestoneID', 'GRDate', 'Amount', 'Description'],
  });
  return (
    <FormModal
      open={props.open}
      title={t(props.row ? 'apply.receipt.edit' : 'apply.receipt.add')}
      onClose={props.onClose}
      onSave={submit}
      busy={busy}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="MilestoneID" label={t('apply.receipt.milestone')}>
          <Select
            allowClear
            placeholder={t('apply.receipt.noMilestone')}
            options={props.milestones.map((m) => ({ value: m.ID, label: m.Name }))}
            data-testid="receipt-milestone"
          />
        </Form.Item>
        <Form.Item name="GRDate" label={t('apply.receipt.date')} rules={[dayRule(t('apply.dateInvalid'))]}>
          <Input type="date" autoFocus data-testid="receipt-date" />
        </Form.Item>
        <Form.Item name="Amount" label={t('apply.field.amount')} rules={[{ required: true }, money]}>
          <Input prefix="¥" inputMode="decimal" data-testid="receipt-amount" />
        </Form.Item>
        <Form.Item name="Description" label={t('apply.receipt.description')} rules={[{ max: 500 }]}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** A goods receipt's files: upload while the receipt may change, remove after a confirmation. */
export function ReceiptFilesModal(props: { documentId: number; grId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const data = useQuery({
    queryKey: ['applies', 'receipt', props.grId],
    queryFn: () => appliesApi.receipt(props.grId as number),
    enabled: props.grId !== null,
  });
  const reload = () => client.invalidateQueries({ queryKey: ['applies'] });
  const files = data.data?.Files ?? [];
  return (
    <Modal
      open={props.grId !== null}
      title={t('apply.receipt.files')}
      onCancel={props.onClose}
      footer={<Button onClick={props.onClose}>{t('apply.close')}</Button>}
      destroyOnHidden
    >
      {data.data?.Editable ? (
        <Upload
          showUploadList={false}
          customRequest={uploadWith(
            (file) => appliesApi.uploadReceiptFile(props.documentId, props.grId as number, file),
            reload,
          )}
        >
          <Button icon={<UploadOutlined />} data-testid="receipt-file-upload">
            {t('attachment.upload')}
          </Button>
        </Upload>
      ) : null}
      {files.length === 0 ? (
        <Empty description={t('apply.receipt.noFiles')} />
      ) : (
        <List
          dataSource={files}
          renderItem={(f) => (
            <List.Item
              actions={
                data.data?.Editable
                  ? [
                      <ActionButton
                        key="del"
                        type="text"
                        danger
                        size="small"
                        icon={<DeleteOutlined />}
                        aria-label={t('attachment.remove', { name: f.FileName })}
                        onAction={() => confirmed(() => appliesApi.deleteReceiptFile(f.ID), reload)}
                      />,
                    ]
                  : []
              }
            >
              {f.FileName}
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
