import type { InboxRow } from '@ems/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Grid, Pagination, Segmented, Spin, Tag, Typography, theme } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/layout/pageTitle';
import { notice } from '../../app/notice';
import { useUserInfo } from '../../app/session/useSession';
import { ActionButton } from '../../shared/ActionButton';
import { displayDateTime, formatAmount } from '../../shared/format';
import { inboxApi, inboxKeys } from './api';
import { useMarked, useUnreadQuery } from './queries';

const PAGE_SIZE = 20;

/** A click the browser should handle itself (a new tab or window): the message then stays unread. */
const elsewhere = (e: MouseEvent) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/**
 * The caller's messages, newest first: every notice the product sent them, unread ones marked, each opening the
 * document or list it is about and marked read as it does. The page and the unread filter live in the URL, so the
 * way back from a document returns to the same page.
 */
export default function InboxPage() {
  const { t } = useTranslation();
  usePageTitle(t('inbox.title'));
  const navigate = useNavigate();
  const phone = Grid.useBreakpoint().md === false;
  const user = useUserInfo();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const unreadOnly = params.get('unread') === '1';
  const marked = useMarked();
  const unread = useUnreadQuery();
  const list = useQuery({
    queryKey: [...inboxKeys.list(user?.UserID, user?.CompanyID), page, unreadOnly],
    queryFn: () => inboxApi.search({ PageIndex: page, PageSize: PAGE_SIZE, UnreadOnly: unreadOnly }),
    placeholderData: keepPreviousData,
  });
  const show = (next: { page: number; unreadOnly: boolean }) => {
    const p = new URLSearchParams(params);
    if (next.page > 1) p.set('page', String(next.page));
    else p.delete('page');
    if (next.unreadOnly) p.set('unread', '1');
    else p.delete('unread');
    setParams(p);
  };
  /** Marks the message read (the header's count follows), then opens the page, if any. */
  const open = async (row: InboxRow, link: string | null) => {
    if (!row.Read) await inboxApi.markRead([row.ID]).then(marked, notice.error);
    if (link) navigate(link);
  };
  const rows = list.data?.Rows ?? [];
  const total = list.data?.Total ?? 0;

  return (
    <Flex vertical gap={12} data-testid="inbox">
      <Flex wrap gap={8} align="center" justify="space-between">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('inbox.title')}
        </Typography.Title>
        <Flex wrap gap={8} align="center">
          <Segmented
            value={unreadOnly ? 'unread' : 'all'}
            options={[
              { value: 'all', label: t('inbox.filter.all') },
              { value: 'unread', label: t('inbox.filter.unread') },
            ]}
            onChange={(v) => show({ page: 1, unreadOnly: v === 'unread' })}
            data-testid="inbox-filter"
          />
          <ActionButton
            disabled={(unread.data?.Unread ?? 0) === 0}
            onAction={async () => {
              marked(await inboxApi.markAllRead());
              notice.success(t('inbox.allMarked'));
            }}
            data-testid="inbox-mark-all"
          >
            {t('inbox.markAllRead')}
          </ActionButton>
        </Flex>
      </Flex>
      <Spin spinning={list.isFetching}>
        {rows.length > 0 ? (
          <ul aria-label={t('inbox.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((row) => (
              <InboxItem key={row.ID} row={row} onOpen={(link) => void open(row, link)} />
            ))}
          </ul>
        ) : list.isPending ? null : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(unreadOnly ? 'inbox.emptyUnread' : 'inbox.empty')}
            data-testid="inbox-empty"
          />
        )}
      </Spin>
      {total > PAGE_SIZE ? (
        <Pagination
          simple={phone}
          align="center"
          current={page}
          pageSize={PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={(p) => show({ page: p, unreadOnly })}
        />
      ) : null}
    </Flex>
  );
}

/** One message: subject (emphasised while unread) and time, its lines, and the money it is about. */
function InboxItem({ row, onOpen }: { row: InboxRow; onOpen: (link: string | null) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const opener = (link: string | null, children: ReactNode, testId?: string) =>
    link ? (
      <Link
        to={link}
        data-testid={testId}
        onClick={(e) => {
          if (elsewhere(e)) return;
          e.preventDefault();
          onOpen(link);
        }}
      >
        {children}
      </Link>
    ) : (
      <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => onOpen(null)}>
        {children}
      </Button>
    );
  return (
    <li
      data-testid={`inbox-item-${row.ID}`}
      data-read={row.Read}
      style={{
        padding: '10px 12px',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        borderInlineStart: `3px solid ${row.Read ? 'transparent' : token.colorPrimary}`,
        background: row.Read ? undefined : token.colorPrimaryBg,
        overflowWrap: 'anywhere',
      }}
    >
      <Flex wrap gap={8} justify="space-between" align="baseline">
        <span style={{ fontWeight: row.Read ? 400 : 600, minWidth: 0 }}>
          {row.Read ? null : <Tag color="blue">{t('inbox.unread')}</Tag>}
          {opener(row.Link, row.Subject, 'inbox-open')}
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {displayDateTime(row.CreatedAt)}
        </Typography.Text>
      </Flex>
      {row.Lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a notice's lines keep their order and have no id of their own
        <div key={i} style={{ color: token.colorTextSecondary }}>
          {l.Link ? opener(l.Link, l.Text) : l.Text}
        </div>
      ))}
      {row.Amount !== null ? (
        <Typography.Text data-testid="inbox-amount">
          {t('workflow.mail.amount', { amount: formatAmount(row.Amount), currency: row.Currency ?? '' })}
        </Typography.Text>
      ) : null}
    </li>
  );
}
