import type { RoutePreview, RouteStep } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../../shared/format';
import { WideTable } from '../../../shared/WideTable';
import { documentApi } from '../api';

const STEP_COLOUR: Record<string, string> = {
  pending: 'processing',
  approved: 'success',
  auto_approved: 'cyan',
  rejected: 'error',
  waiting: 'default',
  skipped: 'default',
};

/** The approval route of a submitted document, every round, with who acted (and for whom) and when. */
export function RouteSection({ documentId }: { documentId: number }) {
  const { t } = useTranslation();
  const route = useQuery({
    queryKey: ['documents', 'route', documentId],
    queryFn: () => documentApi.route(documentId),
  });
  const rows = route.data?.Rows ?? [];
  if (!route.isFetching && rows.length === 0)
    return <Typography.Text type="secondary">{t('doc.route.none')}</Typography.Text>;
  return (
    <WideTable<RouteStep>
      size="small"
      rowKey="ID"
      pagination={false}
      loading={route.isFetching}
      dataSource={rows}
      data-testid="doc-route"
      columns={[
        { title: t('doc.route.round'), dataIndex: 'Round', width: 60 },
        { title: t('doc.route.step'), dataIndex: 'StepName', width: 140 },
        { title: t('doc.route.approver'), dataIndex: 'ApproverName', width: 120 },
        {
          title: t('doc.route.status'),
          dataIndex: 'Status',
          width: 110,
          render: (s: string) => <Tag color={STEP_COLOUR[s] ?? 'default'}>{t(`doc.step.${s}`)}</Tag>,
        },
        {
          title: t('doc.route.actedBy'),
          key: 'actedBy',
          width: 160,
          render: (_v, r) =>
            r.ActedByName && r.ActedByID !== r.ApproverID
              ? t('doc.route.actedFor', { actor: r.ActedByName, principal: r.ApproverName })
              : (r.ActedByName ?? ''),
        },
        { title: t('doc.route.actedAt'), dataIndex: 'ActedAt', width: 170, render: (v) => displayDateTime(v) },
        { title: t('doc.route.comment'), dataIndex: 'Comment', width: 220 },
        { title: t('doc.route.why'), dataIndex: 'ReasonKey', width: 220, render: (k: string) => t(k) },
      ]}
    />
  );
}

/** Who would approve if the document were submitted now, and why. */
export function RoutePreviewModal({ documentId, onClose }: { documentId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const preview = useQuery({
    queryKey: ['documents', 'routePreview', documentId],
    queryFn: () => documentApi.previewRoute(documentId as number),
    enabled: documentId !== null,
    gcTime: 0,
  });
  return (
    <Modal
      open={documentId !== null}
      title={t('doc.action.routePreview')}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={720}
    >
      <WideTable<RoutePreview['Rows'][number]>
        size="small"
        rowKey="Seq"
        pagination={false}
        loading={preview.isFetching}
        dataSource={preview.data?.Rows ?? []}
        data-testid="doc-route-preview"
        columns={[
          { title: '#', dataIndex: 'Seq', width: 40 },
          { title: t('doc.route.step'), dataIndex: 'StepName' },
          { title: t('doc.route.approver'), dataIndex: 'ApproverName' },
          {
            title: t('doc.route.why'),
            key: 'why',
            render: (_v, r) => (
              <>
                {t(r.ReasonKey)}
                {r.Auto ? <Tag style={{ marginLeft: 8 }}>{t('doc.step.auto_approved')}</Tag> : null}
              </>
            ),
          },
        ]}
      />
    </Modal>
  );
}
