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

export interface NoticeInput {
  companyId: number;
  toEmployeeId: number;
  template: string;
  params: Record<string, string | number>;
  documentId: number;
}

export async function insertNotice(db: Db, v: NoticeInput): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...v, params: JSON.stringify(v.params) })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
