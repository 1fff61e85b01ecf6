import type { DocType, DocumentDetail } from '@ems/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notice } from '../../../app/notice';
import { applyFieldErrors } from '../../../shared/formErrors';
import { useActionGuard } from '../../../shared/useActionGuard';
import { approvalApi } from './api';
import { newDecisionKey } from './decisions';

export interface DecisionDocument {
  ID: number;
  DocType: DocType;
  DocNo: string;
  Version: number;
  /** Set when the user decides for this approver as their approval proxy. */
  ForApproverID?: number | null;
}

export interface DecisionDialogProps {
  document: DecisionDocument;
  mode: 'approve' | 'reject';
  open: boolean;
  onClose: () => void;
  /** Called with the document as it is after the decision. */
  onDone: (detail: DocumentDetail) => void;
}

/**
 * Approve or reject the current step of one document: a comment (required to reject), "Sure to reject?" before
 * a rejection, one Idempotency-Key per opening so a retry never decides twice, and the server's refusal shown.
 */
export function DecisionDialog({ document: doc, mode, open, onClose, onDone }: DecisionDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ Comment?: string }>();
  const [problem, setProblem] = useState<string | null>(null);
  const reject = mode === 'reject';
  // One key per opening for this document and mode: a repeat after a lost answer gets the first result.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key exactly when the dialog opens anew
  const key = useMemo(() => newDecisionKey(), [open, doc.ID, mode]);

  useEffect(() => {
    if (open) {
      form.resetFields();
      setProblem(null);
    }
  }, [open, form]);

  const { run, busy } = useActionGuard(async () => {
    let values: { Comment?: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (reject && !(await notice.ask(t('common.confirmReject')))) return;
    setProblem(null);
    try {
      const detail = await approvalApi.decide(
        {
          ID: doc.ID,
          DocType: doc.DocType,
          Version: doc.Version,
          Pass: !reject,
          Comment: values.Comment?.trim() || undefined,
          ForApproverID: doc.ForApproverID,
        },
        key,
      );
      notice.success(t(reject ? 'approval.dialog.rejected' : 'approval.dialog.approved', { docNo: doc.DocNo }));
      onDone(detail);
    } catch (error) {
      if (!applyFieldErrors(form, error, ['Comment'])) setProblem(errorText(error));
    }
  });

  return (
    <Modal
      open={open}
      title={t(reject ? 'approval.dialog.rejectTitle' : 'approval.dialog.approveTitle', { docNo: doc.DocNo })}
      okText={t(reject ? 'approval.center.reject' : 'approval.center.approve')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: reject, loading: busy }}
      onOk={() => void run()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={() => void run()}>
        <Form.Item
          name="Comment"
          label={t('approval.dialog.comment')}
          rules={reject ? [{ required: true, whitespace: true, message: t('approval.dialog.commentRequired') }] : []}
          extra={reject ? undefined : t('approval.dialog.commentOptional')}
        >
          <Input.TextArea
            autoFocus
            rows={4}
            maxLength={1000}
            showCount
            data-testid="decision-comment"
            aria-required={reject}
          />
        </Form.Item>
      </Form>
      {problem ? <Alert type="error" showIcon title={problem} data-testid="decision-problem" /> : null}
    </Modal>
  );
}
