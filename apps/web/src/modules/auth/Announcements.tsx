import { NotificationOutlined } from '@ant-design/icons';
import { Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnnouncementRow } from '../../app/apiTypes';
import { formatDate } from '../../shared/format';
import { Panel } from '../../shared/Panel';

function publishDate(value: string): string {
  try {
    return formatDate(value);
  } catch {
    return value;
  }
}

/** Announcements from Index, already in the request's language; shown as plain text. */
export function Announcements({ items }: { items: AnnouncementRow[] }) {
  const { t } = useTranslation();
  return (
    <Panel
      title={
        <Flex gap={8} align="center">
          <NotificationOutlined />
          {t('home.announcements')}
        </Flex>
      }
      testId="announcements"
    >
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noAnnouncements')} />
      ) : (
        <Flex vertical gap={16}>
          {items.map((a) => (
            <article key={a.ID}>
              <Flex justify="space-between" gap={8} wrap>
                <strong>{a.Title}</strong>
                <Typography.Text type="secondary">
                  <time dateTime={a.PublishDate}>{publishDate(a.PublishDate)}</time>
                </Typography.Text>
              </Flex>
              <p style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>{a.Content}</p>
            </article>
          ))}
        </Flex>
      )}
    </Panel>
  );
}
