import { DeleteOutlined, DownloadOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import type { AttachmentRow } from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Flex,
  Image,
  List,
  Progress,
  Select,
  type TableColumnsType,
  Tooltip,
  Typography,
  Upload,
  type UploadProps,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notice } from '../../../app/notice';
import { ActionButton } from '../../../shared/ActionButton';
import { saveDownload } from '../../../shared/download';
import { displayDateTime } from '../../../shared/format';
import { WideTable } from '../../../shared/WideTable';
import { attachmentApi } from './api';
import { acceptAttribute, checkFile, formatSize, megabytes, viewKind } from './checks';
import { openInNewTab } from './viewer';

export interface AttachmentSectionProps {
  /** The saved document; undefined while a new document has not been saved yet. */
  documentId: number | undefined;
  /** Whether the screen is in edit mode; files change only when the server also says the document is editable. */
  editable: boolean;
  /**
   * On a new document: saves the draft (its first save) and answers its id, so a file can be attached before the
   * filler saved; undefined when the save did not go through (the form says why).
   */
  saveFirst?: () => Promise<number | undefined>;
}

interface InFlight {
  uid: string;
  name: string;
}

/**
 * The attachment section of a document: its files with kind, size and who uploaded them when; upload (kind and
 * file), preview of pictures and PDFs, download of one or all, and removal while the document may be edited.
 */
