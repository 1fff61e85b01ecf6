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

/** A line under a notice's subject, rendered in the recipient's language (an amount kept back from a payment). */
export interface NoticeLine {
  key: string;
  params: Record<string, string | number>;
}

export interface NoticeInput {
  companyId: number;
  toEmployeeId: number;
  template: string;
  params: Record<string, string | number>;
  /** Kept in the params as `lines`, rendered one per line after the subject. */
  lines?: NoticeLine[];
  documentId: number;
}

const paramsOf = ({ lines, params }: NoticeInput) => JSON.stringify(lines?.length ? { ...params, lines } : params);

/** Many notices at once, a thousand per statement; answers their ids in the order given. */
export async function insertNotices(db: Db, vs: readonly NoticeInput[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < vs.length; i += 1000) {
    const rows = await db
      .insert(mailOutbox)
      .values(
        vs
          .slice(i, i + 1000)
          .map(({ lines, ...v }) => ({ ...v, params: paramsOf({ ...v, ...(lines ? { lines } : {}) }) })),
      )
      .returning({ id: mailOutbox.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

export async function insertNotice(db: Db, v: NoticeInput): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      companyId: v.companyId,
      toEmployeeId: v.toEmployeeId,
      template: v.template,
      documentId: v.documentId,
      params: paramsOf(v),
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
