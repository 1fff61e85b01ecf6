import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { idIn, paged } from '../../core/list';
import { employee } from '../org/org.table';
import { mailOutbox } from './notify.table';

/** A notice with its recipient's address, language and name. */
export async function notice(db: Db, id: number) {
  const [row] = await db
    .select({
      m: mailOutbox,
      email: employee.email,
      language: employee.language,
      nameZh: employee.nameZh,
      nameEn: employee.nameEn,
    })
    .from(mailOutbox)
    .innerJoin(employee, eq(employee.id, mailOutbox.toEmployeeId))
    .where(eq(mailOutbox.id, id));
  return row;
}

/** Only a notice that went out is marked sent. */
export async function markSent(db: Db, id: number) {
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, error: null })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
}

export async function noteError(db: Db, id: number, error: string) {
  await db.update(mailOutbox).set({ error }).where(eq(mailOutbox.id, id));
}

/**
 * A line under a notice's subject (an amount kept back from a payment, a document of a digest): its language key and
 * parameters, rendered in the recipient's language (`xZh` and `xEn` give `x`), and the page it links to.
 */
export interface NoticeLine {
  key: string;
  params: Record<string, string | number>;
  /** A page of the product (`/manage/…`); a digest written before the inbox kept the whole address. */
  link?: string;
}

export interface NoticeInput {
  companyId: number;
  toEmployeeId: number;
  template: string;
  params: Record<string, string | number>;
  /** Kept in the params as `lines`, rendered one per line after the subject. */
  lines?: readonly NoticeLine[];
  /** The document the notice is about: it opens the document. */
  documentId: number | null;
  /** The page (`/manage/…`) a notice about no one document opens. */
  link?: string;
  /** The money the notice is about, shown under its lines. */
  amount?: { value: string; currency: string };
}

const row = ({ lines, amount, ...v }: NoticeInput) => ({
  ...v,
  params: JSON.stringify(lines?.length ? { ...v.params, lines } : v.params),
  amount: amount?.value ?? null,
  currency: amount?.currency ?? null,
});

/** Many notices at once, a thousand per statement; answers their ids in the order given. */
export async function insertNotices(db: Db, vs: readonly NoticeInput[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < vs.length; i += 1000) {
    const rows = await db
      .insert(mailOutbox)
      .values(vs.slice(i, i + 1000).map(row))
      .returning({ id: mailOutbox.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

export async function insertNotice(db: Db, v: NoticeInput): Promise<number> {
  const [inserted] = await db.insert(mailOutbox).values(row(v)).returning({ id: mailOutbox.id });
  return inserted!.id;
}

/** A notice written only if none with its key was: answers its id, or nothing when one was written before. */
export async function insertNoticeOnce(db: Db, v: NoticeInput, onceKey: string): Promise<number | undefined> {
  const [inserted] = await db
    .insert(mailOutbox)
    .values({ ...row(v), onceKey })
    .onConflictDoNothing({ target: mailOutbox.onceKey })
    .returning({ id: mailOutbox.id });
  return inserted?.id;
}

/** Whose inbox: a person in the company they are signed in to (a notice of another company opens nothing here). */
export interface Reader {
  employeeId: number;
  companyId: number;
}

const mine = (r: Reader) => and(eq(mailOutbox.toEmployeeId, r.employeeId), eq(mailOutbox.companyId, r.companyId));
const unread = (r: Reader) => and(mine(r), isNull(mailOutbox.readAt));

/** One page of a person's notices, newest first; only the unread ones with `unreadOnly`. */
export async function inboxPage(db: Db, r: Reader, q: { PageIndex: number; PageSize: number; unreadOnly: boolean }) {
  const where = q.unreadOnly ? unread(r) : mine(r);
  return paged(
    q,
    db.select({ n: count() }).from(mailOutbox).where(where),
    db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.id)),
  );
}

/** How many of a person's notices are unread: read from the partial index of unread notices alone. */
export async function unreadCount(db: Db, r: Reader): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailOutbox).where(unread(r));
  return row?.n ?? 0;
}

/** How many of the ids are this person's notices. */
export async function ownCount(db: Db, r: Reader, ids: readonly number[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(mine(r), idIn(mailOutbox.id, ids)));
  return row?.n ?? 0;
}

/** Marks a person's unread notices read, those of `ids` or all of them; one read before keeps its time. */
export async function markRead(db: Db, r: Reader, ids: readonly number[] | 'all'): Promise<void> {
  const which = ids === 'all' ? unread(r) : and(unread(r), idIn(mailOutbox.id, ids));
  await db.update(mailOutbox).set({ readAt: sql`now()` }).where(which);
}
