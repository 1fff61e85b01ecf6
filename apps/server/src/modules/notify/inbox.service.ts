import type { InboxCount, InboxPage, MarkInboxReadBody, SearchInboxBody } from '@ems/contracts';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import type { Db } from '../../core/db';
import { notFound } from '../../core/errors';
import * as repo from './notify.repository';
import { renderNotice } from './notify.service';

/** The caller's inbox: theirs in the company they are signed in to. */
const readerOf = (actor: Actor): repo.Reader => ({ employeeId: actor.userId, companyId: actor.companyId });

/**
 * The caller's inbox: their own notices, newest first, each rendered in the caller's language by the function the
 * mail uses. Read marks are the reader's own bookkeeping, not a change of the business, so they write no audit row.
 */
export async function search(
  ctx: Pick<AppContext, 'db' | 'messages' | 'config'>,
  actor: Actor,
  q: SearchInboxBody,
): Promise<InboxPage> {
  const page = await repo.inboxPage(ctx.db, readerOf(actor), { ...q, unreadOnly: q.UnreadOnly === true });
  return {
    Total: page.total,
    Rows: page.rows.map((m) => {
      const n = renderNotice(ctx.messages, actor.culture, ctx.config.publicUrl, m);
      return {
        ID: m.id,
        Subject: n.subject,
        Lines: n.lines.map((l) => ({ Text: l.text, Link: l.link })),
        Amount: n.amount?.value ?? null,
        Currency: n.amount?.currency ?? null,
        Link: n.link,
        CreatedAt: m.createdAt.toISOString(),
        Read: m.readAt !== null,
      };
    }),
  };
}

export async function unread(db: Db, actor: Actor): Promise<InboxCount> {
  return { Unread: await repo.unreadCount(db, readerOf(actor)) };
}

/**
 * Marks some of the caller's messages read and answers what is left unread. An id that is not a message to the
 * caller refuses the whole call, which then marks nothing; a message read before keeps the time it was first read.
 */
export async function markRead(db: Db, actor: Actor, body: MarkInboxReadBody): Promise<InboxCount> {
  const ids = [...new Set(body.IDs)];
  return db.transaction(async (tx) => {
    if ((await repo.ownCount(tx, readerOf(actor), ids)) !== ids.length) throw notFound('inbox.notice_not_found');
    await repo.markRead(tx, readerOf(actor), ids);
    return { Unread: await repo.unreadCount(tx, readerOf(actor)) };
  });
}

export async function markAllRead(db: Db, actor: Actor): Promise<InboxCount> {
  return db.transaction(async (tx) => {
    await repo.markRead(tx, readerOf(actor), 'all');
    return { Unread: await repo.unreadCount(tx, readerOf(actor)) };
  });
}
