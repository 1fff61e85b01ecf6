import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUnreadQuery } from './queries';

/** The header's way to the inbox, with the unread count: asked again on each change of screen and every minute. */
export function InboxBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const unread = useUnreadQuery();
  const { refetch } = unread;
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    void refetch();
  }, [pathname, refetch]);
  const count = unread.data?.Unread ?? 0;
  return (
    <Button
      type="text"
      onClick={() => navigate('/manage/inbox')}
      aria-label={t('inbox.bell', { count })}
      data-testid="inbox-bell"
      icon={
        <Badge count={count} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      }
    />
  );
}
