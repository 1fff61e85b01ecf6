import { addMoney, type ClaimBody, type ClaimResult, formatAmount } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notice } from '../../app/notice';
import type { ActionContext } from '../../shared/list-page';
import { documentApi } from '../documents/api';
import { documentPath } from '../documents/labels';

type ClaimFields = Omit<ClaimBody, 'Items'>;

/**
 * The claim dialog: the selected items become lines of a deputy. The expense type and item apply to every line; a
 * draft deputy of the user's may take them, else a new draft is made. Once claimed, the list is reloaded and the
 * deputy opened.
 */
export function ClaimDialog<Row extends { Amount: string }>({
  selection,
  claim,
  onClose,
}: {
  /** The list's selection being claimed; the dialog is open while it is set. */
  selection: ActionContext<Row> | null;
  claim: (rows: Row[], body: ClaimFields) => Promise<ClaimResult>;
  onClose: () => void;
}) {
  const open = !!selection;
  const amounts = selection?.rows.map((r) => r.Amount) ?? [];
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [form] = Form.useForm<ClaimFields>();
  const [busy, setBusy] = useState(false);
  const typeId = Form.useWatch('ExpenseTypeID', form);
  const main = useQuery({
    queryKey: ['cards-claim-main'],
    queryFn: () => documentApi.mainInfo('deputy'),
    enabled: open,
  });
  const items = useQuery({
    queryKey: ['cards-claim-items', typeId],
    queryFn: () => documentApi.detailInfo('deputy', typeId!),
    enabled: open && !!typeId,
  });
  const drafts = useQuery({
    queryKey: ['cards-claim-drafts'],
    queryFn: () => documentApi.search({ DocType: 'deputy', Status: 'draft', PageIndex: 1, PageSize: 50 }),
    enabled: open,
  });

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const ctx = selection!;
      const done = await claim(ctx.rows, values);
      notice.success(t('cards.claim.done', { docNo: done.DocNo, lines: done.Lines }));
      form.resetFields();
      onClose();
      ctx.clearSelection();
      void ctx.reload();
      navigate(documentPath(done.DocumentID, true));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('cards.claim.title')}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ loading: busy, 'data-testid': 'claim-ok' } as never}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('cards.claim.total', { count: amounts.length, amount: formatAmount(addMoney('0', ...amounts)) })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="ExpenseTypeID" label={t('cards.claim.expenseType')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            data-testid="claim-type"
            loading={main.isLoading}
            options={(main.data?.Types ?? []).map((x) => ({ value: x.ID, label: `${x.Code} ${x.Name}` }))}
            onChange={() => form.setFieldValue('ExpenseItemID', undefined)}
          />
        </Form.Item>
        <Form.Item name="ExpenseItemID" label={t('cards.claim.expenseItem')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            data-testid="claim-item"
            disabled={!typeId}
            loading={items.isLoading}
            options={(items.data?.Items ?? []).map((x) => ({ value: x.ID, label: `${x.Code} ${x.Name}` }))}
          />
        </Form.Item>
        <Form.Item name="DocumentID" label={t('cards.claim.draft')} extra={t('cards.claim.draftHint')}>
          <Select
            allowClear
            data-testid="claim-draft"
            options={(drafts.data?.Rows ?? []).map((d) => ({
              value: d.ID,
              label: `${d.DocNo} ${d.Reason ?? ''} ${formatAmount(d.TotalAmount)}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="Reason" label={t('cards.claim.reason')}>
          <Input maxLength={500} data-testid="claim-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
