import type { InboxCount, InboxPage } from '@ems/contracts';
import { http } from '../../app/api';

/** The caller's own messages: their notices as the inbox shows them. */
export const inboxApi = {
  search: (body: { PageIndex: number; PageSize: number; UnreadOnly: boolean }) =>
    http.post<InboxPage>('/api/Inbox/Search', body),
  unread: () => http.post<InboxCount>('/api/Inbox/UnreadCount'),
  markRead: (ids: number[]) => http.post<InboxCount>('/api/Inbox/MarkRead', { IDs: ids }),
  markAllRead: () => http.post<InboxCount>('/api/Inbox/MarkAllRead'),
};

/** Keyed by user and company, as the shell's queries are: a company switch never shows the other's messages. */
export const inboxKeys = {
  all: ['inbox'] as const,
  unread: (userId?: number, companyId?: number) => ['inbox', 'unread', userId, companyId] as const,
  list: (userId?: number, companyId?: number) => ['inbox', 'list', userId, companyId] as const,
};
