import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../core/db';
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
 * parameters, rendered in the recipient's language (`xZh` and `xEn` give `x`), and a link shown under it.
 */
export interface NoticeLine {
  key: string;
  params: Record<string, string | number>;
  link?: string;
}

export interface NoticeInput {
  companyId: number;
  toEmployeeId: number;
  template: string;
  params: Record<string, string | number>;
  /** Kept in the params as `lines`, rendered one per line after the subject. */
  lines?: readonly NoticeLine[];
  /** The document the notice is about: its link closes the notice. */
  documentId: number | null;
}

const row = ({ lines, ...v }: NoticeInput) => ({
  ...v,
  params: JSON.stringify(lines?.length ? { ...v.params, lines } : v.params),
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
