import type { BatchApproveItemResult } from '@ems/contracts';
import { Alert, List, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { summariseBatch } from './decisions';

/** The outcome of an approve-all: a summary line and each refused document with the server's reason. */
export function BatchResultModal({ rows, onClose }: { rows: BatchApproveItemResult[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  const summary = rows ? summariseBatch(rows) : null;
  return (
    <Modal
      open={rows !== null}
      title={t('approval.batch.title')}
      onOk={onClose}
      onCancel={onClose}
      okText={t('common.ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      {summary ? (
        <>
          <Alert
            type={summary.type}
            showIcon
            title={t(summary.key, { ok: summary.ok, failed: summary.failed })}
            data-testid="batch-summary"
          />
          {summary.failures.length ? (
            <List
              style={{ marginTop: 12 }}
              size="small"
              dataSource={summary.failures}
              rowKey="ID"
              renderItem={(r) => (
                <List.Item>
                  <List.Item.Meta
                    title={
                      <>
                        <Tag color="red">{t('approval.batch.failed')}</Tag>
                        {r.DocNo ?? `#${r.ID}`}
                      </>
                    }
                    description={<Typography.Text type="danger">{r.Message}</Typography.Text>}
                  />
                </List.Item>
              )}
            />
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
