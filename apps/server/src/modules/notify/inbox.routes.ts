import { InboxCount, InboxPage, MarkInboxReadBody, SearchInboxBody } from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { postGroup } from '../../core/http';
import * as inbox from './inbox.service';

/** The signed-in person's own messages: anyone signed in has an inbox, and sees only theirs. */
export async function inboxRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const call = postGroup(app, { base: '/api/Inbox', permission: 'authenticated', tags: ['inbox'] });
  call(
    'Search',
    {
      summary: 'The caller’s messages, newest first, paged, in the caller’s language; only the unread ones on request',
      body: SearchInboxBody,
      response: InboxPage,
    },
    async (req) => inbox.search(ctx, actorOf(req), req.body),
  );
  call('UnreadCount', { summary: 'How many of the caller’s messages are unread', response: InboxCount }, async (req) =>
    inbox.unread(ctx.db, actorOf(req)),
  );
  call(
    'MarkRead',
    {
      summary: 'Mark some of the caller’s messages read; another’s message refuses the call. Answers the unread count',
      body: MarkInboxReadBody,
      response: InboxCount,
    },
    async (req) => inbox.markRead(ctx.db, actorOf(req), req.body),
  );
  call(
    'MarkAllRead',
    { summary: 'Mark all the caller’s messages read. Answers the unread count', response: InboxCount },
    async (req) => inbox.markAllRead(ctx.db, actorOf(req)),
  );
}
