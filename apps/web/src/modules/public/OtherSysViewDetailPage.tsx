import { PaperClipOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, List, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../app/notice';
import { displayDateTime } from '../../shared/format';
import { Sheet } from '../documents/preview';
import { sharedApi } from './api';
import { PublicDocumentNotice } from './PublicDocumentNotice';

/** One document, read-only, through a signed link: its sheet and its files, without signing in. */
function SharedDocumentView({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: ['shared', 'document', token, i18n.language],
    queryFn: () => sharedApi.document(token),
    retry: false,
  });
  if (query.isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (query.error || !query.data) {
    return <Result status="403" title={t('public.documentView')} subTitle={errorText(query.error)} />;
  }
  const { Document, Files, ExpiresAt } = query.data;
  return (
    <main style={{ maxWidth: 1000, margin: '0 auto', padding: 16 }} data-testid="shared-document">
      <Flex vertical gap={12}>
        <Alert type="info" showIcon title={t('public.sharedUntil', { at: displayDateTime(ExpiresAt) })} />
        <Card>
          <Sheet data={Document} />
        </Card>
        <Card title={t('doc.section.attachments')} size="small">
          <List
            dataSource={Files}
            locale={{ emptyText: t('public.noFiles') }}
            renderItem={(f) => (
              <List.Item>
                <Typography.Link
                  href={`/viewAttachment?token=${encodeURIComponent(f.Token)}`}
                  target="_blank"
                  rel="noopener"
                  data-testid={`shared-file-${f.ID}`}
                >
                  <PaperClipOutlined /> {f.FileName}
                </Typography.Link>
              </List.Item>
            )}
          />
        </Card>
      </Flex>
    </main>
  );
}

export default function OtherSysViewDetailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <SharedDocumentView token={token} />;
  return <PublicDocumentNotice titleKey="public.documentView" />;
}