export function AttachmentSection({ documentId, editable, saveFirst }: AttachmentSectionProps) {
  const { t, i18n } = useTranslation();
  const culture = i18n.language;
  const client = useQueryClient();
  const [kind, setKind] = useState<string>('invoice');
  const [uploading, setUploading] = useState<InFlight[]>([]);
  const [image, setImage] = useState<{ url: string; name: string } | null>(null);

  const types = useQuery({
    queryKey: ['attachments', 'types', culture],
    queryFn: () => attachmentApi.fileTypes(),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const files = useQuery({
    queryKey: ['attachments', documentId, culture],
    queryFn: () => attachmentApi.list(documentId as number),
    enabled: documentId !== undefined,
  });
  const rows = files.data?.Rows ?? [];
  // A new document's files are its filler's to add: the first save makes it theirs.
  const canChange = editable && (documentId === undefined ? saveFirst !== undefined : files.data?.Editable === true);
  const reload = () => client.invalidateQueries({ queryKey: ['attachments', documentId] });

  useEffect(() => () => (image ? URL.revokeObjectURL(image.url) : undefined), [image]);

  const rules = types.data;
  const accept = useMemo(() => (rules ? acceptAttribute(rules) : undefined), [rules]);

  if (documentId === undefined && !saveFirst) {
    return (
      <section aria-label={t('attachment.title')} data-testid="attachment-section">
        <Alert type="info" showIcon title={t('attachment.saveFirst')} />
      </section>
    );
  }

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const f = file as File & { uid: string };
    setUploading((list) => [...list, { uid: f.uid, name: f.name }]);
    (documentId !== undefined ? Promise.resolve(documentId) : saveFirst!())
      .then(async (id) => {
        if (id === undefined) throw new Error(t('attachment.saveFirst'));
        const row = await attachmentApi.upload(id, kind, f);
        onSuccess?.(row);
        notice.success(t('attachment.uploaded', { name: row.FileName }));
        // By the id: a first save has moved the form to the document's own route, whose list this refreshes.
        await client.invalidateQueries({ queryKey: ['attachments', id] });
      })
      .catch((error: Error) => {
        onError?.(error);
        notice.error(error);
      })
      .finally(() => setUploading((list) => list.filter((u) => u.uid !== f.uid)));
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!rules) return Upload.LIST_IGNORE;
    const refusal = checkFile(file, rules);
    if (refusal) {
      notice.warning(t(refusal.key, refusal.params ?? {}));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const view = async (row: AttachmentRow) => {
    if (viewKind(row.MimeType) === 'pdf') {
      await openInNewTab(() => attachmentApi.view(row.ID), saveDownload);
      return;
    }
    const { blob } = await attachmentApi.view(row.ID);
    setImage({ url: URL.createObjectURL(blob), name: row.FileName });
  };

  const remove = async (row: AttachmentRow) => {
    if (!(await notice.ask(t('common.confirmDelete')))) return;
    await attachmentApi.remove(row.ID);
    notice.success(t('common.deleted'));
    await reload();
  };

  const columns: TableColumnsType<AttachmentRow> = [
    { key: 'kind', dataIndex: 'KindName', title: t('attachment.field.kind'), width: 110 },
    {
      key: 'name',
      title: t('attachment.field.fileName'),
      ellipsis: true,
      render: (_, row) =>
        viewKind(row.MimeType) ? (
          <ActionButton type="link" size="small" style={{ padding: 0 }} onAction={() => view(row)}>
            {row.FileName}
          </ActionButton>
        ) : (
          <Typography.Text>{row.FileName}</Typography.Text>
        ),
    },
    { key: 'size', title: t('attachment.field.size'), width: 96, align: 'right', render: (_, r) => formatSize(r.Size) },
    { key: 'by', dataIndex: 'UploadedByName', title: t('attachment.field.uploadedBy'), width: 110, responsive: ['md'] },
    {
      key: 'at',
      title: t('attachment.field.uploadedAt'),
      width: 170,
      responsive: ['lg'],
      render: (_, r) => displayDateTime(r.UploadedAt),
    },
    {
      key: 'actions',
      title: t('attachment.field.actions'),
      width: 120,
      render: (_, row) => (
        <Flex gap={2}>
          {viewKind(row.MimeType) && (
            <Tooltip title={t('attachment.preview')}>
              <ActionButton
                type="text"
                size="small"
                icon={<EyeOutlined />}
                aria-label={`${t('attachment.preview')} ${row.FileName}`}
                onAction={() => view(row)}
                data-testid="attachment-preview"
              />
            </Tooltip>
          )}
          <Tooltip title={t('attachment.download')}>
            <ActionButton
              type="text"
              size="small"
              icon={<DownloadOutlined />}
              aria-label={`${t('attachment.download')} ${row.FileName}`}
              onAction={async () => saveDownload(await attachmentApi.download(row.ID))}
              data-testid="attachment-download"
            />
          </Tooltip>
          {canChange && row.CanRemove && (
            <Tooltip title={t('common.delete')}>
              <ActionButton
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('attachment.remove', { name: row.FileName })}
                onAction={() => remove(row)}
                data-testid="attachment-remove"
              />
            </Tooltip>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <section aria-label={t('attachment.title')} data-testid="attachment-section">
      <Flex wrap gap={8} align="center" style={{ marginBottom: 8 }}>
        {canChange && (
          <>
            <Select
              value={kind}
              onChange={setKind}
              aria-label={t('attachment.chooseKind')}
              style={{ minWidth: 140 }}
              options={(rules?.Kinds ?? []).map((k) => ({ value: k.Kind, label: k.KindName }))}
              data-testid="attachment-kind"
            />
            <Upload
              accept={accept}
              multiple
              showUploadList={false}
              beforeUpload={beforeUpload}
              customRequest={customRequest}
              disabled={!rules}
            >
              <Button icon={<UploadOutlined />} data-testid="attachment-upload">
                {t('attachment.upload')}
              </Button>
            </Upload>
          </>
        )}
        <ActionButton
          icon={<DownloadOutlined />}
          disabled={rows.length === 0}
          onAction={async () => saveDownload(await attachmentApi.downloadAll(documentId as number))}
          data-testid="attachment-download-all"
        >
          {t('attachment.downloadAll')}
        </ActionButton>
        <Typography.Text type="secondary">
          {canChange && rules ? t('attachment.rules', { max: megabytes(rules.MaxBytes) }) : null}
        </Typography.Text>
      </Flex>
      {uploading.length > 0 && (
        <List
          size="small"
          dataSource={uploading}
          aria-live="polite"
          renderItem={(u) => (
            <List.Item key={u.uid} data-testid="attachment-uploading">
              <Flex vertical style={{ width: '100%' }}>
                <Typography.Text>{t('attachment.uploading', { name: u.name })}</Typography.Text>
                <Progress percent={100} status="active" showInfo={false} size="small" />
              </Flex>
            </List.Item>
          )}
        />
      )}
      {/* Empty (a new document's), the table holds nothing to focus: it takes the tab stop to scroll by keyboard. */}
      <WideTable<AttachmentRow>
        rowKey="ID"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={files.isLoading}
        pagination={false}
        locale={{ emptyText: t('attachment.none') }}
        data-testid="attachment-table"
      />
      {files.error ? <Alert type="error" showIcon title={errorText(files.error)} /> : null}
      {image && (
        <Image
          style={{ display: 'none' }}
          src={image.url}
          alt={image.name}
          preview={{
            open: true,
            src: image.url,
            onOpenChange: (open) => {
              if (!open) setImage(null);
            },
          }}
        />
      )}
    </section>
  );
}
