import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { type DocumentDetail, EVIDENCE_KINDS } from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Input, List, Select, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../app/notice';
import { ActionButton } from '../../../shared/ActionButton';
import { displayDateTime } from '../../../shared/format';
import { documentApi } from '../api';
import { attachmentApi } from '../attachments/api';
import { confirmed, uploadWith } from './actions';
import { appliesApi } from './api';

const EVIDENCE = new Set<string>(EVIDENCE_KINDS);

/**
 * A blocked apply (DESIGN §11): why and since when; the applicant uploads the evidence (or takes a wrong file back)
 * and releases it, or gives an unlock reason; their line manager accepts that reason.
 */
export function BlockPanel({ doc, onChanged }: { doc: DocumentDetail; onChanged: (d: DocumentDetail) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const block = doc.ApplyBlock;
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  if (!block) return null;
  const reload = async () => {
    await client.invalidateQueries({ queryKey: ['attachments', doc.ID] });
    onChanged(await documentApi.load(doc.ID));
  };

  return (
    <section aria-label={t('apply.block.title')} data-testid="apply-block">
      <Alert
        type="error"
        showIcon
        title={t('apply.block.title')}
        description={t('apply.block.why', { event: block.EventDate, due: block.DueDate })}
        style={{ marginBottom: 12 }}
      />
      <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('apply.block.blockedAt')}>{displayDateTime(block.BlockedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('apply.block.missing')}>
          {block.MissingKinds.length
            ? block.MissingKinds.map((k) => t(`attachment.kind.${k}`)).join(', ')
            : t('apply.block.complete')}
        </Descriptions.Item>
        {block.UnlockReason ? (
          <Descriptions.Item label={t('apply.block.reason')} span={2}>
            {block.UnlockReason} {block.ReasonAt ? `(${displayDateTime(block.ReasonAt)})` : ''}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <EvidenceFiles documentId={doc.ID} canChange={block.CanRequest} onChanged={reload} />
      {block.CanRequest ? (
        <Flex vertical gap={8} style={{ marginTop: 8 }}>
          {block.MissingKinds.length === 0 ? (
            <ActionButton
              type="primary"
              data-testid="unblock-evidence"
              onAction={async () => {
                onChanged(await appliesApi.requestUnblock(doc.ID, doc.Version));
                notice.success(t('apply.block.released'));
              }}
            >
              {t('apply.block.release')}
            </ActionButton>
          ) : (
            <>
              <Input.TextArea
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={1000}
                autoSize={{ minRows: 2 }}
                placeholder={t('apply.block.reasonPlaceholder')}
                aria-label={t('apply.block.reason')}
                data-testid="unblock-reason"
              />
              <ActionButton
                disabled={reason.trim() === ''}
                data-testid="unblock-request"
                onAction={async () => {
                  onChanged(await appliesApi.requestUnblock(doc.ID, doc.Version, reason.trim()));
                  setReason('');
                  notice.success(t('apply.block.reasonSent'));
                }}
              >
                {t('apply.block.sendReason')}
              </ActionButton>
            </>
          )}
        </Flex>
      ) : null}
      {block.CanAccept ? (
        <Flex vertical gap={8} style={{ marginTop: 12 }}>
          <Input.TextArea
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            maxLength={1000}
            autoSize={{ minRows: 2 }}
            placeholder={t('apply.block.acceptPlaceholder')}
            aria-label={t('apply.block.acceptComment')}
            data-testid="unblock-comment"
          />
          <ActionButton
            type="primary"
            disabled={comment.trim() === ''}
            data-testid="unblock-accept"
            onAction={async () => {
              if (!(await notice.ask(t('apply.block.confirmAccept')))) return;
              onChanged(await appliesApi.acceptUnlock(doc.ID, doc.Version, comment.trim()));
              notice.success(t('apply.block.released'));
            }}
          >
            {t('apply.block.accept')}
          </ActionButton>
        </Flex>
      ) : null}
    </section>
  );
}

/**
 * The evidence of an approved apply (sign-in sheets, photos, agreements): listed for whoever sees the apply; its
 * owner uploads more or takes a wrong file back (the server refuses once a block was resolved with it).
 */
export function EvidenceFiles(props: { documentId: number; canChange: boolean; onChanged: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<string>('sign_in_sheet');
  const files = useQuery({
    queryKey: ['attachments', props.documentId, i18n.language],
    queryFn: () => attachmentApi.list(props.documentId),
  });
  const evidence = (files.data?.Rows ?? []).filter((f) => EVIDENCE.has(f.Kind));
  const reload = props.onChanged;
  return (
    <section aria-label={t('apply.block.evidence')} data-testid="apply-evidence">
      <Typography.Text strong>{t('apply.block.evidence')}</Typography.Text>
      <List
        size="small"
        dataSource={evidence}
        locale={{ emptyText: t('apply.block.noEvidence') }}
        renderItem={(f) => (
          <List.Item
            actions={
              props.canChange
                ? [
                    <ActionButton
                      key="del"
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('attachment.remove', { name: f.FileName })}
                      data-testid="evidence-remove"
                      onAction={() => confirmed(() => appliesApi.removeEvidence(f.ID), reload)}
                    />,
                  ]
                : []
            }
          >
            {f.KindName}: {f.FileName}
          </List.Item>
        )}
      />
      {props.canChange ? (
        <Flex gap={8} wrap style={{ marginTop: 8 }}>
          <Select
            value={kind}
            onChange={setKind}
            style={{ width: 160 }}
            aria-label={t('attachment.field.kind')}
            options={EVIDENCE_KINDS.map((k) => ({ value: k, label: t(`attachment.kind.${k}`) }))}
          />
          <Upload
            showUploadList={false}
            customRequest={uploadWith((file) => appliesApi.uploadEvidence(props.documentId, kind, file), reload)}
          >
            <Button icon={<UploadOutlined />} data-testid="evidence-upload">
              {t('attachment.upload')}
            </Button>
          </Upload>
        </Flex>
      ) : null}
    </section>
  );
}
