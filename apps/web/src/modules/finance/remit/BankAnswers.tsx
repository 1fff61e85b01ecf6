import { ImportOutlined } from '@ant-design/icons';
import type { BankReturnResult, RemitRun } from '@ems/contracts';
import { Alert, Button, List, Modal, Space, Tag, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type FieldError } from '../../../app/http/ApiError';
import { notice } from '../../../app/notice';
import { remitApi } from './api';

/** The bank's answer on a payment: sent (none yet), paid, or failed with the bank's reason. */
export function BankStatusTag({ status, reason }: { status: string | null; reason: string | null }) {
  const { t } = useTranslation();
  if (!status) return null;
  const color = status === 'paid' ? 'green' : status === 'failed' ? 'red' : 'blue';
  const tag = (
    <Tag color={color} data-testid={`bank-status-${status}`}>
      {t(`remit.bankStatus.${status}`)}
    </Tag>
  );
  return status === 'failed' && reason ? (
    <Space size={4} wrap>
      {tag}
      <Typography.Text type="danger" data-testid="bank-reason">
        {reason}
      </Typography.Text>
    </Space>
  ) : (
    tag
  );
}

/** Why the bank returned a document's last payment, on the candidates it waits among again. */
export function LastFailure({ reason }: { reason: string | null }) {
  const { t } = useTranslation();
  if (!reason) return null;
  return (
    <Tooltip title={reason}>
      <Tag color="red" data-testid="remit-last-failure">
        {t('remit.bankStatus.returned', { reason })}
      </Tag>
    </Tooltip>
  );
}

/**
 * The bank's return file for a remitted run (docs/decisions/048): a CSV of end-to-end id, status, reason (and amount);
 * each payment is marked paid or failed, a failed one's documents wait for remittance again. A bad file changes
 * nothing and lists every bad cell.
 */
export function ReturnImport({ run, onDone }: { run: RemitRun; onDone: () => unknown }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BankReturnResult | null>(null);
  const [cells, setCells] = useState<FieldError[] | null>(null);
  const run_ = async (file: File) => {
    setBusy(true);
    try {
      const r = await remitApi.importReturn(file);
      setResult(r);
      await onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) setCells(error.fieldErrors);
      else notice.error(error);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('remit.return.help', { runNo: run.RunNo })}</Typography.Text>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="remit-return-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void run_(file);
        }}
      />
      <Button
        icon={<ImportOutlined />}
        loading={busy}
        onClick={() => input.current?.click()}
        data-testid="remit-return"
      >
        {t('remit.return.import')}
      </Button>
      {result && (
        <Alert
          type={result.Failed > 0 ? 'warning' : 'success'}
          showIcon
          data-testid="remit-return-result"
          message={t('remit.return.result', { paid: result.Paid, failed: result.Failed, ignored: result.Ignored })}
          description={
            result.Ignored > 0 ? (
              <List
                size="small"
                dataSource={result.Outcomes.filter((o) => !o.Applied)}
                renderItem={(o) => (
                  <List.Item>
                    {o.EndToEndID}: {t(`error.${o.Code}`)}
                  </List.Item>
                )}
              />
            ) : undefined
          }
        />
      )}
      <Modal
        open={cells !== null}
        title={t('list.importFailed')}
        onCancel={() => setCells(null)}
        onOk={() => setCells(null)}
        cancelButtonProps={{ hidden: true }}
      >
        <List
          size="small"
          bordered
          dataSource={cells ?? []}
          renderItem={(c) => <List.Item data-testid="import-error">{c.message}</List.Item>}
        />
      </Modal>
    </Space>
  );
}
